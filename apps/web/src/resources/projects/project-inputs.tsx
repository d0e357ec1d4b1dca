import { Badge, Group, Input, MultiSelect, Radio, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import {
  canEditDeliveryType,
  canEditQuota,
  DeliveryType,
  humanize,
  projectMessages,
  isFieldLocked,
  MediaPosition,
  listDocument,
  phone,
  team,
  user,
  formatPhone,
  type ProjectStatusValue,
  type RoleName,
} from '@canvass/domain';
import { useMemo, useState } from 'react';
import { useQuery } from 'urql';
import { useSession } from '../../session/session';
import { documentsFor } from '../../ui/documents';
import { blankChildRow, patchRow, removeRow, type ChildRow } from '../../ui/form/form-values';
import type { FieldInputProps } from '../../ui/form/input-props';
import { RemoveRowButton } from '../../ui/form/row-buttons';
import type { ChildrenField } from '@canvass/domain';
import { mediaOfRecord, ProjectMedia } from '../../features/projects/message-editor/project-media';
import { useProjectLifecycle } from './use-project-lifecycle';

/** How many candidates a section offers at once: an organization's sender numbers, teams, texters. */
const CANDIDATES = 250;

const rowsOf = (value: unknown): ChildRow[] => (Array.isArray(value) ? (value as ChildRow[]) : []);
const isOn = (v: unknown) => v === true || v === 'true';

// The organization's sender numbers with their status: what the Sender section picks from.
const SENDER_PHONES = listDocument(phone, 'id number phoneStatus', 'ProjectSenderPhones', { count: false });
const SENDER_FILTERS = [{ field: 'phoneType', operation: 'Equal', value: 'FromPhone' }];

interface SenderPhone {
  id: string;
  number: string;
  phoneStatus: string;
}

/**
 * Spec §3/§4 project phones (the Sender section): each number shows as Active or Pending, only an Active number can
 * be added, and one of them can be primary (the radio moves it). A saved row removed is kept marked _destroy.
 */
export function SenderPhonesInput({ name, field, value, onChange, errors, disabled }: FieldInputProps<ChildrenField>) {
  const rows = rowsOf(value);
  const [result] = useQuery<{ phones: { nodes: SenderPhone[] } }>({
    query: SENDER_PHONES,
    variables: { filters: SENDER_FILTERS, limit: CANDIDATES, sortBy: 'number', sortOrder: 'Asc' },
  });
  const phones = useMemo(() => result.data?.phones.nodes ?? [], [result.data]);
  const byId = useMemo(() => new Map(phones.map((p) => [p.id, p])), [phones]);
  const chosen = new Set(rows.filter((r) => !r._destroy).map((r) => String(r.phoneId)));
  const addable = phones
    .filter((p) => p.phoneStatus === 'Active' && !chosen.has(p.id))
    .map((p) => ({ value: p.id, label: formatPhone(p.number) }));

  const setPrimary = (i: number) => onChange(rows.map((r, j) => ({ ...r, isPrimary: String(j === i) })));

  return (
    <Input.Wrapper label={field.label} error={errors[name]}>
      <Stack gap="xs" mt={4}>
        <Table aria-label="Sender phones">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Number</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Primary</Table.Th>
              <Table.Th aria-label="Actions" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, i) => {
              if (row._destroy) return null;
              const p = byId.get(String(row.phoneId));
              const label = p ? formatPhone(p.number) : `Phone ${String(row.phoneId)}`;
              const active = p?.phoneStatus === 'Active';
              return (
                <Table.Tr key={row.id ?? `new-${i}`}>
                  <Table.Td>{label}</Table.Td>
                  <Table.Td>
                    <Badge color={active ? 'green' : 'purple'} variant="light">
                      {active ? 'Active' : 'Pending'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Radio
                      aria-label={`${label} is the primary phone`}
                      checked={isOn(row.isPrimary)}
                      onChange={() => setPrimary(i)}
                      // Spec §4: only an Active number can be primary.
                      disabled={disabled || !active}
                      error={errors[`${name}.${i}.isPrimary`]}
                    />
                  </Table.Td>
                  <Table.Td>
                    <RemoveRowButton
                      label={`Remove ${label}`}
                      onClick={() => onChange(removeRow(rows, i))}
                      disabled={disabled}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        <Select
          aria-label="Add a phone"
          placeholder={addable.length ? 'Add an Active phone' : 'No other Active phone to add'}
          data={addable}
          value={null}
          searchable
          disabled={disabled || !addable.length}
          onChange={(id) => id && onChange([...rows, { ...blankChildRow(field), phoneId: id, isPrimary: 'false' }])}
        />
      </Stack>
    </Input.Wrapper>
  );
}

/** Teams or users of the organization, by id and name, to pick from. */
function useCandidates(kind: 'team' | 'user') {
  const def = kind === 'team' ? team : user;
  const [result] = useQuery<Record<string, { nodes: { id: string; name: string }[] }>>({
    query: documentsFor(def).options,
    variables: { filters: [], limit: CANDIDATES, sortBy: def.list.search, sortOrder: 'Asc' },
  });
  return result.data?.[def.plural].nodes ?? [];
}

/** Spec §2 Texters section: the project's teams, chosen together (a removed saved team is kept marked _destroy). */
export function TeamsInput({ name, field, value, onChange, errors, disabled }: FieldInputProps<ChildrenField>) {
  const rows = rowsOf(value);
  const teams = useCandidates('team');
  const selected = rows.filter((r) => !r._destroy).map((r) => String(r.teamId));
  const change = (ids: string[]) => {
    const kept = rows.map((r) => (r._destroy || ids.includes(String(r.teamId)) ? r : { ...r, _destroy: true }));
    const dropped = kept.filter((r) => !(r.id === null && r._destroy));
    const added = ids
      .filter((id) => !rows.some((r) => !r._destroy && String(r.teamId) === id))
      .map((id) => ({ ...blankChildRow(field), teamId: id }));
    onChange([...dropped, ...added]);
  };
  return (
    <MultiSelect
      label={field.label}
      data={teams.map((t) => ({ value: t.id, label: t.name }))}
      value={selected}
      onChange={change}
      searchable
      disabled={disabled}
      error={errors[name]}
    />
  );
}

/**
 * Spec §2/§5 texters with their quota: the quota is a number of at most 10 digits, editable only where the lifecycle
 * says (a team lead for External delivery, a client for Internal, nobody while the project is Ready).
 */
export function TextersInput({
  name,
  field,
  value,
  onChange,
  errors,
  disabled,
  values,
  record,
}: FieldInputProps<ChildrenField>) {
  const rows = rowsOf(value);
  const users = useCandidates('user');
  const names = useMemo(() => new Map(users.map((u) => [u.id, u.name])), [users]);
  const { user: me, isAdmin } = useSession();
  const [adding, setAdding] = useState<string | null>(null);
  const status = (record.projectStatus ?? 'Submitted') as ProjectStatusValue;
  const deliveryType = typeof values.deliveryType === 'string' ? values.deliveryType : String(record.deliveryType);
  const quotaEditable = canEditQuota(
    { role: (me?.role ?? 'Texter') as RoleName, isAdmin },
    { projectStatus: status, deliveryType },
  );
  const chosen = new Set(rows.filter((r) => !r._destroy).map((r) => String(r.userId)));

  return (
    <Input.Wrapper label={field.label} error={errors[name]}>
      <Stack gap="xs" mt={4}>
        {rows.map((row, i) => {
          if (row._destroy) return null;
          const who = names.get(String(row.userId)) ?? `User ${String(row.userId)}`;
          return (
            <Group key={row.id ?? `new-${i}`} gap="xs" align="flex-start" wrap="nowrap">
              <Text size="sm" style={{ flex: 2 }} mt={6}>
                {who}
              </Text>
              <TextInput
                aria-label={`Quota of ${who}`}
                placeholder="Quota"
                value={String(row.quota ?? '')}
                onChange={(e) => onChange(patchRow(rows, i, { quota: e.currentTarget.value }))}
                maxLength={10}
                inputMode="numeric"
                error={errors[`${name}.${i}.quota`]}
                disabled={disabled || !quotaEditable}
                style={{ flex: 1 }}
              />
              <RemoveRowButton
                label={`Remove ${who}`}
                onClick={() => onChange(removeRow(rows, i))}
                disabled={disabled}
              />
            </Group>
          );
        })}
        <Select
          aria-label="Add a texter"
          placeholder="Add a texter"
          data={users.filter((u) => !chosen.has(u.id)).map((u) => ({ value: u.id, label: u.name }))}
          value={adding}
          searchable
          disabled={disabled}
          onChange={(id) => {
            setAdding(null);
            if (id) onChange([...rows, { ...blankChildRow(field), userId: id }]);
          }}
        />
        {!quotaEditable && (
          <Text size="xs" c="dimmed">
            The quota is set by a team lead for External delivery or by the client for Internal delivery, and not while
            the project is Ready.
          </Text>
        )}
      </Stack>
    </Input.Wrapper>
  );
}

/** Spec §4: the status is chosen only in the Setup group, among the options the server gives this viewer. */
export function StatusInput({ field, value, onChange, errors, name, disabled, record }: FieldInputProps) {
  const { lifecycle } = useProjectLifecycle(String(record.id));
  const current = typeof value === 'string' ? value : null;
  const options = lifecycle?.statusOptions ?? [];
  const data = [...new Set([...(current ? [current] : []), ...options])].map((s) => ({ value: s, label: humanize(s) }));
  return (
    <Select
      label={field.label}
      data={data}
      value={current}
      onChange={(v) => v && onChange(v)}
      allowDeselect={false}
      disabled={disabled || options.length === 0}
      error={errors[name]}
      description={
        options.length === 0 ? 'The status changes through the actions once the project is set up' : undefined
      }
    />
  );
}

/**
 * Spec §5: the delivery type is a Client role's choice while the project is being set up; everyone else, an admin
 * included, reads it here (the server refuses their change the same way).
 */
export function DeliveryTypeInput({ field, value, onChange, errors, name, disabled, record }: FieldInputProps) {
  const { user, isAdmin } = useSession();
  const role = (isAdmin ? 'Admin' : (user?.role ?? 'Texter')) as RoleName;
  const editable = canEditDeliveryType({ role }, (record.projectStatus ?? 'Submitted') as ProjectStatusValue);
  return (
    <Select
      label={field.label}
      data={DeliveryType.options()}
      value={typeof value === 'string' ? value : null}
      onChange={(v) => v && onChange(v)}
      allowDeselect={false}
      disabled={disabled || !editable}
      error={errors[name]}
      description={editable ? undefined : projectMessages.deliveryTypeNotEditable}
    />
  );
}

/**
 * The Basic Info section's media and its position (spec §5): the file is saved by the media route as soon as it is
 * chosen (the section's Save keeps only the position); locked once the project is Complete.
 */
export function ProjectMediaInput({ name, value, onChange, errors, disabled, record }: FieldInputProps) {
  const [media, setMedia] = useState(() => mediaOfRecord(record));
  const locked = isFieldLocked(record.projectStatus as ProjectStatusValue, 'mediaUrl');
  return (
    <ProjectMedia
      projectId={record.id == null ? null : String(record.id)}
      media={media}
      onMediaChange={setMedia}
      mediaPosition={MediaPosition.is(value) ? value : 'NoPreference'}
      onMediaPositionChange={onChange}
      disabled={disabled || locked}
      error={errors[name]}
    />
  );
}
