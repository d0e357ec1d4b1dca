import { Alert, Button, Group, Stack, TextInput, Title } from '@mantine/core';
import type { ResourceDef } from '@canvass/domain';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../session/session';
import { ExportButton } from './export-button';
import { ListPager } from './list-pager';
import { errorText } from './notify';
import { ResourceTable, type CellRenderer } from './resource-table';
import type { Filter } from './types';
import { useResourceList, type ListOptions } from './use-resource-list';
import { usePageTitle } from './use-page-title';

interface Props {
  def: ResourceDef;
  /** Fixed filters a parent screen imposes, e.g. a brand's campaigns tab passes brandId Equal. */
  filters?: readonly Filter[];
  /** Navigation state for Add (spec §2: Add buttons on tabs pass the parent id). */
  addState?: Record<string, string>;
  title?: string;
  /** Rows a page when not the usual 50 (spec §9: a list's rows page holds 20), and fields the cells also read. */
  options?: ListOptions;
  cell?: CellRenderer;
  /** A read-only resource whose own module adds records through a page of its own (opt-outs) still has Add. */
  addable?: boolean;
  /** Rows open their record; off where spec §6 shows names as plain text (a Client-type viewer's users). */
  linksRecords?: boolean;
  /** The resource's own buttons beside Export and Add (the phones' number lookup). */
  actions?: ReactNode;
  /** What the resource shows between the heading and the search (a running lookup's progress). */
  notice?: ReactNode;
}

/** The index list of any resource: heading, search, sortable table, cursor pages, Add new and Export. */
export function ResourceIndex({
  def,
  filters,
  addState,
  title,
  options,
  cell,
  addable,
  linksRecords,
  actions,
  notice,
}: Props) {
  // Inside a record's tab the list is part of the record's page, which names the tab.
  usePageTitle(filters ? null : def.pluralLabel);
  const { can } = useSession();
  const navigate = useNavigate();
  const list = useResourceList(def, filters, options);
  const searchLabel = def.fields[def.list.search]?.label.toLowerCase() ?? 'name';

  return (
    <Stack gap="md">
      <Group justify="space-between">
        {/* Inside a record's tab the record's name is the page heading; the list is a sub-heading. */}
        <Title order={filters ? 3 : 2}>{title ?? def.pluralLabel}</Title>
        <Group gap="sm">
          {actions}
          {can('Export', def.typeName) && <ExportButton def={def} variables={list.exportVariables} />}
          {/* A read-only resource (a list's rows) is written by its own module, never added by hand. */}
          {can('Create', def.typeName) && (!def.readOnly || addable) && (
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => void navigate(`/${def.path}/new`, { state: addState })}
            >
              Add new
            </Button>
          )}
        </Group>
      </Group>
      {notice}
      <TextInput
        aria-label="Search"
        placeholder={`Search ${def.pluralLabel.toLowerCase()} by ${searchLabel}`}
        leftSection={<IconSearch size={16} />}
        value={list.search}
        onChange={(e) => list.setSearch(e.currentTarget.value)}
      />
      {list.error && (
        <Alert color="red" title="Failed">
          {errorText(list.error)}
        </Alert>
      )}
      <ResourceTable
        def={def}
        nodes={list.connection?.nodes}
        fetching={list.fetching}
        sort={list.sort}
        onSort={list.toggleSort}
        cell={cell}
        linksRecords={linksRecords}
        filters={filters ?? []}
      />
      <ListPager
        total={list.total}
        pageInfo={list.connection?.pageInfo}
        onPrevious={list.previousPage}
        onNext={list.nextPage}
      />
    </Stack>
  );
}
