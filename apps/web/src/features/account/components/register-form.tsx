import { registerSchema, type RegisterInput } from '@shop/shared';
import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { useZodForm } from '../../../components/ui/form/use-zod-form';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { clearAccessToken } from '../../../lib/access-token';
import { completeSignIn, signUpWithEmail } from '../api/identity';
import { useReturnPath } from '../hooks/use-return-path';
import { AuthCard } from './auth-card';
import { paths } from '../../../config/paths';

export function RegisterForm() {
  const navigate = useNavigate();
  const returnPath = useReturnPath();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(registerSchema);

  const signUp = useMutation({
    mutationFn: async ({ name, email, password }: RegisterInput) => {
      clearAccessToken();
      const { token } = await signUpWithEmail(name, email, password);
      // No session yet: this shop wants the address confirmed before the first sign-in.
      if (token === null) return false;
      return completeSignIn();
    },
    onSuccess: (signedIn) => {
      if (signedIn) {
        void navigate(returnPath, { replace: true });
      } else {
        toast.success(
          'Almost there: confirm your email address with the link we sent, then log in.',
        );
        void navigate(paths.login.to());
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
