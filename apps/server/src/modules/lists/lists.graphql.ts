import { ListColumnRole } from '@canvass/domain';
import { assertCan } from '../../platform/auth/viewer';
import { BackgroundTaskRef } from '../../platform/graphql/background-tasks';
import { builder, FieldErrorRef, toFieldErrors, type FieldErrorShape } from '../../platform/graphql/builder';
import { enumRef } from '../../platform/graphql/enums';
import { extendRecord } from '../../platform/graphql/record-extensions';
import { parseId } from '../../platform/graphql/resource-schema';
import type { Row } from '../../platform/resources/resource-service';
import { findRecordTask } from '../../platform/jobs/background-tasks';
import type { ColumnRole } from './column-roles';
import './list-load-task';
import { loadList, previewSheet, setListColumns, type ListActionResult } from './lists.actions';
import { listsService, sheetsOf, uploadFilenameOf, type SheetRow } from './lists.service';
import { replaceListFile } from './replace-file';
import { rowColumnsOf } from './rows.service';

const ListSheetRef = builder.objectRef<SheetRow>('ListSheet').implement({
  description: "One sheet (tab) of a list's spreadsheet, with the header row and column roles chosen for it",
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    headerRow: t.exposeStringList('headerRow', {
      description: 'The names of the kept columns, in order: columnOne … (message placeholders use them)',
    }),
    headerRowIndex: t.exposeInt('headerRowIndex'),
    columnRoles: t.field({
      type: [enumRef(ListColumnRole)],
      description: 'One role per column of the sheet; empty until chosen',
      resolve: (s) => s.columnRoles,
    }),
  }),
});

/** One kept column of a list's rows: the Row field that holds it and the sheet's header name for it. */
interface RowColumn {
  field: string;
  header: string;
}

const ListRowColumnRef = builder.objectRef<RowColumn>('ListRowColumn').implement({
  description: "A kept column of the list's rows: the Row field holding it (columnOne …) and its header in the sheet",
  fields: (t) => ({ field: t.exposeString('field'), header: t.exposeString('header') }),
});

/**
 * What lists add to the generic List type and API: its sheets and load task, the preview for the column-role
 * picker, the column choice and the load (spec §7 loadList). Called with the List type the registry made.
 */
extendRecord('list', (listRef) => {
  builder.objectFields(listRef, (t) => ({
    sheets: t.field({
      type: [ListSheetRef],
      resolve: (list, _a, ctx) => ctx.tenant((tx, viewer) => sheetsOf(tx, viewer, list.id)),
    }),
    rowColumns: t.field({
      type: [ListRowColumnRef],
      description:
        'The columns the loaded rows keep besides phone and names (columnOne …) under their header names; empty until loaded',
      resolve: (list) => rowColumnsOf((list.rowHeaders as string[] | null) ?? []),
    }),
    uploadFilename: t.string({
      nullable: true,
      description: 'The name of the uploaded file the list reads; null for a Google Sheet',
      resolve: (list, _a, ctx) =>
        list.uploadId == null ? null : ctx.tenant((tx, viewer) => uploadFilenameOf(tx, viewer, Number(list.uploadId))),
    }),
    sheetId: t.id({ nullable: true, resolve: (list) => (list.sheetId as number | null) ?? null }),
    loadTask: t.field({
      type: BackgroundTaskRef,
      nullable: true,
      description: 'The background task of the latest load: its progress while the list loads',
      resolve: (list, _a, ctx) =>
        list.loadTaskId == null
          ? null
          : ctx.tenant((tx, viewer) => findRecordTask(tx, Number(list.loadTaskId), viewer.organizationId)),
    }),
  }));

  const ListActionPayloadRef = builder
    .objectRef<{ list: Row | null; errors: FieldErrorShape[]; message: string | null }>('ListActionPayload')
    .implement({
      fields: (t) => ({
        list: t.field({ type: listRef, nullable: true, resolve: (p) => p.list }),
        errors: t.field({ type: [FieldErrorRef], resolve: (p) => p.errors }),
        message: t.exposeString('message', { nullable: true }),
      }),
    });
  const payload = async (result: ListActionResult, reread: () => Promise<Row | null>) => ({
    list: await reread(),
    errors: toFieldErrors(result.errors),
    message: result.message,
  });

  builder.queryField('listPreview', (t) =>
    t.field({
      type: t.listRef(t.listRef('String')),
      description: 'The first rows of a sheet of the list (header included), for the column-role picker',
      args: {
        listId: t.arg.id({ required: true }),
        sheetId: t.arg.id({ required: true }),
        limit: t.arg.int({ defaultValue: 10 }),
      },
      resolve: (_r, args, ctx) => {
        const viewer = assertCan(ctx.viewer, 'View', 'List');
        return previewSheet(ctx.platform, viewer, parseId(args.listId), parseId(args.sheetId), args.limit ?? 10);
      },
    }),
  );

  builder.mutationField('setListColumns', (t) =>
    t.field({
      type: ListActionPayloadRef,
      description: 'Chooses the sheet to load, its header row (0-based) and one role per column of the sheet',
      args: {
        listId: t.arg.id({ required: true }),
        sheetId: t.arg.id({ required: true }),
        headerRowIndex: t.arg.int({ required: true }),
        columnRoles: t.arg({ type: [enumRef(ListColumnRole)], required: true }),
      },
      resolve: async (_r, args, ctx) => {
        const viewer = assertCan(ctx.viewer, 'Update', 'List');
        const listId = parseId(args.listId);
        const result = await setListColumns(ctx.platform, viewer, {
          listId,
          sheetId: parseId(args.sheetId),
          headerRowIndex: args.headerRowIndex,
          columnRoles: args.columnRoles as ColumnRole[],
        });
        return payload(result, () => ctx.tenant((tx) => listsService.get(tx, viewer, listId)));
      },
    }),
  );

  builder.mutationField('replaceListFile', (t) =>
    t.field({
      type: ListActionPayloadRef,
      description: `Upload again: the list reads a newly uploaded file (POST /api/uploads) instead of its own, its
sheets read afresh and its load error cleared; its sheet and column roles are then chosen again before a load.`,
      args: { listId: t.arg.id({ required: true }), uploadId: t.arg.id({ required: true }) },
      resolve: async (_r, args, ctx) => {
        const viewer = assertCan(ctx.viewer, 'Update', 'List');
        const listId = parseId(args.listId);
        const result = await replaceListFile(ctx.platform, viewer, listId, parseId(args.uploadId));
        return payload(result, () => ctx.tenant((tx) => listsService.get(tx, viewer, listId)));
      },
    }),
  );

  builder.mutationField('loadList', (t) =>
    t.field({
      type: ListActionPayloadRef,
      description: `Loads the list's chosen sheet (spec §7): in a background job (async, the default) whose progress
the list's loadTask shows, or inline (async: false). Replaces the rows only when the load succeeds.`,
      args: {
        listId: t.arg.id({ required: true }),
        userId: t.arg.id({ description: 'Ignored: the load runs for the signed-in user' }),
        async: t.arg.boolean({ defaultValue: true }),
      },
      resolve: async (_r, args, ctx) => {
        const viewer = assertCan(ctx.viewer, 'Update', 'List');
        const listId = parseId(args.listId);
        const result = await loadList(ctx.platform, viewer, listId, { async: args.async !== false });
        return payload(result, () => ctx.tenant((tx) => listsService.get(tx, viewer, listId)));
      },
    }),
  );
});
