import { Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { actionQuestion, projectMessages, type ConfirmedAction } from '@canvass/domain';
import { useCallback } from 'react';
import { useClient } from 'urql';
import type { ProjectActionTextsQuery, ProjectActionTextsQueryVariables } from '../../gql/graphql';
import { errorText } from '../../ui/notify';
import { PROJECT_ACTION_TEXTS, type ProjectWait } from './project-operations';
import { ProjectWaitList } from './project-waits';
import { actionLabel } from './use-project-actions';

/** What Send Texts adds to its question: what its texts will wait for once sent (issue 35 §1). */
function SendTextsWaits({ waits }: { waits: readonly ProjectWait[] }) {
  if (!waits.length) return <Text size="sm">Nothing holds them back: they start going out within a minute.</Text>;
  return (
    <>
      <Text size="sm" fw={600}>
        Once sent, its texts will wait:
      </Text>
      <ProjectWaitList waits={waits} label="What its texts will wait for" />
    </>
  );
}

/**
 * The dialog of an action that sends texts or removes work (issue 35): the question names how many texts it
 * concerns; Send Texts says too what they will wait for once sent. Back changes nothing.
 */
export function openProjectActionConfirm(
  action: ConfirmedAction,
  count: number,
  waits: readonly ProjectWait[],
  confirm: () => void,
) {
  const removes = action === 'UnloadProject' || action === 'CancelProject';
  modals.openConfirmModal({
    title: actionLabel(action),
    size: action === 'SendTexts' ? 'lg' : 'md',
    children: (
      <Stack gap="sm">
        <Text size="sm">{actionQuestion(action, count)}</Text>
        {action === 'SendTexts' && <SendTextsWaits waits={waits.filter((w) => w.kind !== 'SendTexts')} />}
      </Stack>
    ),
    labels: { confirm: actionLabel(action), cancel: 'Back' },
    confirmProps: removes ? { color: 'red' } : undefined,
    onConfirm: confirm,
  });
}

/**
 * Asks before a confirmed action on the project: the count of its texts is read from the server when the action is
 * chosen (never a stale figure), then the dialog opens; a failed read is said and nothing runs.
 */
export function useConfirmProjectAction(projectId: string) {
  const client = useClient();
  return useCallback(
    async (action: ConfirmedAction, waits: readonly ProjectWait[], confirm: () => void) => {
      const read = await client
        .query<ProjectActionTextsQuery, ProjectActionTextsQueryVariables>(
          PROJECT_ACTION_TEXTS,
          { id: projectId, action },
          { requestPolicy: 'network-only' },
        )
        .toPromise();
      const count = read.data?.project?.actionTexts;
      if (read.error || count == null) {
        notifications.show({
          color: 'red',
          title: projectMessages.statusError,
          message: read.error ? errorText(read.error) : 'Error, project not loaded',
        });
        return;
      }
      openProjectActionConfirm(action, count, waits, confirm);
    },
    [client, projectId],
  );
}
