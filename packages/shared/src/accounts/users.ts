import { z } from 'zod';
import { emailField, ONE_LINE_PATTERN } from './accounts.js';
import { ROLES } from '../common/constants.js';
import { messages } from '../common/messages.js';
import {
  buyerDetailLabels,
  buyerDetailMessages,
  COMPANY_MAX_LENGTH,
  normaliseVatNumber,
  SHIPPING_ADDRESS_MAX_LENGTH,
  VAT_NUMBER_INPUT_MAX_LENGTH,
  VAT_NUMBER_PATTERN,
} from './buyer-details.js';

/** `PUT /api/user/{email}` after every sign-in: the identity the web app signed in as. */
export const userSignInSchema = z.object({
  email: emailField,
  uid: z.string().trim().max(200).optional(),
  displayName: z.string().trim().max(100).optional(),
  providerId: z.string().trim().max(100).optional(),
});
export type UserSignIn = z.infer<typeof userSignInSchema>;

export const accessTokenSchema = z.object({ token: z.string() });
export type AccessToken = z.infer<typeof accessTokenSchema>;

/**
 * `GET /api/sign-in-methods` (ux 2026-11-28 #22): the ways of signing in this shop offers, so the
 * Login and Register pages show 'Continue With Google' only when GOOGLE_CLIENT_ID and
 * GOOGLE_CLIENT_SECRET are set.
 */
export const signInMethodsSchema = z.object({ google: z.boolean() });
export type SignInMethods = z.infer<typeof signInMethodsSchema>;

/** The profile fields a customer may edit on My Profile. */
const profileText = (label: string, max: number) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`);

export const profileUpdateSchema = z
  .object({
    displayName: profileText('Name', 100)
      .min(1, 'Name cannot be empty')
      .regex(ONE_LINE_PATTERN, messages.nameOneLine),
    location: profileText('Location', 200),
    education: profileText('Highest Education', 200),
    phone: profileText('Phone', 30).regex(/^[+\d][\d\s().-]*$/, 'Enter a valid phone number'),
    linkedin: profileText('LinkedIn', 300).regex(
      /^https:\/\/([a-z]{2,3}\.)?linkedin\.com\/.+$/i,
      'Enter a LinkedIn address starting with https://www.linkedin.com/',
    ),
    company: profileText(buyerDetailLabels.company, COMPANY_MAX_LENGTH),
    vatNumber: profileText(buyerDetailLabels.vatNumber, VAT_NUMBER_INPUT_MAX_LENGTH)
      .transform(normaliseVatNumber)
      .pipe(z.string().regex(VAT_NUMBER_PATTERN, buyerDetailMessages.vatNumberInvalid)),
    // Several lines; the breaks are kept, written as \n whichever system typed them.
    shippingAddress: profileText(
      buyerDetailLabels.shippingAddress,
      SHIPPING_ADDRESS_MAX_LENGTH,
    ).transform((text) => text.replace(/\r\n?/g, '\n')),
  })
  .partial()
  // The spec's client drops empty fields; anything else it might send (email, role) is not ours.
  .strict()
  .refine((fields) => Object.values(fields).some((value) => value !== undefined), {
    message: 'Fill in at least one field to update',
  });
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** A shop user with their profile, as `GET /api/user/{email}` and `GET /api/users` serve it. */
export const userSchema = z.object({
  _id: z.string(),
  email: z.string(),
  uid: z.string().nullable(),
  displayName: z.string(),
  providerId: z.string(),
  role: z.enum(ROLES),
  location: z.string().nullable(),
  education: z.string().nullable(),
  phone: z.string().nullable(),
  linkedin: z.string().nullable(),
  company: z.string().nullable(),
  vatNumber: z.string().nullable(),
  shippingAddress: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;
export const userListSchema = z.array(userSchema);

export const emailParamsSchema = z.object({ email: z.string().max(254) });

export const modifiedCountSchema = z.object({ modifiedCount: z.number().int() });
export const profileUpdatedSchema = z.object({
  insertedId: z.string(),
  modifiedCount: z.number().int(),
  user: userSchema,
});
