import { messages, type FieldErrors } from '@canvass/domain';
import { and, asc, count, eq, ilike, inArray, notExists, or, sql } from 'drizzle-orm';
import type { Viewer } from '../../platform/auth/viewer';
import { organizationUsers, teams, teamUsers, users } from '../../platform/db/schema/index';
import type { Tx } from '../../platform/db/tenant';
import { escapeLike } from '../../platform/resources/list-query';
import { visibleWhereOf } from '../../platform/resources/policy';
import { tableOf } from '../tables';

/** One member of a team as its users tab shows it. */
export interface TeamMember {
  id: number;
  userId: number;
  name: string;
  email: string;
  isLead: boolean;
  createdAt: Date;
}

/** A user of the organization that can be added to a team (the inline search of the users tab). */
export interface TeamCandidate {
  id: number;
  name: string;
  email: string;
}

/** Spec §9: inline search dropdowns show 5 options. */
export const CANDIDATE_LIMIT = 5;

/** Whether the viewer can see this team: the team resource's one policy (its organization, named). */
async function teamVisible(tx: Tx, viewer: Viewer, teamId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: teams.id })
    .from(teams)
    .where(and(visibleWhereOf('team', tableOf, viewer)!, eq(teams.id, teamId)));
  return Boolean(row);
}

/** Members of the organization only: a user who left it is neither listed nor offered. */
const memberOfOrganization = (viewer: Viewer) =>
  and(eq(organizationUsers.organizationId, viewer.organizationId), eq(organizationUsers.userId, users.id));

/**
 * How many members each of these teams has: the users its users tab lists (listTeamMembers), counted the same way,
 * so the team's Members figure and its users tab never disagree. A user whose own team it is is one of them
 * (joinTeams, and removeTeamMember refuses to take it out).
 */
export async function teamMemberCounts(tx: Tx, viewer: Viewer, teamIds: number[]): Promise<Map<number, number>> {
  if (!teamIds.length) return new Map();
  const rows = await tx
    .select({ teamId: teamUsers.teamId, n: count() })
    .from(teamUsers)
    .innerJoin(
      organizationUsers,
      and(
        eq(organizationUsers.organizationId, teamUsers.organizationId),
        eq(organizationUsers.userId, teamUsers.userId),
      ),
    )
    .where(and(eq(teamUsers.organizationId, viewer.organizationId), inArray(teamUsers.teamId, teamIds)))
    .groupBy(teamUsers.teamId);
  return new Map(rows.map((r) => [r.teamId, r.n]));
}

/** The team's members, leads first then by name; null when the viewer cannot see the team. */
export async function listTeamMembers(tx: Tx, viewer: Viewer, teamId: number): Promise<TeamMember[] | null> {
  if (!(await teamVisible(tx, viewer, teamId))) return null;
  return tx
    .select({
      id: teamUsers.id,
      userId: teamUsers.userId,
      name: users.name,
      email: users.email,
      isLead: teamUsers.isLead,
      createdAt: teamUsers.createdAt,
    })
    .from(teamUsers)
    .innerJoin(users, eq(users.id, teamUsers.userId))
    .innerJoin(organizationUsers, memberOfOrganization(viewer))
    .where(and(eq(teamUsers.organizationId, viewer.organizationId), eq(teamUsers.teamId, teamId)))
    .orderBy(sql`${teamUsers.isLead} DESC`, asc(users.name), asc(teamUsers.id));
}

/** Up to five users of the organization, by name or email, who are not yet in the team. */
export async function searchTeamCandidates(
  tx: Tx,
  viewer: Viewer,
  teamId: number,
  search: string,
): Promise<TeamCandidate[] | null> {
  if (!(await teamVisible(tx, viewer, teamId))) return null;
  const like = `%${escapeLike(search.trim())}%`;
  return tx
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .innerJoin(organizationUsers, memberOfOrganization(viewer))
    .where(
      and(
        or(ilike(users.name, like), ilike(users.email, like)),
        sql`${users.deletedAt} IS NULL`,
        notExists(
          tx
            .select({ one: sql`1` })
            .from(teamUsers)
            .where(
              and(
                eq(teamUsers.organizationId, viewer.organizationId),
                eq(teamUsers.teamId, teamId),
                eq(teamUsers.userId, users.id),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(users.name), asc(users.id))
    .limit(CANDIDATE_LIMIT);
}

/** What a change of membership answers: the member as it now is, or why nothing changed. */
export interface Outcome {
  member: TeamMember | null;
  errors: FieldErrors;
}

/** One change of a team's membership; setTeamLead reads isLead, the others ignore it. */
export type MemberChange = (
  tx: Tx,
  viewer: Viewer,
  teamId: number,
  userId: number,
  isLead: boolean,
) => Promise<Outcome>;

async function memberOf(tx: Tx, viewer: Viewer, teamId: number, userId: number): Promise<TeamMember | null> {
  const members = (await listTeamMembers(tx, viewer, teamId)) ?? [];
  return members.find((m) => m.userId === userId) ?? null;
}

/** Adds a user of the organization to the team; refuses a stranger and a second membership, saying which. */
export async function addTeamMember(tx: Tx, viewer: Viewer, teamId: number, userId: number): Promise<Outcome> {
  if (!(await teamVisible(tx, viewer, teamId))) return { member: null, errors: { base: [messages.teamNotFound] } };
  const [inOrganization] = await tx
    .select({ userId: organizationUsers.userId })
    .from(organizationUsers)
    .where(and(eq(organizationUsers.organizationId, viewer.organizationId), eq(organizationUsers.userId, userId)));
  if (!inOrganization) return { member: null, errors: { userId: [messages.userNotFound] } };
  const added = await tx
    .insert(teamUsers)
    .values({ organizationId: viewer.organizationId, teamId, userId })
    .onConflictDoNothing()
    .returning({ id: teamUsers.id });
  if (added.length === 0) return { member: null, errors: { userId: [messages.alreadyTeamMember] } };
  return { member: await memberOf(tx, viewer, teamId, userId), errors: {} };
}

const membership = (viewer: Viewer, teamId: number, userId: number) =>
  and(eq(teamUsers.organizationId, viewer.organizationId), eq(teamUsers.teamId, teamId), eq(teamUsers.userId, userId));

/**
 * Takes a user out of the team. Not the users whose own team it is (organization_users.team_id, set on the user's
 * form): they stay members until their form names another team, so the team's users tab lists everyone counted in it.
 */
export async function removeTeamMember(tx: Tx, viewer: Viewer, teamId: number, userId: number): Promise<Outcome> {
  if (!(await teamVisible(tx, viewer, teamId))) return { member: null, errors: { base: [messages.teamNotFound] } };
  const member = await memberOf(tx, viewer, teamId, userId);
  if (!member) return { member: null, errors: { userId: [messages.notTeamMember] } };
  const [ownTeam] = await tx
    .select({ userId: organizationUsers.userId })
    .from(organizationUsers)
    .where(
      and(
        eq(organizationUsers.organizationId, viewer.organizationId),
        eq(organizationUsers.userId, userId),
        eq(organizationUsers.teamId, teamId),
      ),
    );
  if (ownTeam) return { member: null, errors: { userId: [messages.ownTeamMember] } };
  await tx.delete(teamUsers).where(membership(viewer, teamId, userId));
  return { member, errors: {} };
}

/** Marks or unmarks a member as a lead of this team. */
export async function setTeamLead(
  tx: Tx,
  viewer: Viewer,
  teamId: number,
  userId: number,
  isLead: boolean,
): Promise<Outcome> {
  if (!(await teamVisible(tx, viewer, teamId))) return { member: null, errors: { base: [messages.teamNotFound] } };
  const changed = await tx
    .update(teamUsers)
    .set({ isLead, updatedAt: new Date() })
    .where(membership(viewer, teamId, userId))
    .returning({ id: teamUsers.id });
  if (changed.length === 0) return { member: null, errors: { userId: [messages.notTeamMember] } };
  return { member: await memberOf(tx, viewer, teamId, userId), errors: {} };
}
