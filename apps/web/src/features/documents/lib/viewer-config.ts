import { getPublicConfig } from '../../../lib/public-config';

/** The spec's modal variant: content 638 px high, the document area at most 590 px (it scrolls). */
export const MODAL_CONTENT_HEIGHT = 638;
export const VIEWER_AREA_MAX_HEIGHT = 590;

export type TViewerMode = 'pdf' | 'html' | 'external';

export const ZOOM_STEP = 0.1;
export const MIN_ZOOM = 0.5;
export const MAX_ZOOM = 3;
/** The spec gives two readings of the start zoom (1 and 1.29); the first is the default, the other a setting. */
export const DEFAULT_START_ZOOM = 1;

export interface ViewerSettings {
  mode: TViewerMode;
  startZoom: number;
  /** Where the external mode posts the invoice numbers; without it that mode falls back to pdf. */
  externalUrl?: string;
}

export function clampZoom(zoom: number): number {
  return Math.round(Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom)) * 100) / 100;
}

/**
 * The viewer part of window.settleConfig, read when a viewer opens. `externalUrl` is not in
 * the shared config schema yet, so it is read defensively; the external mode without it
 * (or with an address that is not http(s)) shows the PDF instead, so a half-done setting
 * never leaves the user with an empty dialog.
 */
export function readViewerSettings(): ViewerSettings {
  const viewer = getPublicConfig().viewer as
    | { startZoom?: unknown; mode?: unknown; externalUrl?: unknown }
    | undefined;
  const startZoom =
    typeof viewer?.startZoom === 'number' && Number.isFinite(viewer.startZoom) && viewer.startZoom > 0
      ? clampZoom(viewer.startZoom)
      : DEFAULT_START_ZOOM;
  const externalUrl = typeof viewer?.externalUrl === 'string' ? viewer.externalUrl.trim() : '';
  const mode = viewer?.mode === 'html' || viewer?.mode === 'external' ? viewer.mode : 'pdf';
  if (mode === 'external') {
    return isHttpUrl(externalUrl) ? { mode, startZoom, externalUrl } : { mode: 'pdf', startZoom };
  }
  return { mode, startZoom };
}

function isHttpUrl(value: string): boolean {
  if (!value) return false;
  try {
    const url = new URL(value, window.location.origin);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** The viewer dialog's frame: a fixed height, the pane filling it (invoice documents and receipts). */
export const VIEWER_MODAL_STYLES = {
  content: { height: MODAL_CONTENT_HEIGHT, display: 'flex', flexDirection: 'column' },
  body: { flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column', overflow: 'hidden' },
} as const;
