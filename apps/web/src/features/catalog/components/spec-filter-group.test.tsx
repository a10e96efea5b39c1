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
    { name: 'formFactor', label: 'Form factor', values: [] },
  ],
};

vi.mock('../api/get-product-facets', () => ({
  useProductFacets: () => ({ data: FACETS }),
}));

function setup(search: ProductSearch = NO_SEARCH) {
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
    expect(screen.getByRole('combobox', { name: 'Form factor' })).toBeDisabled();
  });

  it('chooses a value, keeping the other filters, and clears it with Any', async () => {
    const { onChange, user } = setup({ ...NO_SEARCH, specs: { efficiency: '80 PLUS Gold' } });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Wattage' }), '750 W');
    expect(onChange).toHaveBeenLastCalledWith({ efficiency: '80 PLUS Gold', wattage: '750 W' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Efficiency' }), text.any);
    expect(onChange).toHaveBeenLastCalledWith({});
  });

  it("shows the address's choice, in any case, and one the counts do not list", () => {
    setup({ ...NO_SEARCH, specs: { wattage: '750 w', formFactor: 'SFX' } });
    expect(screen.getByRole('combobox', { name: 'Wattage' })).toHaveValue('750 W');
    expect(screen.getByRole('combobox', { name: 'Form factor' })).toHaveValue('SFX');
    expect(facetOptions(undefined, 'wattage', '750 W')).toEqual([
      { value: '750 W', label: '750 W' },
    ]);
  });
});
