import { vi } from 'vitest';

export interface SentUpload {
  method: string;
  url: string;
  headers: Record<string, string>;
  file: File | null;
}

interface Reply {
  status: number;
  body: unknown;
}

/**
 * A stand-in for the browser's XMLHttpRequest (uploads go through it, for their progress): records what was sent,
 * reports half the file sent, then answers `reply` (or what it answers for the request).
 */
export function fakeUploads(reply: Reply | ((sent: SentUpload) => Reply)): SentUpload[] {
  const sent: SentUpload[] = [];
  class FakeXhr {
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    status = 0;
    responseText = '';
    private method = '';
    private url = '';
    private headers: Record<string, string> = {};
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    send(body?: FormData) {
      const request = {
        method: this.method,
        url: this.url,
        headers: this.headers,
        file: (body?.get('file') as File) ?? null,
      };
      sent.push(request);
      const answer = typeof reply === 'function' ? reply(request) : reply;
      // Half the file, then the answer once the screen has shown that progress for a moment: a fixed delay let a
      // loaded machine render the answer before the progress, and the test waiting for the progress failed.
      setTimeout(() => this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 }), 10);
      void progressShown().then(() => {
        this.status = answer.status;
        this.responseText = JSON.stringify(answer.body);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

const PROGRESS = 'Uploading 50%';
/** Resolves 100 ms after the page shows the half-way progress, or after 3 s for a screen that shows none. */
async function progressShown(): Promise<void> {
  const started = Date.now();
  while (!document.body.textContent?.includes(PROGRESS) && Date.now() - started < 3_000)
    await new Promise((resolve) => setTimeout(resolve, 10));
  await new Promise((resolve) => setTimeout(resolve, 100));
}
