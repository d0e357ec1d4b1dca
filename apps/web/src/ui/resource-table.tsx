import { Anchor, Loader, Table, Text } from '@mantine/core';
import { sortableColumns, type ResourceDef } from '@canvass/domain';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { FieldValue } from './field-value';
import { displayText, isPhoneReference, referenceText } from './format';
import { SortableHeader } from './sortable-header';
import { isReference, type Filter, type ResourceRecord } from './types';
import type { Sort } from './use-resource-list';

interface Props {
  def: ResourceDef;
  nodes: readonly ResourceRecord[] | undefined;
  fetching: boolean;
  sort: Sort;
  onSort(column: string): void;
  /** A resource's own rendering of a cell (a row's raw phone when it has no valid one); undefined: the default. */
  cell?: CellRenderer;
  /** Rows open their record (a link on the first cell); off where the viewer may not open them (spec §6). */
  linksRecords?: boolean;
  /** The list's filters: a scoped resource sorts by its other columns only inside one record of its scope. */
  filters: readonly Filter[];
}

export type CellRenderer = (column: string, record: ResourceRecord) => ReactNode | undefined;

/**
 * The first cell's words, the link that opens the record: the field as text (a reference by its target's name, a
 * text's recipient by its formatted number, not the phone's id), or the record's id when it is blank.
 */
function firstCellText(def: ResourceDef, column: string, record: ResourceRecord): string {
  const field = def.fields[column];
  if (field.kind === 'ref') {
    const ref = record[field.as];
    return isReference(ref) && ref.name ? referenceText(field, ref.name) : record.id;
  }
  return displayText(field, record[column]) || record.id;
}

/** A number, or a reference to one: kept on one line however narrow its column. */
function isPhoneColumn(def: ResourceDef, column: string): boolean {
  const field = def.fields[column];
  return field.kind === 'phone' || (field.kind === 'ref' && isPhoneReference(field));
}

/** The index table: def.list.columns, each cell rendered the way the field's kind is shown everywhere. */
export function ResourceTable({ def, nodes, fetching, sort, onSort, cell, linksRecords = true, filters }: Props) {
  const navigate = useNavigate();
  const columns = def.list.columns;
  // A column the server does not sort by (no index behind it on a table of millions) gets a plain header.
  const sortable = new Set(sortableColumns(def, filters));
  const overview = (id: string) => `/${def.path}/${id}/overview`;

  let body;
  if (!nodes) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={columns.length}>{fetching ? <Loader size="sm" /> : null}</Table.Td>
      </Table.Tr>
    );
  } else if (nodes.length === 0) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={columns.length}>
          <Text c="dimmed" size="sm">
            No {def.pluralLabel.toLowerCase()} found
          </Text>
        </Table.Td>
      </Table.Tr>
    );
  } else {
    body = nodes.map((record) => (
      <Table.Tr
        key={record.id}
        style={linksRecords ? { cursor: 'pointer' } : undefined}
        onClick={linksRecords ? () => void navigate(overview(record.id)) : undefined}
      >
        {columns.map((column, i) => (
          <Table.Td key={column} style={isPhoneColumn(def, column) ? { whiteSpace: 'nowrap' } : undefined}>
            {i === 0 && !linksRecords ? (
              (cell?.(column, record) ?? firstCellText(def, column, record))
            ) : i === 0 ? (
              // The first cell is a real link too, so keyboard and screen-reader users can open the record.
              <Anchor component={Link} to={overview(record.id)} onClick={(e) => e.stopPropagation()}>
                {cell?.(column, record) ?? firstCellText(def, column, record)}
              </Anchor>
            ) : (
              (cell?.(column, record) ?? <FieldValue name={column} field={def.fields[column]} record={record} />)
            )}
          </Table.Td>
        ))}
      </Table.Tr>
    ));
  }

  return (
    <Table.ScrollContainer minWidth={600}>
      <Table highlightOnHover aria-label={def.pluralLabel} aria-busy={fetching}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) =>
              sortable.has(column) ? (
                <SortableHeader
                  key={column}
                  column={column}
                  label={def.fields[column].label}
                  sort={sort}
                  onSort={onSort}
                />
              ) : (
                <Table.Th key={column}>
                  <Text fw={600} size="sm">
                    {def.fields[column].label}
                  </Text>
                </Table.Th>
              ),
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{body}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
