import { startTextsDispatch } from '../sending/dispatch/dispatch.job';
import { isTextEditable, textEntry, textMessages, type FieldErrors } from '@canvass/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { phones, texts } from '../../platform/db/schema/index';
import type { Tx } from '../../platform/db/tenant';
import { createResourceService, type RowOf } from '../../platform/resources/resource-service';
import { isMember } from '../auth/members.service';
import { tableOf } from '../tables';
import { addProviderColors } from '../organization/provider-colors';
import { addOptOutFlags } from './text-opt-out';

/**
 * The status a saved text has now, its row locked until the edit commits: dispatch claims texts with
 * FOR UPDATE SKIP LOCKED, so a text cannot start going out between this check and the edit that makes it Ready.
 */
async function lockedStatus(tx: Tx, organizationId: number, id: number): Promise<string | null> {
  const [row] = await tx
    .select({ textStatus: texts.textStatus })
    .from(texts)
    .where(and(eq(texts.organizationId, organizationId), eq(texts.id, id)))
    .for('update');
  return row?.textStatus ?? null;
}

type Text = RowOf<typeof texts>;

/** Unsent texts show the provider they will go through: their from phone's. */
async function addProviders(tx: Tx, organizationId: number, rows: Text[]): Promise<void> {
  const unsent = [
    ...new Set(rows.flatMap((r) => (r.provider == null && r.fromPhoneId != null ? [r.fromPhoneId] : []))),
  ];
  if (!unsent.length) return;
  const found = await tx
    .select({ id: phones.id, provider: phones.provider })
    .from(phones)
    .where(and(eq(phones.organizationId, organizationId), inArray(phones.id, unsent)));
  const byPhone = new Map(found.map((p) => [p.id, p.provider]));
  for (const r of rows) r.provider ??= (r.fromPhoneId === null ? undefined : byPhone.get(r.fromPhoneId)) ?? null;
}

/** What each text's recipient reads: its rendered message (a List text's template filled in), else its body. */
function addMessages(rows: Text[]): void {
  for (const r of rows) r.message = r.renderedMessage ?? r.body;
}

/**
 * Texts written by hand (spec §4): a new one is Manual, every save makes it Ready (and 'Save and send' marks it
 * for the dispatch engine), and a text that is no longer Late, Ready or Sending is refused unchanged.
 */
export const textsService = createResourceService(textEntry, texts, tableOf, {
  prepare(attrs, { existing }) {
    // The type a text was made as stays; the status is the form's to settle, not the viewer's.
    const textType = existing ? (existing.textType as typeof attrs.textType) : 'Manual';
    return { ...attrs, textStatus: 'Ready', textType, ...(existing ? {} : { isSendText: attrs.isSendText ?? false }) };
  },
  async check(tx, attrs, { viewer, existing }) {
    const errors: FieldErrors = {};
    if (existing) {
      const status = await lockedStatus(tx, viewer.organizationId, existing.id);
      if (status && !isTextEditable(status)) return { base: [textMessages.notEditable(status)] };
    }
    // Users are people shared across organizations: the texter must be one of this organization's.
    const texterId = attrs.texterId == null || attrs.texterId === '' ? null : Number(attrs.texterId);
    if (texterId !== null && !(await isMember(tx, texterId, viewer.organizationId)))
      errors.texterId = ['Texter not found'];
    return errors;
  },
  // 'Save and send': the saved text is Ready and marked, so dispatch takes it as soon as this commits.
  async afterWrite(tx, row, _attrs, viewer) {
    if (row.isSendText && row.textStatus === 'Ready') await startTextsDispatch(tx, viewer.organizationId);
  },
  async decorate(tx, rows, viewer) {
    addMessages(rows);
    await addProviders(tx, viewer.organizationId, rows);
    await addProviderColors(tx, viewer.organizationId, rows);
    await addOptOutFlags(tx, viewer.organizationId, rows);
  },
});
