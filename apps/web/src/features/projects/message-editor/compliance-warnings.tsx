import { Alert, List } from '@mantine/core';
import { complianceWarnings, placeholderProblems, renderMessage, type PlaceholderContext } from '@canvass/domain';
import { IconAlertTriangle } from '@tabler/icons-react';

export interface ComplianceWarningsProps {
  /** The project's message as written (placeholders and all). */
  message: string;
  /** The project's client: the first message should name it. */
  clientName?: string | null;
  /** When given, placeholders are checked against it and text defaults filled in before the checks. */
  context?: PlaceholderContext | null;
  isFirstMessage?: boolean;
}

/**
 * The compliance check of a message before it can be loaded (issue 13 §7) and the placeholders that cannot
 * render: sentences a staffer can act on, in the stepper under the editor and on the project overview.
 * Nothing is shown when there is nothing to fix.
 */
export function ComplianceWarnings({ message, clientName, context, isFirstMessage }: ComplianceWarningsProps) {
  const sent = context ? renderMessage(message, context) : message;
  const items = [
    ...(context ? placeholderProblems(message, context) : []),
    ...complianceWarnings({ message: sent, clientName, isFirstMessage }),
  ];
  if (!items.length) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      title="Check the message before loading"
      icon={<IconAlertTriangle size={18} />}
      role="status"
    >
      <List size="sm" spacing={4} aria-label="Message warnings">
        {items.map((w) => (
          <List.Item key={w.code + w.message} data-code={w.code}>
            {w.message}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
