/**
 * The configuration block of a pass-through instance (adapter kind `proxy`): where the upstream
 * is, which headers cross in each direction, the upstream's own credentials, the response check
 * and the timeout. A JSON Schema written with TypeBox, read with `adapterConfigFrom(id, schema,
 * variables)`: property `baseUrl` of instance `fdx-upstream` is `FDX_UPSTREAM_BASE_URL`.
 */
import { Type, type Static } from '@sinclair/typebox';

/** Request headers forwarded when `forwardHeaders` is not set. */
export const DEFAULT_FORWARD_HEADERS = [
  'accept',
  'accept-language',
  'content-type',
  'x-request-id',
  'x-fapi-interaction-id',
  'x-v',
  'x-min-v',
] as const;

/** Upstream response headers passed on when `responseHeaders` is not set. */
export const DEFAULT_RESPONSE_HEADERS = [
  'content-type',
  'content-length',
  'content-disposition',
  'etag',
  'last-modified',
  'retry-after',
  'deprecation',
  'link',
  'x-v',
  'x-fapi-interaction-id',
] as const;

/**
 * Request headers that never cross, whatever `forwardHeaders` says: the caller's credentials
 * (the platform's token is the gateway's, never the upstream's) and its cookies.
 */
export const NEVER_FORWARDED = ['authorization', 'proxy-authorization', 'cookie'] as const;

const headerName = (description: string) =>
  Type.String({ pattern: "^[a-z0-9!#$%&'*+.^_`|~-]+$", description });

/** JSON Schema of a pass-through instance's configuration block. */
export const proxySettingsSchema = Type.Object(
  {
    baseUrl: Type.String({
      format: 'uri',
      pattern: '^https?://',
      description:
        "Where the family's space lives on the upstream: `/fdx/v6/customer/...` is sent to `<baseUrl>/customer/...` for an FDX family, `/v1/banking/customer/...` to `<baseUrl>/customer/...` for banking (<ID>_BASE_URL).",
    }),
    authorisationUrl: Type.Optional(
      Type.String({
        format: 'uri',
        pattern: '^https?://',
        description:
          "Root under which the upstream serves `/auth/v1/customer/{customerId}/accounts` and `/v1/common/customer/{customerId}/detail`, for the gateway's authorisation list; default the origin of baseUrl (<ID>_AUTHORISATION_URL).",
      }),
    ),
    forwardHeaders: Type.Array(headerName('A request header name, lower case.'), {
      default: [...DEFAULT_FORWARD_HEADERS],
      uniqueItems: true,
      description: `Request headers forwarded to the upstream, lower case (<ID>_FORWARD_HEADERS, a JSON array); default ${JSON.stringify(DEFAULT_FORWARD_HEADERS)}. ${NEVER_FORWARDED.join(', ')} are never forwarded.`,
    }),
    responseHeaders: Type.Array(headerName('A response header name, lower case.'), {
      default: [...DEFAULT_RESPONSE_HEADERS],
      uniqueItems: true,
      description: `Upstream response headers passed to the caller, lower case (<ID>_RESPONSE_HEADERS, a JSON array); default ${JSON.stringify(DEFAULT_RESPONSE_HEADERS)}.`,
    }),
    authorization: Type.Optional(
      Type.String({
        minLength: 1,
        description:
          "The upstream's own Authorization value, e.g. `Basic ...`; never logged (<ID>_AUTHORIZATION).",
      }),
    ),
    headers: Type.Record(Type.String({ pattern: '^[A-Za-z0-9-]+$' }), Type.String(), {
      default: {},
      description:
        'Static headers added to every upstream request, e.g. an API key: `{"x-api-key":"..."}`; values never logged (<ID>_HEADERS, a JSON object).',
    }),
    check: Type.Unsafe<'off' | 'log'>({
      type: 'string',
      enum: ['off', 'log'],
      default: 'off',
      description:
        'Response check: `log` validates JSON answers against the route contract, logging and counting those that do not match (they are still passed on); `off` passes answers through unread (<ID>_CHECK).',
    }),
    timeoutMs: Type.Optional(
      Type.Integer({
        minimum: 1,
        description:
          'Time the upstream has to send its response headers, and longest pause within a body, milliseconds; default CORE_TIMEOUT_MS (<ID>_TIMEOUT_MS).',
      }),
    ),
  },
  { additionalProperties: false },
);

/** A pass-through instance's settings, as the schema validates them (defaults applied). */
export type ProxySettings = Static<typeof proxySettingsSchema>;

/**
 * The settings of a validated block (what `adapterConfigFrom` answers for this schema), with the
 * names of the never-forwarded headers dropped from `forwardHeaders`.
 */
export function proxySettingsFrom(block: Readonly<Record<string, unknown>>): ProxySettings {
  const settings = block as ProxySettings;
  const never = new Set<string>(NEVER_FORWARDED);
  return {
    ...settings,
    forwardHeaders: settings.forwardHeaders.filter((name) => !never.has(name)),
  };
}
