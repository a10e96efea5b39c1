import { z } from 'zod';

/** A review as the public API serves it: the reviewer's name, never their email. */
export const reviewSchema = z.object({
  _id: z.string(),
  rating: z.number().int(),
  review: z.string(),
  /** ISO 8601 time the review was written; the web app shows it in local time. */
  time: z.string(),
  reviewer: z.string(),
});

export type Review = z.infer<typeof reviewSchema>;

export const reviewListSchema = z.array(reviewSchema);

/** Words a customer's shown name may not hold, since the review would read as the shop's own. */
const RESERVED_NAME_WORDS = new Set([
  'admin',
  'administrator',
  'official',
  'staff',
  'moderator',
  'support',
]);

/**
 * Whether a name would pass for the shop speaking ('CaseForge Official', 'Case-Forge', 'Admin'):
 * the shop's name anywhere, however spaced or punctuated, or a reserved word as a word.
 */
export function impersonatesShop(name: string, shopName = 'CaseForge'): boolean {
  const letters = name.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
  if (letters.includes(shopName.toLowerCase())) return true;
  return name
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .some((word) => RESERVED_NAME_WORDS.has(word));
}
