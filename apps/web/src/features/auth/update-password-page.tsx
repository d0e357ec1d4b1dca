import { messages } from '@canvass/domain';
import { Paper, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { UpdatePasswordMutation } from './auth-operations';
import { failureMessage } from './failure-message';
import { useAuthMutation } from './use-auth-mutation';
import { PasswordPairForm, type PasswordPair } from './password-pair-form';
import { usePageTitle } from '../../ui/use-page-title';

/** Signed in: choose a new password for one's own account. */
export function UpdatePasswordPage() {
  usePageTitle('Update password');
  const [, updatePassword] = useAuthMutation(UpdatePasswordMutation);

  const submit = async (pair: PasswordPair) => {
    const result = await updatePassword(pair);
    const payload = result.data?.updatePassword;
    if (payload?.success) {
      notifications.show({ color: 'green', message: messages.passwordChanged });
      return null;
    }
    return failureMessage(payload, result.error);
  };

  return (
    <Paper withBorder radius="md" p="xl" maw={480}>
      <Title order={2} size="h3" mb="md">
        Update password
      </Title>
      <PasswordPairForm submitLabel="Update password" onSubmit={submit} />
    </Paper>
  );
}
