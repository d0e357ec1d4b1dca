import { messages } from '@canvass/domain';
import { Alert, Anchor, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from './auth-card';
import { ResetPasswordMutation } from './auth-operations';
import { failureMessage } from './failure-message';
import { useAuthMutation } from './use-auth-mutation';
import { PasswordPairForm, type PasswordPair } from './password-pair-form';
import { usePageTitle } from '../../ui/use-page-title';

/** /reset?uuid=…&token=… : the page the emailed reset link opens. */
export function ResetPasswordPage() {
  usePageTitle('Reset password');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [, resetPassword] = useAuthMutation(ResetPasswordMutation);
  const uuid = params.get('uuid');
  const token = params.get('token');

  if (!uuid || !token) {
    return (
      <AuthCard title="Reset password">
        <Stack>
          <Alert color="yellow" variant="light">
            {messages.resetLinkInvalid}
          </Alert>
          <Anchor component={Link} to="/password-recovery" size="sm">
            Request a new link
          </Anchor>
        </Stack>
      </AuthCard>
    );
  }

  const submit = async (pair: PasswordPair) => {
    const result = await resetPassword({ uuid, token, ...pair });
    const payload = result.data?.resetPassword;
    if (payload?.success) {
      notifications.show({ color: 'green', message: payload.message ?? messages.passwordChanged });
      navigate('/login', { replace: true });
      return null;
    }
    return failureMessage(payload, result.error);
  };

  return (
    <AuthCard title="Reset password">
      <PasswordPairForm submitLabel="Reset password" onSubmit={submit} />
    </AuthCard>
  );
}
