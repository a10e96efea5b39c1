import { formatQuantity } from '../common/format.js';
import { categoryLabels, type ProductCategory } from './categories.js';

/**
 * The texts of the /products search (DESIGN.md section 10) and of the product page. No zod here:
 * the products page's own chunk reads them before any schema is needed.
 */

const count = (n: number) => formatQuantity(n);

/** The spec's title of the products page. */
const PAGE_TITLE = 'Our Tools';

export const productSearchMessages = {
  pageTitle: PAGE_TITLE,
  intro:
    'Every case and power supply we make, with its price per piece, minimum order and the quantity available to ship now.',
  formLabel: 'Find products',
  searchLabel: 'Search products',
  searchPlaceholder: 'Name, description or SKU',
  submit: 'Search',
  categoryLabel: 'Category',
  allCategories: 'All categories',
  sortLabel: 'Sort by',
  catalogOrder: 'Catalog order',
  /** The default order of a search: the best matches first (issue 22). */
  bestMatch: 'Best match',
  /** The empty state of a search. */
  noMatch: (q: string) => `No products match "${q}"`,
  /** The empty state of a category filter without a search. */
  noMatchFilters: 'No products match these filters',
  /** The catalog itself is empty. */
  noProducts: 'No products to show yet.',
  clear: 'Clear search',
  /** Under an empty state, and under results that only mention the words: what the shop sells. */
  whatWeMake: 'We make cases and power supplies: try a category.',
  /** The results' words name no product, its category or SKU: the products only mention them. */
  onlyMentioned: (q: string) =>
    `No product is called "${q}": these only mention it in their description or specs.`,
  categoriesLabel: 'Browse a category',
  /** The grid or list toggle (issue 22, defect 18), kept in the address as `view=list`. */
  viewLabel: 'Show products as',
  gridView: 'Cards',
  listView: 'List',
  listCaption: 'Products with their prices, minimum order, pack size and stock',
  productColumn: 'Product',
  priceColumn: 'Price per piece',
  minimumColumn: 'Minimum',
  packColumn: 'Pack',
  stockColumn: 'In stock',
  orderColumn: 'Order',
  pieces: (n: number) => `${count(n)} pc's`,
  /** "10 products" when one page holds every match, "25–48 of 312 products" otherwise. */
  count: (from: number, to: number, total: number) =>
    from === 1 && to === total
      ? `${count(total)} ${total === 1 ? 'product' : 'products'}`
      : `${count(from)}–${count(to)} of ${count(total)} products`,
  pastLastPage: (page: number) => `There is no page ${count(page)} of these results.`,
  firstPage: 'Go to the first page',
  pagesLabel: 'Pages of results',
  previous: 'Previous',
  next: 'Next',
  previousLabel: 'Previous page',
  nextLabel: 'Next page',
  pageLabel: (page: number) => `Page ${count(page)}`,
  pageOf: (page: number, pages: number) => `Page ${count(page)} of ${count(pages)}`,
  /** The browser tab's title: the search in it, so history and bookmarks tell searches apart. */
  title: ({
    q,
    category,
    page,
  }: {
    q: string;
    category: ProductCategory | null;
    page: number;
  }): string => {
    const parts = [
      q ? `"${q}"` : null,
      category ? categoryLabels[category] : null,
      page > 1 ? `page ${count(page)}` : null,
    ].filter((part): part is string => part !== null);
    return parts.length === 0 ? PAGE_TITLE : `${parts.join(', ')} | ${PAGE_TITLE}`;
  },
} as const;

export const productPageMessages = {
  perPiece: 'per piece',
  priceBreaksCaption: 'Volume prices',
  quantityColumn: 'Quantity',
  unitPriceColumn: 'Unit price',
  quantityRange: (from: number, to: number) => `${count(from)}–${count(to)} pc's`,
  quantityFrom: (from: number) => `${count(from)}+ pc's`,
  specsCaption: 'Specifications',
  /** The page's description for search engines and link previews, when the product has none. */
  fallbackDescription: (name: string) =>
    `${name}: order in bulk from CaseForge, straight from the factory.`,
} as const;

/** A search engine shows about this many characters of a page's description. */
export const META_DESCRIPTION_LENGTH = 160;

/** A description cut to what a search engine shows, at a word, with an ellipsis when cut. */
export function metaDescription(text: string, length = META_DESCRIPTION_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= length) return flat;
  const cut = flat.slice(0, length - 1);
  const atWord = cut.slice(0, cut.lastIndexOf(' ')).trimEnd();
  return `${atWord.length > length / 2 ? atWord : cut}…`;
}
