import { messages } from '@canvass/domain';
import { Alert, Stack, Text } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../session/session';
import { usePageTitle } from '../../ui/use-page-title';
import { errorText } from '../../session/error-text';
import { AcceptInvitationMutation } from './auth-operations';
import { AuthCard } from './auth-card';
import { PasswordPairForm, type PasswordPair } from './password-pair-form';
import { useAuthMutation } from './use-auth-mutation';

/**
 * /invitation?uuid=…&token=… : the page an invitation mail opens. The invited person chooses a password and is
 * signed in, in the organization that invited it.
 */
export function InvitationPage() {
  usePageTitle('Accept invitation');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { adoptSignIn } = useSession();
  const [, accept] = useAuthMutation(AcceptInvitationMutation);
  const uuid = params.get('uuid');
  const token = params.get('token');

  if (!uuid || !token)
    return (
      <AuthCard title="Accept invitation">
        <Alert color="yellow" variant="light">
          {messages.invitationInvalid}
        </Alert>
      </AuthCard>
    );

  const submit = async (pair: PasswordPair) => {
    const result = await accept({ uuid, token, ...pair });
    if (result.error && !result.data) return errorText(result.error);
    const failure = adoptSignIn(result.data?.acceptInvitation);
    if (failure) return failure;
    navigate('/dashboard', { replace: true });
    return null;
  };

  return (
    <AuthCard title="Accept invitation">
      <Stack>
        <Text size="sm">Choose a password to sign in to Canvass.</Text>
        <PasswordPairForm submitLabel="Set password and sign in" onSubmit={submit} />
      </Stack>
    </AuthCard>
  );
}
