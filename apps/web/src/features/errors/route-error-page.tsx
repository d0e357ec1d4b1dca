import { Button, Center, Code, Stack, Text, Title } from '@mantine/core';
import { IconMoodSad } from '@tabler/icons-react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { usePageTitle } from '../../ui/use-page-title';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** The router's last resort when a page throws while rendering: say so, and offer a way back. */
export function RouteErrorPage() {
  usePageTitle('Error');
  const error = useRouteError();
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" maw={520}>
        <IconMoodSad size={48} stroke={1.5} />
        <Title order={2}>Something went wrong</Title>
        <Text c="dimmed" ta="center">
          This page could not be shown. Try again, or go back to the dashboard.
        </Text>
        <Code block>{describe(error)}</Code>
        <Button component={Link} to="/dashboard">
          Go to the dashboard
        </Button>
      </Stack>
    </Center>
  );
}
