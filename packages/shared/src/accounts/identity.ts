import { z } from 'zod';

/**
 * Rules of the identity calls (`/api/auth/*`) the shop adds to Better Auth's: where a browser may
 * be sent back to, what an account's picture may be, and what sign-up says.
 */

/** The fields of an identity call that name where the browser goes next (query or JSON body). */
export const REDIRECT_TARGET_FIELDS = [
  'callbackURL',
  'errorCallbackURL',
  'newUserCallbackURL',
  'redirectTo',
] as const;

/** The longest account picture address accepted (`image` of sign-up and update-user). */
export const ACCOUNT_IMAGE_MAX_LENGTH = 2048;

export const identityMessages = {
  /** The login page, after Google said an account with the address exists (not linked). */
  googleNotLinked:
    'An account with this email already exists. Log in with your password and confirm your email address with the link we mailed you; then Continue With Google signs into it too.',
  unsafeRedirect: (field: string) =>
    `${field} must be a path of this shop written plainly: starting with one /, without ./ or ../ segments, //, %2e, backslashes or control characters.`,
  accountImage: `The picture must be an https:// address of at most ${ACCOUNT_IMAGE_MAX_LENGTH} characters, or nothing.`,
  /**
   * After Register when signing in did not follow: the address already had an account (its owner
   * was mailed), or it must be confirmed first. The page cannot tell which, and must not.
   */
  checkYourMail:
    'Check your mail: we sent a message to this address. Confirm your email with its link, then log in. If you already had an account, log in with your password or reset it.',
  /**
   * After Register when the new account is signed in at once (ux 2026-11-28 #23): the address
   * still has to be confirmed, and until it is, no order or approval mail goes to it.
   */
  registeredCheckMail: (email: string) =>
    `Welcome! Check your mail: we sent a link to ${email} to confirm your address. Order and approval mail go only to a confirmed address.`,
} as const;

/** The error codes of the identity calls and their statuses (merged into `errorStatus`). */
export const identityErrorStatus = {
  unsafe_redirect: 400,
} as const;

/** A control character (C0, DEL, C1): browsers drop some of them from an address. */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

/** The characters of a path (RFC 3986 `pchar` and `/`): a URL parser leaves them as written. */
const PATH_CHARACTERS = /^[A-Za-z0-9\-._~!$&'()*+,;=:@%/]*$/;
/** A `%` that starts no escape, which a parser would keep or a server read another way. */
const BARE_PERCENT = /%(?![0-9a-f]{2})/i;
/** Escapes of a dot or a separator: another spelling of `.`, `/` or `\`. */
const ESCAPED_DOT_OR_SEPARATOR = /%2e|%2f|%5c/i;

/**
 * Whether a redirect target is a path of this shop spelled the one way it means, i.e. a URL
 * parser leaves its path (before `?` or `#`) as written: it starts with one `/`, holds only
 * path characters, and no `.` or `..` segment, `%2e`, `//`, backslash or control character.
 * Better Auth checks the raw value and builds its error redirect from the parsed one, where
 * `/.//evil.example` becomes the protocol-relative `//evil.example` (finding 3).
 */
export function isPlainShopPath(value: string): boolean {
  // A backslash is read as `/` by browsers.
  if (!value.startsWith('/') || value.includes('\\') || hasControlCharacter(value)) return false;
  const pathEnd = value.search(/[?#]/);
  const path = pathEnd === -1 ? value : value.slice(0, pathEnd);
  if (!PATH_CHARACTERS.test(path) || BARE_PERCENT.test(path)) return false;
  if (path.includes('//') || ESCAPED_DOT_OR_SEPARATOR.test(path)) return false;
  return path.split('/').every((segment) => segment !== '.' && segment !== '..');
}

/** An `https://host…` address without spaces, controls or backslashes. */
const HTTPS_ADDRESS = /^https:\/\/[^\s/?#\\@]+(?:[/?#][^\s\\]*)?$/i;

function isHttpsAddress(value: string): boolean {
  return HTTPS_ADDRESS.test(value) && !hasControlCharacter(value);
}

/**
 * An account's picture (`image` of sign-up and update-user): an https address or nothing (null
 * clears it). Nothing in the shop shows it today; it must not become a place to keep any text.
 */
export const accountImageField = z
  .string({ message: identityMessages.accountImage })
  .max(ACCOUNT_IMAGE_MAX_LENGTH, identityMessages.accountImage)
  .refine(isHttpsAddress, identityMessages.accountImage)
  .nullable()
  .optional();
