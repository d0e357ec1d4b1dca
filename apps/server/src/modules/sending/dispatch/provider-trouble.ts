import { sql } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/tenant';
import type { TextOutcome } from './send-batch';

/**
 * Says on each project whether its provider is failing (projects.provider_trouble, on its overview): the reason of
 * the last retryable answer when a batch of its texts got no acceptance, cleared once one is accepted. Its texts
 * meanwhile wait and retry (record-outcomes.ts), so staff see why the project stands still. One statement for the
 * batch's projects, writing only a project whose words change.
 */
export async function noteProviderTrouble(
  tx: Tx,
  organizationId: number,
  outcomes: readonly TextOutcome[],
): Promise<void> {
  const trouble = new Map<number, string | null>();
  for (const { text, result } of outcomes) {
    if (text.projectId === null) continue;
    if (result.kind === 'accepted') trouble.set(text.projectId, null);
    else if (result.kind === 'retry' && trouble.get(text.projectId) !== null)
      trouble.set(text.projectId, result.reason);
  }
  if (!trouble.size) return;
  const rows = [...trouble].map(([id, reason]) => ({ id, reason }));
  await tx.execute(sql`
    UPDATE projects p SET provider_trouble = i.reason
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS i(id bigint, reason text)
     WHERE p.organization_id = ${organizationId} AND p.id = i.id AND p.provider_trouble IS DISTINCT FROM i.reason`);
}
