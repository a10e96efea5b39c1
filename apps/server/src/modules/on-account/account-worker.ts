import type { FastifyBaseLogger } from 'fastify';
import { periodicPass } from '../../periodic-pass.js';
import type { OnAccountService } from './on-account.service.js';

/** How often each instance looks for holds to set or lift and reminders to send. */
export const ACCOUNT_WORKER_INTERVAL_MS = 60_000;

export interface AccountWorker {
  /** One pass now (tests give a `now` of their own). */
  runOnce(now?: Date): Promise<{ held: number; lifted: number; reminders: number }>;
  start(): void;
  /** Stops the timer and waits for a pass in progress, so the database can close after it. */
  stop(): Promise<void>;
}

/**
 * Credit holds and invoice reminders (DESIGN.md section 13), run on every instance like the
 * order expiry (modules/orders/order-expiry.ts): each hold is one conditional UPDATE and each
 * reminder is claimed by its marker's primary key, so several instances never send one twice.
 */
export function createAccountWorker(
  accounts: OnAccountService,
  log: FastifyBaseLogger,
  intervalMs = ACCOUNT_WORKER_INTERVAL_MS,
): AccountWorker {
  async function runOnce(now?: Date) {
    const done = await accounts.runDue(now);
    if (done.held + done.lifted + done.reminders > 0) log.info(done, 'credit holds and reminders');
    return done;
  }

  return {
    runOnce,
    ...periodicPass(() => runOnce(), {
      intervalMs,
      log,
      failure: 'credit holds and invoice reminders failed',
    }),
  };
}
