import {
  childRowChanges,
  client,
  messages,
  phoneDigits,
  type AttributesOf,
  type ChildRowInput,
  type FieldErrors,
} from '@canvass/domain';
import { and, count, eq, inArray, not, sql } from 'drizzle-orm';
import type { Viewer } from '../../platform/auth/viewer';
import { whereOrg } from '../../platform/db/organization-scope';
import { clients, phones, projects, userViews } from '../../platform/db/schema/index';
import { withSystemPeek, type Tx } from '../../platform/db/tenant';
import { visibleWhereOf } from '../../platform/resources/policy';
import { createResourceService, type Row } from '../../platform/resources/resource-service';
import { favoriteIds } from '../favorites/favorites.service';
import { tableOf } from '../tables';

/** A client's create or update attributes, typed by its registry entry. */
type ClientAttributes = AttributesOf<typeof client>;

/**
 * Applies the Phone Numbers section (a children field, validated with the client): removed or emptied saved rows
 * are deleted, empty new rows dropped. The rows are the client's ClientPhone rows of the phones table.
 */
async function savePhones(tx: Tx, row: Row, rows: ChildRowInput[] | null | undefined, viewer: Viewer): Promise<void> {
  if (!rows) return;
  const changes = childRowChanges(client.fields.phones, rows, (f, v) => (f.kind === 'phone' ? phoneDigits(v) : v));
  const mine = and(
    eq(phones.organizationId, viewer.organizationId),
    eq(phones.clientId, row.id),
    eq(phones.phoneType, 'ClientPhone'),
  );
  if (changes.remove.length) await tx.delete(phones).where(and(mine, inArray(phones.id, changes.remove)));
  for (const { id, values } of changes.change) {
    await tx
      .update(phones)
      .set({ number: values.number!, description: values.description })
      .where(and(mine, eq(phones.id, id)));
  }
  for (const values of changes.add) {
    await tx
      .insert(phones)
      .values({
        organizationId: viewer.organizationId,
        clientId: row.id,
        number: values.number!,
        description: values.description,
        phoneType: 'ClientPhone',
        phoneStatus: 'Active',
      })
      .onConflictDoUpdate({
        target: [phones.organizationId, phones.number, phones.phoneType],
        set: { clientId: row.id, description: values.description },
      });
  }
}

/** Adds each client's phone numbers, counts of sub-clients and projects, and the viewer's favorite mark. */
async function decorateClients(tx: Tx, rows: Row[], viewer: Viewer): Promise<void> {
  const ids = rows.map((r) => r.id);
  const org = viewer.organizationId;
  // Sequential on purpose: a transaction is one connection, which runs one query at a time.
  const phoneRows = await tx
    .select({ id: phones.id, clientId: phones.clientId, number: phones.number, description: phones.description })
    .from(phones)
    .where(and(eq(phones.organizationId, org), inArray(phones.clientId, ids), eq(phones.phoneType, 'ClientPhone')))
    .orderBy(phones.id);
  // Member clients the viewer may not see are not counted either.
  const subClients = await tx
    .select({ agencyId: clients.agencyId, n: count() })
    .from(clients)
    .where(and(visibleWhereOf('client', tableOf, viewer) ?? undefined, inArray(clients.agencyId, ids)))
    .groupBy(clients.agencyId);
  const projectCounts = await tx
    .select({ clientId: projects.clientId, n: count() })
    .from(projects)
    .where(and(eq(projects.organizationId, org), inArray(projects.clientId, ids)))
    .groupBy(projects.clientId);
  const favorites = await favoriteIds(tx, viewer, 'clientId', ids);
  for (const r of rows) {
    r.phones = phoneRows.filter((p) => p.clientId === r.id);
    r.clientsCount = subClients.find((c) => c.agencyId === r.id)?.n ?? 0;
    r.projectsCount = projectCounts.find((c) => c.clientId === r.id)?.n ?? 0;
    r.isFavorite = favorites.has(r.id);
  }
}

/**
 * What a viewer limited to some clients creates must stay visible to it: an Agency user's new clients belong to
 * its agency, and a user with user views gets a view of the client it created.
 */
function keepVisible(attrs: ClientAttributes, { viewer, existing }: { viewer: Viewer; existing: Row | null }) {
  if (viewer.isAdmin || viewer.role !== 'Agency' || !viewer.clientId) return attrs;
  if (existing?.id === viewer.clientId) return attrs;
  return { ...attrs, agencyId: viewer.clientId };
}

async function addCreatorView(tx: Tx, row: Row, viewer: Viewer, isNew: boolean): Promise<void> {
  if (!isNew || viewer.isAdmin || viewer.viewClientIds.length === 0) return;
  await tx
    .insert(userViews)
    .values({ organizationId: viewer.organizationId, userId: viewer.userId, clientId: row.id })
    .onConflictDoNothing();
  viewer.viewClientIds.push(row.id);
}

/**
 * Whether another client, in any organization, already has this slug: the public opt-in page (/{slug}/opt-in)
 * finds its client by slug alone. The database enforces it per organization only (Citus keeps no unique across
 * organizations); this answers only yes or no, never whose it is.
 */
async function slugTaken(tx: Tx, slug: string, viewer: Viewer, existing: Row | null): Promise<boolean> {
  const self = existing
    ? and(eq(clients.organizationId, viewer.organizationId), eq(clients.id, existing.id))
    : undefined;
  const [hit] = await withSystemPeek(tx, 'client slug unique across organizations', (peek) =>
    peek
      .select({ id: clients.id })
      .from(clients)
      .where(and(sql`lower(${clients.slug}) = lower(${slug})`, self ? not(self) : undefined))
      .limit(1),
  );
  return hit !== undefined;
}

export const clientsService = createResourceService(client, clients, tableOf, {
  prepare: keepVisible,
  async check(tx, attrs, { viewer, existing }) {
    const errors: FieldErrors = {};
    if (existing && attrs.agencyId != null && Number(attrs.agencyId) === existing.id)
      errors.agencyId = [messages.ownAgency];
    if (typeof attrs.slug === 'string' && attrs.slug !== '' && (await slugTaken(tx, attrs.slug, viewer, existing)))
      errors.slug = [messages.taken(client.fields.slug.label)];
    return errors;
  },
  // A client's own contact numbers (its Phone Numbers section) go with it; other phones are dependants.
  async beforeDestroy(tx, row) {
    await tx
      .delete(phones)
      .where(
        whereOrg(phones, Number(row.organizationId), eq(phones.clientId, row.id), eq(phones.phoneType, 'ClientPhone')),
      );
  },
  async afterWrite(tx, row, attrs, viewer, isNew) {
    await savePhones(tx, row, attrs.phones, viewer);
    await addCreatorView(tx, row, viewer, isNew);
  },
  decorate: decorateClients,
});
