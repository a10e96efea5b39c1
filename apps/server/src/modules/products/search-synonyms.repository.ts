import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { newId } from '../../db/ids.js';
import { nowIso } from '../../db/time.js';

/** The search synonyms' table (migration 0018): pairs stored folded, as the input gives them. */
export function createSearchSynonymsRepository(db: Kysely<Database>) {
  return {
    /** Every pair, in the order the admin's page lists them. */
    list() {
      return db
        .selectFrom('search_synonyms')
        .select(['id', 'term', 'expansion'])
        .orderBy('term')
        .orderBy('expansion')
        .orderBy('id')
        .execute();
    },

    /**
     * Adds a pair unless it is there already in either order (`psu = power supply` is
     * `power supply = psu`): its id, or undefined.
     */
    add(term: string, expansion: string): Promise<string | undefined> {
      return db.transaction().execute(async (trx) => {
        const existing = await trx
          .selectFrom('search_synonyms')
          .select('id')
          .where((eb) =>
            eb.or([
              eb.and([eb('term', '=', term), eb('expansion', '=', expansion)]),
              eb.and([eb('term', '=', expansion), eb('expansion', '=', term)]),
            ]),
          )
          .executeTakeFirst();
        if (existing) return undefined;
        const id = newId();
        await trx
          .insertInto('search_synonyms')
          .values({ id, term, expansion, created_at: nowIso() })
          .execute();
        return id;
      });
    },

    /** Whether a pair was removed. */
    async remove(id: string): Promise<boolean> {
      const result = await db.deleteFrom('search_synonyms').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type SearchSynonymsRepository = ReturnType<typeof createSearchSynonymsRepository>;
