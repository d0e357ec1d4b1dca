import { formatPhone, type ResourceDef } from '@canvass/domain';
import { stringify } from 'csv-stringify/sync';
import { and, inArray } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { resolveViewer } from '../../platform/auth/resolve-viewer';
import { viewerCan, type Viewer } from '../../platform/auth/viewer';
import { withTenant } from '../../platform/db/tenant';
import { runAsTask, taskPayload } from '../../platform/jobs/background-tasks';
import { defineJob } from '../../platform/jobs/registry';
import type { Platform } from '../../platform/platform';
import type { Filter } from '../../platform/resources/list-query';
import { referableWhere } from '../../platform/resources/policy';
import type { Row } from '../../platform/resources/resource-service';
import { servicesByPlural } from '../services';
import { tableOf } from '../tables';

/** Spec §9: exports read 250 rows a page, so memory stays flat however large the table. */
export const EXPORT_PAGE_SIZE = 250;

export const exportPayload = taskPayload.extend({
  query: z.string(),
  filters: z
    .array(
      z.object({
        field: z.string(),
        operation: z.string(),
        value: z.string().nullish(),
        arrayValues: z.array(z.string()).nullish(),
      }),
    )
    .default([]),
  sortBy: z.string().nullish(),
  sortOrder: z.enum(['Asc', 'Desc']).nullish(),
});
export type ExportPayload = z.infer<typeof exportPayload>;

function cell(def: ResourceDef, field: string, row: Row, refNames: Map<string, Map<number, string>>): string {
  const f = def.fields[field];
  const v = row[field];
  if (v == null) return '';
  if (f?.kind === 'ref') return refNames.get(field)?.get(Number(v)) ?? '';
  if (f?.kind === 'enum') return f.enum.label(String(v));
  if (f?.kind === 'phone') return formatPhone(String(v));
  if (v instanceof Date) return v.toISOString();
  return String(v);
}

/** The names behind a page's reference columns, one query per referenced table, through the target's policy. */
async function loadRefNames(platform: Platform, payload: ExportPayload, viewer: Viewer, def: ResourceDef, rows: Row[]) {
  const out = new Map<string, Map<number, string>>();
  for (const field of def.list.exportColumns) {
    const f = def.fields[field];
    if (f.kind !== 'ref') continue;
    const table = tableOf(f.resource);
    const ids = [
      ...new Set(
        rows
          .map((r) => r[field])
          .filter((v) => v != null)
          .map(Number),
      ),
    ];
    const visible = referableWhere(f.resource, tableOf, viewer);
    if (!table || !visible || ids.length === 0) continue;
    const cols = table as unknown as Record<string, PgColumn>;
    const names = await withTenant(platform.database, { organizationIds: [payload.organizationId] }, (tx) =>
      tx
        .select({ id: cols.id, name: cols.name })
        .from(table)
        .where(and(visible, inArray(cols.id, ids))),
    );
    out.set(field, new Map(names.map((n) => [n.id as number, String(n.name)])));
  }
  return out;
}

/**
 * Streams a resource list to a CSV file page by page, with the same filters and sort the user had on screen and
 * the same visibility (the job re-resolves the user, so it exports only what that user may see).
 */
export const exportCsvJob = defineJob({
  name: 'export-csv',
  payload: exportPayload,
  maxAttempts: 1,
  run: (payload, ctx) =>
    runAsTask(ctx.platform, payload, ctx, async (task) => {
      const { platform } = ctx;
      const service = servicesByPlural[payload.query];
      if (!service) throw new Error(`Unknown export: ${payload.query}`);
      const def = service.def;
      const viewer = await resolveViewer(platform.database, platform.config.ADMIN_EMAILS, {
        userId: payload.userId,
        organizationId: payload.organizationId,
      });
      if (!viewer || !viewerCan(viewer, 'Export', def.typeName)) throw new Error('You are not allowed to do this');
      const filename = `${def.plural}-${new Date().toISOString().slice(0, 10)}.csv`;
      const filePath = `exports/${payload.organizationId}/${payload.taskId}-${filename}`;
      let processed = 0;
      async function* csv() {
        yield stringify([def.list.exportColumns.map((c) => def.fields[c].label)]);
        let after: string | null = null;
        for (;;) {
          const page = await withTenant(
            platform.database,
            { organizationIds: [payload.organizationId], userId: payload.userId },
            (tx) =>
              service.list(tx, viewer!, {
                filters: payload.filters as Filter[],
                sortBy: payload.sortBy,
                sortOrder: payload.sortOrder,
                first: EXPORT_PAGE_SIZE,
                after,
              }),
          );
          const refNames = await loadRefNames(platform, payload, viewer!, def, page.rows);
          yield stringify(page.rows.map((r) => def.list.exportColumns.map((c) => cell(def, c, r, refNames))));
          processed += page.rows.length;
          await task.progress(processed, page.totalCount);
          if (!page.hasNextPage) return;
          after = page.cursors[page.cursors.length - 1];
        }
      }
      await platform.storage.write(filePath, csv());
      return { filePath, filename, rows: processed };
    }),
});
