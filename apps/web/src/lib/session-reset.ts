/**
 * What must be forgotten when a new user signs in (the query cache of the signed-in app). The
 * sign-in pages run without that app's code loaded, so the app registers its reset here
 * rather than the pages reaching for it.
 */
const resets = new Set<() => void>();

export function onSignIn(reset: () => void): () => void {
  resets.add(reset);
  return () => resets.delete(reset);
}

export function resetForNewSession(): void {
  for (const reset of resets) reset();
}
