import type { FastifyBaseLogger } from 'fastify';
import { periodicPass } from '../../periodic-pass.js';
import type { QuotesService } from './quotes.service.js';

/** How often each instance deletes the artwork of quotes closed more than a day ago. */
export const ARTWORK_PURGE_INTERVAL_MS = 10 * 60_000;

export interface ArtworkPurge {
  /** One pass now; answers how many files it deleted. */
  runOnce(): Promise<number>;
  start(): void;
  /** Stops the timer and waits for a pass in progress, so the database can close after it. */
  stop(): Promise<void>;
}

/**
 * Gives the disk back (security 2026-11-28 #4): the artwork of quotes declined, or whose offer
 * expired, more than QUOTE_ARTWORK_KEEP_CLOSED_HOURS ago is deleted, on every instance like the
 * order expiry (one DELETE; two instances at once delete each file once).
 */
export function createArtworkPurge(
  quotes: Pick<QuotesService, 'purgeClosedArtwork'>,
  log: FastifyBaseLogger,
  intervalMs = ARTWORK_PURGE_INTERVAL_MS,
): ArtworkPurge {
  async function runOnce(): Promise<number> {
    const deleted = await quotes.purgeClosedArtwork();
    if (deleted > 0) log.info({ deleted }, 'artwork of closed quotes deleted');
    return deleted;
  }

  return {
    runOnce,
    ...periodicPass(() => runOnce(), {
      intervalMs,
      log,
      failure: 'deleting closed quotes’ artwork failed',
    }),
  };
}
