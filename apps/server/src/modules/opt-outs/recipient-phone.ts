import type { CleanPhone } from '@canvass/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tenant';
import { phones } from '../../platform/db/schema/index';

export interface FoundPhone {
  id: number;
  number: string;
  doNotContact: boolean;
}

const found = { id: phones.id, number: phones.number, doNotContact: phones.doNotContact };

/**
 * The organization's phone for a number: its recipient phone (ToPhone) when it has one; with `anyType`, else its
 * sender or client phone of that number. A number the organization does not know yet becomes a recipient phone,
 * as a list load makes them (ToPhone, class Recipient, the state of its area code).
 */
export async function phoneForNumber(
  tx: Tx,
  organizationId: number,
  phone: CleanPhone,
  opts: { anyType: boolean },
): Promise<FoundPhone> {
  const ofNumber = and(eq(phones.organizationId, organizationId), eq(phones.number, phone.number));
  const [known] = await tx
    .select(found)
    .from(phones)
    .where(opts.anyType ? ofNumber : and(ofNumber, eq(phones.phoneType, 'ToPhone')))
    // ToPhone first: the recipient is what an opt-out or a do-not-contact mark is about.
    .orderBy(sql`${phones.phoneType} <> 'ToPhone'`, asc(phones.id))
    .limit(1);
  if (known) return known;
  // Another request may add the same number meanwhile: the unique (organization, number, type) keeps one.
  await tx
    .insert(phones)
    .values({
      organizationId,
      number: phone.number,
      phoneStatus: 'ToPhone',
      phoneType: 'ToPhone',
      phoneClass: 'Recipient',
      state: phone.state,
    })
    .onConflictDoNothing();
  const [added] = await tx
    .select(found)
    .from(phones)
    .where(and(ofNumber, eq(phones.phoneType, 'ToPhone')));
  return added;
}
