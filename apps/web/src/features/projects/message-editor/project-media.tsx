import { Image, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { UploadProgress } from '../../../ui/upload-progress';
import { sendFile, withSession } from '../../../ui/upload-file';
import { MediaField, type MediaPositionValue, type MediaValue } from './media-field';

/** The server's media route answer: the project's media fields after the change. */
interface SavedMedia {
  media: MediaValue | null;
  mediaPosition: MediaPositionValue;
}

const str = (v: unknown) => (typeof v === 'string' ? v : null);

function readSaved(body: Record<string, unknown>): SavedMedia | null {
  const position = str(body.mediaPosition) as MediaPositionValue | null;
  if (!position) return null;
  const url = str(body.mediaUrl);
  const media = url
    ? {
        url,
        filename: str(body.mediaFilename) ?? '',
        filetype: str(body.mediaFiletype) ?? '',
        size: typeof body.mediaSize === 'number' ? body.mediaSize : null,
      }
    : null;
  return { media, mediaPosition: position };
}

/** A project's media as its record holds it (the stepper's and the edit section's), or null without any. */
export function mediaOfRecord(record: Record<string, unknown>): MediaValue | null {
  const url = str(record.mediaUrl);
  if (!url) return null;
  const size = Number(record.mediaSize);
  return {
    url,
    filename: str(record.mediaFilename) ?? '',
    filetype: str(record.mediaFiletype) ?? '',
    size: Number.isFinite(size) && size > 0 ? size : null,
  };
}

export interface ProjectMediaProps {
  /** The saved project; media can be added once there is one (the stepper's autosave makes it). */
  projectId: string | null;
  media: MediaValue | null;
  onMediaChange(media: MediaValue | null): void;
  mediaPosition: MediaPositionValue;
  onMediaPositionChange(position: MediaPositionValue): void;
  disabled?: boolean;
  error?: ReactNode;
}

/**
 * The project's media, saved as soon as it is chosen (spec §5 "Media: upload"): the file streams to the server's
 * media route with its progress shown, then the stored file shows (a preview for images); Remove clears it there,
 * and the server resets the position to no preference as MediaField does here.
 */
export function ProjectMedia({ projectId, media, onMediaChange, disabled, error, ...position }: ProjectMediaProps) {
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function send(file: File | null) {
    if (!projectId) return;
    setFailure(null);
    const url = `/api/projects/${projectId}/media`;
    if (file) setProgress(0);
    try {
      const saved = await withSession(() =>
        sendFile(file ? { method: 'POST', url, file, onProgress: setProgress } : { method: 'DELETE', url }, readSaved),
      );
      onMediaChange(saved.media);
      if (saved.mediaPosition !== position.mediaPosition) position.onMediaPositionChange(saved.mediaPosition);
    } catch (e) {
      setFailure(e instanceof Error ? e.message : String(e));
    } finally {
      setProgress(null);
    }
  }

  return (
    <Stack gap="xs">
      <MediaField
        media={media}
        onMediaChange={(file) => void send(file)}
        {...position}
        disabled={disabled || progress !== null || !projectId}
        error={failure ?? error}
      />
      {!projectId && (
        <Text size="xs" c="dimmed">
          Media can be added once the project is saved.
        </Text>
      )}
      {progress !== null && <UploadProgress fraction={progress} />}
      {media?.url && media.filetype.startsWith('image/') && (
        <Image src={media.url} alt={`Preview of ${media.filename}`} h={160} w="auto" fit="contain" radius="sm" />
      )}
    </Stack>
  );
}
