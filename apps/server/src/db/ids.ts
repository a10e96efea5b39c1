import { randomBytes } from 'node:crypto';

/**
 * A new record id: 8 hex digits of seconds since the epoch, then 16 random hex digits, so ids
 * are 24 characters like the spec's `_id` and roughly sortable by creation time.
 */
export function newId(): string {
  const seconds = Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, '0');
  return seconds + randomBytes(8).toString('hex');
}
