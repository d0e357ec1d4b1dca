import { cleanListPhone, messages, optOutMessages } from '@canvass/domain';
import { and, asc, count, eq, gt, like } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tenant';
import { phones } from '../../platform/db/schema/index';
import { recordChange, type ChangeOrigin } from './opt-out-changes';
import { phoneForNumber } from './recipient-phone';

export interface DoNotContactNumber {
  number: string;
  updatedAt: Date;
}

export interface DoNotContactPage {
  numbers: DoNotContactNumber[];
  hasNextPage: boolean;
}

export type DoNotContactResult =
  { number: string; errors: Record<string, never> } | { number: null; errors: Record<string, string[]> };

export const DO_NOT_CONTACT_PAGE_SIZE = 50;

const marked = (organizationId: number) =>
  and(eq(phones.organizationId, organizationId), eq(phones.doNotContact, true));

/**
 * A page of the organization's do-not-contact numbers in number order, after the number `after`, those containing
 * the digits of `search` when given. Reads the partial index of marked numbers only.
 */
export async function doNotContactNumbers(
  tx: Tx,
  organizationId: number,
  args: { search?: string | null; after?: string | null; first?: number | null },
): Promise<DoNotContactPage> {
  const take = Math.min(Math.max(args.first ?? DO_NOT_CONTACT_PAGE_SIZE, 1), 500);
  const digits = (args.search ?? '').replace(/\D/g, '');
  const rows = await tx
    .select({ number: phones.number, updatedAt: phones.updatedAt })
    .from(phones)
    .where(
      and(
        marked(organizationId),
        digits ? like(phones.number, `%${digits}%`) : undefined,
        args.after ? gt(phones.number, args.after) : undefined,
      ),
    )
    .orderBy(asc(phones.number))
    .limit(take + 1);
  return { numbers: rows.slice(0, take), hasNextPage: rows.length > take };
}

/** How many numbers the organization must not contact: an index-only count of the partial index of marked numbers. */
export async function doNotContactCount(tx: Tx, organizationId: number): Promise<number> {
  const [{ n }] = await tx.select({ n: count() }).from(phones).where(marked(organizationId));
  return n;
}

/**
 * Marks a number do-not-contact (a recipient phone made for it when the organization does not know it), with its
 * audit record. An invalid number, or one already marked, is refused and changes nothing.
 */
export async function addDoNotContact(
  tx: Tx,
  organizationId: number,
  raw: string,
  origin: ChangeOrigin,
): Promise<DoNotContactResult> {
  const clean = cleanListPhone(raw);
  if (!clean) return { number: null, errors: { number: [messages.phoneInvalidTenDigits] } };
  const phone = await phoneForNumber(tx, organizationId, clean, { anyType: false });
  if (phone.doNotContact) return { number: null, errors: { number: [optOutMessages.alreadyDoNotContact] } };
  await tx
    .update(phones)
    .set({ doNotContact: true, updatedAt: new Date() })
    .where(and(eq(phones.organizationId, organizationId), eq(phones.id, phone.id)));
  await recordChange(
    tx,
    organizationId,
    { subject: 'DoNotContact', action: 'Added', number: phone.number, phoneId: phone.id },
    origin,
  );
  return { number: phone.number, errors: {} };
}

/** Takes a number off the do-not-contact list (every phone of it), with its audit record and the reason if given. */
export async function removeDoNotContact(
  tx: Tx,
  organizationId: number,
  raw: string,
  reason: string | null,
  origin: ChangeOrigin,
): Promise<DoNotContactResult> {
  const clean = cleanListPhone(raw);
  if (!clean) return { number: null, errors: { number: [messages.phoneInvalidTenDigits] } };
  const unmarked = await tx
    .update(phones)
    .set({ doNotContact: false, updatedAt: new Date() })
    .where(and(marked(organizationId), eq(phones.number, clean.number)))
    .returning({ id: phones.id });
  if (!unmarked.length) return { number: null, errors: { number: [optOutMessages.notDoNotContact] } };
  await recordChange(
    tx,
    organizationId,
    {
      subject: 'DoNotContact',
      action: 'Removed',
      number: clean.number,
      phoneId: unmarked[0].id,
      reason: reason?.trim() || null,
    },
    origin,
  );
  return { number: clean.number, errors: {} };
}
