import { Group, Text } from '@mantine/core';
import { countSegments, estimateCost, nonGsm7Characters, type AppliedPrice } from '@canvass/domain';
import { formatMoney } from '../../../ui/format';

/** What the estimate is made of: who is texted, how, at which price (applicablePrice of the project's rows). */
export interface MessageCostInput {
  recipients: number;
  messagingServiceType: 'SMS' | 'MMS';
  price: AppliedPrice;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * The live line under the message: characters, encoding (and what forces UCS-2), segments and room left in the
 * current one, and the estimated cost. `message` is the text as sent (placeholders filled in where known).
 */
export function MessageStats({ message, cost }: { message: string; cost?: MessageCostInput | null }) {
  const count = countSegments(message);
  const forcing = count.encoding === 'UCS-2' ? nonGsm7Characters(message) : [];
  const estimate = cost && estimateCost({ ...cost, segments: count.segments });
  return (
    <Group gap="xs" wrap="wrap" aria-live="polite" data-testid="message-stats">
      <Text size="sm">{plural(count.characters, 'character')}</Text>
      <Text size="sm" c="dimmed">
        ·
      </Text>
      <Text size="sm" title={forcing.length ? `Not in GSM-7: ${forcing.join(' ')}` : undefined}>
        {count.encoding}
        {forcing.length > 0 && ` (because of ${forcing.slice(0, 5).join(' ')})`}
      </Text>
      <Text size="sm" c="dimmed">
        ·
      </Text>
      <Text size="sm">{plural(count.segments, 'segment')}</Text>
      <Text size="sm" c="dimmed">
        ({count.remaining} left in this segment)
      </Text>
      {estimate && cost && (
        <>
          <Text size="sm" c="dimmed">
            ·
          </Text>
          <Text size="sm">
            Estimated cost {formatMoney(estimate.total)}
            <Text span size="sm" c="dimmed">
              {' '}
              ({plural(estimate.recipients, 'recipient')} ×{' '}
              {cost.messagingServiceType === 'SMS'
                ? `${plural(estimate.billedPerText, 'segment')} × `
                : 'one MMS each × '}
              ${cost.price.price}
              {cost.price.level === 'default' ? ', the default price: no price row applies' : ''})
            </Text>
          </Text>
        </>
      )}
    </Group>
  );
}
