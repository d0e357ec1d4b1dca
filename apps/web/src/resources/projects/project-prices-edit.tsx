import { Stack } from '@mantine/core';
import { project } from '@canvass/domain';
import { useMemo } from 'react';
import { PricesSection } from '../../features/prices/prices-section';
import { ResourceForm } from '../../ui/resource-form';
import { abilitiesOf, type ResourceRecord } from '../../ui/types';
import { ProjectSectionNav } from './project-section-nav';

/** The edit section Prices (spec §2): the project's pricing type (its own form), then its own price rows. */
export function ProjectPricesEdit({ record }: { record: ResourceRecord }) {
  const scope = useMemo(() => ({ projectId: record.id }), [record.id]);
  return (
    <Stack gap="xl">
      <ResourceForm def={project} record={record} mode="update" sections={['prices']} />
      <PricesSection
        scope={scope}
        canUpdate={abilitiesOf(record).update}
        description="The price of each message sent or received for this project, from its start date; where the project has none, its client's and then the organization's apply."
      />
      <ProjectSectionNav projectId={record.id} current="prices" />
    </Stack>
  );
}
