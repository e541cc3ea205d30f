import { useLayoutEffect } from 'react';

/*
 * How long a screen takes to draw what the server sent, as User Timing entries that
 * `npm run bench:web` reads in a production build: `<name>:data` when the answer is parsed,
 * the `<name>:draw` measure when the rows it brought are in the DOM. Marks cost microseconds
 * and are kept only until the next page of data.
 */
export function markDataArrived(name: string): void {
  performance.clearMarks(`${name}:data`);
  performance.mark(`${name}:data`);
}

/** Measures from the last data mark to this commit, once per new `rows` value. */
export function useMeasureDraw(name: string, rows: unknown): void {
  useLayoutEffect(() => {
    if (rows === undefined || performance.getEntriesByName(`${name}:data`, 'mark').length === 0) return;
    performance.measure(`${name}:draw`, `${name}:data`);
    performance.clearMarks(`${name}:data`);
  }, [name, rows]);
}
