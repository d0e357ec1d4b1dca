import { Stack } from '@mantine/core';
import type { project, RecordOf } from '@canvass/domain';
import { ProjectMessageCheck } from './project-message-check';
import { ProjectSummaryCard } from './project-summary-card';
import { isLiveProject } from './use-project-summary';

/** What a project's overview adds under its fields: the message with its cost and warnings, and the summaries. */
export function ProjectOverviewExtra({ record }: { record: RecordOf<typeof project> }) {
  return (
    <Stack gap="md" mt="md">
      <ProjectMessageCheck record={record} />
      <ProjectSummaryCard projectId={record.id} live={isLiveProject(record.projectStatus)} />
    </Stack>
  );
}
