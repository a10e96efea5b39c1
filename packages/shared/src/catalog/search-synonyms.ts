import { z } from 'zod';
import { foldSearchText } from './search-fold.js';

/**
 * The search synonyms the admin edits (issue 22): pairs of words a search takes as one, either
 * side finding the other (`psu` = `power supply`). `GET /api/search-synonyms`,
 * `POST /api/search-synonyms`, `DELETE /api/search-synonyms/{id}`: admins only.
 */
export const SYNONYM_MAX_LENGTH = 60;

export const searchSynonymMessages = {
  pageTitle: 'Search synonyms',
  intro:
    'Words buyers type for what the catalog calls otherwise. A search for either word of a pair also finds the other.',
  menuLabel: 'Search synonyms',
  termLabel: 'Word buyers type',
  expansionLabel: 'Also search for',
  termRequired: 'Enter the word buyers type',
  expansionRequired: 'Enter what to search for as well',
  tooLong: (label: string) => `${label} must be at most ${SYNONYM_MAX_LENGTH} characters`,
  noWord: (label: string) => `${label} needs a letter or a digit`,
  same: 'The two sides are the same word once case, spaces and hyphens are ignored',
  taken: 'This pair is already there',
  add: 'Add synonym',
  added: (term: string, expansion: string) => `Added: ${term} = ${expansion}`,
  remove: (term: string, expansion: string) => `Remove ${term} = ${expansion}`,
  removeShort: 'Remove',
  removed: (term: string, expansion: string) => `Removed: ${term} = ${expansion}`,
  tableCaption: 'Synonyms the search uses',
  empty: 'No synonyms yet.',
} as const;

const side = (label: string, required: string) =>
  z
    .string({ message: required })
    .trim()
    .min(1, required)
    .max(SYNONYM_MAX_LENGTH, searchSynonymMessages.tooLong(label))
    .regex(/^[^\p{Cc}]*$/u, `${label} must not contain control characters`)
    .refine((text) => foldSearchText(text) !== '', searchSynonymMessages.noWord(label))
    // Stored as folded, so the list shows what the search compares.
    .transform(foldSearchText);

export const searchSynonymInputSchema = z
  .object({
    term: side('Word', searchSynonymMessages.termRequired),
    expansion: side('Also search for', searchSynonymMessages.expansionRequired),
  })
  .refine((pair) => pair.term !== pair.expansion, {
    path: ['expansion'],
    message: searchSynonymMessages.same,
  });
export type SearchSynonymInput = z.input<typeof searchSynonymInputSchema>;

export const searchSynonymSchema = z.object({
  _id: z.string(),
  term: z.string(),
  expansion: z.string(),
});
export type SearchSynonym = z.infer<typeof searchSynonymSchema>;
export const searchSynonymListSchema = z.array(searchSynonymSchema);
export const searchSynonymCreatedSchema = z.object({
  insertedId: z.string(),
  synonym: searchSynonymSchema,
});
