import { campaign } from '@canvass/domain';
import { and, count, inArray } from 'drizzle-orm';
import { campaigns, phones } from '../../platform/db/schema/index';
import { visibleWhereOf } from '../../platform/resources/policy';
import { createResourceService } from '../../platform/resources/resource-service';
import { tableOf } from '../tables';

/** Campaigns: only admins set the type; Registered needs a client; Unregistered clears it (registry rules). */
export const campaignsService = createResourceService(campaign, campaigns, tableOf, {
  // Counts only the phones the viewer may see, so a count never tells of rows it cannot open.
  async decorate(tx, rows, viewer) {
    const counts = await tx
      .select({ campaignId: phones.campaignId, n: count() })
      .from(phones)
      .where(
        and(
          visibleWhereOf('phone', tableOf, viewer) ?? undefined,
          inArray(
            phones.campaignId,
            rows.map((r) => r.id),
          ),
        ),
      )
      .groupBy(phones.campaignId);
    for (const r of rows) r.phonesCount = counts.find((c) => c.campaignId === r.id)?.n ?? 0;
  },
});
