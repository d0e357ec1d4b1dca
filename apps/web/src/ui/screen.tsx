import type { ResourceDef } from '@canvass/domain';
import type { ReactNode } from 'react';
import { lazyNamed } from '../app/lazy-component';
import type { ResourceRecord } from './types';

// Screens are described up front (the router needs their paths); what they render loads with the first visit.
const EmptyTab = lazyNamed(() => import('./EmptyTab'), 'EmptyTab');
const ResourceForm = lazyNamed(() => import('./ResourceForm'), 'ResourceForm');
const ResourceIndex = lazyNamed(() => import('./ResourceIndex'), 'ResourceIndex');
const ResourceOverview = lazyNamed(() => import('./ResourceOverview'), 'ResourceOverview');

export interface TabContext {
  def: ResourceDef;
  record: ResourceRecord;
}

/** One tab of /{path}/{id}/{tab}. */
export interface ResourceTab {
  path: string;
  label: string;
  render(ctx: TabContext): ReactNode;
  /** Hides the tab for records it does not apply to (only an agency has clients). */
  visible?(record: ResourceRecord): boolean;
}

/** What is particular to one resource's screens; everything else comes from its registry entry. */
export interface ResourceScreen {
  def: ResourceDef;
  tabs: readonly ResourceTab[];
  deleteIn?: 'button' | 'menu';
  afterDeletePath?: string;
  /** Extra lines in the header card under the name. */
  header?(record: ResourceRecord): ReactNode;
}

/** The fields read-only, with whatever the resource adds below them. */
export function overviewTab(extra?: (record: ResourceRecord) => ReactNode): ResourceTab {
  return {
    path: 'overview',
    label: 'Overview',
    render: ({ def, record }) => (
      <ResourceOverview def={def} record={record}>
        {extra?.(record)}
      </ResourceOverview>
    ),
  };
}

/** The edit form of every section (or the named ones) as a tab. */
export function editTab(opts: { path?: string; label?: string; sections?: readonly string[] } = {}): ResourceTab {
  return {
    path: opts.path ?? 'general',
    label: opts.label ?? 'General',
    render: ({ def, record }) => <ResourceForm def={def} record={record} mode="update" sections={opts.sections} />,
  };
}

/**
 * Another resource's list limited to this record (a brand's campaigns): `parentField` Equal the id, and Add
 * carries the id in navigation state so the new record starts attached (spec §2).
 */
export function childListTab(opts: {
  path: string;
  label: string;
  def: ResourceDef;
  parentField: string;
  /** Fixed field values of this list (a client's contact phones: phoneType ClientPhone), also given to Add. */
  fixed?: Record<string, string>;
  visible?: ResourceTab['visible'];
}): ResourceTab {
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
      />
    ),
  };
}

/** A tab whose data arrives with a later capability: an honest empty state naming it. */
export function laterTab(path: string, label: string, message: string): ResourceTab {
  return { path, label, render: () => <EmptyTab title={label} message={message} /> };
}
