import type { EnumValue } from '../enum';
import type { MediaPosition } from '../enums';

type Position = EnumValue<typeof MediaPosition>;

/** Spec §9: media position defaults to no preference. */
export const DEFAULT_MEDIA_POSITION: Position = 'NoPreference';

/**
 * The media position once the media changes (spec §5): it only means something with media, so removing the media
 * resets it to no preference; adding or replacing media keeps what was chosen (the default when nothing was).
 */
export function mediaPositionFor(hasMedia: boolean, current: Position | null | undefined): Position {
  return hasMedia ? (current ?? DEFAULT_MEDIA_POSITION) : DEFAULT_MEDIA_POSITION;
}

/** Whether a file's type is one the server allows (its TextMimeType options); case and parameters ignored. */
export function isAllowedMediaType(mimeType: string, allowed: readonly string[]): boolean {
  const type = mimeType.split(';')[0].trim().toLowerCase();
  return type.length > 0 && allowed.some((a) => a.toLowerCase() === type);
}

/** What a media upload is told when it is refused (the web shows the same words). */
export const mediaMessages = {
  typeNotAllowed: (allowed: readonly string[]) => `Media must be one of these types: ${allowed.join(', ')}`,
  contentMismatch: (mimeType: string) => `The file's content is not ${mimeType}`,
  tooLarge: (maxBytes: number) =>
    `The media is larger than the ${Math.round((maxBytes / 1024 / 1024) * 10) / 10} MB limit for MMS`,
  missingFile: 'Choose a file to upload',
};
