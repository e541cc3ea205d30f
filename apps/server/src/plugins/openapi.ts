import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { AppConfig } from '../config';

/** OpenAPI 3.1 generated from the routes' zod schemas; Swagger UI at {api}/docs. */
export async function registerOpenApi(app: FastifyInstance, config: AppConfig) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Settle REST API',
        version: '0.1.0',
        description:
          'Customer self-service portal for accounts receivable. State-changing calls need the XSRF-TOKEN cookie ' +
          '(from GET config.js or sign-in) echoed in the X-XSRF-TOKEN header. Errors share one shape: ' +
          '{ statusCode, code, message, args?, fieldErrors? }. With METHOD_OVERRIDE=true, PUT, PATCH and DELETE may ' +
          'be sent as POST with X-HTTP-Method-Override: PUT|PATCH|DELETE (for proxies that pass only GET and POST); the ' +
          "real method's schema, CSRF check and privileges apply. Any other override, or any override while the " +
          'setting is off, answers 400 and changes nothing.',
      },
      servers: [{ url: config.apiBase }],
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'SETTLE_SESSION' },
          // The integration API's key (npm run admin -- api-key create).
          apiKey: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      // Paths in the document are relative to the server URL (the REST base).
      return { ...transformed, url: transformed.url.replace(config.apiBase, '') || '/' };
    },
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: `${config.apiBase}/docs`,
    staticCSP: true,
    // Swagger UI's own policy, minus the outside validator and with framing refused like the rest of the app.
    transformStaticCSP: (header) =>
      header
        .replace(' validator.swagger.io', '')
        .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
        .replace(config.session.cookieSecure ? /$^/ : ' upgrade-insecure-requests;', ''),
  });
}
