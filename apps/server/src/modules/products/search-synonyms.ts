import {
  ID_PATTERN,
  searchSynonymMessages,
  type searchSynonymInputSchema,
  type SearchSynonym,
  type SearchSynonymPair,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from '../../http/app-error.js';
import { fromContract } from '../../http/route.js';
import type { SearchSynonymsRepository } from './search-synonyms.repository.js';

/**
 * The search synonyms (migration 0018, issue 22): pairs a search takes as one word, either side
 * finding the other. Stored folded (the input schema folds them), so the admin sees what the
 * search compares.
 */
export function createSearchSynonyms(repository: SearchSynonymsRepository) {
  const toSynonym = (row: { id: string; term: string; expansion: string }): SearchSynonym => ({
    _id: row.id,
    term: row.term,
    expansion: row.expansion,
  });

  return {
    /** Every pair, for the search to expand its words with. */
    pairs(): Promise<SearchSynonymPair[]> {
      return repository.list();
    },

    async list(): Promise<SearchSynonym[]> {
      return (await repository.list()).map(toSynonym);
    },

    async add({ term, expansion }: z.output<typeof searchSynonymInputSchema>) {
      const id = await repository.add(term, expansion);
      if (id === undefined) {
        throw new AppError('conflict', searchSynonymMessages.taken, {
          term: searchSynonymMessages.taken,
        });
      }
      return { insertedId: id, synonym: toSynonym({ id, term, expansion }) };
    },

    async remove(id: string): Promise<{ deletedCount: number }> {
      if (!ID_PATTERN.test(id) || !(await repository.remove(id))) {
        throw AppError.notFound('Synonym');
      }
      return { deletedCount: 1 };
    },
  };
}

export type SearchSynonyms = ReturnType<typeof createSearchSynonyms>;

export function searchSynonymRoutes(synonyms: SearchSynonyms): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/search-synonyms',
      {
        config: { access: 'admin' },
        schema: {
          operationId: 'listSearchSynonyms',
          tags: ['products'],
          summary: 'The search synonyms: pairs of words a product search takes as one (admins)',
          ...fromContract('GET /search-synonyms'),
        },
      },
      () => synonyms.list(),
    );
    app.post(
      '/search-synonyms',
      {
        config: { access: 'admin' },
        schema: {
          operationId: 'addSearchSynonym',
          tags: ['products'],
          summary: 'Add a search synonym (admins); 409 when the pair is already there',
          ...fromContract('POST /search-synonyms', 409),
        },
      },
      (request) => synonyms.add(request.body),
    );
    app.delete(
      '/search-synonyms/:id',
      {
        config: { access: 'admin' },
        schema: {
          operationId: 'deleteSearchSynonym',
          tags: ['products'],
          summary: 'Remove a search synonym (admins)',
          ...fromContract('DELETE /search-synonyms/:id', 404),
        },
      },
      (request) => synonyms.remove(request.params.id),
    );
  };
}
