import {
  COMPANY_ROLES,
  companyPageMessages as text,
  companyRoleWords,
  formatPrice,
  mayApprove,
  memberUpdateSchema,
  type CompanyMember,
  type CompanyWithMembers,
  type MemberUpdate,
} from '@shop/shared';
import toast from 'react-hot-toast';
import { confirmAction } from '../../../components/ui/confirm';
import { confirmWithFields, type DialogValidation } from '../../../components/ui/confirm-form';
import { Cell, DataTable, RowHeader } from '../../../components/ui/data-table';
import { useRemoveMember, useUpdateMember } from '../api/company-members';
import { CompanyCard } from './company-details';

const { columns } = text;
const COLUMNS = [
  columns.name,
  columns.email,
  columns.role,
  columns.orderLimit,
  columns.monthlyLimit,
  columns.action,
];
const roleOptions = COMPANY_ROLES.map((role) => ({ value: role, label: companyRoleWords[role] }));

/** A limit field as typed: empty is none. */
const limitOf = (value: string | undefined) => {
  const typed = (value ?? '').trim();
  return typed === '' ? null : typed;
};

/** What the change dialog's fields give: the shared schema's check of them. */
function checkMemberChange(values: Record<string, string>): DialogValidation<MemberUpdate> {
  const parsed = memberUpdateSchema.safeParse({
    role: values['role'],
    orderLimit: limitOf(values['orderLimit']),
    monthlyLimit: limitOf(values['monthlyLimit']),
  });
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'orderLimit');
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** A limit as the list says it; an admin's is not used (they approve). */
function LimitText({ member, limit }: { member: CompanyMember; limit: number | null }) {
  if (mayApprove(member.role)) {
    return <span className="text-base-content/80 text-sm">{text.adminLimitNote}</span>;
  }
  return <>{text.limitText(limit, formatPrice)}</>;
}

const fieldValue = (limit: number | null | undefined) =>
  limit === null || limit === undefined ? '' : String(limit);

/**
 * The members with their role, order limit and monthly limit. Whoever may manage (a company admin, a shop
 * admin) changes a role or a limit in a dialog and removes a member after a confirmation; a
 * member may leave. The last admin's refusal (409 last_company_admin) is the server's message,
 * toasted by the app.
 */
export function CompanyMembers({
  company,
  canManage,
  myEmail,
}: {
  company: CompanyWithMembers;
  canManage: boolean;
  /** The viewer's address, when the viewer is a member (their row offers Leave). */
  myEmail?: string | undefined;
}) {
  const update = useUpdateMember();
  const remove = useRemoveMember();
  const busy = update.isPending || remove.isPending;

  const change = async (member: CompanyMember) => {
    const body = await confirmWithFields({
      title: text.changeTitle(member.name),
      text: text.changeText,
      confirmText: text.changeConfirm,
      fields: [
        { name: 'role', label: text.roleLabel, options: roleOptions, value: member.role },
        {
          name: 'orderLimit',
          label: text.orderLimitLabel,
          value: fieldValue(member.orderLimit),
          maxLength: 12,
        },
        {
          name: 'monthlyLimit',
          label: text.monthlyLimitLabel,
          value: fieldValue(member.monthlyLimit),
          maxLength: 12,
        },
      ],
      validate: checkMemberChange,
    });
    if (!body) return;
    try {
      await update.mutateAsync({ companyId: company._id, userId: member.userId, body });
      toast.success(text.memberChanged(member.name));
    } catch {
      // The app's error toast says why (lib/query-client.ts).
    }
  };

  const removeOne = async (member: CompanyMember, self: boolean) => {
    const confirmed = await confirmAction(
      self
        ? {
            title: text.leaveTitle,
            text: text.leaveText(company.name),
            confirmText: text.leaveConfirm,
            tone: 'danger',
          }
        : {
            title: text.removeTitle,
            text: text.removeText(member.name, member.email),
            confirmText: text.removeConfirm,
            tone: 'danger',
          },
    );
    if (!confirmed) return;
    try {
      await remove.mutateAsync({ companyId: company._id, userId: member.userId });
      toast.success(self ? text.left(company.name) : text.removed(member.name));
    } catch {
      // The app's error toast says why (lib/query-client.ts).
    }
  };

  return (
    <CompanyCard title={text.membersTitle} id="company-members">
      <DataTable label={text.membersLabel} columns={COLUMNS}>
        <tbody>
          {company.members.map((member) => {
            const self = member.email === myEmail;
            return (
              <tr key={member.userId}>
                <RowHeader label={columns.name}>
                  {member.name}
                  {self && (
                    <span className="badge badge-sm badge-outline ms-2 font-normal">
                      {text.you}
                    </span>
                  )}
                </RowHeader>
                <Cell label={columns.email} className="wrap-anywhere">
                  {member.email}
                </Cell>
                <Cell label={columns.role}>{companyRoleWords[member.role]}</Cell>
                <Cell label={columns.orderLimit}>
                  <LimitText member={member} limit={member.orderLimit} />
                </Cell>
                <Cell label={columns.monthlyLimit}>
                  <LimitText member={member} limit={member.monthlyLimit ?? null} />
                </Cell>
                <Cell label={columns.action}>
                  <div className="flex flex-wrap gap-2">
                    {canManage && (
                      <button
                        type="button"
                        className="btn btn-sm btn-outline"
                        disabled={busy}
                        aria-label={text.changeLabel(member.name)}
                        onClick={() => void change(member)}
                      >
                        {text.change}
                      </button>
                    )}
                    {self ? (
                      <button
                        type="button"
                        className="btn btn-sm btn-error btn-outline"
                        disabled={busy}
                        onClick={() => void removeOne(member, true)}
                      >
                        {text.leave}
                      </button>
                    ) : (
                      canManage && (
                        <button
                          type="button"
                          className="btn btn-sm btn-error btn-outline"
                          disabled={busy}
                          aria-label={text.removeLabel(member.name)}
                          onClick={() => void removeOne(member, false)}
                        >
                          {text.remove}
                        </button>
                      )
                    )}
                  </div>
                </Cell>
              </tr>
            );
          })}
        </tbody>
      </DataTable>
    </CompanyCard>
  );
}
