import { Card, Stack, Text, Title } from '@mantine/core';
import {
  EMPTY_MESSAGE_PLACEHOLDER,
  estimatedRecipients,
  messagingServiceTypeFor,
  parseMoney,
  type AppliedPrice,
  type project,
  type RecordOf,
} from '@canvass/domain';
import { useMemo } from 'react';
import { useQuery } from 'urql';
import { useApplicablePrices, type ApplicablePrice } from '../../features/prices/applicable-prices';
import { ComplianceWarnings, MessageStats } from '../../features/projects/message-editor';
import type { ProjectOverviewCountsQuery, ProjectOverviewCountsQueryVariables } from '../../gql/graphql';
import { PROJECT_OVERVIEW_COUNTS } from './summary-operations';
import { useProjectSummary } from './use-project-summary';

type ProjectRecord = RecordOf<typeof project>;

/** The server's applicable price as the estimate reads it (its level lower-case, spec §9's header price when none). */
function appliedPrice(p: ApplicablePrice): AppliedPrice | null {
  const price = p.price ?? p.headerPrice;
  const units = parseMoney(price);
  if (units === null) return null;
  const level = (p.level?.toLowerCase() ?? 'default') as AppliedPrice['level'];
  return { units, price, level: p.price ? level : 'default', startAt: p.price ? p.startAt : null };
}

/**
 * Who the project texts, for the estimate: the texts the load made once it is loaded; before, the list's valid rows
 * (Blended) or its rows on the two major carriers (Optimized, spec §9).
 */
function useRecipients(record: ProjectRecord): number | null {
  const { summary } = useProjectSummary(record.id);
  const listId = typeof record.listId === 'string' ? record.listId : null;
  const variables = useMemo(() => ({ listId: listId ?? '' }), [listId]);
  const [counts] = useQuery<ProjectOverviewCountsQuery, ProjectOverviewCountsQueryVariables>({
    query: PROJECT_OVERVIEW_COUNTS,
    variables,
    pause: !listId || Boolean(summary?.loadedAt),
  });
  if (summary?.loadedAt) return summary.totalTexts;
  const list = counts.data?.list;
  if (!list) return null;
  return estimatedRecipients(record.pricingType, {
    eligible: list.validRowsCount,
    optimized: list.optimizedRowsCount,
  });
}

/**
 * The overview's message card: the message with its character and segment count and the estimated cost at the
 * price that applies to the project (h-prices' applicable prices), and the compliance warnings to fix before it is
 * loaded (issue 13 §6, §7).
 */
export function ProjectMessageCheck({ record }: { record: ProjectRecord }) {
  const message = typeof record.message === 'string' ? record.message : '';
  const written = message !== '' && message !== EMPTY_MESSAGE_PLACEHOLDER;
  const serviceType = messagingServiceTypeFor(Boolean(record.mediaUrl));
  const { prices } = useApplicablePrices(useMemo(() => ({ projectId: record.id }), [record.id]));
  const recipients = useRecipients(record);
  const row = prices?.find(
    (p) => p.isSent && p.messagingServiceType === serviceType && p.campaignType === record.campaignType,
  );
  const price = row ? appliedPrice(row) : null;
  const clientName = (record.client as { name?: string } | null | undefined)?.name ?? null;

  return (
    <Card withBorder padding="lg" aria-label="Message and cost" component="section">
      <Stack gap="sm">
        <Title order={4}>Message and cost</Title>
        {!written ? (
          <Text size="sm" c="dimmed">
            No message yet: write it in the Basic Info section.
          </Text>
        ) : (
          <>
            <MessageStats
              message={message}
              cost={price && recipients !== null ? { recipients, messagingServiceType: serviceType, price } : null}
            />
            <ComplianceWarnings message={message} clientName={clientName} />
          </>
        )}
      </Stack>
    </Card>
  );
}
