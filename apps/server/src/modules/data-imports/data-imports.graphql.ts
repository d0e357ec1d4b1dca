import { DataImportResource } from '@canvass/domain';
import { GraphQLError } from 'graphql';
import { assertCan } from '../../platform/auth/viewer';
import { BackgroundTaskRef } from '../../platform/graphql/background-tasks';
import { builder } from '../../platform/graphql/builder';
import { enumRef } from '../../platform/graphql/enums';
import { parseId } from '../../platform/graphql/resource-schema';
import type { BackgroundTask } from '../../platform/jobs/background-tasks';
import { openFileSource } from '../lists/sources/file-source';
import { SheetError } from '../lists/sources/source';
import { findOwnUpload } from '../lists/own-upload';
import { latestRun, startDataImport } from './data-import-runs';
import { ImportError } from './mapping';
import type { ImportResource, TargetField } from './import-target';
import { targets } from './targets';

const GUARD = 'DataImport';
const PREVIEW_ROWS = 6;
const badInput = (message: string) => new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });

const DataImportFieldRef = builder.objectRef<TargetField>('DataImportField').implement({
  description: 'A field a file column may fill, for the mapping',
  fields: (t) => ({
    name: t.exposeString('name'),
    label: t.exposeString('label'),
    required: t.boolean({ resolve: (f) => f.required ?? false }),
  }),
});

builder.queryField('dataImportFields', (t) =>
  t.field({
    type: [DataImportFieldRef],
    description: 'The fields the rows of an import of this resource may fill',
    args: { resource: t.arg({ type: enumRef(DataImportResource), required: true }) },
    resolve: (_r, args, ctx) => {
      assertCan(ctx.viewer, 'View', GUARD);
      return targets[args.resource as ImportResource].fields;
    },
  }),
);

builder.queryField('dataImportPreview', (t) =>
  t.field({
    type: 'JSON',
    description: 'The first rows of an uploaded file (its header first), as arrays of cells, to map its columns',
    args: { uploadId: t.arg.id({ required: true }) },
    resolve: async (_r, args, ctx) => {
      const viewer = assertCan(ctx.viewer, 'View', GUARD);
      const uploadId = parseId(args.uploadId);
      const upload = await ctx.tenant((tx) => findOwnUpload(tx, viewer, uploadId));
      if (!upload) throw badInput('Uploaded file not found');
      try {
        const source = await openFileSource(
          () => ctx.platform.storage.read(upload.storageKey),
          upload.filename,
          upload.size,
        );
        const [sheet] = await source.sheets();
        return sheet ? await source.preview(sheet.id, PREVIEW_ROWS) : [];
      } catch (err) {
        if (err instanceof SheetError) throw badInput(err.message);
        throw err;
      }
    },
  }),
);

const StartPayloadRef = builder
  .objectRef<{ task: BackgroundTask | null; message: string }>('StartDataImportPayload')
  .implement({
    fields: (t) => ({
      task: t.field({ type: BackgroundTaskRef, nullable: true, resolve: (p) => p.task }),
      message: t.exposeString('message'),
    }),
  });

builder.mutationField('startDataImport', (t) =>
  t.field({
    type: StartPayloadRef,
    description: 'Runs the import in the background; its task shows progress and, when done, the rejected rows file',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) =>
      ctx.tenant(async (tx, viewer) => {
        assertCan(viewer, 'Import', GUARD);
        try {
          const task = await startDataImport(tx, viewer, parseId(args.id));
          return { task, message: 'The import has started' };
        } catch (err) {
          if (err instanceof ImportError) throw badInput(err.message);
          throw err;
        }
      }),
  }),
);

builder.queryField('dataImportTask', (t) =>
  t.field({
    type: BackgroundTaskRef,
    nullable: true,
    description: "The import's latest run: its progress and, when done with rejected rows, their CSV (downloadUrl)",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) =>
      ctx.tenant(async (tx, viewer) => {
        assertCan(viewer, 'View', GUARD);
        return latestRun(tx, viewer, parseId(args.id));
      }),
  }),
);
