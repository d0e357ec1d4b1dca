import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, renderResources } from '../ui/test-render';

describe('data import screens', { timeout: 20_000 }, () => {
  it('uploads a file, maps its columns from a template, and starts the import', async () => {
    const { calls, router } = renderResources('/data_import/new', {
      DataImportFields: () => ({
        data: {
          dataImportFields: [
            { name: 'number', label: 'Phone number', required: true },
            { name: 'state', label: 'State', required: false },
          ],
        },
      }),
      DataImportTemplates: () => ({
        data: { dataImportTemplates: { nodes: [{ id: '5', name: 'Vendor', mapping: '{"Cell #":"number"}' }] } },
      }),
      DataImportPreview: () => ({
        data: {
          dataImportPreview: [
            ['Cell #', 'Name'],
            ['5105550141', 'Ann'],
          ],
        },
      }),
      CreateDataImport: () => ({ data: { createDataImport: { dataImport: { id: '9' }, errors: [] } } }),
      StartDataImport: () => ({ data: { startDataImport: { message: 'The import has started' } } }),
    });
    // The upload is a multipart POST, not GraphQL: answered here, everything else goes to the fake server.
    const graphql = globalThis.fetch;
    const uploads: FormData[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input) !== '/api/uploads') return graphql(input, init);
        uploads.push(init?.body as FormData);
        return new Response(JSON.stringify({ uploadId: '41' }), { headers: { 'content-type': 'application/json' } });
      }),
    );
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'New data import' });
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    await user.upload(input, new File(['Cell #,Name\n5105550141,Ann\n'], 'vendor.csv', { type: 'text/csv' }));

    // The preview shows the file's header as the mapping's columns and its rows under them.
    const preview = await screen.findByRole('table', { name: 'Column mapping' });
    expect(preview.querySelector('tbody')?.textContent).toBe('5105550141Ann');
    expect(uploads).toHaveLength(1);
    expect(callsTo(calls, 'DataImportPreview')[0].variables).toEqual({ uploadId: '41' });
    await user.click(screen.getByRole('combobox', { name: 'Template' }));
    await user.click(await screen.findByRole('option', { name: 'Vendor', hidden: true }));
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'Field for Cell #' }) as HTMLInputElement).value).toBe(
        'Phone number (required)',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Import' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/data_import/9/overview'));
    expect(callsTo(calls, 'CreateDataImport')[0].variables).toEqual({
      attributes: {
        name: 'vendor.csv',
        resource: 'Phone',
        uploadId: '41',
        templateId: '5',
        mapping: '{"Cell #":"number"}',
      },
    });
    expect(callsTo(calls, 'StartDataImport')[0].variables).toEqual({ id: '9' });
  });
});
