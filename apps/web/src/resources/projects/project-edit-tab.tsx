import { Stack } from '@mantine/core';
import { project } from '@canvass/domain';
import { ResourceForm, type FieldInputs } from '../../ui/resource-form';
import type { ResourceRecord } from '../../ui/types';
import { ProjectSectionNav } from './project-section-nav';

/** The project's edit tab (spec §2 edit path basic-info): the Basic Info section, with the way to the others. */
export function ProjectEditTab({ record, inputs }: { record: ResourceRecord; inputs: FieldInputs }) {
  return (
    <Stack gap="xl">
      <ProjectSectionNav projectId={record.id} current="basic-info" />
      <ResourceForm def={project} record={record} mode="update" sections={['basic-info']} inputs={inputs} />
    </Stack>
  );
}
