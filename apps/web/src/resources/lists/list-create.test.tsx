import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { listMessages } from '@canvass/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../test/fake-app';
import { setAccessToken } from '../../session/token-store';
import { descriptionOf } from '../../test/screen-reads';
import { fakeUploads } from '../../ui/fake-uploads.test-utils';
import { callsTo, renderResources } from '../../test/render-resources';

const created = (attributes: Record<string, unknown>) => ({
  data: {
    createList: {
      __typename: 'ListPayload',
      errors: [],
      message: null,
      list: { __typename: 'List', id: '12', name: attributes.name },
    },
  },
});

describe('/lists/new', { timeout: 20_000 }, () => {
  afterEach(() => setAccessToken(null));

  it('uploads the file with the bearer token, creates the list with its upload id and opens the column picker', async () => {
    const user = userEvent.setup();
    setAccessToken('token-1');
    const sent = fakeUploads({ status: 200, body: { uploadId: '77' } });
    const { calls, router } = renderResources('/lists/new', { CreateList: (v) => created(v.attributes as never) });
    await user.type(await screen.findByRole('textbox', { name: 'Name' }, { timeout: 8000 }), 'Voters');
    const file = new File(['Phone\n2125550101\n'], 'voters.csv', { type: 'text/csv' });
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, file);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/lists/12/edit/basic-info'));
    expect(sent).toEqual([{ method: 'POST', url: '/api/uploads', headers: { Authorization: 'Bearer token-1' }, file }]);
    expect(callsTo(calls, 'CreateList')[0].variables).toEqual({ attributes: { name: 'Voters', uploadId: '77' } });
  });

  it("shows the server's refusal of the file under the file input and creates nothing", async () => {
    const user = userEvent.setup();
    const tooLarge = listMessages.uploadTooLarge(100 * 1024 * 1024);
    fakeUploads({ status: 413, body: { error: tooLarge } });
    const { calls } = renderResources('/lists/new', {});
    await user.type(await screen.findByRole('textbox', { name: 'Name' }, { timeout: 8000 }), 'Voters');
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, new File(['x'], 'big.csv'));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    // Under the file input, and as the 'Failed' toast.
    const shown = await screen.findAllByText(tooLarge);
    expect(shown.map((e) => e.closest('.mantine-Notification-root') !== null).sort()).toEqual([false, true]);
    expect(callsTo(calls, 'CreateList')).toHaveLength(0);
  });

  it('asks for a file, or takes a Google Sheet key instead', async () => {
    const user = userEvent.setup();
    const { calls } = renderResources('/lists/new', { CreateList: (v) => created(v.attributes as never) });
    await user.type(await screen.findByRole('textbox', { name: 'Name' }, { timeout: 8000 }), 'Sheet list');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(listMessages.uploadMissingFile).textContent).toBe(listMessages.uploadMissingFile);
    expect(callsTo(calls, 'CreateList')).toHaveLength(0);

    await user.click(screen.getByText('Google Sheet key'));
    const key = screen.getByRole('textbox', { name: 'Google Sheet key' });
    await user.type(key, 'abc123');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(calls, 'CreateList')).toHaveLength(1));
    expect(callsTo(calls, 'CreateList')[0].variables).toEqual({
      attributes: { name: 'Sheet list', googleSheetKey: 'abc123' },
    });
    expect(descriptionOf(key)).toBe('');
  });

  it('staff load a list for a client they choose', async () => {
    const user = userEvent.setup();
    const { calls } = renderResources('/lists/new', {
      CreateList: (v) => created(v.attributes as never),
      ClientOptions: () => ({
        data: {
          clients: {
            totalCount: 1,
            pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
            nodes: [{ id: '5', name: 'Franklin County Democrats' }],
          },
        },
      }),
    });
    await user.type(await screen.findByRole('textbox', { name: 'Name' }, { timeout: 8000 }), 'Franklin voters');
    await user.type(screen.getByRole('combobox', { name: 'Client' }), 'Frank');
    await user.click(await screen.findByRole('option', { name: 'Franklin County Democrats', hidden: true }));
    await user.click(screen.getByText('Google Sheet key'));
    await user.type(screen.getByRole('textbox', { name: 'Google Sheet key' }), 'abc123');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(calls, 'CreateList')).toHaveLength(1));
    expect(callsTo(calls, 'CreateList')[0].variables).toEqual({
      attributes: { name: 'Franklin voters', clientId: '5', googleSheetKey: 'abc123' },
    });
  });

  it("shows a Client-role user no Client field: the server makes the list its own client's", async () => {
    renderResources('/lists/new', {}, buildUser({ role: 'Client', isAdmin: false }));
    await screen.findByRole('textbox', { name: 'Name' }, { timeout: 8000 });
    expect(screen.queryByRole('combobox', { name: 'Client' })).toBeNull();
  });
});
