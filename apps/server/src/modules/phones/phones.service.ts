import { phone } from '@canvass/domain';
import { eq, sql } from 'drizzle-orm';
import type { Viewer } from '../../platform/auth/viewer';
import { phones } from '../../platform/db/schema/index';
import { createResourceService } from '../../platform/resources/resource-service';
import { favoriteIds } from '../favorites/favorites.service';
import { tableOf } from '../tables';

/** A Client-role user sees the numbers of its own client only (spec §6). */
function phoneVisibility(viewer: Viewer) {
  if (viewer.isAdmin || viewer.role !== 'Client') return undefined;
  return viewer.clientId ? eq(phones.clientId, viewer.clientId) : sql`false`;
}

/** Phones: purchased sender numbers, client numbers and recipients, 10 digits each. */
export const phonesService = createResourceService(phone, phones, tableOf, {
  scope: phoneVisibility,
  async decorate(tx, rows, viewer) {
    const favorites = await favoriteIds(
      tx,
      viewer,
      'phoneId',
      rows.map((r) => r.id),
    );
    for (const r of rows) r.isFavorite = favorites.has(r.id);
  },
});
