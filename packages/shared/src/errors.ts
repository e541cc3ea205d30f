import { z } from 'zod';

export { ErrorCode, readErrorResponse, type TErrorCode } from './error-codes';

export const ZFieldError = z.object({
  field: z.string().meta({ description: 'Dotted path of the offending field' }),
  message: z.string(),
});
export type TFieldError = z.infer<typeof ZFieldError>;

/** The one error shape every 4xx and 5xx answer of the API carries. */
export const ZErrorResponse = z
  .object({
    statusCode: z.number().int(),
    code: z.string(),
    message: z.string(),
    args: z.array(z.string()).optional(),
    fieldErrors: z.array(ZFieldError).optional(),
    requestId: z
      .string()
      .optional()
      .meta({ description: "On 5xx answers: the request's id, as written in every log line of it" }),
  })
  .meta({ id: 'ErrorResponse' });
export type TErrorResponse = z.infer<typeof ZErrorResponse>;
