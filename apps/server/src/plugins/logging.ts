import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { AppConfig } from '../config';

/** The id of the request being served, for log lines written by services through app.log. */
const currentRequest = new AsyncLocalStorage<{ id: string }>();

export const REQUEST_ID_HEADER = 'x-request-id';

/** An id a proxy sent along is kept when it is plain (it cannot forge log lines); else a new one. */
const ACCEPTED_REQUEST_ID = /^[A-Za-z0-9._:-]{8,100}$/;

export function requestIdOf(request: IncomingMessage): string {
  const sent = request.headers[REQUEST_ID_HEADER];
  return typeof sent === 'string' && ACCEPTED_REQUEST_ID.test(sent) ? sent : randomUUID();
}

const SECRET_FIELDS = [
  'password',
  'newPassword',
  'oldPassword',
  'confirmPassword',
  'pin',
  'pinCode',
  'pincode',
  'code',
  'token',
  'accessToken',
  'refreshToken',
  'idToken',
  'secret',
  'cardNumber',
  'card',
  'cvc',
  'cvv',
  'accountNumber',
  'bankAccountNumber',
  'iban',
];

/**
 * What pino removes from every line: cookies and the CSRF header, credentials and codes in
 * any logged object (at the top and one level down), card and account numbers.
 */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-xsrf-token"]',
  'res.headers["set-cookie"]',
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`]),
];

/** Query parameters whose values are secrets (reset and activation codes, the OpenID code and state). */
const SECRET_QUERY = /^(code|token|state|pin|pincode|password|key|namedUser|encrypt|companyId|contactId)$/i;

/** The request line as logged: secret query values replaced. */
export function urlForLog(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const [name = ''] = pair.split('=', 1);
      return SECRET_QUERY.test(decodeURIComponentSafe(name)) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, mark)}?${query}`;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

type Stream = { write(line: string): void };

/** Fastify's logger settings: level, format, redaction, and the request id on every line. */
export function loggerOptions(config: AppConfig, stream?: Stream): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    ...(config.prettyLogs && !stream
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      req: (request: { method: string; url: string; ip?: string; headers?: Record<string, unknown> }) => ({
        method: request.method,
        url: urlForLog(request.url),
        remoteAddress: request.ip,
      }),
    },
    // Lines written through app.log while serving a request (services, couriers) carry its id
    // too; request.log lines already do, as a binding.
    mixin: (_object: object, _level: number, logger: { bindings(): Record<string, unknown> }) => {
      const current = currentRequest.getStore();
      if (!current || 'reqId' in logger.bindings()) return {};
      return { reqId: current.id };
    },
  } as FastifyServerOptions['logger'];
}

/**
 * Runs the rest of each request inside its id's context and answers the id in a header, and logs
 * one line per request when it has been answered (method, address with its secrets masked,
 * status, time): Fastify's own pair of lines (incoming, completed) wrote twice per request, each
 * line a write to the log's file, a measured share of a busy server's CPU.
 */
export function registerRequestContext(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    currentRequest.run({ id: request.id }, done);
  });
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    done();
  });
}
