import type { ProductCategory } from './categories.js';

/**
 * How the /products search reads text (issue 22, defect 3): one folding for the stored search
 * text of every product (migration 0018, the products repository) and for what a buyer types,
 * so that both meet in one form. No zod here: the products page's chunk may read it.
 *
 * Folding: case and accents go (`Über` = `uber`), a hyphen or apostrophe inside a word joins its
 * halves (`mid-tower` = `midtower`), a number takes the unit after it (`120 mm` = `120mm`,
 * `750 W` = `750w`, `80+` = `80 PLUS` = `80plus`), a few prefixes join the word after them
 * (`mid tower` = `midtower`, `mini itx` = `miniitx`), and every other sign is a space.
 */

/** Words that join the next word, as buyers write them both ways (`mid tower`, `midtower`). */
export const JOINING_PREFIXES = ['mid', 'midi', 'full', 'mini', 'micro'] as const;

/** Units a number takes when a space parts them (`120 mm` = `120mm`). */
export const JOINING_UNITS = [
  'mm',
  'cm',
  'm',
  'w',
  'kw',
  'v',
  'a',
  'kg',
  'g',
  'gb',
  'tb',
  'hz',
  'khz',
  'mhz',
  'ghz',
  'rpm',
  'db',
  'dba',
  'plus',
  'pc',
  'pcs',
  'in',
] as const;

const UNIT = new RegExp(`(?<=\\p{N}) (${JOINING_UNITS.join('|')})(?![\\p{L}\\p{N}])`, 'gu');

const JOINING = new RegExp(`(?<![\\p{L}\\p{N}])(${JOINING_PREFIXES.join('|')}) (?=\\p{L})`, 'gu');

/** The folded form of a text: lower case, words separated by single spaces. */
export function foldSearchText(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase()
      .replace(/ß/g, 'ss')
      // `80+` is how `80 PLUS` is written short.
      .replace(/(\p{N})\s*\+/gu, '$1 plus ')
      // Hyphens, underscores and apostrophes inside a word join it: `mid-tower`, `DF_10`.
      .replace(/(?<=[\p{L}\p{N}])[-‐‑–_'’](?=[\p{L}\p{N}])/gu, '')
      // A decimal point stays (`3.0`, `63.5`); every other sign is a space.
      .replace(/(?<=\p{N})\.(?=\p{N})/gu, '\uE000')
      .replace(/[^\p{L}\p{N}\uE000]+/gu, ' ')
      .replace(/\uE000/g, '.')
      .trim()
      // A number takes its unit: `120 mm`, `750 W`, `80 plus`.
      .replace(UNIT, '$1')
      .replace(JOINING, '$1')
  );
}

/** The words of a folded text. */
export function foldedWords(text: string): string[] {
  const folded = foldSearchText(text);
  return folded === '' ? [] : [...new Set(folded.split(' '))];
}

/**
 * What a search of a category's name finds: its label and the singular (`power supply` finds
 * the power supplies category, and through the synonyms so does `psu`).
 */
export const categorySearchText: Record<ProductCategory, string> = {
  cases: 'cases case',
  'gaming-cases': 'gaming cases gaming case',
  'power-supplies': 'power supplies power supply',
};

/** Between two fields of the stored text: no folded word holds it, so no match spans fields. */
export const SEARCH_FIELD_SEPARATOR = ' | ';

/** The stored, folded text a product is found by: name, SKU, description, specs, category. */
export function productSearchText(product: {
  name: string;
  description: string;
  sku: string | null;
  specs: readonly { name: string; value: string }[];
  category: ProductCategory;
}): string {
  return [
    product.name,
    product.sku ?? '',
    product.description,
    ...product.specs.map((spec) => `${spec.name} ${spec.value}`),
  ]
    .map(foldSearchText)
    .concat(categorySearchText[product.category])
    .filter((field) => field !== '')
    .join(SEARCH_FIELD_SEPARATOR);
}

/** A synonym pair as the admin keeps it: either side found by the other. */
export interface SearchSynonymPair {
  term: string;
  expansion: string;
}

/**
 * A search's terms: each is a list of alternatives (folded texts), and a product matches a term
 * when its search text holds one of them. Every term must match (AND). A word, or a run of words
 * that is a synonym's side (`power supply`), is one term with the other sides as alternatives;
 * the longest run wins.
 */
export function searchTerms(q: string, synonyms: readonly SearchSynonymPair[] = []): string[][] {
  const words = foldSearchText(q)
    .split(' ')
    .filter((w) => w !== '');
  const links = new Map<string, Set<string>>();
  const link = (a: string, b: string) => {
    if (a === '' || b === '' || a === b) return;
    links.set(a, (links.get(a) ?? new Set()).add(b));
  };
  for (const { term, expansion } of synonyms) {
    const [a, b] = [foldSearchText(term), foldSearchText(expansion)];
    link(a, b);
    link(b, a);
  }
  const longest = Math.max(1, ...[...links.keys()].map((key) => key.split(' ').length));
  const terms: string[][] = [];
  for (let i = 0; i < words.length;) {
    let taken = 1;
    for (let size = Math.min(longest, words.length - i); size > 1; size -= 1) {
      if (links.has(words.slice(i, i + size).join(' '))) {
        taken = size;
        break;
      }
    }
    const phrase = words.slice(i, i + taken).join(' ');
    terms.push([phrase, ...(links.get(phrase) ?? [])]);
    i += taken;
  }
  // The same term twice asks nothing more.
  const seen = new Set<string>();
  return terms.filter((term) => {
    const key = [...term].sort().join('\n');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * `GET /api/products` with `q`: how the best match matched. `text` when every term of the first
 * product was only a passing mention (no category, name or SKU match), `name` otherwise; the
 * page then says the products merely mention the words.
 */
export const SEARCH_MATCH_HEADER = 'x-search-match';
export type SearchMatch = 'name' | 'text';
