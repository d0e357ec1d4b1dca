import { Select } from '@mantine/core';
import type { EnumField, ResourceDef } from '@canvass/domain';
import { useState } from 'react';
import { fieldErrorsText, notifyFailed, notifySaved } from './notify';
import { abilitiesOf, type ResourceRecord } from './types';
import { useResourceMutation } from './use-resource-mutation';

interface Props {
  def: ResourceDef;
  name: string;
  field: EnumField;
  record: ResourceRecord;
}

/** Spec §4: a status changes from a dropdown to any listed option, saved at once with just that attribute. */
export function StatusControl({ def, name, field, record }: Props) {
  const update = useResourceMutation(def, 'update');
  const saved = typeof record[name] === 'string' ? (record[name] as string) : null;
  // Shows the choice while it saves; the refetched record takes over after.
  const [pending, setPending] = useState<string | null>(null);

  const change = async (value: string | null) => {
    if (!value || value === saved) return;
    setPending(value);
    const outcome = await update.run({ id: record.id, attributes: { [name]: value } });
    setPending(null);
    if (outcome.kind === 'saved') notifySaved();
    else notifyFailed(outcome.kind === 'failed' ? outcome.message : fieldErrorsText(outcome.errors, def));
  };

  return (
    <Select
      aria-label={`${def.label} ${field.label.toLowerCase()}`}
      data={field.enum.options()}
      value={pending ?? saved}
      onChange={(v) => void change(v)}
      allowDeselect={false}
      disabled={!abilitiesOf(record).update || update.running}
      w={180}
    />
  );
}
