import { invitationPageMessages } from '@shop/shared';
import { useParams } from 'react-router';
import { useAuth } from '../../features/account/hooks/use-auth';
import { InvitationPage } from '../../features/companies/components/invitation-page';
import { usePageTitle } from '../../lib/use-page-title';

/** /invitations/{token}: where a company invitation's mail leads, signed in or not. */
export function InvitationRoute() {
  const { token = '' } = useParams();
  const auth = useAuth();
  usePageTitle(invitationPageMessages.title);
  return <InvitationPage key={token} token={token} authStatus={auth.status} />;
}
