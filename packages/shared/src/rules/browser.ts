/** Minimum browsers of the specification: Chrome 75, Edge 80, Firefox 74, IE 11. */
export const MINIMUM_BROWSERS = { chrome: 75, edge: 80, firefox: 74 } as const;

export type BrowserSupport = { supported: boolean; name: string; version: number | null };

/**
 * Internet Explorer is below what this portal's stack can run (React 19 needs a modern
 * engine), so every IE version is reported unsupported even though the specification
 * names IE 11 as a minimum; the warning tells the user to switch browser.
 */
export function detectBrowserSupport(userAgent: string): BrowserSupport {
  const edge = /Edg(?:e|A|iOS)?\/(\d+)/.exec(userAgent);
  if (edge) return versionCheck('Edge', edge[1], MINIMUM_BROWSERS.edge);
  if (/MSIE |Trident\//.test(userAgent))
    return { supported: false, name: 'Internet Explorer', version: null };
  const firefox = /Firefox\/(\d+)/.exec(userAgent);
  if (firefox) return versionCheck('Firefox', firefox[1], MINIMUM_BROWSERS.firefox);
  const chrome = /(?:Chrome|Chromium|CriOS)\/(\d+)/.exec(userAgent);
  if (chrome) return versionCheck('Chrome', chrome[1], MINIMUM_BROWSERS.chrome);
  // Safari and others are not named by the specification: let them through.
  return { supported: true, name: 'other', version: null };
}

function versionCheck(name: string, version: string | undefined, minimum: number): BrowserSupport {
  const major = Number(version);
  return { supported: Number.isFinite(major) && major >= minimum, name, version: major };
}
