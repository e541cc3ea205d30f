import type { THelpTopic } from '@settle/shared/help';

/**
 * Which help topic belongs to a screen, by the first segment of its path. The account set-up
 * panels are part of signing in; areas without help of their own (the coming-soon ones) open
 * the index.
 */
const TOPIC_BY_SEGMENT: Readonly<Record<string, THelpTopic>> = {
  login: 'sign-in',
  prelogin: 'sign-in',
  postLogin: 'sign-in',
  troubleSigningIn: 'sign-in',
  registration: 'sign-in',
  activation: 'sign-in',
  confirmation: 'sign-in',
  resetPassword: 'sign-in',
  home: 'home',
  invoices: 'invoices',
  detail: 'invoice-detail',
  paymentCart: 'payment-cart',
};

export function helpTopicForPath(pathname: string): THelpTopic {
  const segment = pathname.split('/').find(Boolean) ?? '';
  return TOPIC_BY_SEGMENT[segment] ?? 'index';
}

export function helpUrl(topic: THelpTopic, language: string): string {
  return `/help/${topic}?${new URLSearchParams({ lang: language })}`;
}

/** Big enough for the index beside the text, small enough to sit beside the portal. */
const WINDOW_FEATURES = 'popup,noopener,noreferrer,width=1040,height=780';

/**
 * Help opens in a window of its own, as the spec asks. noopener: the help page needs
 * nothing from this one (it fetches its topic itself, with the session cookie), and it
 * gets no handle on the portal's window.
 */
export function openHelpWindow(url: string): void {
  window.open(url, '_blank', WINDOW_FEATURES);
}
