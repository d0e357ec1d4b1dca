import type { ConfirmedAction } from '@canvass/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tenant';
import { resendableTextsWhere } from '../sending/dispatch/resend-texts';
import { unsentListTextsWhere } from './load/remove-load';

/**
 * The texts each confirmed action concerns, by the same conditions the action itself applies, so the number its
 * confirmation names is the number it sends, resends or removes: SendTexts releases the loaded Ready texts,
 * ResendTexts sends the failed ones again, UnloadProject removes and CancelProject holds back those never sent.
 */
const concerned: Record<ConfirmedAction, (organizationId: number, projectId: number) => SQL> = {
  SendTexts: (org, projectId) =>
    sql`organization_id = ${org} AND project_id = ${projectId} AND text_type = 'List' AND text_status = 'Ready'`,
  ResendTexts: resendableTextsWhere,
  UnloadProject: unsentListTextsWhere,
  CancelProject: unsentListTextsWhere,
};

/** How many texts of the project the action would send or remove now (the project's organization named). */
export async function countActionTexts(
  tx: Tx,
  organizationId: number,
  projectId: number,
  action: ConfirmedAction,
): Promise<number> {
  const { rows } = await tx.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM texts WHERE ${concerned[action](organizationId, projectId)}`,
  );
  return rows[0].n;
}
