import { randomFillSync } from 'node:crypto';

/** Random bytes drawn 4 KB at a time: one call to the system per 512 ids instead of one each. */
const pool = Buffer.alloc(4096);
let used = pool.length;

function randomHex8(): string {
  if (used + 8 > pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  used += 8;
  return pool.toString('hex', used - 8, used);
}

/**
 * A new record id: 8 hex digits of seconds since the epoch, then 16 random hex digits, so ids
 * are 24 characters like the spec's `_id` and roughly sortable by creation time.
 */
export function newId(): string {
  const seconds = Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, '0');
  return seconds + randomHex8();
}
