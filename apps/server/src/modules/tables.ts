import type { PgTable } from 'drizzle-orm/pg-core';
import { brands, campaigns, clients, phones } from '../platform/db/schema/index';

/** The Drizzle table behind each registry entry; a ref field finds its target here. */
const tables: Record<string, PgTable> = { client: clients, brand: brands, campaign: campaigns, phone: phones };

export const tableOf = (resourceName: string): PgTable | undefined => tables[resourceName];
