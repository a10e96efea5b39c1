import type { FastifyBaseLogger } from 'fastify';

export interface PeriodicPass {
  start(): void;
  /** Stops the timer and waits for a pass in progress, so the database can close after it. */
  stop(): Promise<void>;
}

/**
 * Runs `pass` every `intervalMs` on this instance, never two at once. A failed pass is logged at
 * warn (the database may be away for a moment) and the next one tries again; the timer keeps no
 * process alive that is otherwise done. The order expiry and the account worker run on it.
 */
export function periodicPass(
  pass: () => Promise<unknown>,
  { intervalMs, log, failure }: { intervalMs: number; log: FastifyBaseLogger; failure: string },
): PeriodicPass {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;

  function tick(): void {
    if (running) return;
    running = pass()
      .catch((error: unknown) => log.warn({ err: error }, failure))
      .finally(() => {
        running = undefined;
      });
  }

  return {
    start() {
      if (timer) return;
      timer = setInterval(tick, intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
