import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatCvc, formatExpiry } from './card-format';

/** What the field shows after typing `text` one character at a time. */
function typed(format: (text: string) => string, text: string): string {
  let value = '';
  for (const character of text) value = format(value + character);
  return value;
}

describe('formatCardNumber', () => {
  it('groups the digits in fours as they are typed', () => {
    expect(typed(formatCardNumber, '4242424242424242')).toBe('4242 4242 4242 4242');
    expect(typed(formatCardNumber, '42424')).toBe('4242 4');
  });

  it('regroups a pasted number, whatever separated its digits', () => {
    expect(formatCardNumber('4242-4242-4242-4242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber(' 4000 0000  0000 0002 ')).toBe('4000 0000 0000 0002');
  });

  it('drops letters and stops at 19 digits', () => {
    expect(formatCardNumber('4242abc4242')).toBe('4242 4242');
    expect(formatCardNumber('1234567890123456789999')).toBe('1234 5678 9012 3456 789');
    expect(formatCardNumber('')).toBe('');
  });
});

describe('formatExpiry', () => {
  it("turns '1229' into '12/29' as it is typed", () => {
    expect(typed(formatExpiry, '1229')).toBe('12/29');
    expect(typed(formatExpiry, '12')).toBe('12');
    expect(typed(formatExpiry, '122')).toBe('12/2');
  });

  it("keeps '12/29' as typed or pasted", () => {
    expect(typed(formatExpiry, '12/29')).toBe('12/29');
    expect(formatExpiry('12/29')).toBe('12/29');
    expect(formatExpiry('12 / 29')).toBe('12/29');
  });

  it('pads a one-digit month where it cannot be the start of another', () => {
    expect(formatExpiry('1/29')).toBe('01/29');
    expect(typed(formatExpiry, '1/29')).toBe('01/29');
    expect(typed(formatExpiry, '429')).toBe('04/29');
    // '1' may still become 10, 11 or 12: it waits.
    expect(typed(formatExpiry, '1')).toBe('1');
  });

  it('takes a pasted four-digit year and ignores digits past the year', () => {
    expect(formatExpiry('12/2029')).toBe('12/29');
    expect(formatExpiry('122029')).toBe('12/29');
    expect(typed(formatExpiry, '12/293')).toBe('12/29');
  });

  it('lets the slash be deleted', () => {
    expect(formatExpiry('12/')).toBe('12/');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('')).toBe('');
  });

  it('leaves an impossible month for the card schema to refuse', () => {
    expect(typed(formatExpiry, '1334')).toBe('13/34');
  });
});

describe('formatCvc', () => {
  it('keeps at most four digits and nothing else', () => {
    expect(typed(formatCvc, '12a3')).toBe('123');
    expect(formatCvc('12345')).toBe('1234');
  });
});
