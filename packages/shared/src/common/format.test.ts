import { describe, expect, it } from 'vitest';
import { cutOrderId, formatPrice, previewText } from './format.js';

describe('previewText', () => {
  it('cuts table text to 10 characters plus an ellipsis', () => {
    expect(previewText('PowerCore 750W Gold')).toBe('PowerCore ...');
    expect(previewText('Short name')).toBe('Short name');
    expect(previewText('')).toBe('');
  });
});

describe('cutOrderId', () => {
  it('drops the first 5 and the last 15 characters', () => {
    expect(cutOrderId('6b025e28738bf24451312e42')).toBe('e287');
    expect(cutOrderId('abc')).toBe('');
  });
});

describe('formatPrice', () => {
  it('shows dollars with the $ sign, cents only when there are some', () => {
    expect(formatPrice(48)).toBe('$48');
    expect(formatPrice(74.5)).toBe('$74.50');
    expect(formatPrice(1250)).toBe('$1,250');
    expect(formatPrice(0.99)).toBe('$0.99');
  });
});
