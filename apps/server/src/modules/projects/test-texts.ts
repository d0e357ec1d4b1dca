import {
  countSegments,
  normalizePhone,
  placeholderProblems,
  projectMessages,
  renderMessage,
  rowColumnKeys,
  stateOfAreaCode,
  TEST_TEXT_MAX_RECIPIENTS,
  type PlaceholderContext,
  type PlaceholderRecipient,
} from '@canvass/domain';
import { and, asc, between, eq, inArray } from 'drizzle-orm';
import type { Viewer } from '../../platform/auth/viewer';
import { lists, phones, rows, texts } from '../../platform/db/schema/index';
import type { Tx } from '../../platform/db/tenant';
import { phoneForNumber } from '../opt-outs/recipient-phone';
import { startTextsDispatch } from '../sending/dispatch/dispatch.job';
import { templateContext } from './load/message-template';

export interface TestTextArgs {
  /** The organization's phones to send to. */
  phoneIds?: number[] | null;
  /** Numbers staff typed (their own): each becomes, or is found as, a recipient phone. */
  toNumbers?: string[] | null;
  body?: string | null;
  fromPhoneId?: number | null;
}

export type TestTextAnswer = { ok: true } | { ok: false; field: string; message: string };

type RowRecord = typeof rows.$inferSelect;

/** The project's list as a test text renders from it: its headers and the range of its rows' ids. */
interface ListRange {
  id: number | null;
  headers: string[];
  first: number | null;
  last: number | null;
}

/**
 * Spec §5 test text: at least one recipient, a non-empty body and a from phone, all of the organization. Each
 * recipient gets a Ready text of type Test, marked to send, with the body rendered as that recipient would receive
 * it: from its own row of the project's list when its number is there, else from the list's first valid row (a
 * staffer's own number is not in the list, and "{firstName}" arriving literally tells nothing). A placeholder that
 * cannot render refuses the test, as it would refuse the load. Dispatch sends them through the blast's path; they
 * are not counted in the project's text counts.
 */
export async function storeTestTexts(
  tx: Tx,
  viewer: Viewer,
  project: { id: number; listId: number | null },
  args: TestTextArgs,
): Promise<TestTextAnswer> {
  const org = viewer.organizationId;
  const body = args.body?.trim() ?? '';
  const typed = (args.toNumbers ?? []).map((raw) => normalizePhone(raw));
  if ((!args.phoneIds?.length && !typed.length) || !body || args.fromPhoneId == null)
    return { ok: false, field: 'base', message: projectMessages.formIncomplete };
  if (new Set(args.phoneIds ?? []).size + new Set(args.toNumbers ?? []).size > TEST_TEXT_MAX_RECIPIENTS)
    return { ok: false, field: 'phoneIds', message: projectMessages.testTextTooMany };
  const wrong = typed.find((n) => 'error' in n);
  if (wrong && 'error' in wrong) return { ok: false, field: 'toNumbers', message: wrong.error };

  const list = await listRange(tx, org, project.listId);
  const context = await templateContext(tx, org, list.headers);
  const problem = placeholderProblems(body, context)[0];
  if (problem) return { ok: false, field: 'body', message: problem.message };

  const [from] = await tx
    .select({ id: phones.id })
    .from(phones)
    .where(and(eq(phones.organizationId, org), eq(phones.id, args.fromPhoneId)));
  if (!from) return { ok: false, field: 'fromPhoneId', message: 'From phone not found' };
  const chosen = [...new Set(args.phoneIds ?? [])];
  const recipients = chosen.length
    ? await tx
        .select({ id: phones.id, number: phones.number })
        .from(phones)
        .where(and(eq(phones.organizationId, org), inArray(phones.id, chosen)))
    : [];
  if (recipients.length < chosen.length) return { ok: false, field: 'phoneIds', message: 'Phone not found' };
  for (const n of typed) {
    if (!('number' in n)) continue;
    const phone = await phoneForNumber(
      tx,
      org,
      { number: n.number, state: stateOfAreaCode(n.number.slice(0, 3)) },
      {
        anyType: false,
      },
    );
    if (!recipients.some((r) => r.id === phone.id)) recipients.push({ id: phone.id, number: phone.number });
  }

  const rowOf = await recipientRows(
    tx,
    org,
    list,
    recipients.map((r) => r.number),
  );
  const sample = await sampleRow(tx, org, list);
  await tx.insert(texts).values(
    recipients.map((to) => {
      const rendered = renderMessage(body, context, recipientOf(rowOf.get(to.number) ?? sample, context));
      return {
        organizationId: org,
        projectId: project.id,
        body,
        renderedMessage: rendered,
        segments: countSegments(rendered).segments,
        textType: 'Test' as const,
        textStatus: 'Ready' as const,
        isSendText: true,
        fromPhoneId: from.id,
        toPhoneId: to.id,
        texterId: viewer.userId,
      };
    }),
  );
  await startTextsDispatch(tx, org);
  return { ok: true };
}

async function listRange(tx: Tx, org: number, listId: number | null): Promise<ListRange> {
  if (listId == null) return { id: null, headers: [], first: null, last: null };
  const [list] = await tx
    .select({ id: lists.id, headers: lists.rowHeaders, first: lists.firstRowId, last: lists.lastRowId })
    .from(lists)
    .where(and(eq(lists.organizationId, org), eq(lists.id, listId)));
  return list ?? { id: null, headers: [], first: null, last: null };
}

/** The rows of the list: its range of ids (lists.first_row_id … last_row_id), there being no index by list. */
function ofList(org: number, list: ListRange) {
  if (list.id == null || list.first == null || list.last == null) return null;
  return and(eq(rows.organizationId, org), between(rows.id, list.first, list.last), eq(rows.listId, list.id));
}

/** The list's row of each number (its first, when the list has the number twice). */
async function recipientRows(tx: Tx, org: number, list: ListRange, numbers: string[]) {
  const found = new Map<string, RowRecord>();
  const inList = ofList(org, list);
  if (!inList || !numbers.length) return found;
  // No index by number: the list's range is read, which a test of a few recipients can afford.
  const matches = await tx
    .select()
    .from(rows)
    .where(and(inList, inArray(rows.toPhoneNumber, numbers)))
    .orderBy(asc(rows.id));
  for (const row of matches) if (row.toPhoneNumber && !found.has(row.toPhoneNumber)) found.set(row.toPhoneNumber, row);
  return found;
}

/** The list's first valid row, what a number outside the list is shown; null for a list without one. */
async function sampleRow(tx: Tx, org: number, list: ListRange): Promise<RowRecord | null> {
  const inList = ofList(org, list);
  if (!inList) return null;
  const [row] = await tx
    .select()
    .from(rows)
    .where(and(inList, eq(rows.rowStatus, 'Valid')))
    .orderBy(asc(rows.id))
    .limit(1);
  return row ?? null;
}

/** A row's names and its kept columns; with no row, every name and column renders empty, never as written. */
function recipientOf(row: RowRecord | null, context: PlaceholderContext): PlaceholderRecipient {
  const kept = rowColumnKeys.slice(0, context.listHeaders.length);
  return {
    firstName: row?.firstName ?? '',
    lastName: row?.lastName ?? '',
    columns: Object.fromEntries(kept.map((key) => [key, row?.[key] ?? ''])),
  };
}
