import { Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ProjectWait } from './project-operations';
import { ProjectWaitList } from './ProjectWaits';

/** What the Send Texts dialog says its texts will wait for once sent: everything the project waits for but that. */
function SendTextsQuestion({ waits }: { waits: readonly ProjectWait[] }) {
  return (
    <Stack gap="sm">
      <Text size="sm">Its loaded texts are released to be sent.</Text>
      {waits.length ? (
        <>
          <Text size="sm" fw={600}>
            Once sent, its texts will wait:
          </Text>
          <ProjectWaitList waits={waits} label="What its texts will wait for" />
        </>
      ) : (
        <Text size="sm">Nothing holds them back: they start going out within a minute.</Text>
      )}
    </Stack>
  );
}

/**
 * Send Texts asks first, saying what the texts will wait for once sent (issue 35 §1): a project of External or
 * Internal delivery waits for texters, and is told so before it is sent, not after five silent minutes in Queued.
 */
export function openSendTextsDialog(waits: readonly ProjectWait[], send: () => void) {
  modals.openConfirmModal({
    title: 'Send Texts',
    size: 'lg',
    children: <SendTextsQuestion waits={waits.filter((w) => w.kind !== 'SendTexts')} />,
    labels: { confirm: 'Send Texts', cancel: 'Back' },
    onConfirm: send,
  });
}
