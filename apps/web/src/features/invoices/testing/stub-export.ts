import { vi } from 'vitest';

/**
 * Puts the export routes in front of the JSON stub (stubApi answers JSON only): exports are
 * binary, with X-Total-Count and Content-Disposition. Call it after stubApi.
 */
export function stubExports(reply: (url: URL) => Response | Promise<Response>): URL[] {
  const inner = globalThis.fetch;
  const calls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (!url.pathname.includes('/invoices/export/')) return inner(input, init);
      calls.push(url);
      return reply(url);
    }),
  );
  return calls;
}
