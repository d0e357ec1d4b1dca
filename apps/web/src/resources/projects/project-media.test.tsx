import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeUploads } from '../../ui/fake-uploads.test-utils';
import { renderResources } from '../../test/render-resources';
import { can, quietLifecycle } from './project-fixtures.test-utils';

const projectIn = (projectStatus: string, projectStatusGroup: string) => ({
  __typename: 'Project',
  id: '12',
  name: 'Spring turnout',
  projectType: 'GetOutToVote',
  projectStatus,
  projectStatusGroup,
  message: 'Hello',
  mediaPosition: 'After',
  mediaUrl: '/api/media/77.jpg',
  mediaFilename: 'rally.jpg',
  mediaFiletype: 'image/jpeg',
  mediaSize: 150000,
  createdAt: '2026-11-01T10:00:00Z',
  isFavorite: false,
  can,
});
const options = (v: Record<string, unknown>) => ({
  data: {
    options: (v.optionType === 'TextMimeType' ? ['image/jpeg', 'image/png'] : []).map((name) => ({
      __typename: 'Option',
      name,
      label: name,
    })),
  },
});
const handlers = (status: string, group: string) => ({
  Project: () => ({ data: { project: projectIn(status, group) } }),
  ProjectLifecycle: () => ({ data: { project: quietLifecycle(status, group) } }),
  OptionsByType: options,
});

describe("a project's Basic Info media", { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the stored media with its preview, and Remove clears it and resets the position', async () => {
    const sent = fakeUploads({
      status: 200,
      body: {
        mediaUrl: null,
        mediaFilename: null,
        mediaFiletype: null,
        mediaSize: null,
        mediaPosition: 'NoPreference',
      },
    });
    renderResources('/projects/12/edit/basic-info', handlers('Submitted', 'Setup'));
    expect((await screen.findByTestId('media-file', {}, { timeout: 5000 })).textContent).toBe(
      'rally.jpg (image/jpeg, 146 KB)',
    );
    expect(screen.getByRole('img', { name: 'Preview of rally.jpg' }).getAttribute('src')).toBe('/api/media/77.jpg');
    const position = () => (screen.getByRole('combobox', { name: 'Media position' }) as HTMLInputElement).value;
    expect(position()).toBe('After');

    await userEvent.click(await screen.findByRole('button', { name: 'Remove media' }));
    await waitFor(() => expect(screen.queryByTestId('media-file')).toBeNull());
    expect(sent.map((s) => [s.method, s.url])).toEqual([['DELETE', '/api/projects/12/media']]);
    expect(position()).toBe('No preference');
    expect(screen.queryByRole('img', { name: /Preview/ })).toBeNull();
  });

  it('is locked once the project is Complete', async () => {
    renderResources('/projects/12/edit/basic-info', handlers('Complete', 'Complete'));
    await screen.findByTestId('media-file', {}, { timeout: 5000 });
    await screen.findByText(/^Allowed types/);
    expect((screen.getByRole('button', { name: 'Remove media' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Replace media' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
