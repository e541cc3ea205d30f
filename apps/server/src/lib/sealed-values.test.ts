import { describe, expect, it } from 'vitest';
import { createSealer } from './sealed-values';

const sealer = createSealer('a-test-secret-of-at-least-32-characters!');

describe('sealed values', () => {
  it('opens what it sealed, for the same purpose only', () => {
    const sealed = sealer.seal('namedUser', 'jane.doe@example.com');
    expect(sealed).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('jane');
    expect(sealer.open('namedUser', sealed)).toBe('jane.doe@example.com');
    expect(sealer.open('companyId', sealed)).toBeNull();
  });

  it('seals the same value differently each time (random IV)', () => {
    expect(sealer.seal('companyId', '42')).not.toBe(sealer.seal('companyId', '42'));
  });

  it('refuses any changed character, a truncated value, garbage and another key', () => {
    const sealed = sealer.seal('companyId', '42');
    for (let index = 0; index < sealed.length; index += 1) {
      const flipped = sealed[index] === 'A' ? 'B' : 'A';
      const tampered = sealed.slice(0, index) + flipped + sealed.slice(index + 1);
      if (tampered !== sealed) expect(sealer.open('companyId', tampered)).toBeNull();
    }
    expect(sealer.open('companyId', sealed.slice(0, -2))).toBeNull();
    expect(sealer.open('companyId', '')).toBeNull();
    expect(sealer.open('companyId', '42')).toBeNull();
    expect(sealer.open('companyId', 'not base64 !')).toBeNull();
    expect(sealer.open('companyId', 'x'.repeat(5000))).toBeNull();
    expect(createSealer('another-secret-of-at-least-32-characters').open('companyId', sealed)).toBeNull();
  });
});
