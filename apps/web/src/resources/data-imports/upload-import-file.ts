import { getAccessToken } from '../../app/token-store';

/**
 * POST /api/uploads as multipart with the bearer token the GraphQL client sends; answers the upload id. The
 * lists screens have the same call with upload progress (h-web's lists/upload-file.ts): when both are merged this
 * one should give way to it.
 */
export async function uploadImportFile(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  const token = getAccessToken();
  const res = await fetch('/api/uploads', {
    method: 'POST',
    body: form,
    credentials: 'include',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  const body = (await res.json().catch(() => null)) as { uploadId?: unknown; message?: string; error?: string } | null;
  if (!res.ok || typeof body?.uploadId !== 'string')
    throw new Error(body?.message ?? body?.error ?? `The file could not be uploaded (${res.status})`);
  return body.uploadId;
}
