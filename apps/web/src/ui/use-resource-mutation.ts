import { messages, type ResourceDef } from '@canvass/domain';
import { useCallback, useMemo } from 'react';
import { useMutation, type AnyVariables, type OperationResult } from 'urql';
import { documentsFor } from './documents';
import { errorText } from './notify';
import type { FieldError, MutationPayload, ResourceRecord } from './types';

export type MutationKind = 'create' | 'update' | 'destroy';

/** What a create/update/destroy came to: done, refused with field errors, or failed outright. */
export type Outcome =
  | { kind: 'saved'; record: ResourceRecord | null; message: string | null }
  | { kind: 'invalid'; errors: FieldError[] }
  | { kind: 'failed'; message: string };

function isRecord(v: unknown): v is ResourceRecord {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && typeof (v as { id?: unknown }).id === 'string';
}

export function readOutcome(
  result: OperationResult<Record<string, MutationPayload>, AnyVariables>,
  payloadField: string,
  recordField: string,
): Outcome {
  if (result.error) return { kind: 'failed', message: errorText(result.error) };
  const payload = result.data?.[payloadField];
  if (!payload) return { kind: 'failed', message: messages.failed };
  if (payload.errors.length) return { kind: 'invalid', errors: payload.errors };
  const record = payload[recordField];
  return { kind: 'saved', record: isRecord(record) ? record : null, message: payload.message };
}

/** create{Type}, update{Type} or destroy{Type} of a resource, read into an Outcome. */
export function useResourceMutation(def: ResourceDef, kind: MutationKind) {
  const [state, execute] = useMutation<Record<string, MutationPayload>>(documentsFor(def)[kind]);
  // Lists that came back empty hold no typename to invalidate; name the type so they refresh too.
  const context = useMemo(() => ({ additionalTypenames: [def.typeName] }), [def]);
  const run = useCallback(
    async (variables: Record<string, unknown>): Promise<Outcome> =>
      readOutcome(await execute(variables, context), `${kind}${def.typeName}`, def.name),
    [execute, context, kind, def],
  );
  return { run, running: state.fetching };
}
