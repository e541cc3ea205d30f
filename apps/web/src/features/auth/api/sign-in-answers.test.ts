import {
  ZLoginResponse,
  ZPreloginResponse,
  ZResendPinResponse,
  ZUpdateMobileResponse,
} from '@settle/shared/auth-steps';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { buildUserData } from '../../../testing/fixtures';
import { readLoginResponse } from './login';
import { readPreloginResponse } from './prelogin';
import { readResendPinResponse } from './resend-pin';
import { readUpdateMobileResponse } from './update-mobile';

/*
 * The sign-in pages read the API's answers without zod (they load before it). Each reader must
 * accept a good answer and refuse what the contract's schema refuses: one field missing or of
 * another type, whichever it is.
 */
const strange = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.integer(),
  fc.string(),
  fc.constant([]),
);

function brokenVariants(good: Record<string, unknown>) {
  return fc.record({ key: fc.constantFrom(...Object.keys(good)), value: strange }).map(({ key, value }) => {
    const copy: Record<string, unknown> = { ...good };
    if (value === undefined) delete copy[key];
    else copy[key] = value;
    return copy;
  });
}

const CASES: Array<[string, (payload: unknown) => unknown, z.ZodType, Record<string, unknown>[]]> = [
  [
    'login',
    readLoginResponse,
    ZLoginResponse,
    [
      buildUserData() as unknown as Record<string, unknown>,
      { pinRequired: true, pincodeMethod: 'SMS', maskedMobile: '••••0042', factors: ['SMS'] },
      { pinRequired: true, pincodeMethod: 'TOTP', factors: ['TOTP', 'PASSKEY', 'RECOVERY'] },
    ],
  ],
  [
    'prelogin',
    readPreloginResponse,
    ZPreloginResponse,
    [
      { key: 'k', pincodeMethod: 'NONE', sso: false },
      { key: 'k', pincodeMethod: 'SMS', sso: true, ssoLoginUrl: '/getpaid-rest/api/auth/sso/start' },
    ],
  ],
  [
    'resendPin',
    readResendPinResponse,
    ZResendPinResponse,
    [{ pinSent: true, pincodeMethod: 'SMS', maskedMobile: '••••0042' }],
  ],
  [
    'updateMobile',
    readUpdateMobileResponse,
    ZUpdateMobileResponse,
    [
      { saved: true, pinSent: true, maskedMobile: '••••0077' },
      { saved: true, pinSent: false },
    ],
  ],
];

describe('the sign-in pages’ answer readers agree with the contract', () => {
  for (const [name, read, schema, goods] of CASES) {
    it(`${name}: accepts the good answers and refuses each broken one as the schema does`, () => {
      for (const good of goods) {
        expect(schema.safeParse(good).success).toBe(true);
        expect(read(good)).toEqual(good);
        fc.assert(
          fc.property(brokenVariants(good), (broken) => {
            expect(read(broken) !== null).toBe(schema.safeParse(broken).success);
          }),
        );
      }
      expect(read(null)).toBeNull();
      expect(read('OK')).toBeNull();
    });
  }
});
