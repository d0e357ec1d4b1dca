import { ClientStatus, ClientType, PhoneStatus, PhoneType } from '@canvass/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { ChangeOrigin } from '../opt-outs/opt-out-changes';
import type { AuditedStep, CommitStep, ImportResource, ImportTarget, TargetField } from './import-target';
import { userTarget } from './user-target';

const counted = (statement: SQL): CommitStep => ({ statement, counted: true });

const phone: TargetField = { name: 'number', label: 'Phone number', kind: 'phone', required: true };
const client: TargetField = { name: 'client_id', label: 'Client', kind: 'client' };
const state: TargetField = { name: 'state', label: 'State', kind: 'state' };

/** An import's changes to opt-outs and do-not-contact numbers are audited as made by its user, from the import. */
const importOrigin = (userId: number | null): ChangeOrigin => ({ userId, source: 'Import', ipAddress: null });

/**
 * A staged number (text) as the number columns hold it. Citus moves a staged row into a distributed table with the
 * column's own collation (COLLATE "C", schema/_columns.ts) only when the select list already has it: with the
 * implicit conversion it fails ("attribute 2 of type record has wrong type").
 */
const stagedNumber = sql`s.number::varchar(10) COLLATE "C"`;

/**
 * A recipient number (ToPhone) for each staged number that the organization does not have yet. Numbers that come
 * in marked do-not-contact get their audit records with them.
 */
const newRecipients = (staging: SQL, org: number, doNotContact: boolean, userId: number | null): AuditedStep => ({
  changes: sql`
    INSERT INTO phones (organization_id, number, phone_status, phone_type, phone_class, state, do_not_contact)
    SELECT DISTINCT ON (s.number) ${org}::bigint, ${stagedNumber}, 'ToPhone', 'ToPhone', 'Recipient', s.state, ${doNotContact}
      FROM ${staging} s
    ORDER BY s.number
    ON CONFLICT DO NOTHING
    RETURNING number, id AS phone_id, NULL::bigint AS client_id`,
  audit: doNotContact ? { change: { subject: 'DoNotContact', action: 'Added' }, origin: importOrigin(userId) } : null,
});

/**
 * What each import resource's rows become. A row repeating an earlier row of the file is rejected as its duplicate
 * before staging (duplicateFinder); natural keys make a row already stored a skip, not an error: phones
 * (organization, number, type), opt-outs (organization, phone, client), do-not-contact numbers (number), users
 * (email: a person already a member).
 */
export const targets: Record<ImportResource, ImportTarget> = {
  Phone: {
    fields: [
      phone,
      { name: 'phone_type', label: 'Type', kind: 'enum', enum: PhoneType, default: 'ToPhone' },
      { name: 'phone_status', label: 'Status', kind: 'enum', enum: PhoneStatus, default: 'AwaitingAPIVerify' },
      { name: 'description', label: 'Description', kind: 'text', maxLength: 255 },
      client,
      state,
      { name: 'first_name', label: 'First name', kind: 'text', maxLength: 255 },
      { name: 'last_name', label: 'Last name', kind: 'text', maxLength: 255 },
    ],
    key: ['number', 'phone_type'],
    commit: (staging, org) => [
      counted(sql`
      WITH added AS (
        INSERT INTO phones (organization_id, number, phone_type, phone_status, phone_class, description, client_id,
                            state, first_name, last_name)
        SELECT ${org}::bigint, ${stagedNumber}, s.phone_type::phone_type, s.phone_status::phone_status,
               CASE WHEN s.phone_type = 'ToPhone' THEN 'Recipient'::phone_class END, s.description,
               s.client_id::bigint, s.state, s.first_name, s.last_name
          FROM ${staging} s
        ORDER BY s.position
        ON CONFLICT DO NOTHING
        RETURNING 1)
      SELECT count(*)::int AS n FROM added`),
    ],
  },
  OptOut: {
    fields: [phone, client, state],
    key: ['number', 'client_id'],
    // The recipients first (not counted: the opt-outs are what the user imports), then one opt-out per number and client.
    commit: (staging, org, userId) => [
      { ...newRecipients(staging, org, false, userId), counted: false },
      {
        counted: true,
        changes: sql`
          INSERT INTO opt_outs (organization_id, phone_id, number, client_id, opt_out_type, created_by)
          SELECT ${org}::bigint, p.id, p.number, s.client_id::bigint, 'Manual', ${userId}::bigint
            FROM ${staging} s
            JOIN phones p ON p.organization_id = ${org} AND p.number = s.number AND p.phone_type = 'ToPhone'
          ORDER BY s.position
          ON CONFLICT DO NOTHING
          RETURNING number, phone_id, client_id`,
        audit: {
          change: { subject: 'OptOut', action: 'Added', optOutType: 'Manual' },
          origin: importOrigin(userId),
        },
      },
    ],
  },
  DoNotContact: {
    fields: [phone, state],
    key: ['number'],
    // New numbers come in marked; known recipients not yet marked are marked. Either counts as imported.
    commit: (staging, org, userId) => [
      { ...newRecipients(staging, org, true, userId), counted: true },
      {
        counted: true,
        changes: sql`
          UPDATE phones p SET do_not_contact = true, updated_at = now()
            FROM (SELECT DISTINCT number FROM ${staging}) s
           WHERE p.organization_id = ${org} AND p.number = s.number AND p.phone_type = 'ToPhone'
             AND NOT p.do_not_contact
          RETURNING p.number, p.id AS phone_id, NULL::bigint AS client_id`,
        audit: { change: { subject: 'DoNotContact', action: 'Added' }, origin: importOrigin(userId) },
      },
    ],
  },
  Client: {
    fields: [
      { name: 'name', label: 'Name', kind: 'text', required: true, maxLength: 255 },
      { name: 'client_type', label: 'Type', kind: 'enum', enum: ClientType, required: true },
      { name: 'client_status', label: 'Status', kind: 'enum', enum: ClientStatus, default: 'Active' },
      { name: 'email', label: 'Email', kind: 'text', maxLength: 255 },
      { name: 'website', label: 'Website', kind: 'text', maxLength: 255 },
      { ...phone, name: 'phone', label: 'Phone', required: false },
      state,
    ],
    // Clients have no natural key: every valid row is a new client, unless it repeats an earlier row in full.
    commit: (staging, org) => [
      counted(sql`
      WITH added AS (
        INSERT INTO clients (organization_id, name, client_type, client_status, email, website, phone, state)
        SELECT ${org}::bigint, s.name, s.client_type::client_type, s.client_status::client_status, s.email,
               s.website, s.phone, s.state
          FROM ${staging} s
        ORDER BY s.position
        RETURNING 1)
      SELECT count(*)::int AS n FROM added`),
    ],
  },
  User: userTarget,
};
