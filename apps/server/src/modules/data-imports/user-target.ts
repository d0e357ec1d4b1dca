import { guardOf, messages, Role, user } from '@canvass/domain';
import { eq } from 'drizzle-orm';
import type { Viewer } from '../../platform/auth/viewer';
import { clients, teams } from '../../platform/db/schema/index';
import type { Tx } from '../../platform/db/tenant';
import { visibleWhereOf } from '../../platform/resources/policy';
import { tableOf } from '../tables';
import { addImportedMembers } from '../users/import-members';
import { checkNewUser, mayAddWithoutClient } from '../users/check-user';
import type { ImportTarget, RowContext, StagedRow } from './import-target';

const byName = (rows: { id: number; name: string }[]) => new Map(rows.map((r) => [r.name.trim().toLowerCase(), r.id]));

/** The user form's attributes of a staged row. */
const toAttributes = (row: StagedRow) => ({
  email: row.email,
  name: row.name,
  userType: row.user_type,
  teamId: row.team_id,
  clientId: row.client_id,
});

/**
 * A row is a user as the importing user would add it on the Users screen: the same rules (checkNewUser: a client for
 * Client and Agency users, a team for team leads and texters, Admin given only by admins), clients among those it
 * may see, and, for a viewer limited to some clients, a client always.
 */
async function userRowContext(tx: Tx, viewer: Viewer): Promise<RowContext> {
  const organizationId = viewer.organizationId;
  const visibleClients = await tx
    .select({ id: clients.id, name: clients.name })
    .from(clients)
    .where(visibleWhereOf('client', tableOf, viewer)!);
  const orgTeams = await tx
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(eq(teams.organizationId, organizationId));
  const withoutClient = mayAddWithoutClient(viewer);
  return {
    clientsByName: byName(visibleClients),
    teamsByName: byName(orgTeams),
    rule(row) {
      const { attrs, errors } = checkNewUser(viewer, toAttributes(row));
      const [first] = Object.values(errors).flat();
      if (first) return { reason: first };
      if (attrs.clientId == null && !withoutClient) return { reason: messages.outsideYourClients };
      const value = (v: unknown) => (v == null ? null : String(v));
      return {
        row: {
          email: value(attrs.email),
          name: value(attrs.name),
          user_type: value(attrs.userType),
          team_id: value(attrs.teamId),
          client_id: value(attrs.clientId),
        },
      };
    },
  };
}

const { fields } = user;

/**
 * Users (issue 11 §7): each row adds a person to the organization as Add on the Users screen does (a known account
 * joins, an unknown email is invited once the import has committed); a person already a member is a skip.
 */
export const userTarget: ImportTarget = {
  fields: [
    { name: 'email', label: fields.email.label, kind: 'email', required: true, maxLength: fields.email.maxLength },
    { name: 'name', label: fields.name.label, kind: 'text', required: true, maxLength: fields.name.maxLength },
    { name: 'user_type', label: fields.userType.label, kind: 'enum', enum: Role, default: fields.userType.default },
    { name: 'team_id', label: fields.teamId.label, kind: 'team' },
    { name: 'client_id', label: fields.clientId.label, kind: 'client' },
  ],
  key: ['email'],
  permission: { operation: 'Create', resource: guardOf(user) },
  rowContext: userRowContext,
  commit: (staging, org) => [{ counted: true, run: (tx) => addImportedMembers(tx, staging, org) }],
};
