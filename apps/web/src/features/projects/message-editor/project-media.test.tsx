import { mediaMessages } from '@canvass/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../../session/token-store';
import { fakeUploads } from '../../../ui/fake-uploads.test-utils';
import type { MediaPositionValue, MediaValue } from './media-field';
import { ProjectMedia } from './project-media';
import { renderWithServer } from './test-harness.test-utils';

/** The media as a form holds it: what the server saved, and the position. */
function Media({
  projectId = '5',
  initial = null,
  position = 'NoPreference',
}: {
  projectId?: string | null;
  initial?: MediaValue | null;
  position?: MediaPositionValue;
}) {
  const [media, setMedia] = useState<MediaValue | null>(initial);
  const [mediaPosition, setPosition] = useState<MediaPositionValue>(position);
  return (
    <>
      <ProjectMedia
        projectId={projectId}
        media={media}
        onMediaChange={setMedia}
        mediaPosition={mediaPosition}
        onMediaPositionChange={setPosition}
      />
      <output aria-label="stored position">{mediaPosition}</output>
    </>
  );
}

const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;
const stored = () => screen.getByRole('status', { name: 'stored position' }).textContent;
const SAVED = {
  mediaUrl: '/api/media/2f1d.png',
  mediaFilename: 'flyer.png',
  mediaFiletype: 'image/png',
  mediaSize: 3000,
  mediaPosition: 'Before',
};

describe('ProjectMedia', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setAccessToken(null);
  });

  it('uploads the chosen file with its progress, then shows the stored media with a preview', async () => {
    setAccessToken('token-1');
    const sent = fakeUploads({ status: 200, body: SAVED });
    renderWithServer(<Media position="Before" />);
    await screen.findByText(/^Allowed types/);
    const file = new File(['x'.repeat(3000)], 'flyer.png', { type: 'image/png' });
    await userEvent.upload(fileInput(), file);

    expect((await screen.findByText('Uploading 50%')).textContent).toBe('Uploading 50%');
    expect((await screen.findByTestId('media-file')).textContent).toBe('flyer.png (image/png, 3 KB)');
    await waitFor(() => expect(screen.queryByText(/^Uploading/)).toBeNull());
    expect(sent).toEqual([
      { method: 'POST', url: '/api/projects/5/media', headers: { Authorization: 'Bearer token-1' }, file },
    ]);
    expect(screen.getByRole('img', { name: 'Preview of flyer.png' }).getAttribute('src')).toBe('/api/media/2f1d.png');
    expect(stored()).toBe('Before');
    expect(screen.getByRole('button', { name: 'Remove media' }).textContent).toBe('Remove media');
  });

  it("shows the server's refusal and keeps no media", async () => {
    const refusal = mediaMessages.contentMismatch('image/png');
    fakeUploads({ status: 415, body: { error: refusal } });
    renderWithServer(<Media />);
    await screen.findByText(/^Allowed types/);
    await userEvent.upload(fileInput(), new File(['<html>'], 'fake.png', { type: 'image/png' }));
    expect((await screen.findByText(refusal)).textContent).toBe(refusal);
    expect(screen.queryByTestId('media-file')).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('Remove clears the media on the server and resets the position to no preference', async () => {
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
    const initial = { url: SAVED.mediaUrl, filename: 'flyer.png', filetype: 'image/png', size: 3000 };
    renderWithServer(<Media initial={initial} position="After" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove media' }));
    await waitFor(() => expect(screen.queryByTestId('media-file')).toBeNull());
    expect(sent.map((s) => [s.method, s.url, s.file])).toEqual([['DELETE', '/api/projects/5/media', null]]);
    expect(stored()).toBe('NoPreference');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('waits for the project to be saved before media can be added', async () => {
    renderWithServer(<Media projectId={null} />);
    await screen.findByText(/^Allowed types/);
    expect(screen.getByText('Media can be added once the project is saved.').textContent).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Add media' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
