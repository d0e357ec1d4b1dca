import { cleanListPhone, messages, optOut, optOutMessages, type FieldErrors } from '@canvass/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Viewer } from '../../platform/auth/viewer';
import type { Tx } from '../../platform/db/tenant';
import { clients, optOuts, phones, users } from '../../platform/db/schema/index';
import { visibleWhereOf } from '../../platform/resources/policy';
import { createResourceService, type WriteResult } from '../../platform/resources/resource-service';
import { tableOf } from '../tables';
import { recordChange, type ChangeOrigin } from './opt-out-changes';
import { phoneForNumber, type FoundPhone } from './recipient-phone';

/** Opt-outs: read through the generic machinery (one policy: a client's users see that client's opt-outs). */
export const optOutsService = createResourceService(optOut, optOuts, tableOf, {
  // The name of who added each opt-out, one query per page.
  async decorate(tx, rows) {
    const ids = [...new Set(rows.map((r) => r.createdBy).filter((id) => id !== null))];
    const names = ids.length
      ? await tx.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids))
      : [];
    for (const r of rows) r.createdByName = names.find((n) => n.id === r.createdBy)?.name ?? null;
  },
});

export interface AddOptOutInput {
  /** The number as typed; or phoneId, a phone picked from the search. */
  number?: string | null;
  phoneId?: number | null;
  /** Null or absent: organization-wide. */
  clientId?: number | null;
  body?: string | null;
}

/** Thrown inside the add's savepoint to undo it (a recipient phone made on the way) and answer with field errors. */
class Refused extends Error {
  constructor(readonly errors: FieldErrors) {
    super('refused');
  }
}

/** The phone named by id, when the viewer may see it (the phone search offers only those). */
async function pickedPhone(tx: Tx, viewer: Viewer, id: number): Promise<FoundPhone | null> {
  const [phone] = await tx
    .select({ id: phones.id, number: phones.number, doNotContact: phones.doNotContact })
    .from(phones)
    .where(and(visibleWhereOf('phone', tableOf, viewer)!, eq(phones.id, id)));
  return phone ?? null;
}

/** The client, when the viewer may see it; its opt-outs are then the viewer's to add. */
async function clientVisible(tx: Tx, viewer: Viewer, id: number): Promise<boolean> {
  const [seen] = await tx
    .select({ id: clients.id })
    .from(clients)
    .where(and(visibleWhereOf('client', tableOf, viewer)!, eq(clients.id, id)));
  return Boolean(seen);
}

/**
 * A Manual opt-out of a number for a client (or the organization), with its audit record, in one savepoint: a
 * number the organization does not know becomes a recipient phone; a number already opted out there, an invalid
 * number, a client the viewer cannot see, or an organization-wide opt-out by a viewer limited to clients is refused
 * with field errors and changes nothing.
 */
export async function addOptOut(
  tx: Tx,
  viewer: Viewer,
  input: AddOptOutInput,
  origin: ChangeOrigin,
): Promise<WriteResult> {
  const clientId = input.clientId ?? null;
  const clean = input.phoneId == null ? cleanListPhone(input.number) : null;
  if (input.phoneId == null && !clean) return { row: null, errors: { number: [optOutMessages.invalidPhone] } };
  if (clientId !== null && !(await clientVisible(tx, viewer, clientId)))
    return { row: null, errors: { clientId: ['Client not found'] } };
  try {
    const id = await tx.transaction(async (sp) => {
      const phone =
        input.phoneId != null
          ? await pickedPhone(sp, viewer, input.phoneId)
          : await phoneForNumber(sp, viewer.organizationId, clean!, { anyType: true });
      if (!phone) throw new Refused({ number: [optOutMessages.invalidPhone] });
      const [added] = await sp
        .insert(optOuts)
        .values({
          organizationId: viewer.organizationId,
          phoneId: phone.id,
          number: phone.number,
          clientId,
          optOutType: 'Manual',
          body: input.body?.trim() || null,
          createdBy: viewer.userId,
        })
        .onConflictDoNothing()
        .returning({ id: optOuts.id });
      if (!added)
        throw new Refused({
          number: [
            optOutMessages.alreadyOptedOut(clientId === null ? 'for the whole organization' : 'for this client'),
          ],
        });
      // A viewer limited to some clients may not make an opt-out it could not see (organization-wide).
      if (!(await optOutsService.get(sp, viewer, added.id)))
        throw new Refused({ clientId: [messages.required('Client')] });
      await recordChange(
        sp,
        viewer.organizationId,
        { subject: 'OptOut', action: 'Added', number: phone.number, phoneId: phone.id, clientId, optOutType: 'Manual' },
        origin,
      );
      return added.id;
    });
    return { row: await optOutsService.get(tx, viewer, id), errors: {} };
  } catch (err) {
    if (err instanceof Refused) return { row: null, errors: err.errors };
    throw err;
  }
}

/** Removes an opt-out the viewer can see, with the reason (required) in its audit record. */
export async function removeOptOut(
  tx: Tx,
  viewer: Viewer,
  id: number,
  reason: string,
  origin: ChangeOrigin,
): Promise<WriteResult> {
  const why = reason.trim();
  if (!why) return { row: null, errors: { reason: [optOutMessages.reasonRequired] } };
  const existing = await optOutsService.get(tx, viewer, id);
  if (!existing) return { row: null, errors: { base: [messages.notFound] } };
  await tx.delete(optOuts).where(and(eq(optOuts.organizationId, viewer.organizationId), eq(optOuts.id, id)));
  await recordChange(
    tx,
    viewer.organizationId,
    {
      subject: 'OptOut',
      action: 'Removed',
      number: existing.number,
      phoneId: existing.phoneId,
      clientId: existing.clientId,
      optOutType: existing.optOutType,
      reason: why,
    },
    origin,
  );
  return { row: existing, errors: {} };
}
