import { describe, expect, it } from 'vitest';
import { detectBrowserSupport } from './browser';

const chrome = (v: number) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${v}.0.0.0 Safari/537.36`;

describe('unsupported-browser warning', () => {
  it('applies the minimums Chrome 75, Edge 80, Firefox 74', () => {
    expect(detectBrowserSupport(chrome(75)).supported).toBe(true);
    expect(detectBrowserSupport(chrome(74)).supported).toBe(false);
    expect(detectBrowserSupport(`${chrome(79)} Edg/79.0.309.71`)).toMatchObject({
      supported: false,
      name: 'Edge',
    });
    expect(detectBrowserSupport(`${chrome(80)} Edg/80.0.361.48`).supported).toBe(true);
    expect(
      detectBrowserSupport('Mozilla/5.0 (Windows NT 10.0; rv:73.0) Gecko/20100101 Firefox/73.0').supported,
    ).toBe(false);
    expect(
      detectBrowserSupport('Mozilla/5.0 (Windows NT 10.0; rv:128.0) Gecko/20100101 Firefox/128.0').supported,
    ).toBe(true);
  });

  it('warns on every Internet Explorer and lets unnamed browsers through', () => {
    expect(
      detectBrowserSupport('Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko').supported,
    ).toBe(false);
    expect(
      detectBrowserSupport(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      ).supported,
    ).toBe(true);
  });
});
