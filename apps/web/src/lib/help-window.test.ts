import { afterEach, describe, expect, it, vi } from 'vitest';
import { helpTopicForPath, helpUrl, openHelpWindow } from './help-window';

describe('helpTopicForPath', () => {
  it.each([
    ['/login', 'sign-in'],
    ['/postLogin', 'sign-in'],
    ['/troubleSigningIn', 'sign-in'],
    ['/resetPassword', 'sign-in'],
    ['/home', 'home'],
    ['/invoices', 'invoices'],
    ['/detail/O/INV-1001', 'invoice-detail'],
    ['/detail/C/INV-9', 'invoice-detail'],
    ['/paymentCart', 'payment-cart'],
    ['/payments', 'index'],
    ['/disputes', 'index'],
    ['/dispute/INV-1', 'index'],
    ['/', 'index'],
    ['/somewhere/else', 'index'],
  ])('maps %s to the %s topic', (path, topic) => {
    expect(helpTopicForPath(path)).toBe(topic);
  });
});

describe('openHelpWindow', () => {
  afterEach(() => vi.restoreAllMocks());

  it('opens the topic in its language in a separate window, without a handle on the portal', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    openHelpWindow(helpUrl('payment-cart', 'fr'));
    expect(open).toHaveBeenCalledTimes(1);
    const [url, target, features] = open.mock.calls[0] ?? [];
    expect(url).toBe('/help/payment-cart?lang=fr');
    expect(target).toBe('_blank');
    expect(String(features).split(',')).toEqual(expect.arrayContaining(['popup', 'noopener', 'noreferrer']));
  });
});
