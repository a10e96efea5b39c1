import { statfs } from 'node:fs/promises';

/** How long after a failed write for lack of space the shop still says it is full. */
const REMEMBER_FAILURE_MS = 60_000;
/** Below this much free space in DATA_DIR, the next write may well fail: say so up front. */
export const MIN_FREE_BYTES = 16 * 1024 * 1024;
/** How often free space is measured at most (health checks come every few seconds). */
const PROBE_INTERVAL_MS = 5_000;
/** What a 503 for a full disk tells the client: try again in a minute. */
export const STORAGE_RETRY_AFTER_SECONDS = 60;

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether the shop can store things now: a write failed for space, or DATA_DIR is full. */
    storageHealth: StorageHealth;
  }
}

/**
 * Whether writes can succeed: false for a while after one failed for lack of space (the disk,
 * a quota, SQLite's or PostgreSQL's own "full"), and while DATA_DIR has less than
 * MIN_FREE_BYTES free. Both the error handler and `GET /api/health` read it.
 */
export function createStorageHealth(
  dataDir: string | undefined,
  { now = Date.now, measure = statfs }: { now?: () => number; measure?: typeof statfs } = {},
) {
  let lastFailure = Number.NEGATIVE_INFINITY;
  let measuredAt = Number.NEGATIVE_INFINITY;
  let lowSpace = false;

  return {
    recordFailure(): void {
      lastFailure = now();
    },

    async isFull(): Promise<boolean> {
      if (now() - lastFailure < REMEMBER_FAILURE_MS) return true;
      if (dataDir !== undefined && now() - measuredAt >= PROBE_INTERVAL_MS) {
        measuredAt = now();
        try {
          const stats = await measure(dataDir);
          lowSpace = stats.bavail * stats.bsize < MIN_FREE_BYTES;
        } catch {
          // A file system that cannot tell (or a folder not made yet) is not known to be full.
          lowSpace = false;
        }
      }
      return lowSpace;
    },
  };
}

export type StorageHealth = ReturnType<typeof createStorageHealth>;
