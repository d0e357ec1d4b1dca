import { messages, normalizeAttributes, user } from '@canvass/domain';
import { and, eq } from 'drizzle-orm';
import type { Viewer } from '../../platform/auth/viewer';
import { organizationUsers, users } from '../../platform/db/schema/index';
import type { Tx } from '../../platform/db/tenant';
import type { WriteResult } from '../../platform/resources/resource-service';
import { checkReferences, validateUser } from './check-user';
import { joinTeams } from './join-teams';
import { getUser } from './read-users';
import { saveViews } from './save-views';

/** Changes a user's name (the person's), team and client (its membership here) and data views. */
export async function updateUser(
  tx: Tx,
  viewer: Viewer,
  id: number,
  raw: Record<string, unknown>,
): Promise<WriteResult> {
  const existing = await getUser(tx, viewer, id);
  if (!existing) return { row: null, errors: { base: [messages.notFound] } };
  // The type is fixed once added (spec §5): the rules read the saved one.
  const { email: _email, userType: _type, ...changes } = raw;
  const attrs = normalizeAttributes(user, { ...changes, userType: existing.userType });
  delete attrs.userType;
  const errors = validateUser(attrs, viewer, existing);
  if (Object.keys(errors).length === 0) Object.assign(errors, await checkReferences(tx, viewer, attrs));
  if (Object.keys(errors).length) return { row: null, errors };

  if (attrs.name != null)
    await tx
      .update(users)
      .set({ name: String(attrs.name).trim() })
      .where(eq(users.id, id));
  const place: Record<string, number | null> = {};
  for (const key of ['clientId', 'teamId'] as const)
    if (key in attrs) place[key] = attrs[key] == null ? null : Number(attrs[key]);
  if (Object.keys(place).length)
    await tx
      .update(organizationUsers)
      .set(place)
      .where(and(eq(organizationUsers.organizationId, viewer.organizationId), eq(organizationUsers.userId, id)));
  await joinTeams(tx, viewer.organizationId, [{ userId: id, teamId: attrs.teamId }]);
  await saveViews(tx, viewer.organizationId, id, attrs.clientUserViews);
  return { row: await getUser(tx, viewer, id), errors: {} };
}
