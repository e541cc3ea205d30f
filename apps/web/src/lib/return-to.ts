/**
 * Where a sign-in returns to: the address a signed-out visitor opened (a deep link, or the
 * page an ended session left), carried as /login?returnTo=… and, through the code step, in
 * the pending sign-in. Only a path of this portal is followed: an absolute or
 * protocol-relative address ("https://evil.example", "//evil.example", "/\evil.example")
 * would make the login page an open redirect.
 */
export const RETURN_TO_PARAM = 'returnTo';

/** The sign-in pages themselves: returning to them would loop. */
const SIGN_IN_PATHS = ['/login', '/postLogin', '/sso'];

export function safeReturnTo(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  let url: URL;
  try {
    url = new URL(value, window.location.origin);
  } catch {
    return null;
  }
  if (url.origin !== window.location.origin || SIGN_IN_PATHS.includes(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login page's address for a visitor who wanted `path` (pathname + search). */
export function loginPathFor(path: string): string {
  const target = safeReturnTo(path);
  return target && target !== '/' ? `/login?${new URLSearchParams({ [RETURN_TO_PARAM]: target })}` : '/login';
}
