import { index, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { id, organizationId, refId, tenantPolicy, timestamps } from './_columns';
import { clients } from './clients';
import { optOutTypeEnum } from './enums';
import { organizations } from './organizations';
import { phones } from './phones';
import { texts } from './texts';
import { users } from './users';

/** A phone that asked not to be texted: by one client, or by the whole organization when clientId is null. */
export const optOuts = pgTable(
  'opt_outs',
  {
    id: id(),
    organizationId: organizationId(() => organizations.id),
    phoneId: refId('phone_id')
      .notNull()
      .references(() => phones.id, { onDelete: 'cascade' }),
    clientId: refId('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    // The text that carried the STOP (or that staff opted out from).
    textId: refId('text_id').references(() => texts.id, { onDelete: 'set null' }),
    optOutType: optOutTypeEnum('opt_out_type').notNull(),
    body: text('body'),
    createdBy: refId('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    tenantPolicy('opt_outs'),
    // A repeated STOP or provider report is a no-op (ON CONFLICT DO NOTHING), not a second opt-out.
    unique('opt_outs_phone_client_key').on(t.organizationId, t.phoneId, t.clientId).nullsNotDistinct(),
    index('opt_outs_org_client_idx').on(t.organizationId, t.clientId),
    index('opt_outs_org_text_idx').on(t.organizationId, t.textId),
    index('opt_outs_org_created_idx').on(t.organizationId, t.createdAt),
  ],
);
