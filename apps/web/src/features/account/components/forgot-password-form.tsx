import { emailField, messages } from '@shop/shared';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { z } from 'zod';
import { useZodForm } from '../../../components/ui/form/use-zod-form';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { requestPasswordReset } from '../api/identity';
import { paths } from '../../../config/paths';

const schema = z.object({ email: emailField });
type Input = z.infer<typeof schema>;

export function ForgotPasswordForm() {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(schema);
  const ask = useMutation({
    mutationFn: ({ email }: Input) => requestPasswordReset(email),
    // The form says why under its button.
    meta: { ownErrorMessage: true },
  });

  if (ask.isSuccess) {
    return (
      <div role="status" className="space-y-4 text-center">
        <p>{messages.resetLinkSent}</p>
        <Link to={paths.login.to()} className="btn btn-primary">
          Back to Login
        </Link>
      </div>
    );
  }
  return (
    <form onSubmit={handleSubmit((input) => ask.mutate(input))} noValidate className="space-y-2">
      <p className="text-base-content/80 text-sm">
        Enter the email address of your account and we will send you a link to choose a new
        password.
      </p>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      {ask.isError && (
        <p role="alert" className="text-error text-sm">
          {ask.error.message}
        </p>
      )}
      <SubmitButton pending={ask.isPending}>Send reset link</SubmitButton>
    </form>
  );
}
