import { notifications } from '@mantine/notifications';
import { fieldErrorsSummary, humanize, manualTransitions, messages, project, projectMessages } from '@canvass/domain';
import { useCallback, useMemo, useState } from 'react';
import { useMutation, type OperationResult } from 'urql';
import { errorText } from '../../ui/notify';
import type { FieldError } from '../../ui/types';
import {
  CHANGE_PROJECT_STATUS,
  LOAD_SEND_PROJECT,
  SET_PROJECT_PAUSED,
  type ProjectActionName,
  type ProjectActionPayload,
  type ProjectStatusName,
} from './project-operations';

/** The menu's words for each loadSendProject option ('CancelProject' → 'Cancel Project'). */
export const actionLabel = (action: ProjectActionName): string => humanize(action);

/** Spec §8: the 'Project Status Error' toast lists 'field: message', the field in words (a base error: the message). */
export function statusErrorText(errors: readonly FieldError[]): string {
  return fieldErrorsSummary(project, errors);
}

function announce(
  result: OperationResult<Record<string, ProjectActionPayload>>,
  field: string,
  title: string,
): boolean {
  const payload = result.data?.[field];
  if (result.error || !payload) {
    notifications.show({
      color: 'red',
      title: projectMessages.statusError,
      message: result.error ? errorText(result.error) : messages.failed,
    });
    return false;
  }
  if (payload.errors.length) {
    notifications.show({
      color: 'red',
      title: projectMessages.statusError,
      message: statusErrorText(payload.errors),
      style: { whiteSpace: 'pre-line' },
    });
    return false;
  }
  notifications.show({ color: 'green', title, message: payload.message ?? '' });
  return true;
}

// The project's record, lists and lifecycle all carry its typename: each is read again after an action.
const CONTEXT = { additionalTypenames: ['Project', 'Text'] };

/**
 * The lifecycle mutations of one project, each announcing its outcome in the spec's words: the server's message
 * under the action's name, 'Project Approved' / 'Project Assigned' / 'Project Live' over 'Project Status: The
 * status has been changed', 'The project is being paused/resumed'; a refusal as 'Project Status Error' listing
 * 'field: message'.
 */
export function useProjectActions(projectId: string) {
  const [, loadSend] = useMutation<Record<string, ProjectActionPayload>>(LOAD_SEND_PROJECT);
  const [, change] = useMutation<Record<string, ProjectActionPayload>>(CHANGE_PROJECT_STATUS);
  const [, pause] = useMutation<Record<string, ProjectActionPayload>>(SET_PROJECT_PAUSED);
  const [running, setRunning] = useState(false);

  const guard = useCallback(async (work: () => Promise<boolean>) => {
    setRunning(true);
    try {
      return await work();
    } finally {
      setRunning(false);
    }
  }, []);

  return useMemo(
    () => ({
      running,
      runAction: (option: ProjectActionName) =>
        guard(async () =>
          announce(await loadSend({ projectId, option }, CONTEXT), 'loadSendProject', actionLabel(option)),
        ),
      changeStatus: (projectStatus: ProjectStatusName) =>
        guard(async () => {
          const title = manualTransitions.find((t) => t.to === projectStatus)?.label ?? 'Project Status';
          return announce(await change({ projectId, projectStatus }, CONTEXT), 'changeProjectStatus', title);
        }),
      setPaused: (isPaused: boolean) =>
        guard(async () =>
          announce(
            await pause({ projectId, isPaused }, CONTEXT),
            'setProjectPaused',
            isPaused ? 'Project Paused' : 'Project Resumed',
          ),
        ),
    }),
    [running, guard, loadSend, change, pause, projectId],
  );
}
