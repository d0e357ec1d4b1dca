import { index, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import {
  organizationId,
  refId,
  tenantId,
  tenantKey,
  tenantPolicy,
  tenantRef,
  phoneNumber,
  timestamps,
} from './_columns';
import { clients } from './clients';
import { optOutTypeEnum } from './enums';
import { organizations } from './organizations';
import { phones } from './phones';
import { users } from './users';

/** A phone that asked not to be texted: by one client, or by the whole organization when clientId is null. */
export const optOuts = pgTable(
  'opt_outs',
  {
    id: tenantId(),
    organizationId: organizationId(() => organizations.id),
    phoneId: refId('phone_id').notNull(),
    // The phone's 10 digits as opted out: listed, searched and exported with the opt-out, for viewers (a client)
    // who may see the opt-out but not the recipient phone itself.
    number: phoneNumber('number').notNull(),
    clientId: refId('client_id'),
    // The text that carried the STOP (or that staff opted out from): its key in texts, which is partitioned by
    // month. Not a foreign key: one into texts would block dropping or detaching an old month.
    textId: refId('text_id'),
    textCreatedAt: timestamp('text_created_at', { withTimezone: true }),
    optOutType: optOutTypeEnum('opt_out_type').notNull(),
    body: text('body'),
    createdBy: refId('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    tenantPolicy('opt_outs'),
    tenantKey('opt_outs', t),
    tenantRef('opt_outs', t, t.phoneId, phones, 'cascade'),
    tenantRef('opt_outs', t, t.clientId, clients, 'cascade'),
    // A repeated STOP or provider report is a no-op (ON CONFLICT DO NOTHING), not a second opt-out.
    unique('opt_outs_phone_client_key').on(t.organizationId, t.phoneId, t.clientId).nullsNotDistinct(),
    index('opt_outs_org_client_idx').on(t.organizationId, t.clientId),
    index('opt_outs_org_text_idx').on(t.organizationId, t.textId),
    // The list's two sort columns, (column, id) in either direction.
    index('opt_outs_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('opt_outs_org_number_idx').on(t.organizationId, t.number, t.id),
  ],
);
