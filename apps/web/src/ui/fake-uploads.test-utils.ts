import { vi } from 'vitest';

export interface SentUpload {
  url: string;
  headers: Record<string, string>;
  file: File | null;
}

/**
 * A stand-in for the browser's XMLHttpRequest (uploads go through it, for their progress): records what was sent,
 * reports half the file sent, then answers `reply`.
 */
export function fakeUploads(reply: { status: number; body: unknown }): SentUpload[] {
  const sent: SentUpload[] = [];
  class FakeXhr {
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    status = 0;
    responseText = '';
    private url = '';
    private headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    send(body: FormData) {
      sent.push({ url: this.url, headers: this.headers, file: body.get('file') as File | null });
      // Half the file a moment before the answer, so the screen has time to show the progress.
      setTimeout(() => this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 }), 10);
      setTimeout(() => {
        this.status = reply.status;
        this.responseText = JSON.stringify(reply.body);
        this.onload?.();
      }, 100);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}
