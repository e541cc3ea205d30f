import { describe, expect, it } from 'vitest';
import { createViewerState, type ViewerAction, type ViewerState, viewerReducer } from './use-viewer-state';

function run(state: ViewerState, ...actions: ViewerAction[]): ViewerState {
  return actions.reduce(viewerReducer, state);
}

const loaded = (total: number, startZoom = 1) =>
  run(createViewerState(startZoom), { type: 'loaded', total }, { type: 'rendered' });

describe('viewerReducer', () => {
  it('starts on page 1 with the spinner on and nothing loaded', () => {
    expect(createViewerState(1)).toEqual({ page: 1, total: 0, pageInput: '1', zoom: 1, rendering: true });
  });

  it('keeps page 1 when the document arrives and draws it', () => {
    const state = run(createViewerState(1), { type: 'loaded', total: 12 });
    expect(state).toMatchObject({ page: 1, total: 12, pageInput: '1', rendering: true });
    expect(viewerReducer(state, { type: 'rendered' }).rendering).toBe(false);
  });

  it('moves to the next, previous, last and first page, each needing a new drawing', () => {
    const next = run(loaded(5), { type: 'next' });
    expect(next).toMatchObject({ page: 2, pageInput: '2', rendering: true });
    expect(run(next, { type: 'rendered' }, { type: 'previous' })).toMatchObject({ page: 1, pageInput: '1' });
    expect(run(loaded(5), { type: 'last' })).toMatchObject({ page: 5, pageInput: '5', rendering: true });
    expect(run(loaded(5), { type: 'last' }, { type: 'rendered' }, { type: 'first' })).toMatchObject({
      page: 1,
      pageInput: '1',
      rendering: true,
    });
  });

  it('stops previous and first at the first page, next and last at the last page', () => {
    const first = loaded(3);
    expect(viewerReducer(first, { type: 'previous' })).toBe(first);
    expect(viewerReducer(first, { type: 'first' })).toBe(first);

    const last = run(loaded(3), { type: 'last' }, { type: 'rendered' });
    expect(viewerReducer(last, { type: 'next' })).toBe(last);
    expect(viewerReducer(last, { type: 'last' })).toBe(last);
    expect(run(loaded(3), { type: 'next' }, { type: 'next' }, { type: 'next' }, { type: 'next' }).page).toBe(
      3,
    );
  });

  it('does not move before the document is loaded', () => {
    const initial = createViewerState(1);
    for (const type of ['first', 'previous', 'next', 'last'] as const) {
      expect(viewerReducer(initial, { type })).toBe(initial);
    }
  });

  it('takes only digits, at most 4, in the page box', () => {
    const state = loaded(20000);
    expect(viewerReducer(state, { type: 'pageInputChanged', value: '12' }).pageInput).toBe('12');
    expect(viewerReducer(state, { type: 'pageInputChanged', value: '12a' }).pageInput).toBe('12');
    expect(viewerReducer(state, { type: 'pageInputChanged', value: '-3' }).pageInput).toBe('3');
    expect(viewerReducer(state, { type: 'pageInputChanged', value: '1.5' }).pageInput).toBe('15');
    expect(viewerReducer(state, { type: 'pageInputChanged', value: '123456' }).pageInput).toBe('1234');
    expect(viewerReducer(state, { type: 'pageInputChanged', value: '' }).pageInput).toBe('');
    // Typing alone does not move.
    expect(viewerReducer(state, { type: 'pageInputChanged', value: '7' }).page).toBe(1);
  });

  it('goes to the typed page on commit when it is within 1..total', () => {
    const state = run(loaded(10), { type: 'pageInputChanged', value: '7' }, { type: 'pageInputCommitted' });
    expect(state).toMatchObject({ page: 7, pageInput: '7', rendering: true });
    const padded = run(
      loaded(10),
      { type: 'pageInputChanged', value: '0010' },
      { type: 'pageInputCommitted' },
    );
    expect(padded).toMatchObject({ page: 10, pageInput: '10' });
  });

  it('puts the current page back in the box on commit when the number is out of range or empty', () => {
    const onThree = run(loaded(10), { type: 'next' }, { type: 'next' }, { type: 'rendered' });
    for (const value of ['0', '11', '9999', '']) {
      const state = run(onThree, { type: 'pageInputChanged', value }, { type: 'pageInputCommitted' });
      expect(state, value).toMatchObject({ page: 3, pageInput: '3', rendering: false });
    }
  });

  it('commits to the same page without a new drawing', () => {
    const state = run(loaded(10), { type: 'pageInputChanged', value: '1' }, { type: 'pageInputCommitted' });
    expect(state).toMatchObject({ page: 1, pageInput: '1', rendering: false });
  });

  it('zooms in and out by 0.1, rounded to 2 decimals, and redraws', () => {
    const zoomedIn = run(loaded(1), { type: 'zoomIn' });
    expect(zoomedIn).toMatchObject({ zoom: 1.1, rendering: true });
    expect(run(loaded(1), { type: 'zoomIn' }, { type: 'zoomIn' }, { type: 'zoomIn' }).zoom).toBe(1.3);
    expect(run(loaded(1), { type: 'zoomOut' }, { type: 'zoomOut' }, { type: 'zoomOut' }).zoom).toBe(0.7);
    // No floating-point drift after many steps.
    const many = run(loaded(1), ...Array.from({ length: 7 }, () => ({ type: 'zoomIn' }) as const));
    expect(many.zoom).toBe(1.7);
  });

  it('clamps zoom to 0.5..3 and does not redraw at a limit', () => {
    const minimum = run(loaded(1), ...Array.from({ length: 10 }, () => ({ type: 'zoomOut' }) as const));
    expect(minimum.zoom).toBe(0.5);
    const settled = viewerReducer(minimum, { type: 'rendered' });
    expect(viewerReducer(settled, { type: 'zoomOut' })).toBe(settled);

    const maximum = run(loaded(1), ...Array.from({ length: 30 }, () => ({ type: 'zoomIn' }) as const));
    expect(maximum.zoom).toBe(3);
  });

  it('starts at zoom 1 or at the configured 1.29 and steps from there', () => {
    expect(createViewerState(1).zoom).toBe(1);
    const other = createViewerState(1.29);
    expect(other.zoom).toBe(1.29);
    expect(run(other, { type: 'zoomIn' }).zoom).toBe(1.39);
    expect(run(other, { type: 'zoomOut' }).zoom).toBe(1.19);
    expect(createViewerState(7).zoom).toBe(3);
  });

  it('turns the spinner off when drawing fails, and a new document starts on page 1', () => {
    const failed = run(loaded(4), { type: 'next' }, { type: 'renderFailed' });
    expect(failed).toMatchObject({ page: 2, rendering: false });
    expect(viewerReducer(failed, { type: 'loaded', total: 2 })).toMatchObject({
      page: 1,
      total: 2,
      pageInput: '1',
    });
  });
});
