import { checkoutHelpMessages, identityMessages, loginSchema, type LoginInput } from '@shop/shared';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import toast from 'react-hot-toast';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useZodForm } from '../../../components/ui/form/use-zod-form';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { clearAccessToken, sessionEndedElsewhere } from '../../../lib/access-token';
import { completeSignIn, signInWithEmail } from '../api/identity';
import { useReturnPath } from '../hooks/use-return-path';
import { AuthCard } from './auth-card';
import { paths } from '../../../config/paths';

/**
 * What a page that sends the buyer here may say: where they came from (use-return-path.ts), and
 * a notice to show above the form (after Register: the next step is in the mail).
 */
export interface LoginPageState {
  from?: { pathname: string; search?: string };
  notice?: 'check-your-mail';
  /** The address to start the form with (an invitation's, ux 2026-11-28 #29). */
  email?: string;
}

/** The address a page that sent the buyer here asked the form to start with, if any. */
export function emailFromState(state: unknown): string {
  const email = (state as LoginPageState | null)?.email;
  return typeof email === 'string' ? email : '';
}

/** Pages a guest reaches by 'Order Now' or 'Checkout': the login says why it asks (defect 23). */
const ORDERING = /^\/(?:order\/[^/]+|checkout)\/?$/;

/** The line above the form: what the page that sent the user here wants said. */
function loginNotice(state: LoginPageState | null): { text: string; alert: boolean } | null {
  if (state?.notice === 'check-your-mail')
    return { text: identityMessages.checkYourMail, alert: false };
  // Another tab logged out while this one was open (defect 19): the guard sent the user here.
  if (sessionEndedElsewhere()) {
    return { text: checkoutHelpMessages.sessionEndedElsewhere, alert: true };
  }
  if (state?.from && ORDERING.test(state.from.pathname)) {
    return { text: checkoutHelpMessages.logInToOrder, alert: false };
  }
  return null;
}

export function LoginForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const notice = loginNotice(location.state as LoginPageState | null);
  const returnPath = useReturnPath();
  const [params] = useSearchParams();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(loginSchema, {
    defaultValues: { email: emailFromState(location.state), password: '' },
  });

  const login = useMutation({
    mutationFn: async ({ email, password }: LoginInput) => {
      clearAccessToken();
      await signInWithEmail(email, password);
      if (!(await completeSignIn()))
        throw new Error('Signing in did not complete. Please try again.');
    },
    onSuccess: () => void navigate(returnPath, { replace: true }),
    onError: (error) => toast.error(error.message),
    meta: { ownErrorMessage: true },
  });

  // Back from Google: finish the sign-in here, once, then go where the user was heading.
  const finishing = useRef(false);
  useEffect(() => {
    if (finishing.current) return;
    if (params.get('error')) {
      finishing.current = true;
      // Better Auth appends its reason: an existing account Google may not join (yet).
      if (params.getAll('error').includes('account_not_linked')) {
        // Long enough to read what to do next.
        toast.error(identityMessages.googleNotLinked, { duration: 12_000 });
      } else {
        toast.error('Google sign-in did not complete. Please try again.');
      }
    } else if (params.get('google') === '1') {
      finishing.current = true;
      clearAccessToken();
      completeSignIn('Google')
        .then((done) => {
          if (done) void navigate(returnPath, { replace: true });
          else toast.error('Google sign-in did not complete. Please try again.');
        })
        .catch((error: Error) => toast.error(error.message));
    }
  }, [params, navigate, returnPath]);

  return (
    <AuthCard title="Login">
      {notice && (
        <p
          role="status"
          className={`alert text-sm ${notice.alert ? 'alert-warning' : 'alert-info'}`}
        >
          {notice.text}
        </p>
      )}
      <form
        onSubmit={handleSubmit((input) => login.mutate(input))}
        noValidate
        className="space-y-2"
      >
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <p className="text-right text-sm">
          <Link to={paths.forgotPassword.to()} className="link">
            Forgot password?
          </Link>
        </p>
        <SubmitButton pending={login.isPending}>Login</SubmitButton>
      </form>
      <p className="text-center text-sm">
        New to CaseForge?{' '}
        <Link
          to={paths.register.to()}
          state={{ from: { pathname: returnPath } }}
          className="link link-primary font-semibold"
        >
          Please Registered
        </Link>
      </p>
    </AuthCard>
  );
}
