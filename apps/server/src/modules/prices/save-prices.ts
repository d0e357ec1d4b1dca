import {
  isDroppedPriceRow,
  priceMessages,
  priceRowErrors,
  priceStart,
  type FieldErrors,
  type PriceRowInput,
} from '@canvass/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Viewer } from '../../platform/auth/viewer';
import { prices } from '../../platform/db/schema/index';
import type { Tx } from '../../platform/db/tenant';
import { loadPrices } from './load-prices';
import { priceAccess } from './price-access';
import { inScope, type PriceRow, type PriceScope } from './price-scope';

const idOf = (row: PriceRowInput) => (row.id == null || row.id === '' ? null : Number(row.id));

/** One kind of message from one moment: two rows of a level may not share it. */
const kindAt = (r: { messagingServiceType?: unknown; campaignType?: unknown; isSent?: unknown; startAt: Date }) =>
  [r.messagingServiceType, r.campaignType, r.isSent !== false, r.startAt.getTime()].join();

/**
 * Every problem of a level's rows (spec §5) keyed `{name}.{i}.{field}`: the rules of the domain, a row that names a
 * price this level does not hold (another level's, another organization's), and a row that gives a kind of message
 * a price from the same moment as a saved row it leaves alone. A level holds a few dozen rows: read whole.
 */
export async function priceProblems(
  tx: Tx,
  organizationId: number,
  scope: PriceScope,
  rows: readonly PriceRowInput[],
  name = 'prices',
): Promise<FieldErrors> {
  const errors = priceRowErrors(rows, name);
  const validId = (id: number) => Number.isSafeInteger(id) && id > 0;
  const stored = await tx
    .select({
      id: prices.id,
      messagingServiceType: prices.messagingServiceType,
      campaignType: prices.campaignType,
      isSent: prices.isSent,
      startAt: prices.startAt,
    })
    .from(prices)
    .where(inScope(organizationId, scope));
  const held = new Set(stored.map((r) => r.id));
  const sent = new Set(rows.map(idOf).filter((id): id is number => id !== null));
  const untouched = new Set(stored.filter((r) => !sent.has(r.id)).map(kindAt));
  rows.forEach((row, i) => {
    const id = idOf(row);
    if (id !== null && (!validId(id) || !held.has(id))) errors[`${name}.${i}.id`] = [priceMessages.notFound];
    if (isDroppedPriceRow(row) || errors[`${name}.${i}.startAt`]) return;
    if (untouched.has(kindAt({ ...row, startAt: priceStart(String(row.startAt)) })))
      errors[`${name}.${i}.startAt`] = [priceMessages.twice];
  });
  return errors;
}

/**
 * Applies a level's rows, checked before (priceProblems): a saved row marked _destroy or left without a price is
 * removed, a new one without a price ignored (all-empty rows too); the others are updated or added.
 */
export async function savePrices(
  tx: Tx,
  organizationId: number,
  scope: PriceScope,
  rows: readonly PriceRowInput[],
): Promise<void> {
  const mine = inScope(organizationId, scope);
  const owner = {
    clientId: scope.level === 'Client' ? scope.clientId : null,
    projectId: scope.level === 'Project' ? scope.projectId : null,
  };
  const remove: number[] = [];
  const add: (typeof prices.$inferInsert)[] = [];
  for (const row of rows) {
    const id = idOf(row);
    if (isDroppedPriceRow(row)) {
      if (id !== null) remove.push(id);
      continue;
    }
    const values = {
      price: String(row.price).trim(),
      isSent: row.isSent ?? true,
      campaignType: row.campaignType as PriceRow['campaignType'],
      messagingServiceType: row.messagingServiceType as PriceRow['messagingServiceType'],
      startAt: priceStart(String(row.startAt)),
    };
    if (id === null) add.push({ ...values, ...owner, organizationId });
    else
      await tx
        .update(prices)
        .set({ ...values, updatedAt: new Date() })
        .where(and(mine, eq(prices.id, id)));
  }
  if (remove.length) await tx.delete(prices).where(and(mine, inArray(prices.id, remove)));
  if (add.length) await tx.insert(prices).values(add);
}

/**
 * updatePrices: a level's rows saved all or none (one savepoint), after the viewer's access and every rule; the
 * level's rows as they now are, or the errors keyed by row and field.
 */
export async function updatePrices(
  tx: Tx,
  viewer: Viewer,
  scope: PriceScope,
  rows: readonly PriceRowInput[],
): Promise<{ rows: PriceRow[] | null; errors: FieldErrors }> {
  const access = await priceAccess(tx, viewer, scope, 'Update');
  if (!access.ok) return { rows: null, errors: access.errors };
  const errors = await priceProblems(tx, viewer.organizationId, scope, rows);
  if (Object.keys(errors).length) return { rows: null, errors };
  await tx.transaction((sp) => savePrices(sp, viewer.organizationId, scope, rows));
  return { rows: await loadPrices(tx, viewer.organizationId, scope), errors: {} };
}
