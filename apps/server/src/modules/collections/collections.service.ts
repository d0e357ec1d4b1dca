import { collection, isLocalDateTime, localDateTime, type AttributesOf } from '@canvass/domain';
import { eq, sql } from 'drizzle-orm';
import type { Viewer } from '../../platform/auth/viewer';
import { collections, organizations } from '../../platform/db/schema/index';
import type { Tx } from '../../platform/db/tenant';
import { createResourceService, type Row } from '../../platform/resources/resource-service';
import { tableOf } from '../tables';

type CollectionAttributes = AttributesOf<typeof collection>;

/** A local date-time ('2026-03-01 00:00:01') as the instant it is in the organization's time zone. */
async function inOrganizationTime(tx: Tx, viewer: Viewer, local: string): Promise<string> {
  const [row] = await tx
    .select({
      at: sql<string>`to_char((${local}::timestamp AT TIME ZONE ${organizations.timeZone}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
    })
    .from(organizations)
    .where(eq(organizations.id, viewer.organizationId));
  return row.at;
}

/**
 * Spec §5 on the server: an update that leaves the type alone keeps the stored one, so the fee is still cleared for
 * a type other than Collection (the field's enabledWhen); a date without a time is 00:00:01 of that day where the
 * organization is. Anything unreadable stays as given, for validation to name.
 */
async function settle(
  attrs: CollectionAttributes,
  { viewer, existing, tx }: { viewer: Viewer; existing: Row | null; tx: Tx },
): Promise<CollectionAttributes> {
  const out = { ...attrs };
  if (existing && !('collectionType' in out)) out.collectionType = existing.collectionType as typeof out.collectionType;
  const date = out.collectionDate;
  const local = typeof date === 'string' && isLocalDateTime(date) ? localDateTime(date) : null;
  if (local) out.collectionDate = await inOrganizationTime(tx, viewer, local);
  return out;
}

/** Collections: exact amounts (numeric as text end to end), the fee rule and the default time of spec §5. */
export const collectionsService = createResourceService(collection, collections, tableOf, { prepare: settle });
