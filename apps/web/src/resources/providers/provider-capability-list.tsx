import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from 'urql';
import type { ProviderCapabilitiesQuery, ProviderCapabilitiesQueryVariables } from '../../gql/graphql';
import { PROVIDER_CAPABILITIES } from './provider-capabilities-operations';

type Capabilities = ProviderCapabilitiesQuery['providerCapabilities'];

const megabytes = (bytes: number) => `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;

/** The capabilities shown, in order, each with what it means for the user. */
const ROWS: readonly {
  label: string;
  available: (c: Capabilities) => boolean;
  detail?: (c: Capabilities) => string;
}[] = [
  { label: 'SMS', available: (c) => c.sms },
  {
    label: 'MMS',
    available: (c) => c.mms,
    detail: (c) => (c.mms && c.maxMediaBytes ? `up to ${megabytes(c.maxMediaBytes)}` : ''),
  },
  { label: 'Delivery receipts', available: (c) => c.deliveryReceipts },
  { label: 'Replies', available: (c) => c.inbound },
  { label: 'Number lookup', available: (c) => c.lookup },
  { label: 'Numbers purchase', available: (c) => c.numbers },
];

/**
 * What Canvass can do through a provider, each capability marked Available or Unavailable (ARCHITECTURE §5: a
 * capability a provider lacks is reported as unavailable, never faked).
 */
export function ProviderCapabilityList({ provider }: { provider: string }) {
  const [result] = useQuery<ProviderCapabilitiesQuery, ProviderCapabilitiesQueryVariables>({
    query: PROVIDER_CAPABILITIES,
    variables: { provider: provider as ProviderCapabilitiesQueryVariables['provider'] },
  });
  const capabilities = result.data?.providerCapabilities;
  return (
    <Stack gap={4}>
      <Title order={5}>Capabilities</Title>
      {!capabilities ? (
        <Text size="sm" c="dimmed">
          {result.error ? 'Capabilities could not be loaded' : 'Loading capabilities…'}
        </Text>
      ) : (
        <Stack gap={4} role="list" aria-label={`${provider} capabilities`}>
          {ROWS.map((row) => {
            const available = row.available(capabilities);
            const detail = row.detail?.(capabilities);
            return (
              <Group key={row.label} gap="xs" role="listitem" aria-label={row.label} wrap="nowrap">
                <Text size="sm" w={140}>
                  {row.label}
                </Text>
                <Badge size="sm" variant="light" color={available ? 'green' : 'gray'}>
                  {available ? 'Available' : 'Unavailable'}
                </Badge>
                {detail && (
                  <Text size="xs" c="dimmed">
                    {detail}
                  </Text>
                )}
              </Group>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
