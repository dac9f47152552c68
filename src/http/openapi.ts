/**
 * The OpenAPI 3.1 document of the gateway, built from the route table and the contracts.
 * Contract schemas are embedded under `components.schemas`, each `$defs` entry hoisted to a
 * component of its own (`<file>.<Def>`), and every `$ref` rewritten to point inside the document,
 * so it is self-contained and needs no `$defs`-aware tooling.
 */
import { CONTRACTS_BASE, loadSchemas } from '../../contracts';
import examples from '../../contracts/openapi-examples.json';
import requests from '../../contracts/requests.json';
import { MAX_ID_LENGTH, pathParamNames } from '../api/ids';
import { OPERATION_DESCRIPTIONS, PATH_PARAMETER_DESCRIPTIONS } from './openapi-descriptions';
import type { DocumentedResponse, RouteSpec } from '../routes/route-spec';

type Json = unknown;

function rewriteRefs(node: Json, file: string): Json {
  if (Array.isArray(node)) return node.map((n) => rewriteRefs(n, file));
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, Json> = {};
  for (const [key, value] of Object.entries(node as Record<string, Json>)) {
    if (key === '$id' || key === '$schema' || key === '$defs') continue;
    if (key === '$ref' && typeof value === 'string') {
      out.$ref = localRef(value, file);
    } else {
      out[key] = rewriteRefs(value, file);
    }
  }
  return out;
}

/**
 * `https://dhg.example/contracts/x.json#/$defs/Y/z`, `x.json#/$defs/Y/z` or `#/$defs/Y/z` (in file
 * `x`) -> `#/components/schemas/x.Y/z`; a ref to a whole file -> `#/components/schemas/x`.
 */
function localRef(ref: string, file: string): string {
  const absolute = ref.startsWith(CONTRACTS_BASE) ? ref.slice(CONTRACTS_BASE.length) : ref;
  const [target, fragment = ''] = absolute.split('#');
  const name = target ? target.replace(/\.json$/, '') : file;
  const def = /^\/\$defs\/([^/]+)(.*)$/.exec(fragment);
  return def
    ? `#/components/schemas/${name}.${def[1]}${def[2]}`
    : `#/components/schemas/${name}${fragment}`;
}

/** Adds a contract file and each of its `$defs` as components. */
function addComponents(
  schemas: Record<string, Json>,
  name: string,
  schema: Record<string, Json>,
): void {
  if (schema.type !== undefined || schema.$ref !== undefined || schema.enum !== undefined) {
    schemas[name] = rewriteRefs(schema, name);
  }
  for (const [def, body] of Object.entries((schema.$defs ?? {}) as Record<string, Json>)) {
    schemas[`${name}.${def}`] = rewriteRefs(body, name);
  }
}

const PARAM_DESCRIPTIONS = requests.$defs as Record<string, { description?: string }>;

type ErrorContent = { content: { 'application/json': { schema: { $ref: string } } } };

const errorRef = (family: RouteSpec['family']) =>
  `#/components/schemas/envelopes.${family === 'fdx' ? 'ErrorFdx' : family === 'platform' ? 'ErrorPlatform' : 'ErrorV1'}`;

/**
 * The route's path parameters (from its template), each an id of at most `MAX_ID_LENGTH`
 * characters (`requests.Id`, checked by the router), and query parameters.
 */
function parametersOf(route: RouteSpec): Json[] {
  const pathParams = pathParamNames(route.path).map((name) => ({
    name,
    in: 'path',
    required: true,
    description: PATH_PARAMETER_DESCRIPTIONS[name],
    schema: { $ref: '#/components/schemas/requests.Id' },
  }));
  const queryParams = route.query.map((name) => ({
    name,
    in: 'query',
    required: false,
    description: PARAM_DESCRIPTIONS[name]?.description,
    schema: { $ref: `#/components/schemas/requests.${name}` },
  }));
  return [...pathParams, ...queryParams, ...((route.parameters ?? []) as Json[])];
}

/** The route's request body: the account ids body, JSON, or JSON and a form. */
function requestBodyOf(route: RouteSpec): Json | undefined {
  if (!route.body) return undefined;
  if (route.body === 'accountIds') {
    return {
      required: true,
      content: {
        'application/json': { schema: { $ref: '#/components/schemas/requests.AccountIdsBody' } },
      },
    };
  }
  const schema = rewriteRefs(route.requestSchema ?? {}, '');
  return {
    required: true,
    content: {
      'application/json': { schema },
      ...(route.body === 'json-or-form' ? { 'application/x-www-form-urlencoded': { schema } } : {}),
    },
  };
}

/** A response the route documents itself (`route.responses`). */
function documentedResponse(r: DocumentedResponse, error: ErrorContent): Json {
  return {
    description: r.description,
    ...(r.schema
      ? {
          content: { [r.contentType ?? 'application/json']: { schema: rewriteRefs(r.schema, '') } },
        }
      : r.contentType
        ? { content: { [r.contentType]: { schema: { type: 'string', format: 'binary' } } } }
        : error),
  };
}

/** The refusal header, on the answers a refusal to share can take (docs/api.md). */
const REFUSAL_HEADERS = { 'X-Sharing-Refused': { $ref: '#/components/headers/SharingRefused' } };

/**
 * A holder route's answers to a refusal to share: 403 (harm), and the header on the answers of
 * an unknown account id (404; a specific-accounts body's status may be 422).
 */
function withRefusals(route: RouteSpec, responses: Record<string, Record<string, Json>>): Json {
  if (route.auth !== 'holder') return responses;
  const error = responses['500']!;
  const out: Record<string, Json> = {
    ...responses,
    403: {
      ...error,
      description:
        'Sharing refused: sharing the data could cause harm (X-Sharing-Refused: true); with HOLDER_AUTH_FAILURE_STATUS=403, also a rejected bearer token (WWW-Authenticate, no X-Sharing-Refused)',
      headers: REFUSAL_HEADERS,
    },
  };
  const notFound = responses['404'];
  if (notFound) out['404'] = { ...notFound, headers: REFUSAL_HEADERS };
  if (route.body === 'accountIds' && route.family !== 'fdx') {
    out['422'] = {
      ...error,
      ...responses['422'],
      description: `${responses['422'] ? `${String(responses['422'].description)}; or, with` : 'With'} BODY_ID_NOT_FOUND_STATUS=422, an account id of the body unknown or refused (X-Sharing-Refused: true)`,
      headers: REFUSAL_HEADERS,
    };
  }
  return out;
}

/** Every answer of a route: success, the errors its steps can give, and its own. */
function responsesOf(route: RouteSpec): Json {
  return withRefusals(route, builtResponses(route) as Record<string, Record<string, Json>>);
}

/**
 * The demo core's answers to the collections' requests (contracts/openapi-examples.json, written
 * by `npm run openapi:examples`), by operation id: `test/component/openapi-examples.test.ts` fails when
 * one no longer validates or is no longer what the demo core answers.
 */
const EXAMPLES = examples as Readonly<
  Record<string, { summary: string; status: number; value: unknown }>
>;

/** The media type of a route's success answer, with the demo core's answer as its example. */
function successContent(route: RouteSpec): Json {
  if (route.responseContentType)
    return { [route.responseContentType]: { schema: { type: 'string', format: 'binary' } } };
  const example = EXAMPLES[route.operationId];
  return {
    'application/json': {
      schema: rewriteRefs(route.response, ''),
      ...(example
        ? { examples: { demo: { summary: example.summary, value: example.value } } }
        : {}),
    },
  };
}

/** The answers of a route before refusals: success, its steps' errors, and its own. */
function builtResponses(route: RouteSpec): Json {
  const error: ErrorContent = {
    content: { 'application/json': { schema: { $ref: errorRef(route.family) } } },
  };
  const holder = route.auth === 'holder';
  const success = successContent(route);
  return {
    [String(route.successStatus ?? 200)]: {
      description: 'Success',
      ...(route.successStatus === 204 ? {} : { content: success }),
    },
    ...(route.query.length || route.body || route.parameters || route.path.includes('{')
      ? {
          400: {
            description: `A bad parameter (a path id over ${MAX_ID_LENGTH} characters) or body`,
            ...error,
          },
        }
      : {}),
    ...(route.auth !== 'none'
      ? {
          401: {
            description: holder
              ? 'Bearer token missing or rejected (403 instead with HOLDER_AUTH_FAILURE_STATUS=403)'
              : 'Bearer token missing or rejected',
            ...error,
          },
        }
      : {}),
    ...(holder
      ? {
          404: {
            description:
              'Customer or account not found (X-Sharing-Refused: true: an account the holder refuses to share)',
            ...error,
          },
        }
      : {}),
    ...(route.body
      ? {
          413: { description: 'Body over 1 MiB', ...error },
          415: { description: 'Body of an unsupported media type', ...error },
        }
      : {}),
    ...(route.query.includes('page')
      ? { 422: { description: 'Page beyond the last page', ...error } }
      : {}),
    500: { description: 'Unexpected failure (details only in the log)', ...error },
    ...(holder
      ? {
          503: { description: 'Core unavailable; see Retry-After', ...error },
          504: { description: 'Core too slow', ...error },
        }
      : {}),
    ...Object.fromEntries(
      Object.entries(route.responses ?? {}).map(([status, r]) => [
        status,
        documentedResponse(r, error),
      ]),
    ),
  };
}

/** One route as an OpenAPI operation. */
function operationOf(route: RouteSpec): Json {
  const requestBody = requestBodyOf(route);
  return {
    operationId: route.operationId,
    summary: route.summary,
    description: OPERATION_DESCRIPTIONS[route.operationId] ?? route.summary,
    tags: route.tags,
    ...(route.successor ? { deprecated: true } : {}),
    ...(route.auth === 'holder'
      ? { security: [{ holderJwt: [] }] }
      : route.security
        ? { security: route.security }
        : {}),
    parameters: parametersOf(route),
    ...(requestBody ? { requestBody } : {}),
    responses: responsesOf(route),
  };
}

const SECURITY_SCHEMES = {
  platformToken: {
    type: 'oauth2',
    description:
      "Client credentials: POST /v1/token returns a token valid 900 s carrying the client's scopes.",
    flows: {
      clientCredentials: {
        tokenUrl: '/v1/token',
        scopes: {
          'api:provider.products.read': 'List and view product records.',
          'api:provider.products.write': 'Create, update and delete product records.',
        },
      },
    },
  },
  holderJwt: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      'Self-signed by the platform; aud = base URL + path, iss = sub = holder subdomain, unique jti.',
  },
};

const COMPONENT_HEADERS = {
  SharingRefused: {
    description:
      'Present, `true`, only when the holder refuses to share: harm (403), or a blocked or suspended account answered as an unknown id (404, or BODY_ID_NOT_FOUND_STATUS for a body id).',
    schema: { type: 'string', enum: ['true'] },
  },
};

/** Where the gateway is reached, and the holder its tokens must name. */
export interface OpenApiServer {
  /** `PUBLIC_BASE_URL`: holder token audiences are this plus the path. */
  publicBaseUrl: string;
  /** `HOLDER_SUBDOMAIN`: the `iss` and `sub` of holder tokens. */
  holderSubdomain: string;
}

/**
 * The document's `servers`: the public base URL, which the platform calls for the holder whose
 * subdomain its tokens name (also given as `x-holder-subdomain`, for tools that sign them).
 */
function serversOf(server: OpenApiServer): Json[] {
  return [
    {
      url: server.publicBaseUrl,
      description: `The gateway of holder ${server.holderSubdomain}: holder tokens carry iss = sub = "${server.holderSubdomain}" and aud = this URL + the request path.`,
      'x-holder-subdomain': server.holderSubdomain,
    },
  ];
}

export function buildOpenApi(
  routes: readonly RouteSpec[],
  version: string,
  server?: OpenApiServer,
): object {
  const schemas: Record<string, Json> = {};
  for (const [name, schema] of Object.entries(loadSchemas())) {
    addComponents(schemas, name, schema as Record<string, Json>);
  }
  addComponents(schemas, 'requests', requests as Record<string, Json>);
  const paths: Record<string, Record<string, Json>> = {};
  for (const route of routes) {
    paths[route.path] ??= {};
    paths[route.path]![route.method.toLowerCase()] = operationOf(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Data Holder Gateway',
      version,
      description: 'The Data Holder Interface as served by this gateway.',
    },
    ...(server ? { servers: serversOf(server) } : {}),
    components: { schemas, securitySchemes: SECURITY_SCHEMES, headers: COMPONENT_HEADERS },
    paths,
  };
}
