import { describe, expect, it } from 'vitest';
import { loginKeyOf } from './login-name';

describe('loginKeyOf', () => {
  it('ignores case and surrounding spaces of ASCII names', () => {
    expect(loginKeyOf('  demo.Single ')).toBe('DEMO.SINGLE');
    expect(loginKeyOf('DEMO.SINGLE')).toBe(loginKeyOf('demo.single'));
  });

  it('never lets a look-alike of an ASCII letter name an ASCII account', () => {
    const confusables = [
      'demo.ſingle', // U+017F long s: upper case is S, NFKC is s
      'demo.sıngle', // U+0131 dotless i: upper case is I
      'demo.\u212Aing', // Kelvin sign: NFKC is K
      'ｄｅｍｏ.single', // fullwidth letters: NFKC is ASCII
      'demo．single', // fullwidth full stop
      '\u{1D41D}emo.single', // mathematical bold d
      'demo.\uFB01ne', // the fi ligature: NFKC is "fi"
    ];
    const asciiKeys = new Set(['DEMO.SINGLE', 'DEMO.KING', 'DEMO.FINE', 'DEMO.SINGLE ']);
    for (const name of confusables) {
      const key = loginKeyOf(name);
      expect(asciiKeys.has(key), `${name} -> ${key}`).toBe(false);
      expect(/^\p{ASCII}*$/u.test(key), `${name} -> ${key}`).toBe(false);
    }
  });

  it('folds case and composition of letters outside ASCII', () => {
    expect(loginKeyOf('josé')).toBe(loginKeyOf('JOSÉ'));
    expect(loginKeyOf('jose\u0301')).toBe(loginKeyOf('josé'));
    expect(loginKeyOf('Ærøskøbing')).toBe('ÆRØSKØBING');
    expect(loginKeyOf('straße')).toBe('STRAßE');
    expect(loginKeyOf('Ǆemo')).not.toBe('DŽEMO');
  });

  it('keeps a look-alike distinct but stable, whatever its case', () => {
    expect(loginKeyOf('demo.ſingle')).toBe(loginKeyOf('DEMO.ſINGLE'));
    expect(loginKeyOf('demo.ſingle')).toBe('DEMO.ſINGLE');
  });
});
