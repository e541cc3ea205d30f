import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Values the portal puts in links and cookies and must get back unchanged: the company and
 * contact of a registration link, the login name of activation and reset links, the single
 * sign-on state. AES-256-GCM (authenticated encryption) with a key derived from the auth
 * secret; the purpose is bound as associated data, so a value sealed for one purpose (a
 * contact id) cannot be replayed as another (a company id). E-check account numbers are
 * stored sealed the same way ('echeck-account'), and so are authenticator-app secrets ('totp-secret'). Any change to a sealed value
 * makes `open` answer null: callers refuse it with a clear message.
 */
export type SealPurpose =
  | 'companyId'
  | 'contactId'
  | 'namedUser'
  | 'sso-state'
  | 'echeck-account'
  | 'totp-secret';

export type Sealer = {
  seal(purpose: SealPurpose, value: string): string;
  open(purpose: SealPurpose, sealed: string): string | null;
};

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Links stay short and no caller seals more than a login name or a small JSON state. */
const MAX_SEALED_LENGTH = 2048;

export function createSealer(secret: string): Sealer {
  const key = Buffer.from(hkdfSync('sha256', secret, 'settle', 'sealed values v1', 32));
  const associatedData = (purpose: SealPurpose) => Buffer.from(`settle:${VERSION}:${purpose}`);

  return {
    seal(purpose, value) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(associatedData(purpose));
      const body = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
      return Buffer.concat([Buffer.from([VERSION]), iv, body, cipher.getAuthTag()]).toString('base64url');
    },

    open(purpose, sealed) {
      if (sealed.length === 0 || sealed.length > MAX_SEALED_LENGTH || !/^[A-Za-z0-9_-]+$/.test(sealed)) {
        return null;
      }
      const bytes = Buffer.from(sealed, 'base64url');
      // The last character may carry unused bits: a changed one would decode to the same bytes.
      if (bytes.toString('base64url') !== sealed) return null;
      if (bytes.length < 1 + IV_BYTES + TAG_BYTES || bytes[0] !== VERSION) return null;
      const iv = bytes.subarray(1, 1 + IV_BYTES);
      const tag = bytes.subarray(bytes.length - TAG_BYTES);
      const body = bytes.subarray(1 + IV_BYTES, bytes.length - TAG_BYTES);
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
        decipher.setAAD(associatedData(purpose));
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
