import type { EnumValue, OptOutChangeSourceValue, OptOutType } from '@canvass/domain';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tenant';
import { optOutChanges, users } from '../../platform/db/schema/index';

/** Who made a change and from where: the user, how it came in (UI, API, import, STOP) and the request's address. */
export interface ChangeOrigin {
  userId: number | null;
  source: OptOutChangeSourceValue;
  ipAddress: string | null;
}

export interface OptOutChange {
  subject: 'OptOut' | 'DoNotContact';
  action: 'Added' | 'Removed';
  number: string;
  phoneId: number | null;
  clientId?: number | null;
  optOutType?: EnumValue<typeof OptOutType> | null;
  reason?: string | null;
}

/** Records one change in the caller's transaction, so the record exists exactly when the change does. */
export async function recordChange(tx: Tx, organizationId: number, change: OptOutChange, origin: ChangeOrigin) {
  await recordChanges(tx, organizationId, [change], origin);
}

/** Records several changes of one origin in one statement, in the caller's transaction. */
export async function recordChanges(
  tx: Tx,
  organizationId: number,
  changes: readonly OptOutChange[],
  origin: ChangeOrigin,
) {
  if (!changes.length) return;
  await tx.insert(optOutChanges).values(changes.map((change) => ({ organizationId, ...change, ...origin })));
}

export interface OptOutChangeView {
  id: number;
  action: 'Added' | 'Removed';
  source: OptOutChangeSourceValue;
  optOutType: EnumValue<typeof OptOutType> | null;
  reason: string | null;
  ipAddress: string | null;
  userName: string | null;
  createdAt: Date;
}

/**
 * The history of an opt-out: every change to the opt-out of its number for its client (or organization-wide), the
 * ones before it was last added included, newest first.
 */
export async function optOutHistory(
  tx: Tx,
  organizationId: number,
  optOut: { number: string; clientId: number | null },
): Promise<OptOutChangeView[]> {
  return tx
    .select({
      id: optOutChanges.id,
      action: optOutChanges.action,
      source: optOutChanges.source,
      optOutType: optOutChanges.optOutType,
      reason: optOutChanges.reason,
      ipAddress: optOutChanges.ipAddress,
      userName: users.name,
      createdAt: optOutChanges.createdAt,
    })
    .from(optOutChanges)
    .leftJoin(users, eq(users.id, optOutChanges.userId))
    .where(
      and(
        eq(optOutChanges.organizationId, organizationId),
        eq(optOutChanges.number, optOut.number),
        eq(optOutChanges.subject, 'OptOut'),
        optOut.clientId === null ? isNull(optOutChanges.clientId) : eq(optOutChanges.clientId, optOut.clientId),
      ),
    )
    .orderBy(desc(optOutChanges.createdAt), desc(optOutChanges.id));
}

/**
 * The audit rows of a bulk change as one INSERT … SELECT, for a data-modifying CTE of the statement that made it:
 * `changed` names the CTE whose rows (number, phone_id, client_id) were added or removed.
 */
export function recordChangesOf(
  changed: string,
  organizationId: number,
  change: Pick<OptOutChange, 'subject' | 'action' | 'optOutType'>,
  origin: ChangeOrigin,
) {
  return sql`INSERT INTO opt_out_changes (organization_id, subject, action, number, phone_id, client_id, opt_out_type,
                                          source, user_id, ip_address)
    SELECT ${organizationId}::bigint, ${change.subject}::opt_out_change_subject,
           ${change.action}::opt_out_change_action, c.number, c.phone_id, c.client_id,
           ${change.optOutType ?? null}::opt_out_type, ${origin.source}::opt_out_change_source,
           ${origin.userId}::bigint, ${origin.ipAddress}
      FROM ${sql.identifier(changed)} c`;
}
