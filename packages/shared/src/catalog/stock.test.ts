import { describe, expect, it } from 'vitest';
import { canMeetMinimum, stockMessages } from './stock.js';

describe('canMeetMinimum', () => {
  it('is true while the stock covers the minimum order, false below it', () => {
    expect(canMeetMinimum({ aqty: 50, minquantity: 50 })).toBe(true);
    expect(canMeetMinimum({ aqty: 51, minquantity: 50 })).toBe(true);
    expect(canMeetMinimum({ aqty: 49, minquantity: 50 })).toBe(false);
    expect(canMeetMinimum({ aqty: 0, minquantity: 1 })).toBe(false);
  });

  it('names the minimum in its message', () => {
    expect(stockMessages.notEnoughForMinimum(50)).toBe(
      'Not enough stock for the minimum order of 50',
    );
  });
});
