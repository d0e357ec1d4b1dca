import type { ResourceDef } from '@canvass/domain';
import { useMemo } from 'react';
import { useQuery } from 'urql';
import { documentsFor } from './documents';
import type { ResourceDraft } from './types';

/**
 * The server's blank record (new{Type}: a draft with its defaults, no id) with preset values on top: a parent id passed in
 * navigation state, or a ref select's where (an inline agency is created as an Agency).
 */
export function useBlankRecord(def: ResourceDef, preset: Record<string, unknown> = {}) {
  const [result] = useQuery<Record<string, ResourceDraft>>({
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
