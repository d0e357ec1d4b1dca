import { textEntry, type ResourceDef } from '@canvass/domain';
import { ResourceOverview } from '../../ui/ResourceOverview';
import type { ResourceRecord } from '../../ui/types';

// The texter is shown by its name (texterName): a reference to a person is never filled in by the generic loader.
const { texterId: _texter, ...shown } = textEntry.fields;
const overviewDef: ResourceDef = { ...textEntry, fields: shown };

/** A text's fields, read-only. */
export function TextOverview({ record }: { record: ResourceRecord }) {
  return <ResourceOverview def={overviewDef} record={record} />;
}
