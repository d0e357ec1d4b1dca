import { getAccessToken } from '../../app/token-store';

export interface UploadResult {
  uploadId: string;
}

/** The server's refusal (413 too large, 401, 422) in its own words, or a plain failure. */
export class UploadError extends Error {}

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
    xhr.onerror = () => reject(new UploadError('The file could not be uploaded: the connection failed'));
    xhr.onload = () => {
      const body = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && typeof body?.uploadId === 'string') {
        onProgress(1);
        resolve({ uploadId: body.uploadId });
      } else {
        reject(new UploadError(body?.message ?? body?.error ?? `The file could not be uploaded (${xhr.status})`));
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
