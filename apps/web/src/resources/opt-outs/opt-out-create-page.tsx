import { Card, Stack, Text, Title } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { usePageTitle } from '../../ui/use-page-title';
import { AddOptOutForm } from './add-opt-out-form';

/** The client id a tab's Add passed in navigation state (spec §2), if any. */
function clientIdFrom(state: unknown): string | null {
  const value = typeof state === 'object' && state !== null ? (state as { clientId?: unknown }).clientId : null;
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * /opt-outs/new: the manual opt-out form. Opened from a client's opt-outs tab it starts with that client and goes
 * back to the tab once added; otherwise it goes to the new opt-out.
 */
export function OptOutCreatePage() {
  usePageTitle('New opt-out');
  const location = useLocation();
  const navigate = useNavigate();
  const fromClient = clientIdFrom(location.state);

  return (
    <Stack gap="md">
      <Title order={2}>New opt-out</Title>
      <Text size="sm" c="dimmed">
        Without a client, the number is opted out for the whole organization.
      </Text>
      <Card withBorder padding="lg">
        <AddOptOutForm
          clientId={fromClient}
          onAdded={(added) =>
            void navigate(
              fromClient && added.clientId === fromClient
                ? `/clients/${fromClient}/opt_outs`
                : `/opt-outs/${added.id}/overview`,
            )
          }
        />
      </Card>
    </Stack>
  );
}
