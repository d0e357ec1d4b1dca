import { MultiSelect, Text } from '@mantine/core';
import { client } from '@canvass/domain';
import { useQuery } from 'urql';
import type { ChildRow } from '../../ui/form/form-values';
import type { FieldInputProps } from '../../ui/form/input-props';
import { documentsFor } from '../../ui/documents';
import type { Reference } from '../../ui/types';

/** The clients a data views select offers: as many as one page holds, by name. */
const CLIENTS_SHOWN = 500;

/** The organization's clients the viewer may see, by name: what data views are chosen from and named by. */
function useClientChoices(): Reference[] {
  const [result] = useQuery<{ clients: { nodes: Reference[] } }>({
    query: documentsFor(client).options,
    variables: { limit: CLIENTS_SHOWN, sortBy: 'name', sortOrder: 'Asc', filters: [] },
  });
  return result.data?.clients.nodes ?? [];
}

/** A user's data views on its overview: the clients' names (a client the viewer may not see stays unnamed). */
export function DataViewsList({ rows }: { rows: readonly { clientId: string | number }[] }) {
  const clients = useClientChoices();
  if (!rows.length) return <Text size="sm">No limit: every client</Text>;
  const names = rows.map((r) => clients.find((c) => c.id === String(r.clientId))?.name ?? 'A client you cannot see');
  return <Text size="sm">{names.join(', ')}</Text>;
}

/**
 * Data Views (spec §3 userViews, clientUserViews in the form): the clients this user is limited to, chosen in one
 * select. Kept as the field's rows: a saved row unchosen is marked _destroy, a newly chosen client is a new row.
 */
export function DataViewsInput({ name, field, value, onChange, errors, disabled }: FieldInputProps) {
  const rows = (Array.isArray(value) ? value : []) as ChildRow[];
  const clients = useClientChoices();
  const chosen = rows.filter((r) => !r._destroy).map((r) => String(r.clientId));

  const choose = (ids: string[]) => {
    const kept = rows
      .filter((r) => r.id !== null || ids.includes(String(r.clientId)))
      .map((r) => ({ ...r, _destroy: !ids.includes(String(r.clientId)) }));
    const added = ids
      .filter((id) => !rows.some((r) => String(r.clientId) === id))
      .map((id): ChildRow => ({ id: null, _destroy: false, clientId: id }));
    onChange([...kept, ...added]);
  };

  return (
    <MultiSelect
      label={field.label}
      description="Only these clients' records are shown to the user; none chosen: no limit"
      placeholder="Choose clients"
      searchable
      data={clients.map((c) => ({ value: c.id, label: c.name }))}
      value={chosen}
      onChange={choose}
      error={errors[name]}
      disabled={disabled}
    />
  );
}
