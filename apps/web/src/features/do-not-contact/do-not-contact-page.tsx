import { Card, Stack, Title } from '@mantine/core';
import { usePageTitle } from '../../app/use-page-title';
import { DoNotContactPanel } from './DoNotContactPanel';

/**
 * /organization/do-not-contact: the panel on a page of its own until the organization page's do-not-contact tab
 * mounts it.
 */
export function DoNotContactPage() {
  usePageTitle('Do not contact');
  return (
    <Stack gap="md">
      <Title order={2}>Organization</Title>
      <Card withBorder padding="lg">
        <DoNotContactPanel />
      </Card>
    </Stack>
  );
}
