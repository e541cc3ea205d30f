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
