import type { TPublicConfig } from '@settle/shared/config';
import { describe, expect, it } from 'vitest';
import { DEFAULT_START_ZOOM, readViewerSettings } from './viewer-config';

function withViewer(viewer: Record<string, unknown> | undefined) {
  window.settleConfig = { apiBase: '/getpaid-rest/api', viewer } as unknown as TPublicConfig;
}

describe('readViewerSettings', () => {
  it('defaults to the pdf mode at zoom 1 without a configuration', () => {
    expect(readViewerSettings()).toEqual({ mode: 'pdf', startZoom: DEFAULT_START_ZOOM });
    expect(DEFAULT_START_ZOOM).toBe(1);
  });

  it('reads the other reading of the start zoom (1.29) and the mode from the configuration', () => {
    withViewer({ startZoom: 1.29, mode: 'html' });
    expect(readViewerSettings()).toEqual({ mode: 'html', startZoom: 1.29 });
  });

  it('ignores a start zoom that is not a positive number and clamps one out of range', () => {
    withViewer({ startZoom: 'big', mode: 'pdf' });
    expect(readViewerSettings().startZoom).toBe(1);
    withViewer({ startZoom: -2, mode: 'pdf' });
    expect(readViewerSettings().startZoom).toBe(1);
    withViewer({ startZoom: 9, mode: 'pdf' });
    expect(readViewerSettings().startZoom).toBe(3);
  });

  it('keeps the external mode only with an http(s) external address, otherwise falls back to pdf', () => {
    withViewer({ startZoom: 1, mode: 'external', externalUrl: 'https://docs.example.com/view' });
    expect(readViewerSettings()).toEqual({
      mode: 'external',
      startZoom: 1,
      externalUrl: 'https://docs.example.com/view',
    });
    withViewer({ startZoom: 1, mode: 'external' });
    expect(readViewerSettings().mode).toBe('pdf');
    withViewer({ startZoom: 1, mode: 'external', externalUrl: 'javascript:alert(1)' });
    expect(readViewerSettings().mode).toBe('pdf');
    withViewer({ startZoom: 1, mode: 'slides' });
    expect(readViewerSettings().mode).toBe('pdf');
  });
});
