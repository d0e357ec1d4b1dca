import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The frame of every signed-out page: product name, page title, one card. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Stack w="100%" maw={420} gap="lg">
        <Text ta="center" fw={800} fz={28} c="indigo.8">
          Canvass
        </Text>
        <Paper withBorder shadow="sm" radius="md" p="xl">
          <Title order={2} size="h3" mb="md">
            {title}
          </Title>
          {children}
        </Paper>
      </Stack>
    </Center>
  );
}
