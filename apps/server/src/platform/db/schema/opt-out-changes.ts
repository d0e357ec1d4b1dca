import { OptOutChangeAction, OptOutChangeSource, type EnumDef } from '@canvass/domain';
import { index, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organizationId, refId, tenantId, tenantKey, phoneNumber, tenantPolicy } from './_columns';
import { optOutTypeEnum } from './enums';
import { organizations } from './organizations';
import { users } from './users';

/** A database enum with the domain enum's values, typed by them. */
const enumOf = <V extends string>(name: string, def: EnumDef<V>) => pgEnum(name, def.values as [V, ...V[]]);

export const optOutChangeSubjectEnum = pgEnum('opt_out_change_subject', ['OptOut', 'DoNotContact']);
export const optOutChangeActionEnum = enumOf('opt_out_change_action', OptOutChangeAction);
export const optOutChangeSourceEnum = enumOf('opt_out_change_source', OptOutChangeSource);

/**
 * The audit record of opt-outs and do-not-contact numbers: who changed which number, when, how (the UI, the API,
 * an import, an inbound STOP), from which address, and why for a removal. Written in the transaction of the change.
 * No foreign key to the opt-out, the phone or the client: the record outlives them (a removed opt-out's history
 * is the point of it), so it names the number and the client id as they were.
 */
export const optOutChanges = pgTable(
  'opt_out_changes',
  {
    id: tenantId(),
    organizationId: organizationId(() => organizations.id),
    subject: optOutChangeSubjectEnum('subject').notNull(),
    action: optOutChangeActionEnum('action').notNull(),
    number: phoneNumber('number').notNull(),
    phoneId: refId('phone_id'),
    clientId: refId('client_id'),
    optOutType: optOutTypeEnum('opt_out_type'),
    source: optOutChangeSourceEnum('source').notNull(),
    reason: text('reason'),
    ipAddress: text('ip_address'),
    userId: refId('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    tenantPolicy('opt_out_changes'),
    tenantKey('opt_out_changes', t),
    // An opt-out's history: the changes of its number (then filtered to its client).
    index('opt_out_changes_org_number_idx').on(t.organizationId, t.number, t.createdAt),
  ],
);
