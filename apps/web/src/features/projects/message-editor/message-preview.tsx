import { Paper, Stack, Text } from '@mantine/core';
import { renderMessage, type PlaceholderContext, type PlaceholderRecipient } from '@canvass/domain';
import { useMemo } from 'react';

/** A recipient the preview renders the message for: who it is (name and number) and its row's values. */
export interface MessageSample {
  label: string;
  recipient: PlaceholderRecipient;
}

/**
 * The message as one recipient of the list receives it, beside the editor: names, list columns, text defaults and
 * links filled in. Without a list there is no one to render it for, and the preview says so rather than guess.
 */
export function MessagePreview({
  message,
  context,
  sample,
}: {
  message: string;
  context: PlaceholderContext;
  sample: MessageSample | null;
}) {
  const rendered = useMemo(
    () => (sample ? renderMessage(message, context, sample.recipient) : null),
    [message, context, sample],
  );
  return (
    <Stack gap={4} component="section" aria-label="Message preview">
      <Text size="sm" fw={500}>
        Preview
      </Text>
      <Text size="xs" c="dimmed">
        {sample
          ? `As ${sample.label} receives it`
          : 'Choose a list to see the message as one of its recipients gets it'}
      </Text>
      {rendered !== null && (
        <Paper withBorder p="sm" radius="lg" bg="var(--mantine-color-gray-light)" data-testid="message-preview">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {rendered || ' '}
          </Text>
        </Paper>
      )}
    </Stack>
  );
}
