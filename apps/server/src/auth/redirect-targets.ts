import { identityMessages, isPlainShopPath, REDIRECT_TARGET_FIELDS } from '@shop/shared';
import { AppError } from '../http/app-error.js';

/**
 * Refuses (400 `unsafe_redirect`) an identity call that names a redirect target, in its query or
 * its JSON body, that is not a plain path of this shop (`isPlainShopPath`). Better Auth accepts
 * `/.//evil.example` and turns it into `//evil.example` on its error redirects (finding 3), so a
 * target is checked here, before Better Auth sees it. The query is read the way Better Auth
 * reads it (`URLSearchParams`, every value of a repeated name). Only paths pass: the web app sends
 * no absolute address, so none of the shop's own origin is needed either.
 */
export function refuseUnsafeRedirects(rawUrl: string, body: unknown): void {
  const query = new URL(rawUrl, 'http://shop.invalid').searchParams;
  const fields =
    body !== null && typeof body === 'object' && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : {};
  for (const field of REDIRECT_TARGET_FIELDS) {
    const values: unknown[] = query.getAll(field);
    if (Object.hasOwn(fields, field)) values.push(fields[field]);
    for (const value of values) {
      if (typeof value !== 'string' || !isPlainShopPath(value)) {
        const message = identityMessages.unsafeRedirect(field);
        throw new AppError('unsafe_redirect', message, { [field]: message });
      }
    }
  }
}
