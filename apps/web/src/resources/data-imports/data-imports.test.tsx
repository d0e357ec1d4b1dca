import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setAccessToken } from '../../session/token-store';
import { fakeUploads } from '../../ui/fake-uploads.test-utils';
import { callsTo, renderResources } from '../../test/render-resources';

/** The fields of a phones import, as dataImportFields serves them. */
const phoneFields = () => ({
  data: {
    dataImportFields: [
      { name: 'number', label: 'Phone number', required: true },
      { name: 'state', label: 'State', required: false },
    ],
  },
});

describe('data import screens', { timeout: 20_000 }, () => {
  afterEach(() => setAccessToken(null));

  it('uploads a file, maps its columns from a template, and starts the import', async () => {
    const { calls, router } = renderResources('/data_import/new', {
      DataImportFields: phoneFields,
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
    // The upload is a multipart POST through XMLHttpRequest (for its progress), not GraphQL.
    setAccessToken('token-1');
    const uploads = fakeUploads({ status: 201, body: { uploadId: '41' } });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'New data import' });
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    await user.upload(input, new File(['Cell #,Name\n5105550141,Ann\n'], 'vendor.csv', { type: 'text/csv' }));

    // The upload's progress shows while the file goes up.
    expect((await screen.findByText('Uploading 50%')).textContent).toBe('Uploading 50%');
    // The preview shows the file's header and its rows under it.
    const preview = await screen.findByRole('table', { name: 'File preview' });
    expect(preview.querySelector('tbody')?.textContent).toBe('5105550141Ann');
    expect(uploads).toEqual([
      { method: 'POST', url: '/api/uploads', headers: { Authorization: 'Bearer token-1' }, file: expect.any(File) },
    ]);
    // One choice per field of the import, required ones marked; Import waits for them.
    expect(screen.getByText('Choose a column for Phone number').textContent).toBe('Choose a column for Phone number');
    expect(screen.getByRole('button', { name: 'Import' })).toHaveProperty('disabled', true);
    expect(callsTo(calls, 'DataImportPreview')[0].variables).toEqual({ uploadId: '41' });
    await user.click(screen.getByRole('combobox', { name: 'Template' }));
    await user.click(await screen.findByRole('option', { name: 'Vendor', hidden: true }));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /^Phone number/ })).toHaveProperty('value', 'Cell #'),
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

  it('imports users: their fields to map, their own templates, and the import made as a users import', async () => {
    const userFields = [
      { name: 'email', label: 'Email', required: true },
      { name: 'name', label: 'Name', required: true },
      { name: 'user_type', label: 'Type', required: false },
      { name: 'team_id', label: 'Team', required: false },
      { name: 'client_id', label: 'Client', required: false },
    ];
    const { calls, router } = renderResources('/data_import/new', {
      DataImportFields: (v) => ({
        data: { dataImportFields: v.resource === 'User' ? userFields : phoneFields().data.dataImportFields },
      }),
      DataImportTemplates: (v) => ({
        data: {
          dataImportTemplates: {
            nodes:
              v.resource === 'User'
                ? [{ id: '6', name: 'Staff sheet', mapping: '{"Mail":"email","Who":"name","Role":"user_type"}' }]
                : [],
          },
        },
      }),
      DataImportPreview: () => ({
        data: {
          dataImportPreview: [
            ['Mail', 'Who', 'Role'],
            ['ann@example.test', 'Ann', 'Texter'],
          ],
        },
      }),
      CreateDataImport: () => ({ data: { createDataImport: { dataImport: { id: '10' }, errors: [] } } }),
      StartDataImport: () => ({ data: { startDataImport: { message: 'The import has started' } } }),
    });
    setAccessToken('token-1');
    fakeUploads({ status: 201, body: { uploadId: '42' } });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'New data import' });
    await user.click(screen.getByRole('combobox', { name: /^Import as/ }));
    await user.click(await screen.findByRole('option', { name: 'Users', hidden: true }));
    await waitFor(() => expect(callsTo(calls, 'DataImportTemplates').at(-1)?.variables).toEqual({ resource: 'User' }));
    expect(callsTo(calls, 'DataImportFields').at(-1)?.variables).toEqual({ resource: 'User' });
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    await user.upload(input, new File(['Mail,Who,Role\nann@example.test,Ann,Texter\n'], 'staff.csv'));
    await screen.findByRole('table', { name: 'File preview' });
    expect(screen.getByText('Choose a column for Email, Name').textContent).toBe('Choose a column for Email, Name');
    await user.click(screen.getByRole('combobox', { name: 'Template' }));
    await user.click(await screen.findByRole('option', { name: 'Staff sheet', hidden: true }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Email/ })).toHaveProperty('value', 'Mail'));
    expect(screen.getByRole('combobox', { name: /^Type/ })).toHaveProperty('value', 'Role');
    expect(screen.getByRole('combobox', { name: /^Team/ })).toHaveProperty('value', '');
    await user.click(screen.getByRole('button', { name: 'Import' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/data_import/10/overview'));
    expect(callsTo(calls, 'CreateDataImport')[0].variables).toEqual({
      attributes: {
        name: 'staff.csv',
        resource: 'User',
        uploadId: '42',
        templateId: '6',
        mapping: '{"Mail":"email","Who":"name","Role":"user_type"}',
      },
    });
  });

  it("edits a template's mapping field by field, saved as the same column → field text", async () => {
    const template = {
      __typename: 'DataImportTemplate',
      id: '5',
      name: 'Vendor',
      resource: 'Phone',
      mapping: '{"Cell #":"number"}',
      createdAt: '2025-03-04T15:06:00.000Z',
      can: { __typename: 'RecordAbilities', update: true, destroy: true, export: true, favorite: false },
    };
    const { calls } = renderResources('/data_import_template/5/edit', {
      DataImportTemplate: () => ({ data: { dataImportTemplate: template } }),
      DataImportFields: phoneFields,
      UpdateDataImportTemplate: () => ({
        data: {
          updateDataImportTemplate: {
            __typename: 'DataImportTemplatePayload',
            dataImportTemplate: { ...template, mapping: '{"Cell #":"number","Region":"state"}' },
            errors: [],
            message: 'All changes saved',
          },
        },
      }),
    });
    const user = userEvent.setup();
    const phone = await screen.findByRole('combobox', { name: /^Phone number/ }, { timeout: 5000 });
    expect(phone).toHaveProperty('value', 'Cell #');
    // No raw JSON to edit: the state's column is typed by its name.
    expect(screen.queryByDisplayValue('{"Cell #":"number"}')).toBeNull();
    await user.type(screen.getByRole('combobox', { name: /^State/ }), 'Region');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(calls, 'UpdateDataImportTemplate')).toHaveLength(1));
    expect(callsTo(calls, 'UpdateDataImportTemplate')[0].variables).toEqual({
      id: '5',
      attributes: { name: 'Vendor', resource: 'Phone', mapping: '{"Cell #":"number","Region":"state"}' },
    });
  });

  describe("an import's edit page", () => {
    const anImport = (overrides: Record<string, unknown>) => ({
      __typename: 'DataImport',
      id: '7',
      name: 'vendor.csv',
      resource: 'Phone',
      uploadId: '41',
      templateId: null,
      template: null,
      mapping: '{"Cell #":"number"}',
      filename: 'vendor.csv',
      status: 'Failed',
      errorMessage: 'State is not a column',
      rowsCount: 0,
      importedCount: 0,
      skippedCount: 0,
      rejectedCount: 0,
      createdAt: '2025-03-04T15:06:00.000Z',
      can: { __typename: 'RecordAbilities', update: true, destroy: true, export: true, favorite: false },
      ...overrides,
    });

    it("maps the columns of its file's header, as data_import/new does, and saves them", async () => {
      const record = anImport({});
      const { calls } = renderResources('/data_import/7/edit', {
        DataImport: () => ({ data: { dataImport: record } }),
        DataImportFields: phoneFields,
        DataImportPreview: () => ({
          data: {
            dataImportPreview: [
              ['Cell #', 'Region'],
              ['5105550141', 'CA'],
            ],
          },
        }),
        UpdateDataImport: () => ({
          data: {
            updateDataImport: {
              __typename: 'DataImportPayload',
              dataImport: { ...record, mapping: '{"Cell #":"number","Region":"state"}' },
              errors: [],
              message: 'All changes saved',
            },
          },
        }),
      });
      const user = userEvent.setup();
      const phone = await screen.findByRole('combobox', { name: /^Phone number/ }, { timeout: 5000 });
      await waitFor(() => expect(phone).toHaveProperty('value', 'Cell #'));
      expect(callsTo(calls, 'DataImportPreview')[0].variables).toEqual({ uploadId: '41' });
      // The state's column is one of the file's, chosen from its header.
      const state = screen.getByRole('combobox', { name: /^State/ });
      await user.click(state);
      const choices = document.getElementById(state.getAttribute('aria-controls')!)!;
      expect(
        within(choices)
          .getAllByRole('option', { hidden: true })
          .map((o) => o.textContent),
      ).toEqual(['Cell #', 'Region']);
      await user.click(within(choices).getByRole('option', { name: 'Region', hidden: true }));
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(callsTo(calls, 'UpdateDataImport')).toHaveLength(1));
      expect(callsTo(calls, 'UpdateDataImport')[0].variables).toEqual({
        id: '7',
        attributes: {
          name: 'vendor.csv',
          resource: 'Phone',
          templateId: null,
          mapping: '{"Cell #":"number","Region":"state"}',
        },
      });
    });

    it('lets the columns be typed by name when its file cannot be read', async () => {
      renderResources('/data_import/7/edit', {
        DataImport: () => ({ data: { dataImport: anImport({ status: null }) } }),
        DataImportFields: phoneFields,
        DataImportPreview: () => ({ errors: [{ message: 'Uploaded file not found' }] }),
      });
      const user = userEvent.setup();
      const state = await screen.findByRole('combobox', { name: /^State/ }, { timeout: 5000 });
      expect(screen.getByRole('combobox', { name: /^Phone number/ })).toHaveProperty('value', 'Cell #');
      await user.type(state, 'Region');
      expect(state).toHaveProperty('value', 'Region');
    });

    it('leaves the mapping of a done import as it was imported', async () => {
      const { calls } = renderResources('/data_import/7/edit', {
        DataImport: () => ({ data: { dataImport: anImport({ status: 'Done' }) } }),
        DataImportFields: phoneFields,
      });
      await screen.findByRole('textbox', { name: /^Name/ }, { timeout: 5000 });
      expect(screen.queryByRole('group', { name: 'Column mapping' })).toBeNull();
      expect(screen.queryByText('Column mapping')).toBeNull();
      expect(callsTo(calls, 'DataImportPreview')).toHaveLength(0);
    });
  });
});
