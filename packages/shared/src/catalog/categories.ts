/**
 * The catalog's categories (DESIGN.md section 9). No zod here: the home page's product cards
 * read these labels, and the schemas stay out of its bundle.
 */
export const PRODUCT_CATEGORIES = ['cases', 'gaming-cases', 'power-supplies'] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];
export const DEFAULT_CATEGORY: ProductCategory = 'cases';

export const categoryLabels: Record<ProductCategory, string> = {
  cases: 'Cases',
  'gaming-cases': 'Gaming cases',
  'power-supplies': 'Power supplies',
};
