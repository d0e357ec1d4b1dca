import { Alert, Badge, Button, Group, Loader, NativeSelect, Radio, Stack, Table, Text, Title } from '@mantine/core';
import { list as listDef, ListColumnRole, listMessages, MAX_LIST_COLUMNS } from '@canvass/domain';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQuery, type CombinedError } from 'urql';
import type {
  ListPreviewQuery,
  ListPreviewQueryVariables,
  LoadListMutation,
  LoadListMutationVariables,
  SetListColumnsMutation,
  SetListColumnsMutationVariables,
} from '../../gql/graphql';
import { errorText, fieldErrorsText, notifyFailed, notifySuccess } from '../../ui/notify';
import type { FieldError } from '../../ui/types';
import { columnRoleProblems, guessColumnRoles, placeholderNames } from './column-roles';
import {
  LIST_PREVIEW,
  LOAD_LIST,
  SET_LIST_COLUMNS,
  type ColumnRole,
  type ListPayload,
  type ListSheet,
} from './list-operations';
import { ListFileAgain } from './list-file-again';
import { isErrorStatus, isLoadingStatus, loadErrorText, noteLoadStarted, useListLoad } from './use-list-load';

const PREVIEW_ROWS = 10;
const roleOptions = ListColumnRole.options();

/** The user's choice for one sheet; roles are null until the preview has arrived and they were guessed. */
interface Choice {
  sheetId: string;
  headerRowIndex: number;
  roles: ColumnRole[] | null;
}

function initialChoice(sheet: ListSheet): Choice {
  return {
    sheetId: sheet.id,
    headerRowIndex: sheet.headerRowIndex,
    roles: sheet.columnRoles.length ? sheet.columnRoles : null,
  };
}

/** Every row as wide as the widest, so each column has a role even where a row is short. */
function widen(rows: readonly string[][]): string[][] {
  const width = Math.max(0, ...rows.map((r) => r.length));
  return rows.map((r) => [...r, ...Array<string>(width - r.length).fill('')]);
}

/**
 * The sheet, header row and column roles of a list, on a preview of its first rows, then "Load list"
 * (setListColumns, then loadList). Shown right after a list is created and in its basic-info section.
 */
export function ColumnPicker({ record }: { record: { id: string } }) {
  const { list, loading } = useListLoad(record);
  const sheets = list?.sheets ?? [];
  if (!list) return <Loader />;
  const failed = isErrorStatus(list.listStatus);
  // A failed list says why here too, and takes its file again (ListFileAgain).
  const again = (failed || sheets.length === 0) && (
    <>
      <Alert color="red" title={failed ? 'The list could not be loaded' : 'No sheets'}>
        {failed
          ? loadErrorText(list)
          : "The list's source has no sheets to load. Upload the file again or check the Google Sheet key."}
      </Alert>
      <ListFileAgain listId={list.id} />
    </>
  );
  if (sheets.length === 0) return <Stack gap="md">{again}</Stack>;
  return (
    <Stack gap="md">
      {again}
      {/* New sheets (the file uploaded again) start a new choice. */}
      <SheetChoice
        key={sheets.map((s) => s.id).join()}
        listId={list.id}
        sheets={sheets}
        busy={loading || isLoadingStatus(list.listStatus)}
      />
    </Stack>
  );
}

function SheetChoice({ listId, sheets, busy }: { listId: string; sheets: ListSheet[]; busy: boolean }) {
  const navigate = useNavigate();
  const [choice, setChoice] = useState<Choice>(() => initialChoice(sheets[0]));
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const [preview] = useQuery<ListPreviewQuery, ListPreviewQueryVariables>({
    query: LIST_PREVIEW,
    variables: { listId, sheetId: choice.sheetId, limit: PREVIEW_ROWS },
  });
  const [setColumnsState, setColumns] = useMutation<SetListColumnsMutation, SetListColumnsMutationVariables>(
    SET_LIST_COLUMNS,
  );
  const [loadState, load] = useMutation<LoadListMutation, LoadListMutationVariables>(LOAD_LIST);

  const rows = useMemo(() => widen(preview.data?.listPreview ?? []), [preview.data]);
  const headers = rows[choice.headerRowIndex] ?? rows[0] ?? [];
  const roles = choice.roles ?? guessColumnRoles(headers);
  const problems = rows.length ? columnRoleProblems(roles) : [];
  const placeholders = placeholderNames(headers, roles);
  const running = setColumnsState.fetching || loadState.fetching;

  const pickSheet = (sheetId: string) => {
    const sheet = sheets.find((s) => s.id === sheetId);
    if (sheet) setChoice(initialChoice(sheet));
  };
  // A new header row names the columns differently: guess their roles again.
  const pickHeaderRow = (index: number) => setChoice((c) => ({ ...c, headerRowIndex: index, roles: null }));
  const pickRole = (column: number, role: ColumnRole) =>
    setChoice((c) => ({ ...c, roles: roles.map((r, i) => (i === column ? role : r)) }));

  /** A refusal: shown on the form and as a toast; false stops the next step. */
  const accepted = (payload: ListPayload | undefined, error: CombinedError | undefined): payload is ListPayload => {
    if (error || !payload) {
      notifyFailed(error ? errorText(error) : listMessages.loadFailedDetail, listMessages.loadFailed);
      return false;
    }
    if (payload.errors.length) {
      setServerErrors(payload.errors);
      notifyFailed(fieldErrorsText(payload.errors, listDef), listMessages.loadFailed);
      return false;
    }
    return true;
  };

  const submit = async () => {
    setServerErrors([]);
    const saved = await setColumns({
      listId,
      sheetId: choice.sheetId,
      headerRowIndex: choice.headerRowIndex,
      columnRoles: roles,
    });
    if (!accepted(saved.data?.setListColumns, saved.error)) return;
    noteLoadStarted(listId);
    const started = await load({ listId });
    const payload = started.data?.loadList;
    if (!accepted(payload, started.error)) return;
    notifySuccess(payload.message ?? listMessages.loadStarted);
    void navigate(`/lists/${listId}/overview`);
  };

  return (
    <Stack gap="md" aria-label="Sheet and columns">
      <Title order={4}>Sheet and columns</Title>
      <NativeSelect
        label="Sheet"
        data={sheets.map((s) => ({ value: s.id, label: s.name }))}
        value={choice.sheetId}
        onChange={(e) => pickSheet(e.currentTarget.value)}
        maw={360}
      />
      <Text size="sm">
        Pick the header row, then what each column holds: one Phone number column, at most one First name and one Last
        name. Up to {MAX_LIST_COLUMNS} columns can be kept; their header names become message placeholders. Mark the
        columns you do not need as Skip.
      </Text>
      {preview.error && <Alert color="red">{errorText(preview.error)}</Alert>}
      {preview.fetching && !rows.length ? (
        <Loader size="sm" />
      ) : (
        <Table.ScrollContainer minWidth={500} mah={350}>
          <Table withTableBorder withColumnBorders aria-label="Preview">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Header</Table.Th>
                {headers.map((header, i) => (
                  <Table.Th key={i}>
                    <NativeSelect
                      aria-label={`Role of column ${header || i + 1}`}
                      data={roleOptions}
                      value={roles[i]}
                      onChange={(e) => pickRole(i, e.currentTarget.value as ColumnRole)}
                      size="xs"
                    />
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, r) => (
                <Table.Tr key={r} fw={r === choice.headerRowIndex ? 700 : undefined}>
                  <Table.Td>
                    <Radio
                      aria-label={`Row ${r + 1} is the header row`}
                      checked={r === choice.headerRowIndex}
                      onChange={() => pickHeaderRow(r)}
                    />
                  </Table.Td>
                  {row.map((cell, c) => (
                    <Table.Td key={c}>{cell}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group gap="xs">
        <Text size="sm" fw={600}>
          Message placeholders ({placeholders.length} of {MAX_LIST_COLUMNS}):
        </Text>
        {placeholders.length ? (
          placeholders.map((name, i) => (
            <Badge key={i} variant="light" tt="none">
              {name || `Column ${i + 1}`}
            </Badge>
          ))
        ) : (
          <Text size="sm" c="dimmed">
            none
          </Text>
        )}
      </Group>
      {(problems.length > 0 || serverErrors.length > 0) && (
        <Alert color="red" title="Before loading" role="alert">
          <Stack gap={4}>
            {problems.map((p) => (
              <Text key={p} size="sm">
                {p}
              </Text>
            ))}
            {serverErrors.flatMap((e) =>
              e.messages.map((m) => (
                <Text key={`${e.field}:${m}`} size="sm">
                  {m}
                </Text>
              )),
            )}
          </Stack>
        </Alert>
      )}
      <Group justify="flex-end">
        <Button onClick={() => void submit()} loading={running} disabled={busy || !rows.length || problems.length > 0}>
          Load list
        </Button>
      </Group>
    </Stack>
  );
}
