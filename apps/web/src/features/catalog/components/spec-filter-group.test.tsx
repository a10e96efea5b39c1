import { specFilterMessages as text, type ProductFacets } from '@shop/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NO_SEARCH, type ProductSearch } from '../product-search';
import { facetOptions, SpecFilterGroup } from './spec-filter-group';

const FACETS: ProductFacets = {
  facets: [
    {
      name: 'wattage',
      label: 'Wattage',
      values: [
        { value: '550 W', count: 1 },
        { value: '750 W', count: 3 },
      ],
    },
    { name: 'efficiency', label: 'Efficiency', values: [{ value: '80 PLUS Gold', count: 2 }] },
    { name: 'modularity', label: 'Modularity', values: [] },
  ],
};

vi.mock('../api/get-product-facets', () => ({
  useProductFacets: () => ({ data: FACETS }),
}));

const PSUS: ProductSearch = { ...NO_SEARCH, category: 'power-supplies' };

function setup(search: ProductSearch = PSUS) {
  const onChange = vi.fn();
  render(<SpecFilterGroup search={search} onChange={onChange} />);
  return { onChange, user: userEvent.setup() };
}

describe('SpecFilterGroup', () => {
  it('lists each facet in a labelled select, its values with their counts', () => {
    setup();
    expect(screen.getByRole('group', { name: text.groupLabel })).toBeInTheDocument();
    const wattage = screen.getByRole('combobox', { name: 'Wattage' });
    expect(
      within(wattage)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([text.any, '550 W (1)', '750 W (3)']);
    expect(wattage).toHaveValue('');
    // A facet without values has nothing to choose.
    expect(screen.getByRole('combobox', { name: 'Modularity' })).toBeDisabled();
  });

  it('chooses a value, keeping the other filters, and clears it with Any', async () => {
    const { onChange, user } = setup({ ...PSUS, specs: { efficiency: '80 PLUS Gold' } });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Wattage' }), '750 W');
    expect(onChange).toHaveBeenLastCalledWith({ efficiency: '80 PLUS Gold', wattage: '750 W' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Efficiency' }), text.any);
    expect(onChange).toHaveBeenLastCalledWith({});
  });

  it("shows the address's choice, in any case, and one the counts do not list", () => {
    setup({ ...PSUS, specs: { wattage: '750 w', modularity: 'Semi-modular' } });
    expect(screen.getByRole('combobox', { name: 'Wattage' })).toHaveValue('750 W');
    expect(screen.getByRole('combobox', { name: 'Modularity' })).toHaveValue('Semi-modular');
    expect(facetOptions(undefined, 'wattage', '750 W')).toEqual([
      { value: '750 W', label: '750 W' },
    ]);
  });

  it("ux 2026-11-28 #19: shows the category's facets only, and asks for a category without one", () => {
    setup({ ...NO_SEARCH, category: 'cases' });
    expect(
      within(screen.getByRole('group', { name: text.groupLabel }))
        .getAllByRole('combobox')
        .map((select) => select.getAttribute('name')),
    ).toEqual(['formFactor', 'caseSize', 'fanSize', 'gpuLength', 'radiator']);
    expect(screen.queryByRole('combobox', { name: 'Wattage' })).toBeNull();
  });

  it('ux 2026-11-28 #19: says to choose a category when the list mixes types', () => {
    setup(NO_SEARCH);
    expect(screen.queryByRole('group', { name: text.groupLabel })).toBeNull();
    expect(screen.getByText(text.chooseCategory)).toBeInTheDocument();
  });
});
