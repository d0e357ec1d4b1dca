import { sql } from 'drizzle-orm';
import { check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { organizationId, refId, tenantId, tenantKey, tenantPolicy, tenantRef, timestamps } from './_columns';
import { clients } from './clients';
import { organizations } from './organizations';
import { projects } from './projects';
import { users } from './users';

/**
 * An entry of a client's or a project's discussion feed: a comment (kind 'comment') or an event the system
 * records, such as a status change. A project entry may also carry its client so it shows in the client's feed.
 */
export const discussionEntries = pgTable(
  'discussion_entries',
  {
    id: tenantId(),
    organizationId: organizationId(() => organizations.id),
    clientId: refId('client_id'),
    projectId: refId('project_id'),
    // Null for entries the system writes.
    userId: refId('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull().default('comment'),
    body: text('body').notNull(),
    ...timestamps(),
  },
  (t) => [
    tenantPolicy('discussion_entries'),
    tenantKey('discussion_entries', t),
    tenantRef('discussion_entries', t, t.clientId, clients, 'cascade'),
    tenantRef('discussion_entries', t, t.projectId, projects, 'cascade'),
    check('discussion_entries_has_subject', sql`num_nonnulls(${t.clientId}, ${t.projectId}) >= 1`),
    index('discussion_entries_org_client_idx').on(t.organizationId, t.clientId, t.createdAt),
    index('discussion_entries_org_project_idx').on(t.organizationId, t.projectId, t.createdAt),
  ],
);
