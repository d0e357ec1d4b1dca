import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tenant';

/** A text between a recipient and one of the organization's numbers, by its key in the caller's batch. */
export interface MessageOfClient {
  key: number;
  projectId: number | null;
  /** The organization's number (the sender of a sent text, the number a reply was sent to). */
  senderPhoneId: number | null;
}

export interface MessageClient {
  clientId: number | null;
  name: string | null;
  optOutMessage: string | null;
  helpMessage: string | null;
}

/**
 * The client each message is about, which an opt-out it brings is for: the client of its project, else the client
 * of the organization's number (the phone's own, or its campaign's); none known: null (the whole organization).
 * One read for the batch.
 */
export async function clientsOfMessages(
  tx: Tx,
  organizationId: number,
  messages: readonly MessageOfClient[],
): Promise<Map<number, MessageClient>> {
  if (!messages.length) return new Map();
  const input = messages.map((m) => ({ key: m.key, project_id: m.projectId, sender_id: m.senderPhoneId }));
  const { rows } = await tx.execute<{
    key: string;
    client_id: string | null;
    name: string | null;
    opt_out_message: string | null;
    help_message: string | null;
  }>(sql`
    SELECT i.key, cl.id AS client_id, cl.name, cl.opt_out_message, cl.help_message
      FROM jsonb_to_recordset(${JSON.stringify(input)}::jsonb) AS i(key bigint, project_id bigint, sender_id bigint)
      LEFT JOIN projects p ON p.organization_id = ${organizationId} AND p.id = i.project_id
      LEFT JOIN phones s ON s.organization_id = ${organizationId} AND s.id = i.sender_id
      LEFT JOIN campaigns c ON c.organization_id = ${organizationId} AND c.id = s.campaign_id
      LEFT JOIN clients cl ON cl.organization_id = ${organizationId}
                          AND cl.id = coalesce(p.client_id, s.client_id, c.client_id)`);
  return new Map(
    rows.map((r) => [
      Number(r.key),
      {
        clientId: r.client_id === null ? null : Number(r.client_id),
        name: r.name,
        optOutMessage: r.opt_out_message?.trim() || null,
        helpMessage: r.help_message?.trim() || null,
      },
    ]),
  );
}
