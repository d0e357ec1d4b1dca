import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ResourceDef } from '@canvass/domain';
import { useNavigate } from 'react-router';
import { fieldErrorsText, notifyFailed, notifySuccess } from './notify';
import type { ResourceRecord } from './types';
import { useResourceMutation } from './use-resource-mutation';

/**
 * Delete with confirmation (spec §2): asks, destroys, says the resource's own destroyed message (spec §8), then
 * leaves for `afterPath` since the record's pages no longer exist. Without one (a row deleted from a table) it stays.
 */
export function useConfirmDelete(def: ResourceDef, record: ResourceRecord, afterPath?: string) {
  const destroy = useResourceMutation(def, 'destroy');
  const navigate = useNavigate();
  const label = def.label.toLowerCase();

  const remove = async () => {
    const outcome = await destroy.run({ id: record.id });
    if (outcome.kind === 'saved') {
      notifySuccess(outcome.message ?? def.messages.destroyed);
      if (afterPath) navigate(afterPath);
    } else notifyFailed(outcome.kind === 'failed' ? outcome.message : fieldErrorsText(outcome.errors, def));
  };

  return () =>
    modals.openConfirmModal({
      title: `Delete ${label}`,
      children: <Text size="sm">Are you sure you want to delete this {label}?</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => void remove(),
    });
}
