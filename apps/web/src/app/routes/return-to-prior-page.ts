import type { NavigateFunction } from 'react-router';

/**
 * Closing a successful receipt returns to the prior page (the spec); opened directly, with no
 * page before it in this tab, the invoices are the natural next place.
 */
export function returnToPriorPage(navigate: NavigateFunction): void {
  const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
  if (index > 0) navigate(-1);
  else navigate('/invoices');
}
