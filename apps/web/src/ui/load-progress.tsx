import { Progress, Text } from '@mantine/core';

/**
 * A load's progress as its screen shows it (a list's rows, a project's): a bar and 'N of M rows processed' once the
 * load knows its total, a moving bar and `pending` until then.
 */
export function LoadProgress({
  processed,
  total,
  pending,
}: {
  processed: number | null;
  total: number | null;
  /** What is happening while nothing is counted yet: 'Loading the list…'. */
  pending: string;
}) {
  const known = total !== null && total > 0 && processed !== null;
  return (
    <>
      <Progress
        value={known ? Math.min(100, (100 * processed) / total) : 100}
        animated={!known}
        striped={!known}
        aria-label="Load progress"
      />
      <Text size="xs" c="dimmed">
        {known
          ? `${processed.toLocaleString()} of ${total.toLocaleString()} rows processed`
          : processed
            ? `${processed.toLocaleString()} rows processed`
            : pending}
      </Text>
    </>
  );
}
