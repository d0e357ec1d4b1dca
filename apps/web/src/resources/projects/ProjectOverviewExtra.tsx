import { Stack } from '@mantine/core';
import type { project, RecordOf } from '@canvass/domain';
import { ProjectMessageCheck } from './ProjectMessageCheck';
import { ProjectSummaryCard } from './ProjectSummaryCard';

/**
 * Sending, about to, or sent: the overview's counts follow the texts live. Complete stays live because delivery
 * receipts and replies keep arriving after the last text went out.
 */
const LIVE_STATUSES: readonly string[] = ['Queued', 'Sending', 'Complete'];

/** What a project's overview adds under its fields: the message with its cost and warnings, and the summaries. */
export function ProjectOverviewExtra({ record }: { record: RecordOf<typeof project> }) {
  return (
    <Stack gap="md" mt="md">
      <ProjectMessageCheck record={record} />
      <ProjectSummaryCard projectId={record.id} live={LIVE_STATUSES.includes(record.projectStatus)} />
    </Stack>
  );
}
