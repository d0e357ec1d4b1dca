import { parse } from 'csv-parse/sync';
import { Readable } from 'node:stream';
import { expect } from 'vitest';
import { gql, type TestApp } from './harness';

const CREATE = `mutation($a: DataImportAttributes!) {
  createDataImport(attributes: $a) { dataImport { id filename } errors { field messages } } }`;
export const START_IMPORT = 'mutation($id: ID!) { startDataImport(id: $id) { message task { id status } } }';
export const IMPORT_STATE = `query($id: ID!) {
  dataImport(id: $id) { status errorMessage rowsCount importedCount skippedCount rejectedCount } }`;
export const IMPORT_TASK = 'query($id: ID!) { dataImportTask(id: $id) { status processed filename downloadUrl } }';

/**
 * The steps of a data import as the tests take them, for one organization and the token that imports: an upload
 * as POST /api/uploads leaves one, an import made through the API and run by the worker, or made directly for a
 * run without the worker (the failure seam needs the run's hooks), and the CSVs it writes.
 */
export function dataImportSteps(app: TestApp, organizationId: number, token: string) {
  let importer: Promise<string> | null = null;
  /** The importing user (the token's): an upload is used only by the user who sent it (own-upload.ts). */
  const importerId = () =>
    (importer ??= gql(app, '{ currentUser { id } }', {}, { token }).then((r) => String(r.data!.currentUser.id)));

  /** An uploaded file: in storage, with its row, sent by the importing user. */
  async function upload(orgId: number, filename: string, text: string): Promise<string> {
    const key = `uploads/${orgId}/${Date.now()}-${Math.random()}-${filename}`;
    await app.platform.storage.write(key, Readable.from([Buffer.from(text)]));
    const { rows } = await app.sql(
      `INSERT INTO uploads (organization_id, user_id, storage_key, filename, size) VALUES ($1, $2, $3, $4, $5)
       RETURNING id`,
      [orgId, await importerId(), key, filename, Buffer.byteLength(text)],
    );
    return String(rows[0].id);
  }

  async function createImport(attrs: Record<string, unknown>, as = token) {
    const res = await gql(app, CREATE, { a: attrs }, { token: as });
    expect(res.errors).toBeUndefined();
    return res.data!.createDataImport as { dataImport: { id: string; filename: string } | null; errors: unknown[] };
  }

  /** Creates, starts and waits for an import through the API and the worker; answers its stored state. */
  async function importThroughApi(attrs: Record<string, unknown>, as = token) {
    const created = await createImport(attrs, as);
    expect(created.errors).toEqual([]);
    const id = created.dataImport!.id;
    const started = await gql(app, START_IMPORT, { id }, { token: as });
    expect(started.errors).toBeUndefined();
    const deadline = Date.now() + 20_000;
    for (;;) {
      const state = (await gql(app, IMPORT_STATE, { id }, { token: as })).data!.dataImport;
      // The import is Done in its own transaction; its task (the progress and the rejected rows' link the page shows)
      // ends just after, so both are waited for.
      if (state.status === 'Done' || state.status === 'Failed') {
        const task = (await gql(app, IMPORT_TASK, { id }, { token: as })).data!.dataImportTask;
        if (task.status === 'Done' || task.status === 'Failed') return { id, state, task };
      }
      if (Date.now() > deadline) throw new Error(`import ${id} still ${state.status}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** A CSV served at a download link (the rejected rows the import's page offers). */
  async function downloadCsv(url: string): Promise<string[][]> {
    const res = await app.api.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    return parse(res.body, { relaxColumnCount: true }) as string[][];
  }

  /** A CSV the import wrote to storage (its rejected rows). */
  async function storedCsv(path: string): Promise<string[][]> {
    const chunks: Buffer[] = [];
    for await (const chunk of app.platform.storage.read(path)) chunks.push(chunk as Buffer);
    return parse(Buffer.concat(chunks), { relaxColumnCount: true }) as string[][];
  }

  /** An import row made directly, to run without the worker. */
  async function directImport(resource: string, filename: string, text: string, mapping: Record<string, string>) {
    const uploadId = await upload(organizationId, filename, text);
    const { rows } = await app.sql(
      `INSERT INTO data_imports (organization_id, name, resource, upload_id, mapping) VALUES ($1, $2, $3, $4, $5)
       RETURNING id`,
      [organizationId, filename, resource, uploadId, JSON.stringify(mapping)],
    );
    return Number(rows[0].id);
  }

  async function importRow(id: number) {
    const { rows } = await app.sql(
      `SELECT status, error_message, rows_count, imported_count, skipped_count, rejected_count
         FROM data_imports WHERE id = $1`,
      [id],
    );
    return rows[0];
  }

  return { upload, createImport, importThroughApi, downloadCsv, storedCsv, directImport, importRow };
}
