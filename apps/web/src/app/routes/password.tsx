import { AuthCard } from '../../features/account/components/auth-card';
import { ForgotPasswordForm } from '../../features/account/components/forgot-password-form';
import { ResetPasswordForm } from '../../features/account/components/reset-password-form';
import { usePageTitle } from '../../lib/use-page-title';

export function ForgotPasswordRoute() {
  usePageTitle('Forgot password');
  return (
    <AuthCard title="Forgot password" withGoogle={false}>
      <ForgotPasswordForm />
    </AuthCard>
  );
}

export function ResetPasswordRoute() {
  usePageTitle('Choose a new password');
  return (
    <AuthCard title="Choose a new password" withGoogle={false}>
      <ResetPasswordForm />
    </AuthCard>
  );
}
