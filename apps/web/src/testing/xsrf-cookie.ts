/** Plays the server's part: it sets the XSRF-TOKEN cookie (jsdom has no Cookie Store API). */
export function setXsrfCookie(value: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the page reads this cookie; tests must write it
  document.cookie = `XSRF-TOKEN=${encodeURIComponent(value)}; path=/`;
}

export function clearXsrfCookie(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: see setXsrfCookie
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
}
