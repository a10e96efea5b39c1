import {
  COMPANY_ROLES,
  companyPageMessages as text,
  companyRoleWords,
  formatPrice,
  mayApprove,
  invitationCreateSchema,
  type Invitation,
  type InvitationCreate,
} from '@shop/shared';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useLocation } from 'react-router';
import { z } from 'zod';
import { confirmAction } from '../../../components/ui/confirm';
import { ConfirmEmailNotice } from '../../../components/ui/confirm-email-notice';
import { Cell, DataTable, RowHeader } from '../../../components/ui/data-table';
import { useZodForm } from '../../../components/ui/form/use-zod-form';
import { QueryState } from '../../../components/ui/query-state';
import { SelectField } from '../../../components/ui/select-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage, isEmailNotConfirmed } from '../../../lib/error-message';
import { useSendConfirmationMail } from '../../account/api/send-confirmation-mail';
import { useCreateInvitation, useInvitations, useRevokeInvitation } from '../api/invitations';
import { CompanyCard, ShortDate } from './company-details';

/** The form's values are text; an empty limit is none (null). The shared schema checks them. */
const inviteFormSchema = z
  .object({ email: z.string(), role: z.string(), orderLimit: z.string() })
  .transform(({ orderLimit, ...rest }): InvitationCreate => ({
    ...rest,
    // Checked by the shared schema this is piped into; the select offers only the roles.
    role: rest.role as InvitationCreate['role'],
    orderLimit: orderLimit.trim() === '' ? null : orderLimit,
  }))
  .pipe(invitationCreateSchema);

const roleOptions = COMPANY_ROLES.map((role) => ({ value: role, label: companyRoleWords[role] }));
const emptyInvite = { email: '', role: 'buyer', orderLimit: '' };

/**
 * A company admin invites a colleague by email, with a role and an order limit. Only an admin
 * who confirmed their own email address may (security report 2026-11-28, finding 5): when the
 * shop says so, the form says why and offers the confirmation mail again.
 */
export function InviteForm({ companyId, email }: { companyId: string; email: string }) {
  const invite = useCreateInvitation(companyId);
  const confirmationMail = useSendConfirmationMail();
  const { pathname } = useLocation();
  const [unconfirmed, setUnconfirmed] = useState<string | undefined>();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    showFieldErrors,
    formState: { errors },
  } = useZodForm(inviteFormSchema, { defaultValues: emptyInvite });
  const onSubmit = handleSubmit(async (values) => {
    setUnconfirmed(undefined);
    try {
      await invite.mutateAsync(values);
      toast.success(text.invited(values.email));
      reset(emptyInvite);
    } catch (error) {
      if (isEmailNotConfirmed(error)) setUnconfirmed(error.message);
      else if (!showFieldErrors(error)) setError('root', { message: errorMessage(error) });
    }
  });
  return (
    <CompanyCard title={text.inviteTitle} id="company-invite">
      <p className="text-base-content/80 text-sm">{text.inviteText}</p>
      <form onSubmit={onSubmit} noValidate className="grid max-w-2xl gap-x-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <TextField
            label={text.inviteEmailLabel}
            type="email"
            autoComplete="off"
            error={errors.email?.message}
            {...register('email')}
          />
        </div>
        <SelectField
          label={text.roleLabel}
          options={roleOptions}
          error={errors.role?.message}
          {...register('role')}
        />
        <TextField
          label={text.orderLimitLabel}
          inputMode="decimal"
          error={errors.orderLimit?.message}
          {...register('orderLimit')}
        />
        {errors.root && (
          <p role="alert" className="text-error text-sm sm:col-span-2">
            {errors.root.message}
          </p>
        )}
        {unconfirmed && (
          <div className="sm:col-span-2">
            <ConfirmEmailNotice
              message={unconfirmed}
              email={email}
              // The link in the mail brings the admin back to the company page.
              resend={() => confirmationMail.mutateAsync({ email, callbackURL: pathname })}
            />
          </div>
        )}
        <div className="sm:col-span-2">
          <SubmitButton pending={invite.isPending} className="sm:w-auto">
            {text.invite}
          </SubmitButton>
        </div>
      </form>
    </CompanyCard>
  );
}

const { invitationColumns: columns } = text;
const COLUMNS = [
  columns.email,
  columns.role,
  columns.orderLimit,
  columns.expires,
  columns.action,
] as const;

/** The invitations not answered yet, each revocable after a confirmation. */
export function PendingInvitations({ companyId }: { companyId: string }) {
  const invitations = useInvitations(companyId);
  const revoke = useRevokeInvitation(companyId);
  const revokeOne = async (invitation: Invitation) => {
    const confirmed = await confirmAction({
      title: text.revokeTitle,
      text: text.revokeText(invitation.email),
      confirmText: text.revokeConfirm,
      tone: 'danger',
    });
    if (!confirmed) return;
    try {
      await revoke.mutateAsync(invitation._id);
      toast.success(text.revoked(invitation.email));
    } catch {
      // The app's error toast says why (lib/query-client.ts).
    }
  };
  return (
    <CompanyCard title={text.invitationsTitle} id="company-invitations">
      <QueryState query={invitations} what="invitations">
        {(list) =>
          list.length === 0 ? (
            <p className="text-base-content/80">{text.noInvitations}</p>
          ) : (
            <DataTable label={text.invitationsLabel} columns={COLUMNS}>
              <tbody>
                {list.map((invitation) => (
                  <tr key={invitation._id}>
                    <RowHeader label={columns.email} className="wrap-anywhere">
                      {invitation.email}
                    </RowHeader>
                    <Cell label={columns.role}>{companyRoleWords[invitation.role]}</Cell>
                    <Cell label={columns.orderLimit}>
                      {mayApprove(invitation.role)
                        ? text.adminLimitNote
                        : text.limitText(invitation.orderLimit, formatPrice)}
                    </Cell>
                    <Cell label={columns.expires}>
                      <ShortDate iso={invitation.expiresAt} />
                    </Cell>
                    <Cell label={columns.action}>
                      <button
                        type="button"
                        className="btn btn-sm btn-error btn-outline"
                        disabled={revoke.isPending}
                        aria-label={text.revokeLabel(invitation.email)}
                        onClick={() => void revokeOne(invitation)}
                      >
                        {text.revoke}
                      </button>
                    </Cell>
                  </tr>
                ))}
              </tbody>
            </DataTable>
          )
        }
      </QueryState>
    </CompanyCard>
  );
}
