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

// `impersonatesShop`, the check of a reviewer's shown name, is in reviewer-names.ts.
