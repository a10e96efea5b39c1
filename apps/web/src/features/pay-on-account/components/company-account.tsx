import {
  accountPageMessages as text,
  HOLD_REASON_MAX_LENGTH,
  holdInputSchema,
  onAccountLabels,
  onAccountMessages,
  PAYMENT_TERM_DAYS,
  termsInputSchema,
  type Company,
} from '@shop/shared';
import { useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { z } from 'zod';
import { confirmAction } from '../../../components/ui/confirm';
import { confirmWithFields } from '../../../components/ui/confirm-form';
import { useZodForm } from '../../../components/ui/form/use-zod-form';
import { SelectField } from '../../../components/ui/select-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { useSetHold } from '../api/set-hold';
import { useSetTerms } from '../api/set-terms';
import { AccountFacts, CompanyStatement } from './statement';

/** The company as the pages that mount these sections know it (with its credit fields). */
type CompanyRef = Pick<
  Company,
  '_id' | 'name' | 'terms' | 'onHold' | 'hold' | 'balance' | 'availableCredit'
>;

/** A card as the company pages draw theirs. */
function AccountCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="card bg-base-100 border-base-300 border">
      <div className="card-body gap-4">
        <h2 id={id} className="card-title text-lg">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

/**
 * A member's company page: the company's terms, balance and available credit, the hold when
 * there is one, and the way to its statement (DESIGN.md section 13).
 */
export function CompanyAccountSummary({ company }: { company: CompanyRef }) {
  return (
    <AccountCard id="company-account" title={text.accountSection}>
      {company.onHold && (
        <p role="status" className="alert alert-warning font-semibold">
          {text.holdNotice(company.hold)}
        </p>
      )}
      <AccountFacts statement={company} />
      {company.terms || company.balance > 0 ? (
        <Link to={paths.dashboard.statement.to()} className="btn btn-outline self-start">
          {text.viewStatement}
        </Link>
      ) : (
        <p className="text-base-content/80">{text.statementNoTerms}</p>
      )}
    </AccountCard>
  );
}

/**
 * A shop admin's controls on a company's page: its terms (granted, changed, removed), its credit
 * hold (set or lifted by hand), and its statement.
 */
export function CompanyAccountAdmin({
  company,
  onChanged,
}: {
  company: CompanyRef;
  /** Refreshes the page's own view of the company after a change. */
  onChanged?: () => Promise<unknown>;
}) {
  return (
    <>
      <AccountCard id="company-account" title={text.accountSection}>
        <AccountFacts statement={company} />
        <div className="grid items-start gap-6 md:grid-cols-2">
          <TermsForm
            key={`${company.terms?.days ?? ''}-${company.terms?.creditLimit ?? ''}`}
            company={company}
            terms={company.terms}
            onChanged={onChanged}
          />
          <HoldControl company={company} onHold={company.onHold} onChanged={onChanged} />
        </div>
      </AccountCard>
      <CompanyStatement companyId={company._id} headingLevel={2} admin />
    </>
  );
}

const dayOptions = PAYMENT_TERM_DAYS.map((days) => ({
  value: String(days),
  label: text.daysOption(days),
}));

/**
 * The terms form's values, checked by the API's own schema (`termsInputSchema`): both fields are
 * needed here; removing the terms is a button of its own.
 */
const termsFormSchema = z
  .object({ days: z.string(), creditLimit: z.string() })
  .superRefine((values, ctx) => {
    if (values.days === '') {
      ctx.addIssue({ code: 'custom', path: ['days'], message: onAccountMessages.daysRequired });
    }
    if (values.creditLimit.trim() === '') {
      ctx.addIssue({
        code: 'custom',
        path: ['creditLimit'],
        message: onAccountMessages.creditLimitRequired,
      });
    }
    if (values.days === '' || values.creditLimit.trim() === '') return;
    const parsed = termsInputSchema.safeParse(values);
    if (parsed.success) return;
    for (const issue of parsed.error.issues) {
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
  });

function TermsForm({
  company,
  terms,
  onChanged,
}: {
  company: CompanyRef;
  terms: Company['terms'];
  onChanged?: (() => Promise<unknown>) | undefined;
}) {
  const setTerms = useSetTerms(company._id, onChanged);
  // What the server said the terms lack (ux 2026-11-28 #13: no bank details for the invoices),
  // kept in view under the form until the next answer.
  const [warnings, setWarnings] = useState<readonly string[]>([]);
  const {
    register,
    handleSubmit,
    showServerErrors,
    formState: { errors },
  } = useZodForm(termsFormSchema, {
    defaultValues: {
      days: terms ? String(terms.days) : '30',
      creditLimit: terms ? String(terms.creditLimit) : '',
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await setTerms.mutateAsync({
        days: values.days,
        creditLimit: values.creditLimit.trim(),
      });
      setWarnings(answer.warnings);
      toast.success(text.termsSaved);
    } catch (error) {
      showServerErrors(error, onAccountMessages.creditLimitInvalid);
    }
  });

  const remove = async () => {
    const confirmed = await confirmAction({
      title: text.removeTermsTitle,
      text: text.removeTermsText(company.name),
      confirmText: text.removeTerms,
      tone: 'danger',
    });
    if (!confirmed) return;
    try {
      setWarnings((await setTerms.mutateAsync({ days: null, creditLimit: null })).warnings);
      toast.success(text.termsRemoved);
    } catch (error) {
      showServerErrors(error, onAccountMessages.creditLimitInvalid);
    }
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="terms-form"
      className="border-base-300 rounded-box space-y-1 border p-4"
    >
      <h3 id="terms-form" className="font-semibold">
        {text.termsForm}
      </h3>
      <SelectField
        label={text.daysLabel}
        options={dayOptions}
        error={errors.days?.message}
        {...register('days')}
      />
      <TextField
        label={text.creditLimitLabel}
        inputMode="decimal"
        autoComplete="off"
        hint={text.creditLimitHint}
        error={errors.creditLimit?.message}
        {...register('creditLimit')}
      />
      <div className="flex flex-wrap gap-2">
        <SubmitButton pending={setTerms.isPending} className="">
          {terms ? text.saveTerms : text.grantTerms}
        </SubmitButton>
        {terms && (
          <button
            type="button"
            className="btn btn-outline btn-error mt-4"
            disabled={setTerms.isPending}
            onClick={() => void remove()}
          >
            {text.removeTerms}
          </button>
        )}
      </div>
      {warnings.length > 0 && (
        <div role="alert" className="alert alert-warning alert-soft mt-3">
          <ul>
            {warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </div>
      )}
    </form>
  );
}

/**
 * The reason typed in the Put on hold dialog, checked by the API's own schema; here it is
 * required (ux 2026-11-28 #34): the members read it in their notice.
 */
export function checkHoldReason(values: Record<string, string>) {
  const typed = values['reason'] ?? '';
  if (typed.trim() === '') {
    return { ok: false as const, errors: { reason: onAccountMessages.holdReasonRequired } };
  }
  const parsed = holdInputSchema.safeParse({ onHold: true, reason: typed });
  if (!parsed.success) {
    return { ok: false as const, errors: { reason: parsed.error.issues[0]?.message } };
  }
  return { ok: true as const, value: parsed.data.reason ?? typed.trim() };
}

function HoldControl({
  company,
  onHold,
  onChanged,
}: {
  company: CompanyRef;
  onHold: boolean;
  onChanged?: (() => Promise<unknown>) | undefined;
}) {
  const setHold = useSetHold(company._id, onChanged);
  const toggle = async () => {
    let input: { onHold: boolean; reason?: string };
    if (onHold) {
      const confirmed = await confirmAction({
        title: text.liftHoldTitle,
        text: text.liftHoldText(company.name),
        confirmText: text.liftHold,
      });
      if (!confirmed) return;
      input = { onHold: false };
    } else {
      const reason = await confirmWithFields({
        title: text.putOnHoldTitle,
        text: text.putOnHoldText(company.name),
        confirmText: text.putOnHold,
        tone: 'danger',
        fields: [
          {
            name: 'reason',
            label: text.holdReasonLabel,
            maxLength: HOLD_REASON_MAX_LENGTH,
          },
        ],
        validate: checkHoldReason,
      });
      if (reason === null) return;
      input = { onHold: true, reason };
    }
    try {
      const { company: now } = await setHold.mutateAsync(input);
      toast.success(now.onHold ? text.heldNow : text.liftedNow);
    } catch {
      // The app's error toast says why (lib/query-client.ts).
    }
  };
  const cause = onHold ? text.holdCause(company.hold) : null;
  return (
    <section
      aria-labelledby="hold-control"
      className="border-base-300 rounded-box space-y-3 border p-4"
    >
      <h3 id="hold-control" className="font-semibold">
        {text.holdLabel}
      </h3>
      <p className="flex flex-wrap items-center gap-2">
        {onHold && (
          <span className="badge badge-warning border-transparent font-semibold">
            {onAccountLabels.onHold}
          </span>
        )}
        <span>{onHold ? text.holdOn : text.holdOff}</span>
      </p>
      {cause && <p className="wrap-anywhere">{cause}</p>}
      <button
        type="button"
        className={`btn ${onHold ? 'btn-primary' : 'btn-outline btn-error'}`}
        disabled={setHold.isPending}
        onClick={() => void toggle()}
      >
        {onHold ? text.liftHold : text.putOnHold}
      </button>
    </section>
  );
}
