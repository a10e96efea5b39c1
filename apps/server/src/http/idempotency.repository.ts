import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { toIso } from '../db/time.js';

/** A request that holds a key while it does the work; only it may store the answer. */
export interface KeyClaim {
  userId: string;
  key: string;
  token: string;
  /** What the key was first used for: the method, the route and the body (a hash). */
  requestHash: string;
  /**
   * When the key's life began (its first request, or its first after it expired): work this
   * request's key did since then, found by the route itself, is this request's own work.
   */
  since: string;
}

/** What the table says about a key when a request comes with it. */
export type ClaimResult =
  /** This request does the work (a new key, an expired one, or one left behind by a crash). */
  | { kind: 'claimed'; claim: KeyClaim }
  /** An earlier request with the same body was answered: this is its answer. */
  | { kind: 'answered'; statusCode: number; body: string }
  /** The key was used for another request (method, route or body). */
  | { kind: 'other-request' }
  /** An earlier request with the same body is still being worked on. */
  | { kind: 'in-flight' };

export interface ClaimInput {
  userId: string;
  key: string;
  requestHash: string;
  now: Date;
  /** How long the key is honoured after its first request. */
  ttlMs: number;
  /** A claim older than this, still without an answer, was left behind: it may be taken over. */
  abandonedAfterMs: number;
}

/**
 * The `idempotency_keys` table (migration 0007). Every write is one statement whose condition
 * decides the race: the primary key lets one INSERT claim a new key, and the takeover of an
 * expired or abandoned key is a conditional UPDATE that only one request can match.
 */
export function createIdempotencyRepository(db: Kysely<Database>) {
  const ofKey = (userId: string, key: string) =>
    db
      .updateTable('idempotency_keys')
      .where('user_id', '=', userId)
      .where('idempotency_key', '=', key);

  async function claimOnce(input: ClaimInput): Promise<ClaimResult | undefined> {
    const { userId, key, requestHash, now } = input;
    const nowIso = now.toISOString();
    const token = randomBytes(16).toString('hex');
    const claimed: ClaimResult = {
      kind: 'claimed',
      claim: { userId, key, token, requestHash, since: nowIso },
    };
    const fresh = {
      request_hash: requestHash,
      claim_token: token,
      claimed_at: nowIso,
      status_code: null,
      response_body: null,
      expires_at: new Date(now.getTime() + input.ttlMs).toISOString(),
    };
    const inserted = await db
      .insertInto('idempotency_keys')
      .values({ user_id: userId, idempotency_key: key, ...fresh })
      .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
      .returning('claim_token')
      .executeTakeFirst();
    if (inserted) return claimed;

    const row = await db
      .selectFrom('idempotency_keys')
      .select(['request_hash', 'claimed_at', 'status_code', 'response_body', 'expires_at'])
      .where('user_id', '=', userId)
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
    // Let go of (a 5xx) between the INSERT and this read: try again.
    if (!row) return undefined;

    if (toIso(row.expires_at) <= nowIso) {
      // Expired: the key is fresh again. Of several requests, the one whose UPDATE matched wins.
      const taken = await ofKey(userId, key)
        .set(fresh)
        .where('expires_at', '<=', nowIso)
        .executeTakeFirst();
      return Number(taken.numUpdatedRows) === 1 ? claimed : undefined;
    }
    if (row.request_hash !== requestHash) return { kind: 'other-request' };
    if (row.status_code !== null) {
      return { kind: 'answered', statusCode: row.status_code, body: row.response_body ?? '' };
    }
    const abandonedBefore = new Date(now.getTime() - input.abandonedAfterMs).toISOString();
    if (toIso(row.claimed_at) <= abandonedBefore) {
      // The instance that claimed it stopped before answering: this request does the work.
      const taken = await ofKey(userId, key)
        .set({ claim_token: token, claimed_at: nowIso })
        .where('status_code', 'is', null)
        .where('claimed_at', '<=', abandonedBefore)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) return undefined;
      // The key's life goes on: it began with the request that first claimed it.
      const since = new Date(Date.parse(toIso(row.expires_at)) - input.ttlMs).toISOString();
      return { kind: 'claimed', claim: { userId, key, token, requestHash, since } };
    }
    return { kind: 'in-flight' };
  }

  return {
    /** Claims the key for this request, or says why not. */
    async claim(input: ClaimInput): Promise<ClaimResult> {
      // Each lost race means another request changed the row: read it again (a few times).
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const result = await claimOnce(input);
        if (result) return result;
      }
      return { kind: 'in-flight' };
    },

    /** Stores the answer of a claimed key; false when the claim was taken over meanwhile. */
    async answer(claim: KeyClaim, statusCode: number, body: string): Promise<boolean> {
      const result = await ofKey(claim.userId, claim.key)
        .set({ status_code: statusCode, response_body: body })
        .where('claim_token', '=', claim.token)
        .where('status_code', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Lets go of a claimed key without an answer, so a retry takes it over at once and does the
     * work again. The row stays, with its first request and the start of its life: should the
     * work have been done after all (an answer lost after the order was committed), the route
     * finds it by that and answers it instead of doing it twice.
     */
    async release(claim: KeyClaim): Promise<void> {
      await ofKey(claim.userId, claim.key)
        .set({ claimed_at: new Date(0).toISOString() })
        .where('claim_token', '=', claim.token)
        .where('status_code', 'is', null)
        .execute();
    },

    /** Deletes the keys that expired by `now`; answers how many. */
    async deleteExpired(now: Date): Promise<number> {
      const result = await db
        .deleteFrom('idempotency_keys')
        .where('expires_at', '<=', now.toISOString())
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;
