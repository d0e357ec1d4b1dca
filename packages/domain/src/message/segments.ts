import { gsm7Septets } from './gsm7';

/** How a message travels: the GSM 7-bit alphabet, or UCS-2 as soon as one character is outside it. */
export type MessageEncoding = 'GSM-7' | 'UCS-2';

export interface SegmentCount {
  encoding: MessageEncoding;
  /** Characters as a person counts them (code points: an emoji is one). */
  characters: number;
  /** What the segments are made of: septets for GSM-7 (extension characters count two), UTF-16 units for UCS-2. */
  units: number;
  /** 0 for an empty message, 1 up to the single-segment limit, else ceil(units / multi-segment size). */
  segments: number;
  /** The size of each segment at this length: 160 or 153 for GSM-7, 70 or 67 for UCS-2. */
  segmentSize: number;
  /** Units that still fit before another segment is needed (an extension character needs two). */
  remaining: number;
}

/** Segment sizes of the contract (docs: message-contract, spec issue 13): single, then each part of a long one. */
export const SEGMENT_SIZES = {
  'GSM-7': { single: 160, multi: 153 },
  'UCS-2': { single: 70, multi: 67 },
} as const satisfies Record<MessageEncoding, { single: number; multi: number }>;

function gsm7Length(message: string): number | null {
  let septets = 0;
  for (const char of message) {
    const n = gsm7Septets(char);
    if (n === null) return null;
    septets += n;
  }
  return septets;
}

/**
 * The segments a message is sent in, computed exactly as the load engine's SQL does (the shared contract): plain
 * arithmetic on the length. Real handsets also avoid splitting an ESC pair or a surrogate pair across two parts,
 * which can add a segment in rare cases; the contract deliberately leaves that out so the estimate shown while
 * typing and the count stored on each text agree.
 */
export function countSegments(message: string): SegmentCount {
  const septets = gsm7Length(message);
  const encoding: MessageEncoding = septets === null ? 'UCS-2' : 'GSM-7';
  // String length is UTF-16 code units: an emoji outside the BMP is a surrogate pair, two units.
  const units = septets ?? message.length;
  const sizes = SEGMENT_SIZES[encoding];
  const single = units <= sizes.single;
  const segmentSize = single ? sizes.single : sizes.multi;
  const segments = units === 0 ? 0 : single ? 1 : Math.ceil(units / sizes.multi);
  return {
    encoding,
    characters: [...message].length,
    units,
    segments,
    segmentSize,
    remaining: Math.max(segments, 1) * segmentSize - units,
  };
}

/** The characters that force UCS-2, each once, in order of appearance: the editor names them so they can go. */
export function nonGsm7Characters(message: string): string[] {
  const found = new Set<string>();
  for (const char of message) if (gsm7Septets(char) === null) found.add(char);
  return [...found];
}
