import { ActionIcon, Alert, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { createdMessage, isFieldDisabled, listFilter, listFilterMessages } from '@canvass/domain';
import { IconInfoCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, type FormEvent } from 'react';
import { useQuery } from 'urql';
import { useSession } from '../../session/session';
import { FieldValue } from '../../ui/field-value';
import { FieldInput } from '../../ui/form/field-input';
import { toAttributes } from '../../ui/form/form-values';
import { placeServerErrors } from '../../ui/form/server-errors';
import { joinErrors, useFormState } from '../../ui/form/use-form-state';
import { ListPager } from '../../ui/list-pager';
import { errorText, fieldErrorsText, notifyFailed, notifySaved } from '../../ui/notify';
import type { Filter, ResourceRecord } from '../../ui/types';
import { useConfirmDelete } from '../../ui/use-confirm-delete';
import { useResourceList } from '../../ui/use-resource-list';
import { useResourceMutation } from '../../ui/use-resource-mutation';

const CARRIER_DATA = 'query ListFilterCarrierData { listFilterCarrierDataAvailable }';
/** What a filter is made of on these screens; its level is the screen's (the organization, or this client). */
const FIELDS = ['listFilterType', 'carrier', 'state'] as const;
const BLANK = { listFilterType: null, carrier: null, state: null };

/** Whose filters a panel lists and adds: a client's, a project's, or (neither) the organization's. */
export interface ListFilterLevelIds {
  clientId: string | null;
  projectId?: string | null;
}

/**
 * The list filters of one level (spec §2 list-filters tabs): the organization's (no client, no project), a client's
 * or a project's.
 * A table of the level's filters with delete, an Add row (type, then carrier or state when the type takes one),
 * and a plain notice while no number lookup has filled carrier data, which Carrier and Landline filters act on.
 */
export function ListFiltersPanel({
  clientId,
  projectId = null,
  title = 'List Filters',
}: ListFilterLevelIds & { title?: string }) {
  const { can } = useSession();
  // Neither: the organization's own filters (With false is "has none").
  const level = useMemo<Filter[]>(
    () =>
      projectId
        ? [{ field: 'projectId', operation: 'Equal', value: projectId }]
        : clientId
          ? [{ field: 'clientId', operation: 'Equal', value: clientId }]
          : [
              { field: 'clientId', operation: 'With', value: 'false' },
              { field: 'projectId', operation: 'With', value: 'false' },
            ],
    [clientId, projectId],
  );
  const list = useResourceList(listFilter, level);
  const nodes = list.connection?.nodes;

  return (
    <Stack gap="md">
      <Title order={3}>{title}</Title>
      <CarrierDataNotice />
      {can('Create', listFilter.typeName) && (
        <AddListFilter clientId={projectId ? null : clientId} projectId={projectId} />
      )}
      {list.error && (
        <Alert color="red" title="Failed">
          {errorText(list.error)}
        </Alert>
      )}
      <Table aria-label={title} aria-busy={list.fetching}>
        <Table.Thead>
          <Table.Tr>
            {FIELDS.map((name) => (
              <Table.Th key={name}>{listFilter.fields[name].label}</Table.Th>
            ))}
            <Table.Th aria-label="Actions" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {nodes?.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={FIELDS.length + 1}>
                <Text c="dimmed" size="sm">
                  {projectId
                    ? "This project has no list filters of its own: its client's and the organization's apply."
                    : clientId
                      ? "This client has no list filters of its own: the organization's apply to its projects."
                      : 'The organization has no list filters.'}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {nodes?.map((record) => (
            <ListFilterRow key={record.id} record={record} />
          ))}
        </Table.Tbody>
      </Table>
      <ListPager
        total={list.total}
        pageInfo={list.connection?.pageInfo}
        onPrevious={list.previousPage}
        onNext={list.nextPage}
      />
    </Stack>
  );
}

function ListFilterRow({ record }: { record: ResourceRecord }) {
  const { can } = useSession();
  // Deleting a row leaves the screen where it is.
  const confirmDelete = useConfirmDelete(listFilter, record);
  const type = listFilter.fields.listFilterType.enum.label(String(record.listFilterType));
  return (
    <Table.Tr>
      {FIELDS.map((name) => (
        <Table.Td key={name}>
          <FieldValue name={name} field={listFilter.fields[name]} record={record} />
        </Table.Td>
      ))}
      <Table.Td>
        {/* Every row listed is one the viewer may see; what it may do with them is its role's (policy.ts). */}
        {can('Delete', listFilter.typeName) && (
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Delete the ${type} filter${record.carrier || record.state ? ` for ${String(record.carrier ?? record.state)}` : ''}`}
            onClick={confirmDelete}
          >
            <IconTrash size={16} />
          </ActionIcon>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** The Add row: the registry's inputs and rules, the carrier and state inputs switched on by the type. */
function AddListFilter({ clientId, projectId }: ListFilterLevelIds) {
  const { isAdmin } = useSession();
  const form = useFormState(listFilter, BLANK);
  const create = useResourceMutation(listFilter, 'create');

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A project's filter names its project alone (a filter belongs to one level); the others name their client.
    const values = projectId ? { ...form.values, projectId } : { ...form.values, clientId };
    const level = projectId ? 'projectId' : 'clientId';
    const { attributes, errors } = toAttributes(listFilter, values, [...FIELDS, level], {
      isCreate: true,
      isAdmin,
    });
    if (Object.keys(errors).length) return form.setErrors(joinErrors(errors));
    const outcome = await create.run({ attributes });
    if (outcome.kind === 'failed') return notifyFailed(outcome.message);
    if (outcome.kind === 'invalid') {
      const { onFields, elsewhere } = placeServerErrors(listFilter, outcome.errors, FIELDS);
      form.setErrors(onFields);
      if (elsewhere.length) notifyFailed(fieldErrorsText(elsewhere, listFilter), 'Error');
      return;
    }
    notifySaved(createdMessage(listFilter));
    form.resetTo(BLANK);
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Add list filter">
      <Group align="flex-start" gap="sm">
        {FIELDS.map((name) => (
          <FieldInput
            key={name}
            name={name}
            field={listFilter.fields[name]}
            value={form.values[name] ?? null}
            onChange={(v) => form.setValue(name, v)}
            errors={form.errors}
            disabled={isFieldDisabled(listFilter.fields[name], form.values)}
            values={form.values}
            record={{}}
            allowInlineCreate={false}
          />
        ))}
        <Button type="submit" mt={24} leftSection={<IconPlus size={16} />} loading={create.running}>
          Add
        </Button>
      </Group>
    </form>
  );
}

/** Carrier and Landline filters need carrier data on phones; until a lookup provider fills it, say so plainly. */
function CarrierDataNotice() {
  const [result] = useQuery<{ listFilterCarrierDataAvailable: boolean }>({ query: CARRIER_DATA });
  if (result.data?.listFilterCarrierDataAvailable !== false) return null;
  return (
    <Alert color="blue" icon={<IconInfoCircle size={18} />} title={listFilterMessages.carrierDataUnavailableTitle}>
      {listFilterMessages.carrierDataUnavailable}
    </Alert>
  );
}
