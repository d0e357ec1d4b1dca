import type { ResourceDef } from '@canvass/domain';
import { useMemo } from 'react';
import { useQuery } from 'urql';
import { documentsFor } from './documents';
import type { ResourceRecord } from './types';

/**
 * The server's blank record (new{Type}, with its defaults) with preset values on top: a parent id passed in
 * navigation state, or a ref select's where (an inline agency is created as an Agency).
 */
export function useBlankRecord(def: ResourceDef, preset: Record<string, unknown> = {}) {
  const [result] = useQuery<Record<string, ResourceRecord>>({
    query: documentsFor(def).blank,
    requestPolicy: 'network-only',
  });
  const blank = result.data?.[`new${def.typeName}`];
  const presetKey = JSON.stringify(
    Object.fromEntries(Object.entries(preset).filter(([k, v]) => k in def.fields && typeof v === 'string')),
  );
  const record = useMemo(
    () => (blank ? { ...blank, ...(JSON.parse(presetKey) as Record<string, string>) } : undefined),
    [blank, presetKey],
  );
  return { record, error: result.error, fetching: result.fetching };
}
