import { createHmac, randomBytes } from 'node:crypto';

/**
 * Time-based one-time passwords as authenticator apps make them (RFC 6238 over RFC 4226):
 * HMAC-SHA-1, 6 digits, 30-second steps. node:crypto does the work; the secret travels as
 * base32 (RFC 4648) because that is what apps read from the otpauth:// URI.
 */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Clock drift tolerated: the step before and the step after the current one. */
export const TOTP_WINDOW = 1;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new secret: 160 bits, the HMAC-SHA-1 key size RFC 4226 recommends. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** The RFC 4226 code of one counter value. */
export function hotp(secret: string, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', base32Decode(secret)).update(message).digest();
  const offset = (digest.at(-1) ?? 0) & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** TOTP_DIGITS).padStart(TOTP_DIGITS, '0');
}

export function totpStep(at: Date): number {
  return Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

export function totpCode(secret: string, at: Date): string {
  return hotp(secret, totpStep(at));
}

/**
 * The step a code belongs to, within the window around `at`, or null. A step at or before
 * `lastUsedStep` never matches: each code (and any older one) is accepted once.
 */
export function matchTotp(options: {
  secret: string;
  code: string;
  at: Date;
  lastUsedStep: number | null;
}): number | null {
  if (!/^\d{6}$/.test(options.code)) return null;
  const current = totpStep(options.at);
  for (let step = current - TOTP_WINDOW; step <= current + TOTP_WINDOW; step++) {
    if (options.lastUsedStep !== null && step <= options.lastUsedStep) continue;
    if (hotp(options.secret, step) === options.code) return step;
  }
  return null;
}

/** The otpauth:// URI authenticator apps read from the QR code (Key Uri Format). */
export function otpauthUri(options: { secret: string; issuer: string; account: string }): string {
  const label = `${encodeURIComponent(options.issuer)}:${encodeURIComponent(options.account)}`;
  const query = new URLSearchParams({
    secret: options.secret,
    issuer: options.issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_PERIOD_SECONDS),
  });
  return `otpauth://totp/${label}?${query.toString()}`;
}
