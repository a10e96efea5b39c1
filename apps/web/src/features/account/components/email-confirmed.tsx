import { emailConfirmationMessages as text } from '@shop/shared';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { useAuth } from '../hooks/use-auth';
import { safeReturnPath } from '../hooks/use-return-path';
import { AuthCard } from './auth-card';

/**
 * Where an email-confirmation link lands (the server sends every link through here): that the
 * address is confirmed, or why the link did not work (Better Auth adds `error`), and the way on
 * to the page the buyer was heading for (`next`, a path of this shop only).
 */
export function EmailConfirmed() {
  const [params] = useSearchParams();
  const auth = useAuth();
  const error = params.get('error');
  const next = safeReturnPath(params.get('next') ?? paths.home.to(), window.location.origin);
  if (!error) {
    return (
      <AuthCard title={text.title} withGoogle={false}>
        <p role="status" className="alert alert-success alert-soft">
          {text.confirmed}
        </p>
        <Link to={next} className="btn btn-primary">
          {text.continue}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={text.failedTitle} withGoogle={false}>
      <p role="alert" className="alert alert-warning">
        {error.toUpperCase() === 'TOKEN_EXPIRED' ? text.expired : text.invalid}
      </p>
      <p>{text.failedNext}</p>
      {auth.status === 'signed-in' ? (
        <Link to={next} className="btn btn-primary">
          {text.continue}
        </Link>
      ) : (
        <Link
          to={paths.login.to()}
          state={{ from: { pathname: next } }}
          className="btn btn-primary"
        >
          {text.logIn}
        </Link>
      )}
    </AuthCard>
  );
}
