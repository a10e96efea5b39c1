import { describe, expect, it } from 'vitest';
import { formatDateTime } from './dates.js';

describe('formatDateTime (a review time without an Intl formatter)', () => {
  const intl = (zone: string | undefined) =>
    new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: zone });
  // Every hour of a day (midnight and noon are 12), each month, leap days, far years.
  const moments = [
    ...Array.from({ length: 24 }, (_, h) => `2026-11-28T${String(h).padStart(2, '0')}:07:00Z`),
    ...Array.from({ length: 12 }, (_, m) => `2026-${String(m + 1).padStart(2, '0')}-01T12:00:00Z`),
    '2024-02-29T23:59:59.999Z',
    '1999-12-31T23:30:00Z',
    '2100-03-01T00:00:00Z',
    '2026-03-29T01:30:00Z',
  ];

  it('writes every moment as Intl writes it in UTC, and in the machine zone for "local"', () => {
    for (const moment of moments) {
      const written = intl('UTC')
        .format(new Date(moment))
        .replace(/\u202f/g, ' ');
      expect(formatDateTime(moment, 'utc'), moment).toBe(written);
      const local = intl(undefined)
        .format(new Date(moment))
        .replace(/\u202f/g, ' ');
      expect(formatDateTime(moment, 'local'), moment).toBe(local);
    }
  });

  it('gives back a text that is not a moment as it is', () => {
    expect(formatDateTime('not a date', 'utc')).toBe('not a date');
  });
});
