import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/**
 * A refusal is its status and its error code, both: a status alone passes for the wrong
 * reason. Answers the body for further checks.
 */
export function expectError(
  response: LightMyRequestResponse,
  statusCode: number,
  code: string,
  label?: string,
) {
  expect(response.statusCode, label ?? response.body).toBe(statusCode);
  const body = response.json();
  expect({ statusCode: body.statusCode, code: body.code }, label ?? response.body).toEqual({
    statusCode,
    code,
  });
  return body as {
    statusCode: number;
    code: string;
    message: string;
    args?: string[];
    fieldErrors?: unknown[];
  };
}
