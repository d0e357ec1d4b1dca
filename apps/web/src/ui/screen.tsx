import { Stack } from '@mantine/core';
import type { RecordOf, ResourceDef } from '@canvass/domain';
import type { ReactNode } from 'react';
import { lazyNamed } from './lazy-component';
import type { FieldInputs } from './resource-form';
import type { CellRenderer } from './resource-table';
import type { ListOptions } from './use-resource-list';
import type { ResourceRecord } from './types';

// Screens are described up front (the router needs their paths); what they render loads with the first visit.
const EmptyTab = lazyNamed(() => import('./empty-tab'), 'EmptyTab');
const ResourceForm = lazyNamed(() => import('./resource-form'), 'ResourceForm');
const ResourceIndex = lazyNamed(() => import('./resource-index'), 'ResourceIndex');
const ResourceOverview = lazyNamed(() => import('./resource-overview'), 'ResourceOverview');

export interface TabContext<R extends ResourceRecord = ResourceRecord> {
  def: ResourceDef;
  record: R;
}

/** One tab of /{path}/{id}/{tab}; R is the record type of the resource it belongs to. */
export interface ResourceTab<R extends ResourceRecord = ResourceRecord> {
  path: string;
  label: string;
  render(ctx: TabContext<R>): ReactNode;
  /** Hides the tab for records it does not apply to (only an agency has clients). */
  visible?(record: R): boolean;
}

/** What is particular to one resource's screens; everything else comes from its registry entry. */
export interface ResourceScreen<R extends ResourceRecord = ResourceRecord> {
  def: ResourceDef;
  tabs: readonly ResourceTab<R>[];
  deleteIn?: 'button' | 'menu';
  afterDeletePath?: string;
  /** Extra lines in the header card under the name. */
  header?(record: R): ReactNode;
  /** Replaces the generic /{path}/new form (a list starts from a file upload). */
  newPage?(): ReactNode;
  /** Replaces the generic /{path} index (users: names without links for a Client-type viewer). */
  indexPage?(): ReactNode;
  /** What an edit section shows above its form: the way between a resource's edit sections (a project's). */
  sectionNav?(section: string, record: R): ReactNode;
  /** What an edit section shows under its form (a list's basic info: the sheet and column roles). */
  sectionExtra?(section: string, record: R): ReactNode;
  /** The resource's own inputs for some fields, in its edit sections (a user's type and data views). */
  inputs?: FieldInputs;
  /**
   * Edit sections of the resource's own beside its registry sections, each its own form at
   * /{path}/{id}/edit/{section} (a client's Prices).
   */
  editSections?: readonly ResourceTab<R>[];
  /** Items of the header's kebab menu besides Delete (a user's Lock/Unlock). */
  menuItems?(record: R): ReactNode;
  /** Replaces the header's status dropdown (a project: its lifecycle's badge, status options and actions). */
  controls?(record: R): ReactNode;
}

/**
 * A resource's own screens, typed by its registry entry: its tabs and header read `record.clientType` as the
 * entry's enum. The generic pages hand them the record served for that entry, which has the entry's shape.
 */
export function defineScreen<D extends ResourceDef>(
  def: D,
  screen: Omit<ResourceScreen<RecordOf<D>>, 'def'>,
): ResourceScreen<RecordOf<D>> {
  return { def, ...screen };
}

/** The fields read-only, with whatever the resource adds below them. */
export function overviewTab<R extends ResourceRecord = ResourceRecord>(
  extra?: (record: R) => ReactNode,
  /** Fields the overview leaves out: what a tab or a summary of the resource's own shows better. */
  opts: { omit?: readonly string[] } = {},
): ResourceTab<R> {
  const shown = (def: ResourceDef): ResourceDef =>
    opts.omit?.length
      ? {
          ...def,
          fields: Object.fromEntries(Object.entries(def.fields).filter(([name]) => !opts.omit!.includes(name))),
        }
      : def;
  return {
    path: 'overview',
    label: 'Overview',
    render: ({ def, record }) => (
      <ResourceOverview def={shown(def)} record={record}>
        {extra?.(record)}
      </ResourceOverview>
    ),
  };
}

/** The edit form of every section (or the named ones) as a tab. */
export function editTab<R extends ResourceRecord = ResourceRecord>(
  opts: {
    path?: string;
    label?: string;
    sections?: readonly string[];
    /** What the resource shows under the form (a list's sheet and column roles). */
    extra?: (record: R) => ReactNode;
    /** The resource's own inputs for some fields (a template's mapping). */
    inputs?: FieldInputs;
  } = {},
): ResourceTab<R> {
  return {
    path: opts.path ?? 'general',
    label: opts.label ?? 'General',
    render: ({ def, record }) =>
      opts.extra ? (
        <Stack gap="xl">
          <ResourceForm def={def} record={record} mode="update" sections={opts.sections} inputs={opts.inputs} />
          {opts.extra(record)}
        </Stack>
      ) : (
        <ResourceForm def={def} record={record} mode="update" sections={opts.sections} inputs={opts.inputs} />
      ),
  };
}

/**
 * Another resource's list limited to this record (a brand's campaigns): `parentField` Equal the id, and Add
 * carries the id in navigation state so the new record starts attached (spec §2).
 */
export function childListTab<R extends ResourceRecord = ResourceRecord>(opts: {
  path: string;
  label: string;
  def: ResourceDef;
  parentField: string;
  /** Fixed field values of this list (a client's contact phones: phoneType ClientPhone), also given to Add. */
  fixed?: Record<string, string>;
  visible?: ResourceTab<R>['visible'];
  options?: ListOptions;
  cell?: CellRenderer;
  /** Add for a read-only resource that has a page of its own to add records (opt-outs). */
  addable?: boolean;
  /** The list's own buttons beside Export and Add (a client's Purchased Numbers: Buy Phones). */
  actions?: (record: R) => ReactNode;
}): ResourceTab<R> {
  const fixed = Object.entries(opts.fixed ?? {});
  return {
    path: opts.path,
    label: opts.label,
    visible: opts.visible,
    render: ({ record }) => (
      <ResourceIndex
        def={opts.def}
        title={opts.label}
        filters={[
          { field: opts.parentField, operation: 'Equal', value: record.id },
          ...fixed.map(([field, value]) => ({ field, operation: 'Equal' as const, value })),
        ]}
        addState={{ [opts.parentField]: record.id, ...opts.fixed }}
        options={opts.options}
        cell={opts.cell}
        addable={opts.addable}
        actions={opts.actions?.(record)}
      />
    ),
  };
}

/** A tab whose data arrives with a later capability: an honest empty state naming it. */
export function laterTab<R extends ResourceRecord = ResourceRecord>(
  path: string,
  label: string,
  message: string,
): ResourceTab<R> {
  return { path, label, render: () => <EmptyTab title={label} message={message} /> };
}
