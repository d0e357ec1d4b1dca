import { Card, EmptyState, Title } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { usePageTitle } from '../../ui/use-page-title';

/**
 * Stands in for a menu entry whose screens are not built yet: an honest empty state, never a fake screen.
 */
export function ComingSoonPage({ title, description }: { title: string; description: string }) {
  usePageTitle(title);
  return (
    <>
      <Title order={2} mb="md">
        {title}
      </Title>
      <Card withBorder radius="md" p="xl">
        <EmptyState
          icon={<IconHourglass size={32} />}
          variant="light"
          title="This part of Canvass is coming"
          description={description}
        />
      </Card>
    </>
  );
}
