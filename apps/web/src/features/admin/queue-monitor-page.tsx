import { Alert, Badge, Button, Card, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useMutation, useQuery } from 'urql';
import { useSession } from '../../session/session';
import { errorText, notifyFailed, notifySuccess } from '../../ui/notify';
import { formatDateTime } from '../../ui/format';

interface QueueJob {
  id: string;
  taskIdentifier: string;
  state: 'Waiting' | 'Running' | 'Failed';
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  runAt: string;
}

const QUEUE_JOBS = `query QueueJobs { queueJobs { id taskIdentifier state attempts maxAttempts lastError runAt } }`;
const RETRY = `mutation RetryQueueJob($id: ID!) { retryQueueJob(id: $id) { success message } }`;
const REMOVE = `mutation RemoveQueueJob($id: ID!) { removeQueueJob(id: $id) { success message } }`;

const STATE_COLOUR = { Waiting: 'blue', Running: 'purple', Failed: 'red' } as const;

type Payload = { success: boolean; message: string | null };

/** The queue monitor (spec §6, platform admins): background jobs waiting, running and failed; retry or remove. */
export function QueueMonitorPage() {
  const { user } = useSession();
  const context = useMemo(() => ({ additionalTypenames: ['QueueJob'], requestPolicy: 'network-only' as const }), []);
  const [result, refetch] = useQuery<{ queueJobs: QueueJob[] }>({ query: QUEUE_JOBS, context, pause: !user?.isAdmin });
  const [retrying, retry] = useMutation<{ retryQueueJob: Payload }>(RETRY);
  const [removing, remove] = useMutation<{ removeQueueJob: Payload }>(REMOVE);

  if (!user?.isAdmin) {
    return <Alert color="red">The queue monitor is for platform administrators.</Alert>;
  }

  const act = async (run: typeof retry | typeof remove, field: 'retryQueueJob' | 'removeQueueJob', id: string) => {
    const res = await run({ id });
    const payload = (res.data as Record<string, Payload> | undefined)?.[field];
    if (res.error) notifyFailed(errorText(res.error));
    else if (payload && !payload.success) notifyFailed(payload.message ?? '');
    else notifySuccess(payload?.message ?? '');
    refetch({ requestPolicy: 'network-only' });
  };
  const jobs = result.data?.queueJobs ?? [];

  return (
    <Card withBorder radius="md" p="xl">
      <Stack>
        <Group justify="space-between">
          <Title order={2}>Queue monitor</Title>
          <Button variant="default" onClick={() => refetch({ requestPolicy: 'network-only' })}>
            Refresh
          </Button>
        </Group>
        {result.error && <Alert color="red">{errorText(result.error)}</Alert>}
        {!result.fetching && !result.error && jobs.length === 0 && <Text c="dimmed">No background jobs.</Text>}
        {jobs.length > 0 && (
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Job</Table.Th>
                <Table.Th>Task</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>Attempts</Table.Th>
                <Table.Th>Runs at</Table.Th>
                <Table.Th>Last error</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {jobs.map((job) => (
                <Table.Tr key={job.id}>
                  <Table.Td>{job.id}</Table.Td>
                  <Table.Td>{job.taskIdentifier}</Table.Td>
                  <Table.Td>
                    <Badge color={STATE_COLOUR[job.state]}>{job.state}</Badge>
                  </Table.Td>
                  <Table.Td>
                    {job.attempts} / {job.maxAttempts}
                  </Table.Td>
                  <Table.Td>{formatDateTime(job.runAt)}</Table.Td>
                  <Table.Td>{job.lastError && <Code block>{job.lastError}</Code>}</Table.Td>
                  <Table.Td>
                    {job.state === 'Failed' && (
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          size="xs"
                          aria-label={`Retry job ${job.id}`}
                          loading={retrying.fetching}
                          onClick={() => void act(retry, 'retryQueueJob', job.id)}
                        >
                          Retry
                        </Button>
                        <Button
                          size="xs"
                          color="red"
                          variant="light"
                          aria-label={`Remove job ${job.id}`}
                          loading={removing.fetching}
                          onClick={() => void act(remove, 'removeQueueJob', job.id)}
                        >
                          Remove
                        </Button>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}
