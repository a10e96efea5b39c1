import { describe, expect, it } from 'vitest';
import { buyerDetailMessages, normaliseVatNumber } from './buyer-details.js';
import { profileUpdateSchema } from './users.js';

const vatError = (vatNumber: string) => {
  const parsed = profileUpdateSchema.safeParse({ vatNumber });
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
};

describe('buyer details on the profile', () => {
  it.each([
    ['DE123456789', 'DE123456789'],
    ['de 123 456 789', 'DE123456789'],
    ['GB 123.4567.89', 'GB123456789'],
    ['nl-8532.28.093.B01', 'NL853228093B01'],
    ['ATU12345678', 'ATU12345678'],
    ['  FR 40 303 265 045 ', 'FR40303265045'],
  ])('stores VAT number %j as %j', (typed, stored) => {
    expect(normaliseVatNumber(typed.trim())).toBe(stored);
    expect(profileUpdateSchema.parse({ vatNumber: typed })).toEqual({ vatNumber: stored });
  });

  it.each([
    ['no country prefix', '123456789'],
    ['a one-letter prefix', 'D123456789'],
    ['too short after the prefix', 'DE1'],
    ['too long after the prefix', 'DE12345678901234'],
    ['a stray character', 'DE123/456'],
    ['a label pasted with it', 'VAT: DE123456789'],
  ])('refuses a VAT number with %s', (_label, typed) => {
    expect(vatError(typed)).toBe(buyerDetailMessages.vatNumberInvalid);
  });

  it('refuses a VAT number too long to read before normalising it', () => {
    expect(vatError(`DE ${'1 '.repeat(20)}`)).toBe('VAT number must be at most 30 characters');
  });

  it('keeps the line breaks of a shipping address and limits company and address', () => {
    const parsed = profileUpdateSchema.parse({
      company: 'Acme Cases Ltd',
      shippingAddress: '  Acme Cases Ltd\r\nUnit 4, Dock Road\r\nLeeds LS1 4AP  ',
    });
    expect(parsed).toEqual({
      company: 'Acme Cases Ltd',
      shippingAddress: 'Acme Cases Ltd\nUnit 4, Dock Road\nLeeds LS1 4AP',
    });
    expect(profileUpdateSchema.safeParse({ company: 'x'.repeat(201) }).error?.issues[0]).toEqual(
      expect.objectContaining({
        path: ['company'],
        message: 'Company must be at most 200 characters',
      }),
    );
    expect(
      profileUpdateSchema.safeParse({ shippingAddress: 'x'.repeat(501) }).error?.issues[0],
    ).toEqual(
      expect.objectContaining({
        path: ['shippingAddress'],
        message: 'Default shipping address must be at most 500 characters',
      }),
    );
  });
});
