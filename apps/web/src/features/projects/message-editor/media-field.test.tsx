import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MediaField, type MediaPositionValue, type MediaValue } from './media-field';
import { renderWithServer } from './test-harness.test-utils';

/** The field as the stepper holds it: a chosen file becomes the media (the upload is the stepper's). */
function Field({ initial = null, chosen }: { initial?: MediaValue | null; chosen?: (f: File | null) => void }) {
  const [media, setMedia] = useState<MediaValue | null>(initial);
  const [position, setPosition] = useState<MediaPositionValue>('NoPreference');
  return (
    <>
      <MediaField
        media={media}
        onMediaChange={(file) => {
          chosen?.(file);
          setMedia(file && { filename: file.name, filetype: file.type, size: file.size });
        }}
        mediaPosition={position}
        onMediaPositionChange={setPosition}
      />
      <output aria-label="stored position">{position}</output>
    </>
  );
}

const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;
const positionSelect = () => screen.getByRole('combobox', { name: 'Media position' }) as HTMLInputElement;
const stored = () => screen.getByRole('status', { name: 'stored position' }).textContent;

describe('MediaField', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it("accepts the server's allowed types only, and says which are allowed", async () => {
    const chosen = vi.fn();
    renderWithServer(<Field chosen={chosen} />);
    // As when the user switches the file dialog to "All files": the browser's accept filter is only a hint.
    const user = userEvent.setup({ applyAccept: false });
    expect((await screen.findByText(/^Allowed types/)).textContent).toBe(
      'Allowed types: image/jpeg, image/png, video/mp4',
    );
    expect(fileInput().accept).toBe('image/jpeg,image/png,video/mp4');
    await user.upload(fileInput(), new File(['x'], 'flyer.webp', { type: 'image/webp' }));
    expect(screen.getByText(/cannot be sent/).textContent).toBe(
      'flyer.webp cannot be sent: choose a file of type image/jpeg, image/png, video/mp4.',
    );
    expect(chosen).not.toHaveBeenCalled();
    await user.upload(fileInput(), new File(['x'.repeat(3000)], 'flyer.png', { type: 'image/png' }));
    expect(chosen).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('media-file').textContent).toBe('flyer.png (image/png, 3 KB)');
    expect(screen.queryByText(/cannot be sent/)).toBeNull();
  });

  it('the position defaults to no preference and waits for media', async () => {
    renderWithServer(<Field />);
    expect(positionSelect().value).toBe('No preference');
    expect(positionSelect().disabled).toBe(true);
    await screen.findByText(/Allowed types/);
    await userEvent.upload(fileInput(), new File(['x'], 'a.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(positionSelect().disabled).toBe(false));
    expect(positionSelect().value).toBe('No preference');
  });

  it('resets the position to no preference when the media is removed', async () => {
    const chosen = vi.fn();
    renderWithServer(<Field initial={{ filename: 'a.jpg', filetype: 'image/jpeg' }} chosen={chosen} />);
    const user = userEvent.setup();
    await user.click(positionSelect());
    await user.click(await screen.findByRole('option', { name: 'Before', hidden: true }));
    expect(stored()).toBe('Before');
    expect(positionSelect().value).toBe('Before');
    await user.click(screen.getByRole('button', { name: 'Remove media' }));
    expect(chosen).toHaveBeenCalledWith(null);
    expect(stored()).toBe('NoPreference');
    expect(positionSelect().value).toBe('No preference');
    expect(screen.queryByTestId('media-file')).toBeNull();
  });
});
