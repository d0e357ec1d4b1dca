import { Alert, Button, Group, Menu, Select, Stack } from '@mantine/core';
import { humanize, isConfirmedAction, project, projectMessages } from '@canvass/domain';
import { IconChevronDown, IconPlayerPause, IconPlayerPlay, IconProgressCheck } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { lazyNamed } from '../../ui/lazy-component';
import { useResourceMutation } from '../../ui/use-resource-mutation';
import { LoadProgress } from '../../ui/load-progress';
import { errorText } from '../../ui/notify';
import type { ProjectActionName, ProjectLifecycle, ProjectStatusName } from './project-operations';
import { ProjectStatusBadge } from './project-status-badge';
import { useConfirmProjectAction } from './confirm-project-action';
import { actionLabel, statusErrorText, useProjectActions } from './use-project-actions';
import { useProjectLifecycle } from './use-project-lifecycle';
import { notifications } from '@mantine/notifications';

// The Test Text dialog (the stepper's form, its phone search) loads the first time it opens.
const TestTextDialog = lazyNamed(() => import('../../features/projects/test-text/test-text-dialog'), 'TestTextDialog');

/**
 * The project header's controls (spec §2 projects row, §4): the status badge, the status dropdown while the project
 * is being set up (only the options the server offers this viewer), and the actions menu with exactly the
 * loadSendProject options, manual transitions and pause/resume the lifecycle allows now.
 */
export function ProjectControls({ record }: { record: { id: string } }) {
  const { lifecycle, processed, total, error } = useProjectLifecycle(record.id);
  if (error)
    return (
      <Alert color="red" title="Error, project not loaded">
        {errorText(error)}
      </Alert>
    );
  if (!lifecycle) return null;
  return (
    <Stack gap={6}>
      <Group gap="sm" wrap="wrap">
        {/* One status: who may change it reads it in the dropdown, the others on the badge (never 'Draft' beside
            'Submitted'). */}
        {lifecycle.can.update && lifecycle.statusOptions.length > 0 ? (
          <StatusSelect lifecycle={lifecycle} />
        ) : (
          <ProjectStatusBadge status={lifecycle.projectStatus} paused={lifecycle.isPaused === true} />
        )}
        {lifecycle.can.update && <ActionsMenu lifecycle={lifecycle} />}
      </Group>
      {lifecycle.projectStatusGroup === 'Loading' && (
        <Stack gap={4} maw={420}>
          <LoadProgress processed={processed} total={total} pending={pendingText(lifecycle.projectStatus)} />
        </Stack>
      )}
    </Stack>
  );
}

/** What the bar says before the load counts anything (an unload never does). */
const pendingText = (status: ProjectStatusName) =>
  status === 'AwaitingUnload' || status === 'Unloading' ? 'Unloading the project…' : 'Loading the project…';

/** Spec §4: the status is chosen from a dropdown only in the Setup group, among the viewer's options. */
function StatusSelect({ lifecycle }: { lifecycle: ProjectLifecycle }) {
  const update = useResourceMutation(project, 'update');
  const [pending, setPending] = useState<ProjectStatusName | null>(null);
  const options = lifecycle.statusOptions.includes(lifecycle.projectStatus)
    ? lifecycle.statusOptions
    : [lifecycle.projectStatus, ...lifecycle.statusOptions];

  const change = async (value: string | null) => {
    if (!value || value === lifecycle.projectStatus) return;
    setPending(value as ProjectStatusName);
    const outcome = await update.run({ id: lifecycle.id, attributes: { projectStatus: value } });
    setPending(null);
    if (outcome.kind === 'saved') notifications.show({ color: 'green', message: projectMessages.statusChanged });
    else
      notifications.show({
        color: 'red',
        title: projectMessages.statusError,
        message: outcome.kind === 'failed' ? outcome.message : statusErrorText(outcome.errors),
      });
  };

  return (
    <Select
      aria-label="Change project status"
      // The dropdown names the statuses themselves: three of them would otherwise all read Draft.
      data={options.map((s) => ({ value: s, label: humanize(s) }))}
      value={pending ?? lifecycle.projectStatus}
      onChange={(v) => void change(v)}
      allowDeselect={false}
      disabled={update.running}
      w={160}
    />
  );
}

function ActionsMenu({ lifecycle }: { lifecycle: ProjectLifecycle }) {
  const actions = useProjectActions(lifecycle.id);
  const confirm = useConfirmProjectAction(lifecycle.id);
  const [testing, setTesting] = useState(false);
  const { availableActions, availableTransitions, canPauseOrResume, isPaused } = lifecycle;
  if (!availableActions.length && !availableTransitions.length && !canPauseOrResume) return null;

  const run = (action: ProjectActionName) => {
    // A test text needs its recipients, body and sender: the stepper's Test Text form asks for them, in a dialog.
    if (action === 'TestText') return setTesting(true);
    // Sending texts or removing work is asked about first, naming how many texts it concerns (issue 35).
    if (isConfirmedAction(action))
      return void confirm(action, lifecycle.waitsFor, () => void actions.runAction(action));
    void actions.runAction(action);
  };

  return (
    <>
      {testing && (
        <Suspense fallback={null}>
          <TestTextDialog projectId={lifecycle.id} onClose={() => setTesting(false)} />
        </Suspense>
      )}
      <Menu position="bottom-end">
        <Menu.Target>
          <Button variant="light" rightSection={<IconChevronDown size={16} />} loading={actions.running}>
            Actions
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {availableTransitions.map((to) => (
            <Menu.Item
              key={to}
              leftSection={<IconProgressCheck size={14} />}
              onClick={() => void actions.changeStatus(to)}
            >
              {transitionLabel(to)}
            </Menu.Item>
          ))}
          {availableTransitions.length > 0 && availableActions.length > 0 && <Menu.Divider />}
          {availableActions.map((action) => (
            <Menu.Item
              key={action}
              color={action === 'CancelProject' || action === 'UnloadProject' ? 'red' : undefined}
              onClick={() => run(action)}
            >
              {actionLabel(action)}
            </Menu.Item>
          ))}
          {canPauseOrResume && (
            <Menu.Item
              leftSection={isPaused ? <IconPlayerPlay size={14} /> : <IconPlayerPause size={14} />}
              onClick={() => void actions.setPaused(!isPaused)}
            >
              {isPaused ? 'Resume' : 'Pause'}
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
    </>
  );
}

/** The menu's words for a manual transition: 'Approve', 'Assign', 'Set Live'. */
function transitionLabel(to: ProjectStatusName): string {
  if (to === 'Approved') return 'Approve';
  if (to === 'Assigned') return 'Assign';
  if (to === 'Live') return 'Set Live';
  return humanize(to);
}
