import { phone } from '@canvass/domain';
import { phones } from '../../platform/db/schema/index';
import { createResourceService } from '../../platform/resources/resource-service';
import { favoriteIds } from '../favorites/favorites.service';
import { tableOf } from '../tables';
import { addProviderColors } from '../organization/provider-colors';

/** Phones: purchased sender numbers, client numbers and recipients, 10 digits each. */
export const phonesService = createResourceService(phone, phones, tableOf, {
  async decorate(tx, rows, viewer) {
    const favorites = await favoriteIds(
      tx,
      viewer,
      'phoneId',
      rows.map((r) => r.id),
    );
    for (const r of rows) r.isFavorite = favorites.has(r.id);
    await addProviderColors(tx, viewer.organizationId, rows);
  },
});
