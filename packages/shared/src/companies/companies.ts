import { z } from 'zod';
import { companyCreditFields, paymentTermsSchema } from './on-account.js';
import { emailField, ONE_LINE_PATTERN } from '../accounts/accounts.js';
import {
  buyerDetailMessages,
  normaliseVatNumber,
  VAT_NUMBER_INPUT_MAX_LENGTH,
  VAT_NUMBER_PATTERN,
} from '../accounts/buyer-details.js';
import { messages } from '../common/messages.js';
import { decimalInput } from '../common/numbers.js';
import { adminOrderListQuerySchema, adminUserListQuerySchema } from '../lists/list-queries.js';
import {
  COMPANY_BILLING_ADDRESS_MAX_LENGTH,
  COMPANY_NAME_MAX_LENGTH,
  COMPANY_ROLES,
  companyMessages,
  MAX_ORDER_LIMIT_DOLLARS,
  REJECTION_REASON_MAX_LENGTH,
} from './company-messages.js';

/*
 * The shapes of DESIGN.md section 12 (companies, members, invitations, approvals). Money is in
 * dollars on the wire, in cents in the database, as everywhere in the shop.
 */

const companyName = z
  .string({ message: companyMessages.nameRequired })
  .trim()
  .min(1, companyMessages.nameRequired)
  .max(
    COMPANY_NAME_MAX_LENGTH,
    `Company name must be at most ${COMPANY_NAME_MAX_LENGTH} characters`,
  )
  .regex(ONE_LINE_PATTERN, messages.nameOneLine);

/** A VAT id as My Profile takes it (normalised); empty or null means none. */
const vatId = z
  .union([
    z.null(),
    z
      .string()
      .trim()
      .max(VAT_NUMBER_INPUT_MAX_LENGTH, buyerDetailMessages.vatNumberInvalid)
      .transform(normaliseVatNumber)
      .pipe(
        z.union([
          z.literal(''),
          z.string().regex(VAT_NUMBER_PATTERN, buyerDetailMessages.vatNumberInvalid),
        ]),
      ),
  ])
  .transform((value) => (value === '' ? null : value));

/** Several lines of text; the breaks kept as \n, no other control character. */
const billingAddress = z
  .string({ message: companyMessages.billingAddressRequired })
  .trim()
  .min(1, companyMessages.billingAddressRequired)
  .max(
    COMPANY_BILLING_ADDRESS_MAX_LENGTH,
    `Billing address must be at most ${COMPANY_BILLING_ADDRESS_MAX_LENGTH} characters`,
  )
  .transform((text) => text.replace(/\r\n?/g, '\n'))
  .pipe(
    z
      .string()
      .regex(/^[^\p{Cc}\u2028\u2029]*(\n[^\p{Cc}\u2028\u2029]*)*$/u, messages.invalidCharacter),
  );

/** `POST /api/companies`. */
export const companyCreateSchema = z
  .object({ name: companyName, vatId: vatId.optional(), billingAddress })
  .strict();
export type CompanyCreate = z.input<typeof companyCreateSchema>;

/** `PATCH /api/companies/{id}`: any of the fields, at least one. */
export const companyUpdateSchema = z
  .object({ name: companyName, vatId, billingAddress })
  .partial()
  .strict()
  .refine((fields) => Object.values(fields).some((value) => value !== undefined), {
    message: companyMessages.nothingToUpdate,
  });
export type CompanyUpdate = z.input<typeof companyUpdateSchema>;

export const companyRoleSchema = z.enum(COMPANY_ROLES, { error: companyMessages.roleInvalid });

/** A member's limit in dollars (at most 2 decimals), or null for none; `name` in the messages. */
const limitField = (invalid: string, name: string) =>
  decimalInput(
    z
      .number({ error: invalid })
      .refine(Number.isFinite, invalid)
      .pipe(
        z
          .number()
          .min(0, invalid)
          .max(MAX_ORDER_LIMIT_DOLLARS, invalid)
          .refine(
            (p) => Math.abs(Math.round(p * 100) - p * 100) < 1e-6,
            `${name} can have at most 2 decimals`,
          ),
      )
      .nullable(),
    name,
  );

/** A member's order limit in dollars (at most 2 decimals), or null for none. */
export const orderLimitField = limitField(companyMessages.orderLimitInvalid, 'Order limit');

/**
 * A member's monthly limit in dollars (security 2026-11-28 #7): what their company orders of a
 * calendar month (UTC) may total before the next one waits for approval; null for none. The
 * same money rules as the order limit.
 */
export const monthlyLimitField = limitField(companyMessages.monthlyLimitInvalid, 'Monthly limit');

/** Terms of payment on account (DESIGN.md section 13); null until a shop admin grants them. */
export const companyTermsSchema = paymentTermsSchema;

/**
 * A company as every call answers it; `terms`, `onHold`, `balance` and `availableCredit` are
 * paying on account's (`companyCreditFields`, DESIGN.md section 13).
 */
export const companySchema = z.object({
  _id: z.string(),
  name: z.string(),
  vatId: z.string().nullable(),
  billingAddress: z.string(),
  ...companyCreditFields,
  createdAt: z.string(),
});
export type Company = z.infer<typeof companySchema>;

export const companyMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: companyRoleSchema,
  /** Dollars, or null for none; ignored for admins (they approve). */
  orderLimit: z.number().nullable(),
  /**
   * Dollars a calendar month (UTC), or null for none; ignored for admins. Absent from a server
   * older than it: none.
   */
  monthlyLimit: z.number().nullable().optional(),
});
export type CompanyMember = z.infer<typeof companyMemberSchema>;

/** `GET /api/companies/mine`, `GET /api/companies/{id}`: the company and its members. */
export const companyWithMembersSchema = companySchema.extend({
  members: z.array(companyMemberSchema),
});
export type CompanyWithMembers = z.infer<typeof companyWithMembersSchema>;

/** `POST /api/companies`. */
export const companyCreatedSchema = z.object({
  insertedId: z.string(),
  company: companyWithMembersSchema,
});
/** `PATCH /api/companies/{id}`. */
export const companyUpdatedSchema = z.object({
  modifiedCount: z.number().int(),
  company: companyWithMembersSchema,
});

/** A row of a shop admin's Manage Companies list. */
export const companyListItemSchema = companySchema.extend({
  memberCount: z.number().int(),
});
export const companyListSchema = z.array(companyListItemSchema);
/** `GET /api/companies?q=&page=&limit=` (shop admins): `q` finds a name or a VAT id. */
export const companyListQuerySchema = adminUserListQuerySchema;
export type CompanyListQuery = z.infer<typeof companyListQuerySchema>;

/** `PATCH /api/companies/{id}/members/{userId}`. */
export const memberUpdateSchema = z
  .object({
    role: companyRoleSchema,
    orderLimit: orderLimitField,
    monthlyLimit: monthlyLimitField,
  })
  .partial()
  .strict()
  .refine((fields) => Object.values(fields).some((value) => value !== undefined), {
    message: companyMessages.nothingToUpdate,
  });
export type MemberUpdate = z.input<typeof memberUpdateSchema>;
export const memberUpdatedSchema = z.object({
  modifiedCount: z.number().int(),
  member: companyMemberSchema,
});

export const companyMemberParamsSchema = z.object({ id: z.string(), userId: z.string() });
export const companyInvitationParamsSchema = z.object({ id: z.string(), invitationId: z.string() });
export const invitationTokenParamsSchema = z.object({ token: z.string() });

/** `POST /api/companies/{id}/invitations`. */
export const invitationCreateSchema = z
  .object({
    email: emailField,
    role: companyRoleSchema,
    orderLimit: orderLimitField.optional(),
  })
  .strict();
export type InvitationCreate = z.input<typeof invitationCreateSchema>;

/** A pending invitation as the company page lists it (never its token). */
export const invitationSchema = z.object({
  _id: z.string(),
  email: z.string(),
  role: companyRoleSchema,
  orderLimit: z.number().nullable(),
  invitedBy: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationListSchema = z.array(invitationSchema);
export const invitationCreatedSchema = z.object({
  insertedId: z.string(),
  invitation: invitationSchema,
});

/**
 * `GET /api/invitations/{token}`: what the invitation page shows. The address is shown whole
 * only to its owner signed in; anyone else holding the link reads it masked (`j***@example.com`).
 */
export const invitationPreviewSchema = z.object({
  companyName: z.string(),
  role: companyRoleSchema,
  orderLimit: z.number().nullable(),
  email: z.string(),
  expiresAt: z.string(),
  /** Whether the caller is signed in with the invited address (and may accept). */
  forYou: z.boolean(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/**
 * `GET /api/invitations/{token}/company` (anyone holding the link, signed in or not; ux
 * 2026-11-28 #29): the name of the company the link invites to, and nothing else, so the
 * signed-out page can name it.
 */
export const invitationCompanySchema = z.object({ companyName: z.string() });

/** `POST /api/invitations/{token}/accept`: the company joined. */
export const invitationAcceptedSchema = z.object({ company: companyWithMembersSchema });

/** `POST /api/orders/{id}/reject`. */
export const orderRejectSchema = z
  .object({
    reason: z
      .string({ message: companyMessages.reasonRequired })
      .trim()
      .min(1, companyMessages.reasonRequired)
      .max(
        REJECTION_REASON_MAX_LENGTH,
        `Reason must be at most ${REJECTION_REASON_MAX_LENGTH} characters`,
      )
      .regex(ONE_LINE_PATTERN, messages.invalidCharacter),
  })
  .strict();
export type OrderReject = z.input<typeof orderRejectSchema>;

/**
 * `GET /api/companies/{id}/orders?q=&status=&approval=&page=&limit=`: the admin list's
 * parameters, `approval` among them (the Approvals list asks `awaiting_approval`).
 */
export const companyOrderListQuerySchema = adminOrderListQuerySchema;
export type CompanyOrderListQuery = z.infer<typeof companyOrderListQuerySchema>;
