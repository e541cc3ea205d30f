import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ZSmsAreaCode, ZSmsPhone } from '../phone-fields';
import {
  areaCodeProblem,
  completeSmsPhone,
  FORBIDDEN_PHONE_CHARACTERS,
  formatPhone,
  maskMobile,
  mobilePhoneProblem,
  PHONE_MESSAGES,
} from './phone';

function problems(schema: typeof ZSmsPhone, value: string): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('phone fields', () => {
  it('accepts empty values and numbers with spaces, dashes, brackets and +', () => {
    expect(problems(ZSmsAreaCode, '')).toEqual([]);
    expect(problems(ZSmsPhone, '')).toEqual([]);
    expect(problems(ZSmsAreaCode, '+1')).toEqual([]);
    expect(problems(ZSmsPhone, '(555) 010-0042')).toEqual([]);
  });

  it('limits the area code to 20 and the mobile number to 35 characters', () => {
    expect(problems(ZSmsAreaCode, '1'.repeat(20))).toEqual([]);
    expect(problems(ZSmsAreaCode, '1'.repeat(21))).toEqual([PHONE_MESSAGES.areaCodeTooLong]);
    expect(problems(ZSmsPhone, '5'.repeat(35))).toEqual([]);
    expect(problems(ZSmsPhone, '5'.repeat(36))).toEqual([PHONE_MESSAGES.mobilePhoneTooLong]);
  });

  it('rejects each of > < % " \' ; = in either field', () => {
    expect(FORBIDDEN_PHONE_CHARACTERS).toEqual(['>', '<', '%', '"', "'", ';', '=']);
    for (const character of FORBIDDEN_PHONE_CHARACTERS) {
      expect(problems(ZSmsPhone, `555${character}0100`)).toEqual([PHONE_MESSAGES.forbiddenCharacters]);
      expect(problems(ZSmsAreaCode, `${character}1`)).toEqual([PHONE_MESSAGES.forbiddenCharacters]);
    }
  });
});

describe('the plain checks the sign-in pages use', () => {
  const MESSAGE_OF = {
    area: { too_big: PHONE_MESSAGES.areaCodeTooLong, custom: PHONE_MESSAGES.forbiddenCharacters },
    mobile: { too_big: PHONE_MESSAGES.mobilePhoneTooLong, custom: PHONE_MESSAGES.forbiddenCharacters },
  } as const;
  const phoneLike = fc.string({
    unit: fc.constantFrom('5', '0', ' ', '+', '-', '(', ')', ...FORBIDDEN_PHONE_CHARACTERS),
    maxLength: 45,
  });

  it('refuse exactly what the schemas refuse, with the schema’s first message', () => {
    fc.assert(
      fc.property(phoneLike, (value) => {
        const area = areaCodeProblem(value);
        expect(area === null ? [] : [MESSAGE_OF.area[area]]).toEqual(
          problems(ZSmsAreaCode, value).slice(0, 1),
        );
        const mobile = mobilePhoneProblem(value);
        expect(mobile === null ? [] : [MESSAGE_OF.mobile[mobile]]).toEqual(
          problems(ZSmsPhone, value).slice(0, 1),
        );
      }),
    );
  });

  it('say which rule a value breaks', () => {
    expect(areaCodeProblem(' +1 ')).toBeNull();
    expect(areaCodeProblem('1'.repeat(21))).toBe('too_big');
    expect(mobilePhoneProblem('555<b>')).toBe('custom');
    expect(mobilePhoneProblem('5'.repeat(36))).toBe('too_big');
  });
});

describe('completeSmsPhone and maskMobile', () => {
  it('joins area code and mobile as digits, keeping a leading +', () => {
    expect(completeSmsPhone('+1', '(555) 010-0042')).toBe('+15550100042');
    expect(completeSmsPhone('33', '6 12 34 56 78')).toBe('33612345678');
    expect(completeSmsPhone('+44', '')).toBe('');
  });

  it('shows only the last 4 digits', () => {
    expect(maskMobile('+15550100042')).toBe('••••0042');
  });
});

describe('formatPhone', () => {
  it('puts digits into the # slots and copies the other mask characters', () => {
    expect(formatPhone('5550100042', '(###) ###-####')).toBe('(555) 010-0042');
    expect(formatPhone('555-010-0042', '(###) ###-####')).toBe('(555) 010-0042');
  });

  it('stops at the last digit: no dangling mask characters on partial input', () => {
    expect(formatPhone('555', '(###) ###-####')).toBe('(555');
    expect(formatPhone('5550', '(###) ###-####')).toBe('(555) 0');
    expect(formatPhone('', '(###) ###-####')).toBe('');
  });

  it('pads a short mask with # slots to 35 characters', () => {
    // The mask has 3 slots; the padding gives the remaining digits their own slots.
    expect(formatPhone('55501000', '##-')).toBe('55-501000');
  });

  it('appends anything beyond 35 characters unformatted', () => {
    const value = `${'1'.repeat(35)}-extension 12`;
    expect(formatPhone(value, '')).toBe(`${'1'.repeat(35)}-extension 12`);
    const withMask = formatPhone(`${'2'.repeat(35)}x9`, '(###) ');
    expect(withMask.startsWith('(222) 222')).toBe(true);
    expect(withMask.endsWith('x9')).toBe(true);
  });

  it('never loses or reorders a digit of the first 35 characters', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 35 }), fc.string({ maxLength: 40 }), (value, mask) => {
        const formatted = formatPhone(value, mask.replace(/\d/g, ''));
        expect(formatted.replace(/\D/g, '')).toBe(value.replace(/\D/g, ''));
      }),
    );
  });
});
