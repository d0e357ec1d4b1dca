import { messages } from '@canvass/domain';
import { Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { PasswordField } from '../../ui/password-field';
import { useTransientMessage } from '../../ui/use-transient-message';
import { WarningAlert } from './warning-alert';

export interface PasswordPair {
  password: string;
  passwordVerify: string;
}

/**
 * A new password typed twice. A mismatch never reaches the server: it shows 'Password must match' for the
 * alert time (spec §5). `onSubmit` resolves to a failure message to show the same way, or null on success.
 */
export function PasswordPairForm({
  submitLabel,
  onSubmit,
}: {
  submitLabel: string;
  onSubmit: (pair: PasswordPair) => Promise<string | null>;
}) {
  const [failure, showFailure] = useTransientMessage();
  const [submitting, setSubmitting] = useState(false);
  const form = useForm<PasswordPair>({
    initialValues: { password: '', passwordVerify: '' },
    validate: { password: (value) => (value ? null : messages.required('Password')) },
  });

  const submit = async (pair: PasswordPair) => {
    if (pair.password !== pair.passwordVerify) {
      showFailure(messages.passwordMustMatch);
      return;
    }
    setSubmitting(true);
    try {
      const message = await onSubmit(pair);
      if (message) showFailure(message);
      else form.reset();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack>
        <WarningAlert message={failure} />
        <PasswordField label="Password" autoComplete="new-password" {...form.getInputProps('password')} />
        <PasswordField label="Repeat password" autoComplete="new-password" {...form.getInputProps('passwordVerify')} />
        <Button type="submit" loading={submitting} fullWidth>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
