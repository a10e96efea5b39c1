import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { portfolio } from '../portfolio-data';
import { PortfolioView } from './portfolio-view';

describe('PortfolioView', () => {
  it('renders the sections in order as level-2 headings', () => {
    render(<PortfolioView />);

    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual([
      'About Me',
      'Education',
      'Experience',
      'Skills',
      'Interests',
      'Projects',
    ]);
  });

  it('renders three external project links pointing at the data file urls', () => {
    render(<PortfolioView />);

    const links = screen.getAllByRole('link', { name: /visit project/i });
    expect(links).toHaveLength(3);

    portfolio.projects.forEach((project, index) => {
      const link = links[index];
      expect(link).toHaveAttribute('href', project.url);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      expect(link).toHaveAccessibleName(expect.stringContaining(project.name));
    });
  });

  it('renders the education table with its columns and rows', () => {
    render(<PortfolioView />);

    const table = screen.getByRole('table', { name: 'Education history' });
    const columnHeaders = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(columnHeaders).toEqual(['Degree', 'Institution', 'Year', 'Result']);

    // One header row plus one row per education entry.
    expect(within(table).getAllByRole('row')).toHaveLength(portfolio.education.length + 1);
    for (const entry of portfolio.education) {
      expect(within(table).getByRole('rowheader', { name: entry.degree })).toBeInTheDocument();
    }
  });

  it('labels every skill rating for assistive technology', () => {
    render(<PortfolioView />);

    for (const skill of portfolio.skills) {
      expect(
        screen.getByRole('progressbar', { name: `${skill.name}: ${skill.rating} out of 5` }),
      ).toBeInTheDocument();
    }
  });
});
