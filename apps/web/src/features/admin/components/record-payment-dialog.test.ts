import { onAccountMessages } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { checkPaymentDetails } from './record-payment-dialog';

const valid = { amount: '100.50', reference: 'BANK-REF-1', receivedAt: '2026-11-20' };

describe('checkPaymentDetails', () => {
  it('takes an amount up to what is due, a reference and a day received', () => {
    expect(checkPaymentDetails(valid, 480)).toEqual({
      ok: true,
      value: { amount: 100.5, reference: 'BANK-REF-1', receivedAt: '2026-11-20' },
    });
    // All of it, counted in cents (no float surprise).
    expect(checkPaymentDetails({ ...valid, amount: '0.3' }, 0.1 + 0.2).ok).toBe(true);
  });

  it.each([
    [{ amount: '480.01' }, 'amount', onAccountMessages.amountExceedsDue(480)],
    [{ amount: '' }, 'amount', onAccountMessages.amountRequired],
    [{ amount: '0' }, 'amount', onAccountMessages.amountTooSmall],
    [{ amount: '1.2345' }, 'amount', onAccountMessages.twoDecimals],
    [{ reference: ' ' }, 'reference', onAccountMessages.referenceRequired],
    [{ receivedAt: '' }, 'receivedAt', onAccountMessages.receivedAtInvalid],
    [{ receivedAt: '2999-01-01' }, 'receivedAt', onAccountMessages.receivedInFuture],
  ])('refuses %o under %s', (change, field, message) => {
    const result = checkPaymentDetails({ ...valid, ...change }, 480);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[field]).toBe(message);
  });
});
