import { describe, expect, it } from 'vitest';
import { formatTimeLeft, orderHoldMessages } from './orders.js';

describe('formatTimeLeft', () => {
  const now = new Date('2026-11-23T10:00:00.000Z');
  const after = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();

  it.each([
    [2880, '2 days'],
    [2879, '1 day 23 h'],
    [1440, '1 day'],
    [1441, '1 day'],
    [312, '5 h 12 min'],
    [120, '2 h'],
    [8, '8 min'],
    [0.5, 'less than a minute'],
  ])('%s minutes left reads "%s"', (minutes, text) => {
    expect(formatTimeLeft(after(minutes), now)).toBe(text);
  });

  it('is null once the time has passed or the date is not one', () => {
    expect(formatTimeLeft(after(-1), now)).toBeNull();
    expect(formatTimeLeft('not a date', now)).toBeNull();
  });
});

describe('orderHoldMessages', () => {
  it('tell the customer what to do and why', () => {
    expect(orderHoldMessages.tooManyUnpaidOrders(5)).toBe(
      'You already have 5 unpaid orders. Please pay or delete one of them first.',
    );
    expect(orderHoldMessages.cancelledMailText('Nova Case', 3, 'expired')).toContain(
      'was not paid in time',
    );
  });
});
