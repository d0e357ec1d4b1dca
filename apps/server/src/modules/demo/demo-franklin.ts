import { and, eq } from 'drizzle-orm';
import { clients, lists, phones, rows } from '../../platform/db/schema/index';
import type { Tx } from '../../platform/db/tenant';

export const FRANKLIN_CLIENT = 'Franklin County Democrats';
export const FRANKLIN_LIST = 'Franklin County voters';

/** Its recipients: fictional 555 numbers of Columbus, Ohio, with the sheet's Precinct column kept. */
const voters = [
  { number: '6145550141', firstName: 'Dana', lastName: 'Whitfield', precinct: '25-B' },
  { number: '6145550142', firstName: 'Marcus', lastName: 'Oyelaran', precinct: '25-C' },
  { number: '6145550143', firstName: 'Lena', lastName: 'Kowalczyk', precinct: '31-A' },
];

/**
 * A second client of the demo organization, with a loaded list of its own: the demo's Client-role user (of Rivera
 * for Senate) must not see it (issue 35 §2), and staff see both clients' lists. Written as a load leaves a list
 * (its rows in sheet order, its counts and row range, its recipients as the organization's phones).
 */
export async function seedFranklin(tx: Tx, organizationId: number): Promise<void> {
  const [client] = await tx
    .insert(clients)
    .values({
      organizationId,
      name: FRANKLIN_CLIENT,
      clientType: 'Campaign',
      clientStatus: 'Active',
      slug: 'franklin-county-democrats',
      state: 'OH',
    })
    .returning();
  const n = voters.length;
  const [list] = await tx
    .insert(lists)
    .values({
      organizationId,
      clientId: client.id,
      name: FRANKLIN_LIST,
      googleSheetKey: 'demo-franklin-county-voters',
      listStatus: 'Loaded',
      lastLoadedAt: new Date(),
      rowHeaders: ['Precinct'],
      ...{ rowsCount: n, validRowsCount: n, optimizedRowsCount: n },
    })
    .returning();
  await tx.insert(phones).values(
    voters.map((v) => ({
      organizationId,
      number: v.number,
      phoneStatus: 'ToPhone' as const,
      phoneType: 'ToPhone' as const,
      phoneClass: 'Recipient' as const,
      state: 'OH',
    })),
  );
  const made = await tx
    .insert(rows)
    .values(
      voters.map((v, i) => ({
        organizationId,
        listId: list.id,
        position: i + 1,
        rawPhoneNumber: v.number,
        toPhoneNumber: v.number,
        firstName: v.firstName,
        lastName: v.lastName,
        state: 'OH',
        rowStatus: 'Valid' as const,
        columnOne: v.precinct,
      })),
    )
    .returning({ id: rows.id });
  const ids = made.map((r) => r.id).sort((a, b) => a - b);
  await tx
    .update(lists)
    .set({ firstRowId: ids[0], lastRowId: ids[ids.length - 1] })
    .where(and(eq(lists.organizationId, organizationId), eq(lists.id, list.id)));
}
