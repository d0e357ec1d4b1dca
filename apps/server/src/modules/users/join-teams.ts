import { teamUsers } from '../../platform/db/schema/index';
import type { Tx } from '../../platform/db/tenant';

/**
 * Keeps team_users in step with memberships' teams: a user's own team has it as a member, so the team's users tab
 * lists everyone its figures count. Call it after every write of organization_users.team_id, in the same transaction
 * (search for joinTeams to review them).
 */
export async function joinTeams(
  tx: Tx,
  organizationId: number,
  members: readonly { userId: number; teamId: unknown }[],
): Promise<void> {
  const rows = members
    .filter((m) => m.teamId != null)
    .map((m) => ({ organizationId, teamId: Number(m.teamId), userId: m.userId }));
  if (!rows.length) return;
  await tx
    .insert(teamUsers)
    .values(rows)
    .onConflictDoNothing({ target: [teamUsers.organizationId, teamUsers.teamId, teamUsers.userId] });
}
