import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** Spec §8: failures show as a warning alert. Renders nothing when there is no message. */
export function WarningAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
      {message}
    </Alert>
  );
}
