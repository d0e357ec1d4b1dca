import { team } from '@canvass/domain';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Viewer } from '../../platform/auth/viewer';
import { organizationUsers, teams } from '../../platform/db/schema/index';
import type { Tx } from '../../platform/db/tenant';
import { createResourceService, type Row } from '../../platform/resources/resource-service';
import { favoriteIds } from '../favorites/favorites.service';
import { tableOf } from '../tables';
import { teamMemberCounts } from './team-members.service';

/**
 * A page of teams with their counts and the viewer's favourite mark: teams are few and small, so a grouped count
 * over the page's ids (index (organization_id, team_id)) costs one query each and nothing is stored to drift.
 */
async function decorateTeams(tx: Tx, rows: Row[], viewer: Viewer): Promise<void> {
  const ids = rows.map((r) => r.id);
  const org = viewer.organizationId;
  const members = await teamMemberCounts(tx, viewer, ids);
  // The users whose own team it is (organization_users.team_id, set on the user's form): members too (joinTeams).
  const users = await tx
    .select({ teamId: organizationUsers.teamId, n: count() })
    .from(organizationUsers)
    .where(and(eq(organizationUsers.organizationId, org), inArray(organizationUsers.teamId, ids)))
    .groupBy(organizationUsers.teamId);
  const favorites = await favoriteIds(tx, viewer, 'teamId', ids);
  for (const r of rows) {
    r.membersCount = members.get(r.id) ?? 0;
    r.usersCount = users.find((u) => u.teamId === r.id)?.n ?? 0;
    r.isFavorite = favorites.has(r.id);
  }
}

/** Teams: name and status required (registry); counts and favourites per page. */
export const teamsService = createResourceService(team, teams, tableOf, { decorate: decorateTeams });
