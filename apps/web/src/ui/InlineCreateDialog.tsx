import { Alert, Loader, Modal } from '@mantine/core';
import type { ResourceDef } from '@canvass/domain';
import { errorText } from './notify';
import { ResourceForm } from './ResourceForm';
import type { ResourceRecord } from './types';
import { useBlankRecord } from './useBlankRecord';

interface Props {
  def: ResourceDef;
  opened: boolean;
  onClose(): void;
  onCreated(record: ResourceRecord): void;
  /** Values the new record starts with (an agency created from the Agency select is of type Agency). */
  preset?: Record<string, string>;
}

/** Spec §2's floating dialog: create a Client or Campaign without leaving the form that needs one. */
export function InlineCreateDialog({ def, opened, onClose, onCreated, preset }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Add new ${def.label.toLowerCase()}`} size="lg">
      {/* Mounted only while open, so every opening starts from a fresh blank. */}
      {opened && <InlineCreateBody def={def} preset={preset} onCreated={onCreated} />}
    </Modal>
  );
}

function InlineCreateBody({ def, preset, onCreated }: Pick<Props, 'def' | 'preset' | 'onCreated'>) {
  const { record, error } = useBlankRecord(def, preset);
  if (error) return <Alert color="red">{errorText(error)}</Alert>;
  if (!record) return <Loader size="sm" />;
  return <ResourceForm def={def} record={record} mode="create" onSaved={onCreated} allowInlineCreate={false} />;
}
