import {
  INVITATION_EMAIL_FRAGMENT,
  companyMessages,
  companyPageMessages,
  companyRoleWords,
  formatPrice,
  invitationPageMessages as text,
  type InvitationPreview,
} from '@shop/shared';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { ApiRequestError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import {
  useAcceptInvitation,
  useInvitation,
  useInvitationCompany,
} from '../api/invitation-by-token';
import { ShortDate } from './company-details';

const CARD = 'card bg-base-100 border-base-300 mx-auto max-w-xl border';

/** The page's one card: a title (the page's heading) and what to read and do. */
function InvitationCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={CARD}>
      <div className="card-body gap-4">
        <h1 className="card-title text-2xl">{title}</h1>
        {children}
      </div>
    </section>
  );
}

/** Why a link does not work, from the server's refusal: unknown (404), used or expired (410). */
function LinkRefused({ error }: { error: unknown }) {
  const code = error instanceof ApiRequestError ? error.code : '';
  const status = error instanceof ApiRequestError ? error.status : 0;
  const title =
    code === 'invitation_used'
      ? text.usedTitle
      : code === 'invitation_expired'
        ? text.expiredTitle
        : status === 404
          ? text.unknownTitle
          : text.title;
  const message =
    code === 'invitation_used'
      ? companyMessages.invitationUsed
      : code === 'invitation_expired'
        ? companyMessages.invitationExpired
        : status === 404
          ? companyMessages.invitationNotFound
          : errorMessage(error);
  return (
    <InvitationCard title={title}>
      <p role="alert" className="alert alert-warning">
        {message}
      </p>
      {(status === 404 || status === 410) && <p>{text.askAgain}</p>}
      <Link to={paths.home.to()} className="btn btn-outline self-start">
        {text.home}
      </Link>
    </InvitationCard>
  );
}

/** The company, the role, the limit, until when, and for which address (masked for others). */
function InvitationFacts({ invitation }: { invitation: InvitationPreview }) {
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2">
      <dt className="text-base-content/80 text-sm font-semibold">
        {companyPageMessages.roleLabel}
      </dt>
      <dd>{companyRoleWords[invitation.role]}</dd>
      {invitation.role === 'buyer' && (
        <>
          <dt className="text-base-content/80 text-sm font-semibold">{text.orderLimit}</dt>
          <dd>{companyPageMessages.limitText(invitation.orderLimit, formatPrice)}</dd>
        </>
      )}
      <dt className="text-base-content/80 text-sm font-semibold">{text.invitedAddress}</dt>
      <dd className="wrap-anywhere">{invitation.email}</dd>
      <dt className="text-base-content/80 text-sm font-semibold">{text.validUntil}</dt>
      <dd>
        <ShortDate iso={invitation.expiresAt} />
      </dd>
    </dl>
  );
}

/**
 * /invitations/{token}, where the invitation mail's link lands. Signed out: Log in / Register,
 * which come back here (the shop's return path); the server shows an invitation to signed-in
 * accounts only. Signed in: the company, role, limit and until when; with the invited address,
 * Accept. Another account, a used or expired link (410) or an unknown one (404): why, in words,
 * and what to do.
 */
export function InvitationPage({
  token,
  authStatus,
}: {
  token: string;
  /** Whether someone is signed in (the route page asks the account feature). */
  authStatus: 'loading' | 'signed-in' | 'signed-out';
}) {
  const signedIn = authStatus === 'signed-in';
  // The server shows an invitation to signed-in accounts only: the link alone reveals nothing.
  const invitation = useInvitation(token, signedIn, signedIn);
  const accept = useAcceptInvitation(token);
  const location = useLocation();
  const from = { from: { pathname: location.pathname } };
  // Signed out: the company's name only (anyone holding the link may know it).
  const invitedCompany = useInvitationCompany(token, authStatus === 'signed-out');

  if (authStatus === 'signed-out') {
    if (invitedCompany.isError) return <LinkRefused error={invitedCompany.error} />;
    const companyName = invitedCompany.data?.companyName;
    // The mail's link names the invited address in its fragment: Register and Log in start
    // with it (the server never tells the link's holder the address).
    const email =
      new URLSearchParams(location.hash.slice(1)).get(INVITATION_EMAIL_FRAGMENT) ?? undefined;
    const withEmail = { ...from, ...(email ? { email } : {}) };
    return (
      <InvitationCard title={companyName ? text.heading(companyName) : text.title}>
        <p>{companyName ? text.signedOutCompany(companyName) : text.signedOutText}</p>
        <p>{text.signInFirst}</p>
        <div className="flex flex-wrap gap-2">
          <Link to={paths.login.to()} state={withEmail} className="btn btn-primary">
            {text.logIn}
          </Link>
          <Link to={paths.register.to()} state={withEmail} className="btn btn-outline">
            {text.register}
          </Link>
        </div>
      </InvitationCard>
    );
  }
  if (authStatus === 'loading' || invitation.isPending) {
    return <Spinner label="Loading the invitation" />;
  }
  if (accept.isSuccess) {
    const name = accept.data.company.name;
    return (
      <InvitationCard title={text.heading(name)}>
        <p role="status" className="alert alert-success alert-soft">
          {text.accepted(name)}
        </p>
        <Link to={paths.dashboard.company.to()} className="btn btn-primary self-start">
          {text.toCompany}
        </Link>
      </InvitationCard>
    );
  }
  if (invitation.isError) return <LinkRefused error={invitation.error} />;
  const current = invitation.data;
  // Accepting may still be refused: used meanwhile, or the account joined another company.
  const refusal = accept.error;
  const refusedLink =
    refusal instanceof ApiRequestError && (refusal.status === 410 || refusal.status === 404);
  if (refusedLink) return <LinkRefused error={refusal} />;

  return (
    <InvitationCard title={text.heading(current.companyName)}>
      <InvitationFacts invitation={current} />
      {!current.forYou ? (
        <div role="alert" className="alert alert-warning block">
          <p className="font-semibold">{text.wrongAccountTitle}</p>
          <p>{text.wrongAccount(current.email)}</p>
        </div>
      ) : (
        <>
          {refusal && (
            <div role="alert" className="alert alert-warning block">
              {refusal instanceof ApiRequestError && refusal.code === 'already_in_company' && (
                <p className="font-semibold">{text.inCompanyTitle}</p>
              )}
              <p>{errorMessage(refusal)}</p>
            </div>
          )}
          <button
            type="button"
            className="btn btn-primary self-start"
            disabled={accept.isPending}
            onClick={() => accept.mutate()}
          >
            {accept.isPending && (
              <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            )}
            {text.accept}
          </button>
        </>
      )}
    </InvitationCard>
  );
}
