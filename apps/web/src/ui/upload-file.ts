import { refreshSession } from '../app/refresh-session';
import { getAccessToken, notifySessionLost } from '../app/token-store';

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
 * The upload, renewing an expired access token once through the refresh cookie the way GraphQL requests do
 * (auth-fetch.ts); a session that cannot be renewed is over.
 */
export async function uploadWithSession(file: File, onProgress: (fraction: number) => void): Promise<UploadResult> {
  try {
    return await uploadFile(file, onProgress);
  } catch (error) {
    if (!(error instanceof UploadError) || error.status !== 401) throw error;
    if (!(await refreshSession()).accessToken) {
      notifySessionLost();
      throw error;
    }
    return uploadFile(file, onProgress);
  }
}

/**
 * POST /api/uploads as multipart, with the bearer token the GraphQL client sends. XMLHttpRequest rather than
 * fetch: fetch reports no upload progress, and a large file takes long enough that the user must see it move.
 */
export function uploadFile(file: File, onProgress: (fraction: number) => void): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/uploads');
    const token = getAccessToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new UploadError('The file could not be uploaded: the connection failed', 0));
    xhr.onload = () => {
      const body = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && typeof body?.uploadId === 'string') {
        onProgress(1);
        resolve({ uploadId: body.uploadId });
      } else {
        const message = body?.message ?? body?.error ?? `The file could not be uploaded (${xhr.status})`;
        reject(new UploadError(message, xhr.status));
      }
    };
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

function parseBody(text: string): { uploadId?: unknown; message?: string; error?: string } | null {
  try {
    return JSON.parse(text) as { uploadId?: unknown; message?: string; error?: string };
  } catch {
    return null;
  }
}
