import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Provider } from '@canvass/domain';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useQuery } from 'urql';
import type { ProjectTextInsightsQuery, ProjectTextInsightsQueryVariables } from '../../gql/graphql';
import { errorText } from '../../ui/notify';
import { formatTimeOfDay } from '../../ui/format';
import { PROJECT_TEXT_INSIGHTS, type TextInsight } from './text-insights-operations';

const CONTEXT = { additionalTypenames: ['Text'] };
const PALETTE = ['blue.6', 'teal.6', 'orange.6', 'grape.6', 'red.6', 'cyan.6', 'lime.6', 'gray.6'];
/** While texts move, the pace is read again at most this often: a push comes with every batch sent. */
const REFRESH_MS = 2000;

/** One bar per minute with a value per provider (recharts' shape), and the providers as series. */
function chartOf(insights: readonly TextInsight[]) {
  const providers = [...new Set(insights.map((i) => i.provider))];
  const byMinute = new Map<string, Record<string, string | number>>();
  for (const i of insights) {
    const point = byMinute.get(i.time) ?? { minute: formatTimeOfDay(i.time) };
    point[i.provider] = i.sentByMinute;
    byMinute.set(i.time, point);
  }
  const series = providers.map((name) => ({
    name,
    label: Provider.is(name) ? Provider.label(name) : name,
    color: PALETTE[Provider.values.indexOf(name as never) % PALETTE.length] ?? 'gray.6',
  }));
  return { data: [...byMinute.values()], series };
}

/** Calls `refresh` when `signal` changes to something, at most once every `everyMs` (the last change always lands). */
function useThrottledRefresh(signal: unknown, refresh: () => void, everyMs: number) {
  const last = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    if (signal === null || signal === undefined || timer.current) return;
    const run = () => {
      timer.current = null;
      last.current = Date.now();
      refresh();
    };
    const wait = last.current + everyMs - Date.now();
    if (wait <= 0) run();
    else timer.current = setTimeout(run, wait);
  }, [signal, refresh, everyMs]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
}

/**
 * Spec §3 Text insight: how fast the project's texts went out, per provider, minute by minute. Bars, so a send
 * shorter than a minute still shows. `moved` changes each time the server pushes that the project's texts moved
 * (useProjectSummary's pushed): the pace is read again then, so the chart grows while the project sends.
 */
export function SendingPaceChart({ projectId, moved = null }: { projectId: string; moved?: unknown }) {
  const variables = useMemo(() => ({ projectId }), [projectId]);
  const [result, reexecute] = useQuery<ProjectTextInsightsQuery, ProjectTextInsightsQueryVariables>({
    query: PROJECT_TEXT_INSIGHTS,
    variables,
    context: CONTEXT,
  });
  const refresh = useCallback(() => reexecute({ requestPolicy: 'network-only' }), [reexecute]);
  useThrottledRefresh(moved, refresh, REFRESH_MS);
  const insights = result.data?.projectTextInsights ?? null;
  const chart = useMemo(() => chartOf(insights ?? []), [insights]);
  if (result.error) return <Alert color="red">{errorText(result.error)}</Alert>;
  if (!insights) return null;
  const total = insights.reduce((n, i) => n + i.sentByMinute, 0);
  const peak = insights.reduce((best, i) => Math.max(best, i.averagePerSecond), 0);
  return (
    <Stack gap="xs" aria-label="Sending pace">
      <Title order={4}>Texts sent by minute</Title>
      {insights.length === 0 ? (
        <Text c="dimmed">No texts sent yet.</Text>
      ) : (
        <>
          <Text size="sm" aria-label="Texts sent">
            {total.toLocaleString('en-US')} sent; at most {peak.toLocaleString('en-US')} per second on average in a
            minute.
          </Text>
          <BarChart
            h={260}
            data={chart.data}
            dataKey="minute"
            series={chart.series}
            type="stacked"
            maxBarWidth={48}
            withLegend
          />
        </>
      )}
    </Stack>
  );
}
