/**
 * One outline icon as inline SVG (24-unit grid): the app has no icon package, and its few
 * shapes do not justify one. Features give the path data; this draws it the same way everywhere.
 */
export function OutlineIcon({ paths, size = 18 }: { paths: readonly string[]; size?: number }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

/**
 * The same icon as a CSS mask image (a data: address, which the CSP's img-src allows), for
 * places that draw many of them: an element with `background: currentColor` and this mask
 * shows the icon without an SVG element and its paths in the page.
 */
export function outlineIconMask(paths: readonly string[]): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="black" stroke-width="1.75" stroke-linecap="round" stroke-linejoin="round">${paths
    .map((d) => `<path d="${d}"/>`)
    .join('')}</svg>`;
  return `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;
}
