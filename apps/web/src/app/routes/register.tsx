import { RegisterForm } from '../../features/account/components/register-form';
import { usePageTitle } from '../../lib/use-page-title';

export function RegisterRoute() {
  usePageTitle('Register');
  return <RegisterForm />;
}
