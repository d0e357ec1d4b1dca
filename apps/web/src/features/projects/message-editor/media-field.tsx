import { Button, FileButton, Group, Input, Select, Stack, Text } from '@mantine/core';
import { fileSizeText, isAllowedMediaType, MediaPosition, mediaPositionFor, type EnumValue } from '@canvass/domain';
import { IconPaperclip, IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useServerOptions } from './use-server-options';

export type MediaPositionValue = EnumValue<typeof MediaPosition>;

/** The project's media as the stepper holds it: a saved one (spec §3 Project media) or a file just chosen. */
export interface MediaValue {
  filename: string;
  filetype: string;
  size?: number | null;
  url?: string | null;
}

export interface MediaFieldProps {
  media: MediaValue | null;
  /** A file the user chose, of an allowed type (the stepper uploads it), or null when the media is removed. */
  onMediaChange(file: File | null): void;
  mediaPosition: MediaPositionValue;
  onMediaPositionChange(position: MediaPositionValue): void;
  /** Locked (a Complete project) or while an upload runs. */
  disabled?: boolean;
  /** A field error from the server (mediaInput, mediaPosition). */
  error?: ReactNode;
}

/**
 * The project's media: a file of a type the server allows (TextMimeType options, spec §7), and where it goes
 * relative to the message. The position means something only with media: it defaults to no preference and is reset
 * to it when the media is removed (spec §5).
 */
export function MediaField({
  media,
  onMediaChange,
  mediaPosition,
  onMediaPositionChange,
  disabled,
  error,
}: MediaFieldProps) {
  const { options: types, fetching, error: optionsError } = useServerOptions('TextMimeType');
  const allowed = types.map((t) => t.name);
  const [refused, setRefused] = useState<string | null>(null);

  function choose(file: File | null) {
    if (!file) return;
    if (!isAllowedMediaType(file.type, allowed)) {
      setRefused(`${file.name} cannot be sent: choose a file of type ${allowed.join(', ')}.`);
      return;
    }
    setRefused(null);
    onMediaChange(file);
  }

  function remove() {
    setRefused(null);
    onMediaChange(null);
    const reset = mediaPositionFor(false, mediaPosition);
    if (reset !== mediaPosition) onMediaPositionChange(reset);
  }

  return (
    <Stack gap="xs">
      <Input.Wrapper
        label="Media"
        description={allowed.length ? `Allowed types: ${allowed.join(', ')}` : undefined}
        error={refused ?? error ?? (optionsError ? 'The allowed media types could not be loaded' : undefined)}
      >
        <Group gap="sm" mt={4}>
          {media && (
            <Text size="sm" data-testid="media-file">
              {media.filename}
              <Text span size="sm" c="dimmed">
                {' '}
                ({media.filetype}
                {media.size ? `, ${fileSizeText(media.size)}` : ''})
              </Text>
            </Text>
          )}
          <FileButton onChange={choose} accept={allowed.join(',')} disabled={disabled || fetching || !allowed.length}>
            {(props) => (
              <Button
                {...props}
                variant="default"
                size="xs"
                leftSection={<IconPaperclip size={14} />}
                disabled={disabled || fetching || !allowed.length}
              >
                {media ? 'Replace media' : 'Add media'}
              </Button>
            )}
          </FileButton>
          {media && (
            <Button
              variant="subtle"
              color="red"
              size="xs"
              leftSection={<IconTrash size={14} />}
              onClick={remove}
              disabled={disabled}
            >
              Remove media
            </Button>
          )}
        </Group>
      </Input.Wrapper>
      <Select
        label="Media position"
        data={MediaPosition.options()}
        value={media ? mediaPosition : mediaPositionFor(false, mediaPosition)}
        onChange={(v) => MediaPosition.is(v) && onMediaPositionChange(v)}
        allowDeselect={false}
        disabled={disabled || !media}
        description={media ? undefined : 'Add media to choose where it goes'}
      />
    </Stack>
  );
}
