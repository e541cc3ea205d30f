import { useReducer } from 'react';
import { clampZoom, ZOOM_STEP } from '../lib/viewer-config';

/** The spec's page-number box holds at most 4 characters. */
export const PAGE_INPUT_MAX_LENGTH = 4;

export interface ViewerState {
  /** 1-based; the viewer always starts on the first page. */
  page: number;
  /** 0 until the document is loaded. */
  total: number;
  /** What the page-number box shows: the page, or what the user is typing. */
  pageInput: string;
  zoom: number;
  /** True from the moment a page (or a new zoom) must be drawn until it is on screen: the spinner. */
  rendering: boolean;
}

export type ViewerAction =
  | { type: 'loaded'; total: number }
  | { type: 'first' }
  | { type: 'previous' }
  | { type: 'next' }
  | { type: 'last' }
  | { type: 'pageInputChanged'; value: string }
  /** Enter or blur in the page-number box. */
  | { type: 'pageInputCommitted' }
  | { type: 'zoomIn' }
  | { type: 'zoomOut' }
  | { type: 'rendered' }
  | { type: 'renderFailed' };

export function createViewerState(startZoom: number): ViewerState {
  return { page: 1, total: 0, pageInput: '1', zoom: clampZoom(startZoom), rendering: true };
}

function goTo(state: ViewerState, page: number): ViewerState {
  if (state.total < 1) {
    return state.pageInput === String(state.page) ? state : { ...state, pageInput: String(state.page) };
  }
  const target = Math.min(state.total, Math.max(1, page));
  if (target === state.page) {
    return state.pageInput === String(target) ? state : { ...state, pageInput: String(target) };
  }
  return { ...state, page: target, pageInput: String(target), rendering: true };
}

function zoomTo(state: ViewerState, zoom: number): ViewerState {
  const next = clampZoom(zoom);
  return next === state.zoom ? state : { ...state, zoom: next, rendering: true };
}

export function viewerReducer(state: ViewerState, action: ViewerAction): ViewerState {
  switch (action.type) {
    case 'loaded': {
      const total = Math.max(0, Math.floor(action.total));
      // A new document starts on page 1 again.
      return { ...state, total, page: 1, pageInput: '1', rendering: total > 0 };
    }
    case 'first':
      return goTo(state, 1);
    case 'previous':
      return goTo(state, state.page - 1);
    case 'next':
      return goTo(state, state.page + 1);
    case 'last':
      return goTo(state, state.total);
    case 'pageInputChanged': {
      // Only digits, at most 4 of them: what is typed or pasted beyond that is dropped.
      const digits = action.value.replace(/\D/g, '').slice(0, PAGE_INPUT_MAX_LENGTH);
      return digits === state.pageInput ? state : { ...state, pageInput: digits };
    }
    case 'pageInputCommitted': {
      const requested = state.pageInput === '' ? Number.NaN : Number(state.pageInput);
      const valid = Number.isInteger(requested) && requested >= 1 && requested <= state.total;
      // Outside 1..total the box goes back to the page on screen.
      return valid ? goTo(state, requested) : { ...state, pageInput: String(state.page) };
    }
    case 'zoomIn':
      return zoomTo(state, state.zoom + ZOOM_STEP);
    case 'zoomOut':
      return zoomTo(state, state.zoom - ZOOM_STEP);
    case 'rendered':
    case 'renderFailed':
      return state.rendering ? { ...state, rendering: false } : state;
  }
}

export function useViewerState(startZoom: number) {
  return useReducer(viewerReducer, startZoom, createViewerState);
}
