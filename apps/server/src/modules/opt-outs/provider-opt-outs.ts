import { sql } from 'drizzle-orm';
import { bigintArray, type Tx } from '../../platform/db/tenant';
import { clientsOfMessages } from './message-client';
import { addTextOptOuts } from './text-opt-outs';

/** A sent text the provider refused because its recipient opted out there (Twilio 21610, Bandwidth 4775). */
export interface RefusedAsOptedOut {
  textId: number;
  createdAt: Date;
  /** The provider's words, kept as the opt-out's body. */
  errorMessage: string | null;
}

/**
 * Imports the opt-outs a provider already handled: each refused text's recipient becomes opted out (Provider) of
 * the text's client, with its audit record and no confirmation (the provider answered the STOP itself; a second
 * confirmation is what carriers reject). A number already opted out is left as it is. Returns how many were new.
 */
export async function importProviderOptOuts(
  tx: Tx,
  organizationId: number,
  refused: readonly RefusedAsOptedOut[],
): Promise<number> {
  if (!refused.length) return 0;
  const days = `{${[...new Set(refused.map((r) => r.createdAt.toISOString()))].join(',')}}`;
  const { rows } = await tx.execute<{
    id: string;
    created_at: Date | string;
    project_id: string | null;
    from_phone_id: string | null;
    to_phone_id: string | null;
  }>(sql`
    SELECT id, created_at, project_id, from_phone_id, to_phone_id FROM texts
     WHERE organization_id = ${organizationId} AND id = ANY(${bigintArray(refused.map((r) => r.textId))})
       AND created_at = ANY(${days}::timestamptz[]) AND to_phone_id IS NOT NULL`);
  const num = (v: string | null) => (v === null ? null : Number(v));
  const clients = await clientsOfMessages(
    tx,
    organizationId,
    rows.map((r) => ({ key: Number(r.id), projectId: num(r.project_id), senderPhoneId: num(r.from_phone_id) })),
  );
  const words = new Map(refused.map((r) => [r.textId, r.errorMessage]));
  const added = await addTextOptOuts(
    tx,
    organizationId,
    rows.map((r) => ({
      phoneId: Number(r.to_phone_id),
      clientId: clients.get(Number(r.id))?.clientId ?? null,
      textId: Number(r.id),
      textCreatedAt: new Date(r.created_at),
      body: words.get(Number(r.id)) ?? null,
    })),
    'Provider',
  );
  return added.length;
}
