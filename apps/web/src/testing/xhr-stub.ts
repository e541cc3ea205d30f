import { vi } from 'vitest';

/**
 * XMLHttpRequest for component tests, carried by the fetch stub (stubApi): the request goes to
 * the stubbed fetch, so the same routes answer it and an unexpected call fails the test the same
 * way. Uploads report their progress as a browser does: half-way as the body is sent, then all
 * of it before the answer, so a test holding a reply sees a file mid-upload.
 */
export function stubXhrThroughFetch(): void {
  class FetchBackedXhr extends EventTarget {
    readonly upload = new EventTarget();
    status = 0;
    responseText = '';
    withCredentials = false;
    private method = 'GET';
    private url = '';
    private readonly headers: Record<string, string> = {};
    private readonly controller = new AbortController();

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }

    abort() {
      this.controller.abort();
      this.dispatchEvent(new Event('abort'));
    }

    send(body?: XMLHttpRequestBodyInit | null) {
      const total = sizeOf(body);
      const progress = (loaded: number) =>
        this.upload.dispatchEvent(new ProgressEvent('progress', { lengthComputable: true, loaded, total }));
      progress(Math.floor(total / 2));
      fetch(this.url, {
        method: this.method,
        headers: this.headers,
        body: body ?? undefined,
        credentials: this.withCredentials ? 'include' : 'same-origin',
        signal: this.controller.signal,
      }).then(
        async (response) => {
          progress(total);
          this.status = response.status;
          this.responseText = await response.text();
          this.dispatchEvent(new Event('load'));
        },
        () => {
          if (!this.controller.signal.aborted) this.dispatchEvent(new Event('error'));
        },
      );
    }
  }
  vi.stubGlobal('XMLHttpRequest', FetchBackedXhr);
}

function sizeOf(body: XMLHttpRequestBodyInit | null | undefined): number {
  if (body instanceof FormData) {
    let size = 0;
    for (const [, value] of body.entries()) size += typeof value === 'string' ? value.length : value.size;
    return Math.max(size, 1);
  }
  return typeof body === 'string' ? Math.max(body.length, 1) : 1;
}
