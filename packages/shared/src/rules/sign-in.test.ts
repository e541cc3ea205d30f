import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ZLoginRequest } from '../auth';
import { ZPinCodeForm } from '../auth-steps';
import { loginNameProblem, passwordProblem, pinCodeProblem, SIGN_IN_MESSAGES } from './sign-in';

/** The first issue zod finds for one field, as its code ('too_small', 'too_big', 'invalid_format'), or null. */
function zodProblem(field: 'loginName' | 'password', value: string): string | null {
  const other = field === 'loginName' ? { password: 'x' } : { loginName: 'x' };
  const result = ZLoginRequest.safeParse({ ...other, [field]: value });
  return result.success ? null : (result.error.issues[0]?.code ?? 'unknown');
}

const text = fc.string({ unit: fc.constantFrom('a', ' ', '\t', 'é', '1'), maxLength: 230 });

describe('the sign-in pages’ plain checks agree with the contract’s schemas', () => {
  it('login name: trimmed, 1 to 100 characters', () => {
    fc.assert(
      fc.property(text, (value) => {
        expect(loginNameProblem(value)).toBe(zodProblem('loginName', value));
      }),
    );
    expect(loginNameProblem('   ')).toBe('too_small');
    expect(loginNameProblem(` ${'a'.repeat(100)} `)).toBeNull();
    expect(loginNameProblem('a'.repeat(101))).toBe('too_big');
  });

  it('password: 1 to 200 characters, spaces count', () => {
    fc.assert(
      fc.property(text, (value) => {
        expect(passwordProblem(value)).toBe(zodProblem('password', value));
      }),
    );
    expect(passwordProblem('')).toBe('too_small');
    expect(passwordProblem(' ')).toBeNull();
    expect(passwordProblem('p'.repeat(201))).toBe('too_big');
  });

  it('PIN code: exactly 6 digits', () => {
    const code = fc.string({ unit: fc.constantFrom('0', '7', ' ', 'a'), maxLength: 8 });
    fc.assert(
      fc.property(code, (value) => {
        const result = ZPinCodeForm.safeParse({ pinCode: value });
        expect(pinCodeProblem(value)).toBe(result.success ? null : 'invalid_format');
      }),
    );
    expect(pinCodeProblem('123456')).toBeNull();
    expect(pinCodeProblem('12345')).toBe('invalid_format');
  });

  it('and give the schemas’ messages', () => {
    const issues = ZLoginRequest.safeParse({ loginName: ' ', password: '' }).error?.issues ?? [];
    expect(issues.map((issue) => issue.message)).toEqual([
      SIGN_IN_MESSAGES.loginNameMissing,
      SIGN_IN_MESSAGES.passwordMissing,
    ]);
  });
});
