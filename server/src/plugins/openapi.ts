/**
 * The API's OpenAPI 3.1 document, derived from the route schemas (so it cannot drift from
 * what the server validates and answers), at {apiPrefix}/openapi.json in every mode, and a
 * reader page at {apiPrefix}/docs in the demo only.
 *
 * It describes the calls a client may build on wherever the shop runs: the shopper's, the
 * staff's (role-guarded, for the shop's own tools) and the ones other services make (Paystack's
 * webhook, the contact form's EmailJS calls). The demo's helpers (the outbox, the payment
 * sandbox) are left out: they exist only on a demo shop, answer only its own computer, and
 * the document would otherwise change with the mode; so are the operator's own calls.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { ErrorBodySchema } from '../../../contract';
import type { Config } from '../config';

/**
 * Routes of the API that are no part of the document, by path under the prefix: the demo's
 * helpers, the operator's calls from the shop's own computer (/ops/), and the document itself.
 */
const UNDOCUMENTED = [/^\/dev\//, /^\/sandbox\//, /^\/ops\//, /^\/docs(\/|$)/, /^\/openapi\.json$/];

/** The reader page groups calls by the service they belong to (docs/product.md#calls). */
const SERVICES: [RegExp, string][] = [
  [/^\/staff\//, 'staff'],
  [/^\/(get-all-products|categories|search-suggestions|get-product|images)\b/, 'product'],
  [/^\/(all-carts|add-cart|update-cart|delete-cart|checkout)\b/, 'cart'],
  [/wishlist/, 'wishlists'],
  [
    /^\/(register|send-otp|email-verification|login|logout|reset-password|user|customer-update)\b/,
    'users',
  ],
  [/^\/(orders|order_item|place-order|notifications|stock-alerts)\b/, 'orders'],
  [/delivery/, 'delivery'],
  [/transaction|^\/paystack\//, 'payment'],
  [/affiliate|request-payment/, 'affiliates'],
  [/^\/v1\.0\/email\//, 'contact form (EmailJS)'],
  [/^\/(health|shop)\b/, 'shop'],
];

/** Every call can be refused; they all say why the same way (plugins/errors.ts). */
const ERROR_RESPONSE = {
  description:
    'Refused: {"detail": "<a sentence>"}, or for 422 {"detail": [{loc, msg, type}]} naming each field',
  content: { 'application/json': { schema: ErrorBodySchema } },
};

/** An answer declared by its description alone (a 304) has no body. */
function bodiless(answer: unknown): answer is { description: string } {
  return (
    typeof answer === 'object' &&
    answer !== null &&
    Object.keys(answer).every((key) => key === 'description')
  );
}

function hooksOf(route: RouteOptions): unknown[] {
  return [route.preValidation].flat().filter((hook) => hook !== undefined);
}

export async function registerOpenApi(
  app: FastifyInstance,
  options: { config: Config; requireUser: unknown },
): Promise<void> {
  const { apiPrefix, mode } = options.config;
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Ibadan Market storefront API',
        version: '1',
        description:
          'Every call of the storefront. Errors answer {"detail": ...}; signed-in calls take the access token from POST /login as a bearer token.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: ({ schema, url, route }) => {
      const inside = url.startsWith(`${apiPrefix}/`) ? url.slice(apiPrefix.length) : null;
      if (inside === null || UNDOCUMENTED.some((pattern) => pattern.test(inside))) {
        return { schema: { ...schema, hide: true }, url };
      }
      const signedIn = hooksOf(route).includes(options.requireUser);
      const textAnswers = Object.values(schema.response ?? {}).some(
        (answer) => typeof answer === 'object' && answer !== null && 'content' in answer,
      );
      return {
        url,
        schema: {
          ...schema,
          tags: [SERVICES.find(([pattern]) => pattern.test(inside))?.[1] ?? 'other'],
          ...(signedIn ? { security: [{ bearer: [] }] } : {}),
          response: {
            // OpenAPI spells status ranges 4XX; fastify reads 4xx.
            ...Object.fromEntries(
              Object.entries(schema.response ?? {}).map(([status, answer]) => [
                status.toUpperCase(),
                bodiless(answer) ? { ...answer, type: 'null' } : answer,
              ]),
            ),
            // Text routes (EmailJS) refuse in text, like the service they stand in for.
            ...(textAnswers ? {} : { '4XX': ERROR_RESPONSE }),
          },
        },
      };
    },
  });

  let document: string | null = null;
  app.get(
    `${apiPrefix}/openapi.json`,
    { schema: { hide: true, response: { 200: { type: 'object' } } } },
    async (_request, reply) => {
      // Sent as text: the document is already JSON, and the schema above would strip it.
      document ??= JSON.stringify(app.swagger());
      return reply.type('application/json; charset=utf-8').send(document);
    },
  );

  // The reader page is a convenience for a developer trying the demo; a production shop
  // publishes the document only.
  if (mode === 'demo') {
    await app.register(swaggerUi, {
      routePrefix: `${apiPrefix}/docs`,
      // The shop's own Content-Security-Policy (helmet) covers the page: its scripts and
      // styles are files served from here, so nothing is loaded from elsewhere.
      staticCSP: false,
      // Swagger's online validator would send the document away; the page stays offline.
      validatorUrl: false,
    });
  }
}
