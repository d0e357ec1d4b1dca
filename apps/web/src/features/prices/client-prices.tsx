import { Stack, Title } from '@mantine/core';
import type { client, RecordOf } from '@canvass/domain';
import { abilitiesOf } from '../../ui/types';
import { PricesSection } from './prices-section';

/** A client's edit section Prices (spec §2 clients row): its own price rows, over the organization's. */
export function ClientPrices({ record }: { record: RecordOf<typeof client> }) {
  return (
    <Stack gap="sm">
      <Title order={4}>Prices</Title>
      <PricesSection
        scope={{ clientId: record.id }}
        canUpdate={abilitiesOf(record).update}
        description="The price of each message sent or received for this client, from its start date; where the client has none, the organization's applies."
      />
    </Stack>
  );
}
