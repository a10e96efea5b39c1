import { LoginForm } from '../../features/account/components/login-form';
import { usePageTitle } from '../../lib/use-page-title';

export function LoginRoute() {
  usePageTitle('Login');
  return <LoginForm />;
}
