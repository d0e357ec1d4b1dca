import type { IncomingMessage } from 'node:http';
import { Transform } from 'node:stream';
import { Busboy, type BusboyFileStream, type BusboyHeaders } from '@fastify/busboy';
import type { Storage } from '../storage/storage';

/** The file was larger than the route's limit; nothing was kept. */
export class UploadTooLarge extends Error {}

/** The route refused the file (its declared type, or its first bytes); nothing was kept. */
export class UploadRefused extends Error {}

/**
 * The request itself is not a usable upload (a broken multipart body, a connection dropped halfway, a file name
 * no column can store); nothing was kept. Its statusCode makes the app's error handler answer it as the
 * client's mistake.
 */
export class MalformedUpload extends Error {
  readonly statusCode = 400;
}

export const uploadMessages = {
  malformed: 'The upload is incomplete or not a valid multipart form; send the file again',
  controlCharacters: 'The file name may not contain control characters',
} as const;

/**
 * NUL cannot be stored in a PostgreSQL text column at all; the other control characters (C0 and DEL) would corrupt a
 * Content-Disposition header or a CSV cell wherever the name is shown again.
 */
function hasControlCharacter(name: string): boolean {
  for (let i = 0; i < name.length; i++) {
    const code = name.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

export interface StreamedFile {
  storageKey: string;
  filename: string;
  /** The type the client declared for the part. */
  mimeType: string;
  size: number;
}

export interface StreamUploadOptions {
  /** Where the file goes in storage, once its declared name and type are known. */
  storageKey: (file: { filename: string; mimeType: string }) => string;
  maxBytes: number;
  /** Refuses a file by its declared name and type before any of it is stored: the refusal's message, or null. */
  accept?: (file: { filename: string; mimeType: string }) => string | null;
  /** Refuses a file by its first `bytes` bytes (a magic-number check): the refusal's message, or null. */
  head?: { bytes: number; check: (head: Buffer, mimeType: string) => string | null };
  /** The name kept when the client sends none. */
  defaultFilename: string;
}

/**
 * Passes the file through to storage, failing at its end when busboy cut it at the size limit (storage then discards
 * what it wrote), and holding back its first `head.bytes` bytes until `head.check` has seen them.
 */
function guard(file: BusboyFileStream, head: ((bytes: Buffer) => string | null) | null, headBytes: number): Transform {
  let held: Buffer[] = [];
  let heldBytes = 0;
  let checked = head === null;
  const release = (self: Transform): Error | null => {
    checked = true;
    const refusal = head?.(Buffer.concat(held).subarray(0, headBytes));
    if (refusal) {
      // The rest of the part is drained so the parser can reach the end of the request.
      file.unpipe();
      file.resume();
      return new UploadRefused(refusal);
    }
    for (const chunk of held) self.push(chunk);
    held = [];
    return null;
  };
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (checked) return done(null, chunk);
      held.push(chunk);
      heldBytes += chunk.length;
      done(heldBytes >= headBytes ? release(this) : null);
    },
    flush(done) {
      if (file.truncated) return done(new UploadTooLarge());
      done(checked ? null : release(this));
    },
  });
}

/**
 * Streams the request's one file part straight into storage: busboy (the streaming multipart parser Fastify's own
 * plugin is built on) hands over the file as it arrives, so neither Fastify nor the route ever holds the body.
 * Past `maxBytes`, or refused by `accept`/`head`, the file is cut and nothing is kept (UploadTooLarge,
 * UploadRefused); the parser still drains the request. Null when the request has no file part.
 */
export function streamFirstFile(
  storage: Storage,
  req: IncomingMessage,
  options: StreamUploadOptions,
): Promise<StreamedFile | null> {
  return new Promise((resolve, reject) => {
    let parser: ReturnType<typeof Busboy>;
    try {
      parser = Busboy({ headers: req.headers as BusboyHeaders, limits: { files: 1, fileSize: options.maxBytes } });
    } catch {
      // Busboy throws at once on a content type without a boundary.
      return reject(new MalformedUpload(uploadMessages.malformed));
    }
    let stored: Promise<StreamedFile> | null = null;
    // The stream storage is reading: ending it with an error is what makes storage delete its partial file.
    let body: Transform | null = null;
    let failed = false;
    /** Stops reading, cuts the file being stored (storage removes it and closes it), then reports `err`. */
    const fail = (err: Error) => {
      if (failed) return;
      failed = true;
      req.unpipe(parser);
      body?.destroy(err);
      void (stored ?? Promise.resolve()).catch(() => {}).then(() => reject(err));
    };
    const refuse = (file: BusboyFileStream, message: string, kind: new (m: string) => Error) => {
      file.resume();
      stored = Promise.reject(new kind(message));
      stored.catch(() => {});
    };
    parser.on('file', (_field: string, file: BusboyFileStream, name: string, _encoding: string, mimeType: string) => {
      if (stored) return file.resume();
      if (hasControlCharacter(name)) return refuse(file, uploadMessages.controlCharacters, MalformedUpload);
      const filename = name || options.defaultFilename;
      const refusal = options.accept?.({ filename, mimeType });
      if (refusal) return refuse(file, refusal, UploadRefused);
      const head = options.head;
      body = file.pipe(guard(file, head ? (bytes) => head.check(bytes, mimeType) : null, head?.bytes ?? 0));
      // pipe() does not pass errors on: a part the parser finds broken must end the stored file too.
      file.on('error', () => fail(new MalformedUpload(uploadMessages.malformed)));
      // A small file can be refused before storage starts reading it; storage still sees the error (the stream
      // stays errored), this only keeps it from being thrown as unhandled in between.
      body.on('error', () => {});
      const storageKey = options.storageKey({ filename, mimeType });
      stored = storage.write(storageKey, body).then(() => ({
        storageKey,
        filename,
        mimeType,
        size: file.bytesRead,
      }));
      // Kept until the parser finishes; a failure is reported there.
      stored.catch(() => {});
    });
    parser.on('error', () => fail(new MalformedUpload(uploadMessages.malformed)));
    parser.on('finish', () => {
      if (failed) return;
      if (!stored) return resolve(null);
      stored.then(resolve, reject);
    });
    // A client that goes away halfway (closed or reset) never lets the parser finish: without this the partial
    // file stayed on disk, open, for the life of the process.
    req.on('error', () => fail(new MalformedUpload(uploadMessages.malformed)));
    req.on('close', () => {
      if (!req.complete) fail(new MalformedUpload(uploadMessages.malformed));
    });
    req.pipe(parser);
  });
}
