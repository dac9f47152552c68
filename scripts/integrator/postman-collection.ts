/**
 * The Postman collection (format v2.1) of the gateway's operations: one folder per OpenAPI tag,
 * one request per operation with the demo core's ids, a test of its documented success status.
 * Holder folders run a pre-request script that asks the development token service for a token
 * signed for the request's path (holder tokens are per path and single-use); the platform's
 * token request stores its access token for the product requests.
 */
import {
  type DocumentedOperation,
  type OpenApiDocument,
  documentedOperations,
  parameterDescription,
} from './openapi-operations';
import { pathOf } from './demo-requests';

type Json = Record<string, unknown>;

const SCHEMA = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';

/** The collection's variables: where the gateway and the token service are, the client. */
export const POSTMAN_VARIABLES = [
  ['baseUrl', 'http://localhost:3000', "The gateway's base URL (PUBLIC_BASE_URL)."],
  [
    'tokenServiceUrl',
    'http://127.0.0.1:3001',
    'The development token service: npx data-holder-gateway token --serve',
  ],
  ['clientId', 'demo-platform-client', 'Platform client id (npm run clients -- list).'],
  [
    'clientSecret',
    '',
    "The client's secret: npm run clients -- rotate demo-platform-client prints a new one.",
  ],
  ['platformToken', '', 'Set by the request "createPlatformToken".'],
] as const;

/** Asks the token service for a token signed for this request's path, before it is sent. */
const HOLDER_TOKEN_SCRIPT = [
  '// A holder token is signed for one path and is good for one call: get a new one each time.',
  'const path = pm.variables.replaceIn(pm.request.url.getPath());',
  'pm.sendRequest(',
  '  {',
  "    url: pm.variables.replaceIn('{{tokenServiceUrl}}') + '/token',",
  "    method: 'POST',",
  "    header: [{ key: 'Content-Type', value: 'application/json' }],",
  "    body: { mode: 'raw', raw: JSON.stringify({ path: path }) },",
  '  },',
  '  function (err, res) {',
  "    if (err) throw new Error('token service unreachable (npx data-holder-gateway token --serve): ' + err.message);",
  "    if (res.code !== 200) throw new Error('token service answered ' + res.code + ': ' + res.text());",
  "    pm.variables.set('holderToken', res.json().token);",
  '  },',
  ');',
];

const bearer = (variable: string) => ({
  type: 'bearer',
  bearer: [{ key: 'token', value: `{{${variable}}}`, type: 'string' }],
});

/** The request's URL: `{{baseUrl}}`, the path with `:name` variables, the demo query. */
function urlOf({ path, operation, demo }: DocumentedOperation): Json {
  const segments = path
    .slice(1)
    .split('/')
    .map((s) => s.replace(/^\{(.+)\}$/, ':$1'));
  const query = Object.entries(demo.query ?? {}).map(([key, value]) => ({
    key,
    value,
    description: parameterDescription(operation, key),
  }));
  const queryText = query.map((q) => `${q.key}=${encodeURIComponent(q.value)}`).join('&');
  return {
    raw: `{{baseUrl}}/${segments.join('/')}${queryText ? `?${queryText}` : ''}`,
    host: ['{{baseUrl}}'],
    path: segments,
    ...(query.length ? { query } : {}),
    ...(Object.keys(demo.params).length
      ? {
          variable: Object.entries(demo.params).map(([key, value]) => ({
            key,
            value,
            description: parameterDescription(operation, key),
          })),
        }
      : {}),
  };
}

/** The test of the documented status; the token request also keeps its access token. */
function testScript(op: DocumentedOperation): string[] {
  const lines = [
    `pm.test('${op.operation.operationId} answers ${op.successStatus}', function () {`,
    `  pm.response.to.have.status(${op.successStatus});`,
    '});',
  ];
  if (op.operation.operationId === 'createPlatformToken')
    lines.push("pm.collectionVariables.set('platformToken', pm.response.json().token);");
  return lines;
}

/** How a request authenticates; undefined where it inherits its folder's `auth`. */
const authOf = (op: DocumentedOperation, folderAuth: DocumentedOperation['auth']) =>
  op.auth === folderAuth
    ? undefined
    : op.auth === 'none'
      ? { type: 'noauth' }
      : bearer(op.auth === 'holder' ? 'holderToken' : 'platformToken');

function itemOf(op: DocumentedOperation, folderAuth: DocumentedOperation['auth']): Json {
  const { method, path, operation, demo } = op;
  const auth = authOf(op, folderAuth);
  return {
    name: operation.operationId,
    request: {
      method,
      ...(auth ? { auth } : {}),
      header: demo.body === undefined ? [] : [{ key: 'Content-Type', value: 'application/json' }],
      url: urlOf(op),
      ...(demo.body === undefined
        ? {}
        : {
            body: {
              mode: 'raw',
              raw: JSON.stringify(demo.body, null, 2),
              options: { raw: { language: 'json' } },
            },
          }),
      description: `${operation.summary}.\n\n${operation.description ?? ''}\n\n\`${method} ${pathOf(path, demo.params)}\``,
    },
    event: [{ listen: 'test', script: { type: 'text/javascript', exec: testScript(op) } }],
  };
}

/**
 * The folders: one per first tag, in document order. A holder folder authenticates with the
 * holder token its script fetches; another with the platform token (its token request with none).
 */
function foldersOf(ops: DocumentedOperation[]): Json[] {
  const byTag = new Map<string, DocumentedOperation[]>();
  for (const op of ops) {
    const tag = op.operation.tags?.[0] ?? 'Other';
    byTag.set(tag, [...(byTag.get(tag) ?? []), op]);
  }
  return [...byTag].map(([tag, members]) => {
    const holder = members.every((m) => m.auth === 'holder');
    if (!holder && members.some((m) => m.auth === 'holder'))
      throw new Error(`folder ${tag} mixes holder and other requests`);
    const folderAuth = holder ? 'holder' : 'platform';
    return {
      name: tag,
      auth: bearer(holder ? 'holderToken' : 'platformToken'),
      item: members.map((m) => itemOf(m, folderAuth)),
      ...(holder
        ? {
            event: [
              {
                listen: 'prerequest',
                script: { type: 'text/javascript', exec: HOLDER_TOKEN_SCRIPT },
              },
            ],
          }
        : {}),
    };
  });
}

/** The collection of every operation of `doc`. */
export function postmanCollection(doc: OpenApiDocument): Json {
  return {
    info: {
      name: 'Data Holder Gateway',
      description:
        'Every operation of the gateway, with the demo core\'s ids. Generated by `npm run collections` from the OpenAPI document: do not edit. Holder requests get a token from the development token service (`npx data-holder-gateway token --serve`); set clientSecret for the platform requests (docs/api.md, "Collections for Postman and .http clients").',
      schema: SCHEMA,
    },
    variable: POSTMAN_VARIABLES.map(([key, value, description]) => ({
      key,
      value,
      description,
    })),
    item: foldersOf(documentedOperations(doc)),
  };
}
