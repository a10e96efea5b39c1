import { messages, passwordField } from '@shop/shared';
import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { useZodForm } from '../../../components/ui/form/use-zod-form';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { resetPassword } from '../api/identity';
import { paths } from '../../../config/paths';

const schema = z.object({ password: passwordField });
type Input = z.infer<typeof schema>;

export function ResetPasswordForm() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(schema);
  const reset = useMutation({
    mutationFn: ({ password }: Input) => resetPassword(token ?? '', password),
    onSuccess: () => {
      toast.success(messages.passwordResetDone);
      void navigate(paths.login.to());
    },
  });

  if (!token || params.get('error')) {
    return (
      <div role="alert" className="space-y-4 text-center">
        <p>This reset link is invalid or has expired.</p>
        <Link to={paths.forgotPassword.to()} className="btn btn-primary">
          Ask for a new link
        </Link>
      </div>
    );
  }
  return (
    <form onSubmit={handleSubmit((input) => reset.mutate(input))} noValidate className="space-y-2">
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password')}
      />
      {reset.isError && (
        <p role="alert" className="text-error text-sm">
          {reset.error.message}
        </p>
      )}
      <SubmitButton pending={reset.isPending}>Change password</SubmitButton>
    </form>
  );
}
