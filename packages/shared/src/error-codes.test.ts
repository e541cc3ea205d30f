import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readErrorResponse } from './error-codes';
import { ZErrorResponse } from './errors';

const anyValue = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
);
const fieldError = fc.oneof(
  fc.record({ field: fc.string(), message: fc.string() }),
  fc.record({ field: anyValue, message: anyValue }),
);
const payload = fc.oneof(
  anyValue,
  fc.record(
    {
      statusCode: fc.oneof(fc.integer({ min: 400, max: 599 }), anyValue),
      code: fc.oneof(fc.string(), anyValue),
      message: fc.oneof(fc.string(), anyValue),
      args: fc.oneof(fc.array(fc.string()), fc.array(anyValue)),
      fieldErrors: fc.array(fieldError, { maxLength: 3 }),
    },
    { requiredKeys: [] },
  ),
);

describe('readErrorResponse (the error shape without zod, for the sign-in pages)', () => {
  it('accepts exactly what ZErrorResponse accepts, and reads the same fields', () => {
    fc.assert(
      fc.property(payload, (value) => {
        const parsed = ZErrorResponse.safeParse(value);
        expect(readErrorResponse(value)).toEqual(parsed.success ? parsed.data : null);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps the code, the args and the field errors of a real refusal', () => {
    const body = {
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'Invalid',
      args: ['12'],
      fieldErrors: [{ field: 'loginName', message: 'Enter your login name' }],
    };
    expect(readErrorResponse(body)).toEqual(body);
    expect(readErrorResponse({ ...body, statusCode: 400.5 })).toBeNull();
    expect(readErrorResponse({ ...body, fieldErrors: [{ field: 'x' }] })).toBeNull();
    expect(readErrorResponse('Bad Gateway')).toBeNull();
  });
});
