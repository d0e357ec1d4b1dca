import { Alert, Loader, Modal, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ResourceDef } from '@canvass/domain';
import { useState } from 'react';
import { errorText } from './notify';
import { ResourceForm } from './resource-form';
import type { ResourceRecord } from './types';
import { useBlankRecord } from './use-blank-record';

interface Props {
  def: ResourceDef;
  opened: boolean;
  onClose(): void;
  onCreated(record: ResourceRecord): void;
  /** Values the new record starts with (an agency created from the Agency select is of type Agency). */
  preset?: Record<string, string>;
}

/**
 * Spec §2's floating dialog: create a Client, Team or Campaign without leaving the form that needs one. A resource
 * with its own discard warning (a team, spec §8) asks before a filled-in dialog is closed.
 */
export function InlineCreateDialog({ def, opened, onClose, onCreated, preset }: Props) {
  const [dirty, setDirty] = useState(false);
  const warning = def.messages.discardNew;
  // Spec §8: closing a filled-in new team asks first, in the resource's own words.
  const close = () => {
    if (!dirty || !warning) return onClose();
    modals.openConfirmModal({
      title: `Discard this ${def.label.toLowerCase()}?`,
      children: <Text size="sm">{warning}</Text>,
      labels: { confirm: 'Discard', cancel: 'Keep editing' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        setDirty(false);
        onClose();
      },
    });
  };
  return (
    <Modal opened={opened} onClose={close} title={`Add new ${def.label.toLowerCase()}`} size="lg">
      {/* Mounted only while open, so every opening starts from a fresh blank. */}
      {opened && <InlineCreateBody def={def} preset={preset} onCreated={onCreated} onDirtyChange={setDirty} />}
    </Modal>
  );
}

function InlineCreateBody({
  def,
  preset,
  onCreated,
  onDirtyChange,
}: Pick<Props, 'def' | 'preset' | 'onCreated'> & { onDirtyChange(dirty: boolean): void }) {
  const { record, error } = useBlankRecord(def, preset);
  if (error) return <Alert color="red">{errorText(error)}</Alert>;
  if (!record) return <Loader size="sm" />;
  return (
    <ResourceForm
      def={def}
      record={record}
      mode="create"
      onSaved={onCreated}
      allowInlineCreate={false}
      onDirtyChange={onDirtyChange}
    />
  );
}
