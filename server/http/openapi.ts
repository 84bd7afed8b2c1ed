import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { OpenAPIV3 } from 'openapi-types';
import { type AnyCall, type ErrorCode, LAUNCH_TOKEN_HEADER } from '../../contract/call.ts';
import { LANGUAGE_HEADER, LOCALES, MERCHANT_HEADER } from '../../contract/constants.ts';
import {
  SEAMLESS_CLOCK_SKEW_MS,
  SEAMLESS_REPLAY_WINDOW_MS,
  SEAMLESS_SIGNATURE_HEADER,
  SEAMLESS_TIMESTAMP_HEADER,
  SEAMLESS_VENDOR_HEADER,
} from '../../contract/seamless.ts';
import { refusalOf, type Standing } from '../../contract/standing.ts';
import { GATEWAY_SIGNATURE_HEADER } from '../ports/payments.ts';
import { listItemOf } from './csv.ts';

export const OPENAPI_PATH = '/api/openapi.json';
/** The viewer (Swagger UI, served from the package, no CDN): outside production only. */
export const DOCS_PATH = '/api/docs';

/**
 * What the document says of a route: who may make it and what it reads, from the contract call it serves (a route's
 * `config.call`, which server/http/route.ts sets; a documented route without one is reported by openapi.test.ts).
 */
export type CallAccess = Pick<AnyCall, 'method' | 'path'> &
  Partial<
    Pick<
      AnyCall,
      'auth' | 'class' | 'registeredOnly' | 'agentOnly' | 'opsRoles' | 'signed' | 'params' | 'query' | 'body'
    >
  >;

const ERROR_ENVELOPE = { $ref: '#/components/schemas/ErrorEnvelope' };

/** Names of the security schemes below. */
export const SCHEME = {
  merchant: 'merchant',
  session: 'session',
  operator: 'operator',
  launch: 'launchToken',
  vendor: 'vendorSignature',
  gateway: 'gatewaySignature',
} as const;

const SECURITY_SCHEMES: Record<string, OpenAPIV3.SecuritySchemeObject> = {
  [SCHEME.merchant]: {
    type: 'apiKey',
    in: 'header',
    name: MERCHANT_HEADER,
    description:
      'The merchant (white-label site) code, e.g. `PORTICO`. Without it the merchant is the one served on the ' +
      "request's domain; an unknown code answers 400 UNKNOWN_MERCHANT.",
  },
  [SCHEME.session]: {
    type: 'http',
    scheme: 'bearer',
    description:
      "A member's session: the `token` that login, registration or free play answers, sent as `Authorization: " +
      'Bearer <token>` (the portal keeps it in local storage and sends it on every call). It is valid at the ' +
      'merchant that issued it only.',
  },
  [SCHEME.operator]: {
    type: 'http',
    scheme: 'bearer',
    description:
      "Back office: an operator's session token from `POST /ops/login`, or the environment's `PORTICO_OPS_TOKEN` " +
      '(acts as ADMIN of every merchant), as `Authorization: Bearer <token>`.',
  },
  [SCHEME.launch]: {
    type: 'apiKey',
    in: 'header',
    name: LAUNCH_TOKEN_HEADER,
    description: "An in-house game page's launch token (the `t` of the game URL that launchGame answers).",
  },
  [SCHEME.vendor]: {
    type: 'apiKey',
    in: 'header',
    name: SEAMLESS_SIGNATURE_HEADER,
    description:
      'Seamless wallet, signed by a game vendor: hex HMAC-SHA256 of `<X-Timestamp>.<raw body>` with the ' +
      "vendor's key, which is hex HMAC-SHA256 of `seamless:<merchant>:<vendor>` with `PORTICO_SEAMLESS_SECRET`. " +
      `X-Vendor names the vendor, X-Timestamp is the signing time in Unix seconds (at most ` +
      `${SEAMLESS_REPLAY_WINDOW_MS / 60_000} minutes old, ${SEAMLESS_CLOCK_SKEW_MS / 1000} s ahead). These calls ` +
      'exist only when `PORTICO_SEAMLESS_SECRET` is set.',
  },
  [SCHEME.gateway]: {
    type: 'apiKey',
    in: 'header',
    name: GATEWAY_SIGNATURE_HEADER,
    description:
      "The demo payment gateway's callback: hex HMAC-SHA256 of the raw body with `PORTICO_GATEWAY_SECRET` " +
      '(outside production only).',
  },
};

type Requirement = Record<string, string[]>;

/** A merchant's call: with the Merchant header, or without it on the merchant's own domain. */
const atMerchant = (credential: Requirement = {}): Requirement[] => [
  { [SCHEME.merchant]: [], ...credential },
  credential,
];

/** Who may make a call, as OpenAPI security requirements (any one of them). */
export function securityOf(call: CallAccess): Requirement[] {
  if (call.auth === 'ops') return [{ [SCHEME.operator]: [] }];
  // Operator login and the like: no merchant, no credential.
  if (!call.class) return [];
  if (call.auth === 'token') return atMerchant({ [SCHEME.session]: [] });
  if (call.auth === 'launch') return atMerchant({ [SCHEME.launch]: [] });
  if (call.signed) return atMerchant({ [SCHEME[call.signed]]: [] });
  return atMerchant();
}

const PARAMETERS: Record<string, OpenAPIV3.ParameterObject> = {
  RequestId: {
    in: 'header',
    name: 'X-Request-Id',
    required: false,
    description:
      "The request's id in the server's log lines, echoed in the reply: used when it is 1–64 of `A-Z a-z 0-9 . _ : -`, " +
      'else a fresh one.',
    schema: { type: 'string' },
  },
  Language: {
    in: 'header',
    name: LANGUAGE_HEADER,
    required: false,
    description: 'The language of localized text in the reply (others and none: English).',
    schema: { type: 'string', enum: [...LOCALES] },
  },
  Vendor: {
    in: 'header',
    name: SEAMLESS_VENDOR_HEADER,
    required: true,
    description: "The signing vendor: a vendor code of the merchant's catalogue, and the body's `vassalage`.",
    schema: { type: 'string', maxLength: 40 },
  },
  Timestamp: {
    in: 'header',
    name: SEAMLESS_TIMESTAMP_HEADER,
    required: true,
    description: 'The signing time, Unix seconds.',
    schema: { type: 'string', pattern: '^\\d{1,12}$' },
  },
};

const parameter = (name: keyof typeof PARAMETERS): OpenAPIV3.ReferenceObject => ({
  $ref: `#/components/parameters/${name}`,
});

/** The request headers a call reads besides its credentials. */
export function headersOf(call: CallAccess) {
  return [
    parameter('RequestId'),
    // Member calls: the portal sends its language on each; a vendor's or gateway's server has none.
    ...(call.class && !call.signed ? [parameter('Language')] : []),
    ...(call.signed === 'vendor' ? [parameter('Vendor'), parameter('Timestamp')] : []),
  ];
}

const REQUEST_ID_HEADER: OpenAPIV3.ReferenceObject = { $ref: '#/components/headers/RequestId' };

const refusal = (
  description: string,
  headers: OpenAPIV3.ResponseObject['headers'] = {},
): OpenAPIV3.ResponseObject => ({
  description,
  headers: { 'X-Request-Id': REQUEST_ID_HEADER, ...headers },
  content: { 'application/json': { schema: ERROR_ENVELOPE } },
});

const OPEN_SITE: Standing['site'] = { status: 0, maintenanceEnd: null };
const MEMBER: NonNullable<Standing['member']> = { locked: false, passwordChange: null, break: null };
/** One standing a side: each refusal the one rule (contract/standing.ts) can make, for visitors and members. */
const VISITOR_PROBES: Standing[] = [
  { site: { status: 1, maintenanceEnd: null } },
  { site: { status: 2, maintenanceEnd: null } },
];
const MEMBER_PROBES: Standing[] = [
  { site: OPEN_SITE, member: { ...MEMBER, locked: true } },
  { site: OPEN_SITE, member: { ...MEMBER, passwordChange: 'default' } },
  { site: OPEN_SITE, member: { ...MEMBER, break: { kind: 'SELF_EXCLUSION', until: null } } },
];

/** The 403 codes of a call: its standing's refusals, then who it is for. */
export function forbiddenCodes(call: CallAccess): ErrorCode[] {
  const member = call.auth === 'token' || call.auth === 'launch';
  const codes = new Set<ErrorCode>();
  for (const standing of [...VISITOR_PROBES, ...(member ? MEMBER_PROBES : [])]) {
    const refused = refusalOf(standing, call);
    if (refused) codes.add(refused.code);
  }
  if (call.registeredOnly || call.agentOnly || call.auth === 'ops' || call.signed === 'vendor')
    codes.add('FORBIDDEN');
  // An operator who must set up two-factor login may do nothing else first.
  if (call.auth === 'ops') codes.add('TOTP_REQUIRED');
  return [...codes];
}

/** A vendor's key moves money of its own rounds at one merchant only; a bet meets the member's standing. */
const VENDOR_REFUSALS =
  " (a vendor outside the merchant's catalogue, or speaking for another); a bet for a member who may not play " +
  "answers the standing's code";

const listed = (codes: readonly string[]) => codes.map((c) => `\`${c}\``).join(', ');

/** The error replies a call can answer with, all in the error envelope. */
export function refusalsOf(call: CallAccess): OpenAPIV3.ResponsesObject {
  const write = call.method !== 'GET';
  const forbidden = forbiddenCodes(call);
  const badRequest: string[] = ['VALIDATION', ...(call.class ? ['UNKNOWN_MERCHANT'] : [])];
  return {
    400: refusal(
      `${listed(badRequest)}: the input does not match its schema (\`fields\` names each field) or the request is ` +
        'malformed.',
    ),
    ...(call.auth || call.signed
      ? { 401: refusal('`UNAUTHORIZED`: the credential is missing, wrong or expired.') }
      : {}),
    ...(forbidden.length > 0
      ? {
          403: refusal(`Refused: ${listed(forbidden)}${call.signed === 'vendor' ? VENDOR_REFUSALS : ''}.`),
        }
      : {}),
    ...(call.params ? { 404: refusal('`NOT_FOUND`: nothing with that id here.') } : {}),
    ...(write ? { 409: refusal('`CONFLICT` and the like: the request clashes with what is there.') } : {}),
    ...(call.body
      ? {
          413: refusal('`VALIDATION`: the body is over 1 MB.'),
          415: refusal('`VALIDATION`: the body is not of a type the call reads.'),
        }
      : {}),
    429: refusal('`RATE_LIMITED`: too many requests from this address; try again after Retry-After.', {
      'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } },
    }),
    '4XX': refusal('Any other refusal (`NOT_FOUND`, `CONFLICT`, `INSUFFICIENT_FUNDS`, `LIMIT_EXCEEDED` …).'),
    '5XX': refusal('`INTERNAL`: a fault of the server (details only in its log).'),
  };
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

const keyOf = (method: string, path: string) => `${method.toUpperCase()} ${path.replace(/:(\w+)/g, '{$1}')}`;

/**
 * The API description at /api/openapi.json, from the zod contract (OpenAPI 3.0): each contract route's schemas
 * by fastify-type-provider-zod, named schemas (zod `.meta({ id })`) as components, and from each route's call
 * its security, the headers it reads and the error replies it can answer with. Outside production, a viewer at
 * /api/docs. Register before the routes: the document lists the routes registered after it.
 */
export async function registerOpenApi(app: FastifyInstance, opts: { production?: boolean }): Promise<void> {
  const calls = new Map<string, CallAccess>();
  const routeSchema = createJsonSchemaTransform({});
  const components = createJsonSchemaTransformObject({});
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Portico API',
        version: '1.0.0',
        description:
          'Generated from contract/ (zod). Member calls name their merchant (the `Merchant` header, or the ' +
          "request's domain); errors answer `{ success: false, code, message, fields? }`.",
      },
      components: {
        securitySchemes: SECURITY_SCHEMES,
        parameters: PARAMETERS,
        headers: {
          RequestId: {
            description: "The request's id (the caller's X-Request-Id when usable, else a fresh one).",
            schema: { type: 'string' },
          },
        },
      },
    },
    transform: (doc) => {
      const { call } = doc.route.config ?? {};
      if (call) calls.set(keyOf(call.method, doc.url), call);
      return routeSchema(doc);
    },
    transformObject: (doc) => {
      const document = components(doc) as OpenAPIV3.Document;
      for (const [path, item] of Object.entries(document.paths)) {
        for (const method of METHODS) {
          const operation = item?.[method];
          const call = calls.get(keyOf(method, path));
          if (!operation || !call) continue;
          const security = securityOf(call);
          if (security.length > 0) operation.security = security;
          operation.parameters = [...(operation.parameters ?? []), ...headersOf(call)];
          const { 200: ok, ...others } = operation.responses;
          // Every operator list also answers ?format=csv (server/http/csv.ts).
          const csv = 'response' in call && listItemOf(call as AnyCall) !== undefined;
          if (csv) operation.parameters.push(CSV_FORMAT);
          operation.responses = {
            ...others,
            ...(ok ? { 200: { ...withCsv(ok, csv), headers: { 'X-Request-Id': REQUEST_ID_HEADER } } } : {}),
            ...refusalsOf(call),
          };
        }
      }
      return document;
    },
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
  if (opts.production) return;
  // Swagger UI's page loads its own scripts from /api/docs/static and the document from /api/docs/json: the
  // site's policy (script-src 'self') lets it run, and it asks no other host (validatorUrl null).
  const { default: swaggerUi } = await import('@fastify/swagger-ui');
  await app.register(swaggerUi, {
    routePrefix: DOCS_PATH,
    validatorUrl: false,
    theme: { title: 'Portico API' },
    uiConfig: { deepLinking: true, persistAuthorization: false, displayRequestDuration: true },
  });
}

/** The `format` query parameter of every operator list. */
const CSV_FORMAT: OpenAPIV3.ParameterObject = {
  name: 'format',
  in: 'query',
  required: false,
  description:
    'csv: the whole list with these filters as a CSV download (BOM, amounts as decimals, formulas neutralised)',
  schema: { type: 'string', enum: ['csv'] },
};

const withCsv = (ok: OpenAPIV3.ResponseObject | OpenAPIV3.ReferenceObject, csv: boolean) =>
  csv && 'content' in ok
    ? { ...ok, content: { ...ok.content, 'text/csv': { schema: { type: 'string' as const } } } }
    : ok;
