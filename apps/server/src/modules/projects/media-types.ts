/**
 * What the server knows of each allowed media type (the TextMimeType options): the extension its stored file gets,
 * so the public media route can answer the content type without reading the database, and the first bytes every
 * such file starts with, so a file whose content is not what its declared type says is refused.
 */
interface MediaType {
  extension: string;
  matches(head: Buffer): boolean;
}

const startsWith = (head: Buffer, bytes: number[], at = 0) => bytes.every((b, i) => head[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

const mediaTypes: Record<string, MediaType> = {
  'image/jpeg': { extension: 'jpg', matches: (h) => startsWith(h, [0xff, 0xd8, 0xff]) },
  'image/png': { extension: 'png', matches: (h) => startsWith(h, [0x89, ...ascii('PNG'), 0x0d, 0x0a, 0x1a, 0x0a]) },
  'image/gif': { extension: 'gif', matches: (h) => startsWith(h, ascii('GIF87a')) || startsWith(h, ascii('GIF89a')) },
  // An ISO media file: a box size, then "ftyp".
  'video/mp4': { extension: 'mp4', matches: (h) => startsWith(h, ascii('ftyp'), 4) },
  // An ID3 tag, or straight into an MPEG audio frame (11 sync bits).
  'audio/mpeg': {
    extension: 'mp3',
    matches: (h) => startsWith(h, ascii('ID3')) || (h[0] === 0xff && (h[1] & 0xe0) === 0xe0),
  },
  'application/pdf': { extension: 'pdf', matches: (h) => startsWith(h, ascii('%PDF-')) },
};

/** How many first bytes `mediaContentMatches` needs. */
export const MEDIA_HEAD_BYTES = 12;

const typeOf = (mimeType: string) => mimeType.split(';')[0].trim().toLowerCase();

/** Whether the file's first bytes are what its declared type's files start with; unknown types never match. */
export function mediaContentMatches(mimeType: string, head: Buffer): boolean {
  return mediaTypes[typeOf(mimeType)]?.matches(head) ?? false;
}

export function mediaExtension(mimeType: string): string | null {
  return mediaTypes[typeOf(mimeType)]?.extension ?? null;
}

export function mediaTypeOfExtension(extension: string): string | null {
  return Object.entries(mediaTypes).find(([, t]) => t.extension === extension)?.[0] ?? null;
}
