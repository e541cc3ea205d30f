import { describe, expect, it } from 'vitest';
import { loginPathFor, safeReturnTo } from './return-to';

describe('safeReturnTo', () => {
  it('keeps a path of this portal with its query and fragment', () => {
    expect(safeReturnTo('/invoices?page=3&sort=amount&dir=desc')).toBe(
      '/invoices?page=3&sort=amount&dir=desc',
    );
    expect(safeReturnTo('/detail/O/INV-1001#lines')).toBe('/detail/O/INV-1001#lines');
  });

  it('refuses every address that could leave the portal', () => {
    for (const value of [
      'https://evil.example/invoices',
      '//evil.example/invoices',
      '/\\evil.example',
      'javascript:alert(1)',
      'invoices',
      '',
      null,
      undefined,
    ])
      expect(safeReturnTo(value), String(value)).toBeNull();
  });

  it('refuses the sign-in pages, which would loop', () => {
    expect(safeReturnTo('/login?returnTo=/home')).toBeNull();
    expect(safeReturnTo('/postLogin?pinCode=true')).toBeNull();
  });
});

describe('loginPathFor', () => {
  it('carries the wanted address, encoded, and leaves out the root', () => {
    expect(loginPathFor('/invoices?page=3&sort=amount')).toBe(
      '/login?returnTo=%2Finvoices%3Fpage%3D3%26sort%3Damount',
    );
    expect(loginPathFor('/')).toBe('/login');
  });
});
