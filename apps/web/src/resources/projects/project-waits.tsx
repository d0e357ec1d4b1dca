import { Alert, Stack, Text } from '@mantine/core';
import { ProjectWaitKind } from '@canvass/domain';
import { IconHourglass } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useQuery } from 'urql';
import type { ProjectLifecycleQuery, ProjectLifecycleQueryVariables } from '../../gql/graphql';
import { formatDateTime } from '../../ui/format';
import { PROJECT_LIFECYCLE, type ProjectWait } from './project-operations';

/** Statuses whose waits change with time (a window opens, the start comes, sending starts): read again meanwhile. */
const MOVING: readonly string[] = ['Queued', 'Sending', 'Live'];
export const WAITS_POLL_MS = 15_000;
const CONTEXT = { additionalTypenames: ['Project'] };

/** Each thing the project waits for: its heading, why, who must act, what to do where, and until when. */
export function ProjectWaitList({ waits, label }: { waits: readonly ProjectWait[]; label: string }) {
  if (!waits.length) return null;
  return (
    <Stack gap="xs" role="region" aria-label={label}>
      {waits.map((w) => (
        <Alert
          key={w.kind}
          color="orange"
          variant="light"
          icon={<IconHourglass size={18} />}
          title={ProjectWaitKind.label(w.kind)}
          aria-label={ProjectWaitKind.label(w.kind)}
        >
          <Stack gap={4}>
            <Text size="sm">{w.message}</Text>
            <Text size="sm">
              <Text span fw={600} size="sm">
                Who acts:{' '}
              </Text>
              {w.actor}
            </Text>
            {w.action && (
              <Text size="sm">
                <Text span fw={600} size="sm">
                  What to do:{' '}
                </Text>
                {w.action}
              </Text>
            )}
            {w.until && (
              <Text size="sm">
                <Text span fw={600} size="sm">
                  Until:{' '}
                </Text>
                {formatDateTime(w.until)}
              </Text>
            )}
          </Stack>
        </Alert>
      ))}
    </Stack>
  );
}

/**
 * The project header's account of what its texts wait for (issue 35 §1), on every tab of the project: read with its
 * lifecycle (one query, shared with the header's controls), and read again every WAITS_POLL_MS while the project is
 * queued, sending or live, since what it waits for ends with time.
 */
export function ProjectWaitsHeader({ projectId }: { projectId: string }) {
  const [result, refetch] = useQuery<ProjectLifecycleQuery, ProjectLifecycleQueryVariables>({
    query: PROJECT_LIFECYCLE,
    variables: { id: projectId },
    context: CONTEXT,
  });
  const lifecycle = result.data?.project;
  const moving = lifecycle ? MOVING.includes(lifecycle.projectStatus) : false;
  useEffect(() => {
    if (!moving) return;
    const timer = setInterval(() => refetch({ requestPolicy: 'network-only' }), WAITS_POLL_MS);
    return () => clearInterval(timer);
  }, [moving, refetch]);
  if (!lifecycle?.waitsFor.length) return null;
  return (
    <Stack mt="sm" maw={720}>
      <ProjectWaitList waits={lifecycle.waitsFor} label="What this project waits for" />
    </Stack>
  );
}
