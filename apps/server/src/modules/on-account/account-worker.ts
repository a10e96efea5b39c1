import type { FastifyBaseLogger } from 'fastify';
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
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;

  async function runOnce(now?: Date) {
    const done = await accounts.runDue(now);
    if (done.held + done.lifted + done.reminders > 0) log.info(done, 'credit holds and reminders');
    return done;
  }

  function tick(): void {
    if (running) return;
    running = runOnce()
      .catch((error: unknown) => {
        // The database may be away for a moment; the next pass tries again.
        log.warn({ err: error }, 'credit holds and invoice reminders failed');
      })
      .finally(() => {
        running = undefined;
      });
  }

  return {
    runOnce,
    start() {
      if (timer) return;
      timer = setInterval(tick, intervalMs);
      // A pending pass must not keep a process alive that is otherwise done.
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
