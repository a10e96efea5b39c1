import type { FastifyBaseLogger } from 'fastify';
import { periodicPass } from '../../periodic-pass.js';
import type { OrdersService } from './orders.service.js';

/** How often each instance looks for unpaid orders whose hold ran out. */
export const EXPIRY_INTERVAL_MS = 30_000;

export interface OrderExpiry {
  /** One pass now (tests give a `now` in the future); answers how many orders it cancelled. */
  runOnce(now?: Date): Promise<number>;
  start(): void;
  /** Stops the timer and waits for a pass in progress, so the database can close after it. */
  stop(): Promise<void>;
}

/**
 * Cancels unpaid orders whose hold ran out (DESIGN.md section 11). Every instance runs one; each
 * order is cancelled, and its stock returned, by exactly one of them (a conditional UPDATE).
 */
export function createOrderExpiry(
  orders: OrdersService,
  log: FastifyBaseLogger,
  intervalMs = EXPIRY_INTERVAL_MS,
): OrderExpiry {
  async function runOnce(now?: Date): Promise<number> {
    const cancelled = await orders.expireDue(now);
    if (cancelled > 0) log.info({ cancelled }, 'unpaid orders cancelled after their hold');
    return cancelled;
  }

  return {
    runOnce,
    ...periodicPass(() => runOnce(), { intervalMs, log, failure: 'expiring unpaid orders failed' }),
  };
}
