import { entryByName } from '@canvass/domain';
import { PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../platform/db/schema/index';

const tablesByExport: Record<string, unknown> = schema;

/**
 * The Drizzle table behind a registry entry: the one exported under the entry's plural (clients, brands,
 * shortenedLinks), so a new resource needs no line here; tables.test.ts checks every entry has one.
 */
export const tableOf = (resourceName: string): PgTable | undefined => {
  const def = entryByName(resourceName);
  const table = def && tablesByExport[def.plural];
  return table instanceof PgTable ? table : undefined;
};
