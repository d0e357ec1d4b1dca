import {
  projectStatusGroup,
  projectWaits,
  type ProjectStatusValue,
  type ProjectWait,
  type WaitingSender,
} from '@canvass/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/tenant';
import type { Platform } from '../../../platform/platform';
import type { Row } from '../../../platform/resources/resource-service';
import { loadQuietHours } from '../../organization/quiet-hours-settings';

const date = (v: unknown): Date | null => (v == null ? null : new Date(v as string | Date));

/**
 * The sender numbers that hold the project's texts still to go out, with what dispatch would hold them by: their
 * status, whether they are the Simulator's, their brand's daily cap and what they have sent in the organization's
 * day (send_rate_windows, the count dispatch shapes by). Read from the kept counts (project_text_counts), never
 * by counting texts: one row per sender and status of each day.
 */
async function waitingSenders(tx: Tx, organizationId: number, projectId: number) {
  const { rows } = await tx.execute<{
    number: string;
    phone_status: string;
    simulated: boolean | null;
    daily_cap: number | null;
    used_today: number | null;
    next_day_at: Date | string;
    ready: string;
  }>(sql`
    SELECT p.number, p.phone_status::text AS phone_status, p.provider = 'Simulator' AS simulated,
           b.daily_cap_per_number AS daily_cap, w.used AS used_today, c.ready,
           (date_trunc('day', now() AT TIME ZONE o.time_zone) + interval '1 day') AT TIME ZONE o.time_zone AS next_day_at
      FROM (SELECT from_phone_id, sum(count) AS ready FROM project_text_counts
             WHERE organization_id = ${organizationId} AND project_id = ${projectId} AND text_status = 'Ready'
             GROUP BY from_phone_id HAVING sum(count) > 0) c
      JOIN phones p ON p.organization_id = ${organizationId} AND p.id = c.from_phone_id
      JOIN organizations o ON o.id = ${organizationId}
      LEFT JOIN campaigns k ON k.organization_id = ${organizationId} AND k.id = p.campaign_id
      LEFT JOIN brands b ON b.organization_id = ${organizationId} AND b.id = k.brand_id
      LEFT JOIN send_rate_windows w ON w.organization_id = ${organizationId} AND w.scope = 'day:phone:' || p.id
            AND w.window_start = date_trunc('day', now() AT TIME ZONE o.time_zone) AT TIME ZONE o.time_zone
     ORDER BY p.number`);
  const senders: WaitingSender[] = rows.map((r) => ({
    number: r.number,
    phoneStatus: r.phone_status,
    simulated: r.simulated === true,
    dailyCap: r.daily_cap,
    usedToday: r.used_today ?? 0,
    nextDayAt: new Date(r.next_day_at),
  }));
  return { senders, readyTexts: rows.reduce((n, r) => n + Number(r.ready), 0) };
}

/**
 * What the project's texts wait for now (see the domain's projectWaits): read from the project row, its kept text
 * counts and area codes, and the organization's quiet hours; nothing is read for a project outside the Ready group,
 * which waits for nothing. The caller has the project from a read the viewer may make; the organization is named
 * in every query.
 */
export async function projectWaitsOf(
  tx: Tx,
  platform: Platform,
  organizationId: number,
  project: Row,
  now: Date = new Date(),
): Promise<ProjectWait[]> {
  const projectStatus = project.projectStatus as ProjectStatusValue;
  if (projectStatusGroup(projectStatus) !== 'Ready') return [];
  const base = {
    projectStatus,
    deliveryType: String(project.deliveryType),
    isPaused: project.isPaused === true,
    pauseReason: (project.pauseReason as string | null) ?? null,
    providerTrouble: (project.providerTrouble as string | null) ?? null,
    startAt: date(project.startAt),
    now,
  };
  const nothingElse = { readyTexts: 0, senders: [], areaCodes: [], quietHours: null };
  // Only a Blast is sent by Canvass: the others wait for texters whatever their senders or recipients.
  if (base.deliveryType !== 'Blast') return projectWaits({ ...base, ...nothingElse });
  const { senders, readyTexts } = await waitingSenders(tx, organizationId, project.id);
  if (!readyTexts) return projectWaits({ ...base, ...nothingElse });
  const { rows: codes } = await tx.execute<{ area_code: string }>(sql`
    SELECT area_code FROM project_area_codes WHERE organization_id = ${organizationId} AND project_id = ${project.id}`);
  const quietHours = platform.config.SEND_QUIET_HOURS === 'on' ? await loadQuietHours(tx, organizationId) : null;
  return projectWaits({ ...base, readyTexts, senders, areaCodes: codes.map((c) => c.area_code), quietHours });
}
