import { sql } from 'drizzle-orm';
import type { AtOnce, Prepared, Queryable } from '../../../platform/db/system-at-once';
import type { TextRef } from '../providers/messaging-provider';

/** The organization and sender number (a FromPhone) a webhook event concerns. */
export interface WebhookRoute {
  organizationId: number;
  phoneId: number;
}

export const refKey = (ref: TextRef) => `${ref.organizationId}:${ref.textId}:${ref.createdAtMs}`;

/** A route's key: its organization and sender number. */
export const routeKey = (r: WebhookRoute) => `${r.organizationId}:${r.phoneId}`;

/**
 * The text refs of one batch, as a Prepared statement: planning it (the texts partitions, each with its policy)
 * cost more than running it for a batch of a hundred refs, and every batch runs it.
 */
const routeTextRefsStatement: Prepared = {
  name: 'webhook_route_text_refs',
  text: `
    SELECT i.o, i.t, i.c, t.from_phone_id AS phone_id
      FROM jsonb_to_recordset($1::jsonb) AS i(o bigint, t bigint, c bigint)
      JOIN texts t ON t.organization_id = i.o AND t.id = i.t
                  AND t.created_at = 'epoch'::timestamptz + i.c * interval '1 millisecond'
     WHERE t.from_phone_id IS NOT NULL`,
};

/**
 * The sender number of each text a status callback names, by refKey. The ref names the organization, so each text
 * is read by its full key (organization, id, created_at); the handle is the system one because a batch holds
 * callbacks for many organizations. A text that is not there (a forged or stale ref) has no route.
 */
export async function routeTextRefs(tx: AtOnce, refs: readonly TextRef[]): Promise<Map<string, WebhookRoute>> {
  if (!refs.length) return new Map();
  const input = JSON.stringify(refs.map((r) => ({ o: r.organizationId, t: r.textId, c: r.createdAtMs })));
  const rows = await tx.run<{ o: string; t: string; c: string; phone_id: string }>(routeTextRefsStatement, [input]);
  return new Map(
    rows.map((r) => [
      refKey({ organizationId: Number(r.o), textId: Number(r.t), createdAtMs: Number(r.c) }),
      { organizationId: Number(r.o), phoneId: Number(r.phone_id) },
    ]),
  );
}

/**
 * The sender numbers (FromPhone) with each 10-digit number, across organizations: an inbound message names only
 * the number it was sent to. The one query that reads phones without naming an organization, through
 * phones_sender_number_idx. A number held by more than one organization (released by one, bought by another)
 * lists its active holders first; the caller keeps the first whose provider verifies the request.
 */
export async function routeSenderNumbers(
  tx: Queryable,
  numbers: readonly string[],
): Promise<Map<string, WebhookRoute[]>> {
  const routes = new Map<string, WebhookRoute[]>();
  if (!numbers.length) return routes;
  const { rows } = await tx.execute<{ number: string; organization_id: string; id: string }>(sql`
    SELECT p.number, p.organization_id, p.id
      FROM phones p
     WHERE p.number = ANY(${`{${numbers.join(',')}}`}::varchar[]) AND p.phone_type = 'FromPhone'
     ORDER BY (p.phone_status = 'Active') DESC, p.id DESC`);
  for (const r of rows) {
    const list = routes.get(r.number) ?? [];
    list.push({ organizationId: Number(r.organization_id), phoneId: Number(r.id) });
    routes.set(r.number, list);
  }
  return routes;
}
