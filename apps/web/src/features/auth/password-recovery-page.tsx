import { messages } from '@canvass/domain';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'react-router';
import { toFormErrors } from '../../session/field-errors';
import { AuthCard } from './auth-card';
import { SendResetLinkMutation } from './auth-operations';
import { failureMessage } from './failure-message';
import { useAuthMutation } from './use-auth-mutation';
import { usePageTitle } from '../../ui/use-page-title';

export function PasswordRecoveryPage() {
  usePageTitle('Password recovery');
  const [fetching, sendResetLink] = useAuthMutation(SendResetLinkMutation);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const form = useForm({
    initialValues: { email: '' },
    validate: { email: (value: string) => (value.trim() ? null : messages.required('Email')) },
  });

  const submit = async ({ email }: { email: string }) => {
    const result = await sendResetLink({ email: email.trim() });
    const payload = result.data?.sendResetLink;
    if (payload) form.setErrors(toFormErrors(payload.errors));
    const message = payload?.success
      ? payload.message || messages.resetLinkSent
      : failureMessage(payload, result.error);
    // The server answers the same for known and unknown emails, so this never reveals who has an account.
    setOutcome({ ok: payload?.success ?? false, message });
  };

  return (
    <AuthCard title="Password recovery">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            Enter the email you sign in with and we will send you a link to choose a new password.
          </Text>
          {outcome && (
            <Alert color={outcome.ok ? 'green' : 'yellow'} variant="light">
              {outcome.message}
            </Alert>
          )}
          <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
          <Button type="submit" loading={fetching} fullWidth>
            Send reset link
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            Back to sign in
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
