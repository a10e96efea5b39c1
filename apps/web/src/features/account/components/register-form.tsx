import { identityMessages, registerSchema, type RegisterInput } from '@shop/shared';
import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Link, useLocation, useNavigate } from 'react-router';
import { useZodForm } from '../../../components/ui/form/use-zod-form';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { clearAccessToken } from '../../../lib/access-token';
import { ApiRequestError } from '../../../lib/api-client';
import { completeSignIn, signInWithEmail, signUpWithEmail } from '../api/identity';
import { useReturnPath } from '../hooks/use-return-path';
import { AuthCard } from './auth-card';
import { emailFromState, type LoginPageState } from './login-form';
import { paths } from '../../../config/paths';

export function RegisterForm() {
  const navigate = useNavigate();
  const returnPath = useReturnPath();
  // An invitation's page sends the invited address along (ux 2026-11-28 #29).
  const invitedEmail = emailFromState(useLocation().state);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(registerSchema, {
    defaultValues: { name: '', email: invitedEmail, password: '' },
  });

  const signUp = useMutation({
    mutationFn: async ({ name, email, password }: RegisterInput) => {
      clearAccessToken();
      await signUpWithEmail(name, email, password);
      // Sign-up never signs in and answers a taken address as a new one, so it tells nobody who
      // has an account: sign in now, as the Login page would. A refusal means the address had
      // an account already (its owner was mailed) or must be confirmed first: either way the
      // answer is in the mail, and the page must not say which.
      try {
        await signInWithEmail(email, password);
      } catch (error) {
        const refused =
          error instanceof ApiRequestError && (error.status === 401 || error.status === 403);
        if (refused) return false;
        throw error;
      }
      return completeSignIn();
    },
    onSuccess: (signedIn, { email }) => {
      if (signedIn) {
        // Signed in, but the address is not confirmed yet: the next step is in the mail.
        toast.success(identityMessages.registeredCheckMail(email), { duration: 8_000 });
        void navigate(returnPath, { replace: true });
      } else {
        // The Login page says it where the next step is, for as long as the buyer needs.
        const state: LoginPageState = {
          from: { pathname: returnPath },
          notice: 'check-your-mail',
        };
        void navigate(paths.login.to(), { state });
      }
    },
    onError: (error) => toast.error(error.message),
    meta: { ownErrorMessage: true },
  });

  return (
    <AuthCard title="Join Us">
      <form
        onSubmit={handleSubmit((input) => signUp.mutate(input))}
        noValidate
        className="space-y-2"
      >
        <TextField
          label="Name"
          autoComplete="name"
          error={errors.name?.message}
          {...register('name')}
        />
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
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <SubmitButton pending={signUp.isPending}>Register</SubmitButton>
      </form>
      <p className="text-center text-sm">
        Already have an account?{' '}
        <Link
          to={paths.login.to()}
          state={{ from: { pathname: returnPath } }}
          className="link link-primary font-semibold"
        >
          Please Login
        </Link>
      </p>
    </AuthCard>
  );
}
