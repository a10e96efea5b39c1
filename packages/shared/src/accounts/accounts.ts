import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../common/constants.js';
import { messages } from '../common/messages.js';

/** The "standard email pattern" of SPEC.md section 5: something@domain.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailField = z
  .string()
  .trim()
  .min(1, messages.emailRequired)
  .max(254, messages.emailInvalid)
  .regex(EMAIL_PATTERN, messages.emailInvalid);

export const passwordField = z
  .string()
  .min(1, messages.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, messages.passwordTooShort)
  .max(128, 'Password must be at most 128 characters');

export const loginSchema = z.object({ email: emailField, password: passwordField });
export type LoginInput = z.infer<typeof loginSchema>;

/**
 * Text that is one line: no line break or other control character (C0, DEL, C1: `\p{Cc}`) and
 * no Unicode line or paragraph separator. Names and PO numbers are printed into mails and
 * exports as one line; a break inside one let a customer write their own paragraphs into the
 * shop's mail (security report 2026-11-26, finding 4) and hide formulas in CSV cells (finding 5).
 * A pattern rather than a refinement, so the API documents it.
 */
export const ONE_LINE_PATTERN = /^[^\p{Cc}\u2028\u2029]*$/u;

/**
 * The same text made one line, for what was stored before the rule (or comes from elsewhere):
 * each run of control characters and separators, with the spaces around it, becomes one space.
 */
export function oneLine(text: string): string {
  return text.replace(/\s*[\p{Cc}\u2028\u2029]+\s*/gu, ' ').trim();
}

/**
 * A person's name: 1-100 characters, not blank, one line (sign-up, and the identity's name
 * changes through `update-user`).
 */
export const accountNameField = z
  .string()
  .trim()
  .min(1, messages.nameRequired)
  .max(100, 'Name is too long')
  .regex(ONE_LINE_PATTERN, messages.nameOneLine);

export const registerSchema = z.object({
  name: accountNameField,
  email: emailField,
  password: passwordField,
});
export type RegisterInput = z.infer<typeof registerSchema>;
