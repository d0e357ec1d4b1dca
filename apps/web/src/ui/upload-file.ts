import { refreshSession } from '../session/refresh-session';
import { getAccessToken, notifySessionLost } from '../session/token-store';

export interface UploadResult {
  uploadId: string;
}

/** The server's refusal (413 too large, 401, 415) in its own words, or a plain failure (status 0). */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * A request renewing an expired access token once through the refresh cookie the way GraphQL requests do
 * (auth-fetch.ts); a session that cannot be renewed is over.
 */
export async function withSession<T>(send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (!(error instanceof UploadError) || error.status !== 401) throw error;
    if (!(await refreshSession()).accessToken) {
      notifySessionLost();
      throw error;
    }
    return send();
  }
}

/** The list upload (POST /api/uploads) with its session kept alive. */
export function uploadWithSession(file: File, onProgress: (fraction: number) => void): Promise<UploadResult> {
  return withSession(() => uploadFile(file, onProgress));
}

/** POST /api/uploads: a list's or a data import's file; answers its upload id. */
export function uploadFile(file: File, onProgress: (fraction: number) => void): Promise<UploadResult> {
  return sendFile<UploadResult>({ method: 'POST', url: '/api/uploads', file, onProgress }, (body) =>
    typeof body.uploadId === 'string' ? { uploadId: body.uploadId } : null,
  );
}

export interface FileRequest {
  method: 'POST' | 'DELETE';
  url: string;
  /** Sent as the multipart part `file`; none for a DELETE. */
  file?: File;
  onProgress?: (fraction: number) => void;
}

/**
 * A file route's request (multipart for a file), with the bearer token the GraphQL client sends; `accept` reads the
 * answer, null meaning it is not the expected one. XMLHttpRequest rather than fetch: fetch reports no upload
 * progress, and a large file takes long enough that the user must see it move.
 */
export function sendFile<T>(request: FileRequest, accept: (body: Record<string, unknown>) => T | null): Promise<T> {
  const { method, url, file, onProgress } = request;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    const token = getAccessToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new UploadError('The file could not be uploaded: the connection failed', 0));
    xhr.onload = () => {
      const body = parseBody(xhr.responseText);
      const accepted = xhr.status >= 200 && xhr.status < 300 && body ? accept(body) : null;
      if (accepted) {
        onProgress?.(1);
        resolve(accepted);
      } else {
        const message = body?.message ?? body?.error ?? `The file could not be uploaded (${xhr.status})`;
        reject(new UploadError(String(message), xhr.status));
      }
    };
    if (!file) return xhr.send();
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

function parseBody(text: string): Record<string, unknown> | null {
  try {
    const body: unknown = JSON.parse(text);
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
