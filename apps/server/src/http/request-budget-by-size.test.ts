import type { IncomingMessage } from 'node:http';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { BYTES_PER_UNIT, createRequestBudget } from './request-budget.js';

/** A request as the budget reads it: its address and, optionally, a token. */
function requestFrom(address: string, token?: string): IncomingMessage {
  return {
    url: '/api/quotes/x/attachment',
    method: 'GET',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    socket: { remoteAddress: address },
  } as unknown as IncomingMessage;
}

/**
 * Security 2026-11-28 #3: a download whose size the route learns pays for it from the same
 * client budget (`spendMore`), one unit per 100 KB, before its bytes are read.
 */
describe('a cost known once routed (spendMore)', () => {
  let at = 0;
  const budget = createRequestBudget({
    perSecond: 20,
    burst: 200,
    trustProxy: false,
    claimsOf: (token) =>
      token === 'buyer-token' ? { userId: 'buyer', sessionId: 's' } : undefined,
    headers: {},
    log: pino({ level: 'silent' }),
    now: () => at,
  });
  const fiveMb = Math.ceil((4.9 * 1024 * 1024) / BYTES_PER_UNIT);

  it('security 2026-11-28 #3: a 4.9 MB download costs 51 units: three fit in a burst, the fourth waits for the refill', () => {
    expect(fiveMb).toBe(51);
    const buyer = requestFrom('10.0.0.1', 'buyer-token');
    expect([1, 2, 3].map(() => budget.spendMore(buyer, fiveMb))).toEqual([0, 0, 0]);
    // 153 spent, 47 left: the fourth waits 0.2 s for 4 units at 20 a second, nothing spent.
    expect(budget.spendMore(buyer, fiveMb)).toBe(200);
    expect(budget.spendMore(buyer, fiveMb)).toBe(200);
    // Three more need 153 units: 7.65 s of refill (the budget's 20 a second is ~2 MB/s).
    at += 200;
    expect(budget.spendMore(buyer, fiveMb)).toBe(0);
    expect(budget.spendMore(buyer, fiveMb)).toBe(2550);
  });

  it('security 2026-11-28 #3: the account pays, not its address; a cost above the burst is the burst', () => {
    const other = requestFrom('10.0.0.1');
    expect(budget.spendMore(other, fiveMb)).toBe(0);
    expect(budget.spendMore(requestFrom('10.0.0.2'), 10_000)).toBe(0);
    expect(budget.spendMore(requestFrom('10.0.0.2'), 1)).toBeGreaterThan(0);
  });
});
