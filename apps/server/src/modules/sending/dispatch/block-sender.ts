import { sql } from 'drizzle-orm';
import { bigintArray, type Tx } from '../../../platform/db/tenant';
import { applyCountDeltas, type CountDelta } from '../text-transitions';

/** Why a project stopped sending by itself; shown on its overview until someone resumes it. */
export const allSendersBlockedReason =
  'Sending paused: carriers blocked every sender number of this project as spam. Add an active number, then resume.';

/** Why a project stopped sending by itself when its numbers left service otherwise (released, burned, invalid …). */
export const noActiveSenderReason =
  'Sending paused: no sender number of this project is active any more. Add an active number, then resume.';

/**
 * A carrier blocked these sender numbers as spam (Twilio 30007, Bandwidth 4470/4770): each is marked Blocked, and
 * the Ready texts it still had in a sending project move to that project's other Active senders, spread evenly
 * (their counts move with them). A project left with no Active sender pauses, saying why. Runs in the caller's
 * transaction; returns the projects it touched, for their live progress.
 */
export async function blockSenders(tx: Tx, organizationId: number, phoneIds: readonly number[]): Promise<number[]> {
  if (!phoneIds.length) return [];
  await tx.execute(sql`
    UPDATE phones SET phone_status = 'Blocked', updated_at = now()
     WHERE organization_id = ${organizationId} AND id = ANY(${bigintArray(phoneIds)}) AND phone_status <> 'Blocked'`);
  return moveTextsOffSenders(tx, organizationId, phoneIds, allSendersBlockedReason);
}

/**
 * A claim found sending texts on these numbers while they are no longer Active (someone released, burned or
 * invalidated them after the project was set up): their Ready texts move to the project's other Active senders as
 * a blocked number's do, or the project pauses saying why. Runs in a transaction of its own after the claim's, and
 * locks the phones first, so claims (which lock only texts, and skip locked ones) never wait for it, and two lanes
 * that found the same number move its texts one after the other. Returns the projects it touched.
 */
export async function retireInactiveSenders(
  tx: Tx,
  organizationId: number,
  phoneIds: readonly number[],
): Promise<number[]> {
  if (!phoneIds.length) return [];
  const { rows } = await tx.execute<{ id: string }>(sql`
    SELECT id FROM phones
     WHERE organization_id = ${organizationId} AND id = ANY(${bigintArray(phoneIds)}) AND phone_status <> 'Active'
     ORDER BY id FOR UPDATE`);
  return moveTextsOffSenders(
    tx,
    organizationId,
    rows.map((r) => Number(r.id)),
    noActiveSenderReason,
  );
}

/** Moves the Ready texts of sending projects off these numbers (see blockSenders); a project left without pauses. */
async function moveTextsOffSenders(
  tx: Tx,
  organizationId: number,
  phoneIds: readonly number[],
  pauseReason: string,
): Promise<number[]> {
  if (!phoneIds.length) return [];
  const { rows: uses } = await tx.execute<{ project_id: string; phone_id: string }>(sql`
    SELECT pp.project_id, pp.phone_id
      FROM project_phones pp
      JOIN projects p ON p.organization_id = pp.organization_id AND p.id = pp.project_id
     WHERE pp.organization_id = ${organizationId} AND pp.phone_id = ANY(${bigintArray(phoneIds)})
       AND p.project_status IN ('Queued', 'Sending', 'Ready', 'Live')
     ORDER BY pp.project_id, pp.phone_id`);
  const touched = new Set<number>();
  for (const use of uses) {
    const projectId = Number(use.project_id);
    touched.add(projectId);
    await moveToOtherSenders(tx, organizationId, projectId, Number(use.phone_id), pauseReason);
  }
  return [...touched];
}

async function moveToOtherSenders(
  tx: Tx,
  organizationId: number,
  projectId: number,
  blockedId: number,
  pauseReason: string,
) {
  const { rows: others } = await tx.execute<{ phone_id: string }>(sql`
    SELECT pp.phone_id
      FROM project_phones pp
      JOIN phones ph ON ph.organization_id = pp.organization_id AND ph.id = pp.phone_id
     WHERE pp.organization_id = ${organizationId} AND pp.project_id = ${projectId}
       AND ph.phone_status = 'Active' AND ph.id <> ${blockedId}
     ORDER BY pp.phone_id`);
  if (!others.length) {
    await tx.execute(sql`
      UPDATE projects SET is_paused = true, pause_reason = ${pauseReason}, updated_at = now()
       WHERE organization_id = ${organizationId} AND id = ${projectId} AND NOT is_paused`);
    return;
  }
  const targets = others.map((o) => Number(o.phone_id));
  const slots = targets.length;
  const waiting = sql`organization_id = ${organizationId} AND project_id = ${projectId}
    AND from_phone_id = ${blockedId} AND text_status = 'Ready'`;
  const { rows: groups } = await tx.execute<{ day: string; slot: number; count: string }>(sql`
    SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, (id % ${slots})::int AS slot,
           count(*) AS count
      FROM texts WHERE ${waiting} AND text_type = 'List'
     GROUP BY 1, 2`);
  // One statement per target with a constant SET: Citus crashes on an array subscript by a column in UPDATE.
  for (const [slot, target] of targets.entries())
    await tx.execute(sql`
      UPDATE texts SET from_phone_id = ${target}, updated_at = now()
       WHERE ${waiting} AND id % ${slots} = ${slot}`);
  const deltas: CountDelta[] = groups.flatMap((g) => [
    { projectId, day: g.day, fromPhoneId: blockedId, textStatus: 'Ready' as const, delta: -Number(g.count) },
    { projectId, day: g.day, fromPhoneId: targets[g.slot], textStatus: 'Ready' as const, delta: Number(g.count) },
  ]);
  await applyCountDeltas(tx, organizationId, deltas);
}
