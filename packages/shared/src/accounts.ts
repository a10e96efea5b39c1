import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './constants.js';
import { messages } from './messages.js';

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

/** A person's name: 1-100 characters, not blank (sign-up, and the identity's name changes). */
export const accountNameField = z
  .string()
  .trim()
  .min(1, messages.nameRequired)
  .max(100, 'Name is too long');

export const registerSchema = z.object({
  name: accountNameField,
  email: emailField,
  password: passwordField,
});
export type RegisterInput = z.infer<typeof registerSchema>;
