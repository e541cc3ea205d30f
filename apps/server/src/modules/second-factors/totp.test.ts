import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, otpauthUri, totpCode } from './totp';

// RFC 6238 appendix B: the SHA-1 seed "12345678901234567890"; its 8-digit codes end in these 6.
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890'));

describe('TOTP (RFC 6238, SHA-1, 6 digits, 30 s)', () => {
  it('gives the RFC test vectors', () => {
    expect(totpCode(RFC_SECRET, new Date(59_000))).toBe('287082');
    expect(totpCode(RFC_SECRET, new Date(1_111_111_109_000))).toBe('081804');
    expect(totpCode(RFC_SECRET, new Date(1_234_567_890_000))).toBe('005924');
    expect(totpCode(RFC_SECRET, new Date(2_000_000_000_000))).toBe('279037');
    // RFC 4226 appendix D, counter 0 and 9.
    expect(hotp(RFC_SECRET, 0)).toBe('755224');
    expect(hotp(RFC_SECRET, 9)).toBe('520489');
  });

  it('round-trips base32', () => {
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252, 253, 254, 255, 17]);
    expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
  });

  it('accepts the step before and after the fixed clock, refuses two steps away', () => {
    const at = new Date(1_700_000_000_000);
    const step = Math.floor(at.getTime() / 30_000);
    const codeAt = (offset: number) => hotp(RFC_SECRET, step + offset);
    const match = (code: string) => matchTotp({ secret: RFC_SECRET, code, at, lastUsedStep: null });
    expect(match(codeAt(0))).toBe(step);
    expect(match(codeAt(-1))).toBe(step - 1);
    expect(match(codeAt(1))).toBe(step + 1);
    expect(match(codeAt(-2))).toBeNull();
    expect(match(codeAt(2))).toBeNull();
    expect(match('12345')).toBeNull();
  });

  it('refuses a code of the last used step, or of an earlier one (replay)', () => {
    const at = new Date(1_700_000_000_000);
    const step = Math.floor(at.getTime() / 30_000);
    const code = hotp(RFC_SECRET, step);
    expect(matchTotp({ secret: RFC_SECRET, code, at, lastUsedStep: step })).toBeNull();
    expect(
      matchTotp({ secret: RFC_SECRET, code: hotp(RFC_SECRET, step - 1), at, lastUsedStep: step }),
    ).toBeNull();
    expect(matchTotp({ secret: RFC_SECRET, code: hotp(RFC_SECRET, step + 1), at, lastUsedStep: step })).toBe(
      step + 1,
    );
  });

  it('writes the otpauth URI apps read', () => {
    expect(otpauthUri({ secret: 'JBSWY3DPEHPK3PXP', issuer: 'Settle', account: 'ada@example.com' })).toBe(
      'otpauth://totp/Settle:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Settle&algorithm=SHA1&digits=6&period=30',
    );
  });
});
