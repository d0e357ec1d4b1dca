import { Stack, Title } from '@mantine/core';
import { useMemo } from 'react';
import { ApplicablePrices } from '../../features/prices/applicable-prices';
import { PricesSection } from '../../features/prices/prices-section';
import { abilitiesOf, type ResourceRecord } from '../../ui/types';

/**
 * The project's prices tab (spec §2 projects row, §3 Price): the price that applies to each kind of message and the
 * level it comes from, then the project's own rows, which override its client's and the organization's.
 */
export function ProjectPricesTab({ record }: { record: ResourceRecord }) {
  const target = useMemo(() => ({ projectId: record.id }), [record.id]);
  return (
    <Stack gap="lg">
      <Title order={3}>Prices</Title>
      <ApplicablePrices target={target} />
      <Title order={4}>This project&apos;s prices</Title>
      <PricesSection
        scope={target}
        canUpdate={abilitiesOf(record).update}
        description="The price of each message sent or received for this project, from its start date; where the project has none, its client's and then the organization's apply."
      />
    </Stack>
  );
}
