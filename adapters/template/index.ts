/**
 * The template adapter module: copy the folder `adapters/template/` (it imports nothing of the
 * gateway but `@data-holder-gateway/adapter-sdk`), rename `template` to your adapter's id, and
 * replace the core calls and mappers with your core's. docs/adapters.md walks through it.
 *
 * The gateway loads this module with `CORE_ADAPTER=./dist/adapters/template` (a path) or a package
 * name, reads its configuration block from `TEMPLATE_*` variables (one per configSchema property:
 * `baseUrl` → `TEMPLATE_BASE_URL`), validates it against `configSchema` with the defaults applied,
 * and calls `create` once at start-up.
 */
import type { AdapterModule } from '@data-holder-gateway/adapter-sdk';
import { type TemplateConfig } from './template-client';
import { createTemplateAdapter } from './template.adapter';

/** JSON Schema (draft-07) of the configuration block: a default and a description for each key. */
export const templateConfigSchema = {
  type: 'object',
  required: ['baseUrl', 'apiKey'],
  additionalProperties: false,
  properties: {
    baseUrl: {
      type: 'string',
      pattern: '^https?://[^\\s]+$',
      description: 'Base URL of the core API, path prefix included (TEMPLATE_BASE_URL).',
    },
    apiKey: {
      type: 'string',
      minLength: 1,
      description: 'Bearer key the core expects (TEMPLATE_API_KEY). A secret: never logged.',
    },
    connections: {
      type: 'integer',
      minimum: 1,
      default: 16,
      description: 'Most connections to the core (TEMPLATE_CONNECTIONS).',
    },
    connectTimeoutMs: {
      type: 'integer',
      minimum: 1,
      default: 2000,
      description: 'Connect timeout in ms (TEMPLATE_CONNECT_TIMEOUT_MS).',
    },
    headersTimeoutMs: {
      type: 'integer',
      minimum: 1,
      default: 5000,
      description: 'Longest wait for response headers in ms (TEMPLATE_HEADERS_TIMEOUT_MS).',
    },
    bodyTimeoutMs: {
      type: 'integer',
      minimum: 1,
      default: 10000,
      description: 'Longest gap between response body chunks in ms (TEMPLATE_BODY_TIMEOUT_MS).',
    },
    keepAliveTimeoutMs: {
      type: 'integer',
      minimum: 1,
      default: 4000,
      description: 'How long an idle connection is kept in ms (TEMPLATE_KEEP_ALIVE_TIMEOUT_MS).',
    },
    maxResponseBytes: {
      type: 'integer',
      minimum: 1024,
      default: 10485760,
      description: 'Largest response body accepted, bytes (TEMPLATE_MAX_RESPONSE_BYTES).',
    },
  },
} as const;

export const adapterModule: AdapterModule = {
  id: 'template',
  configSchema: templateConfigSchema,
  async create({ config, log }) {
    // The gateway validated `config` against templateConfigSchema and applied its defaults.
    return createTemplateAdapter(config as unknown as TemplateConfig, log);
  },
};

export default adapterModule;
export { createTemplateAdapter } from './template.adapter';
export type { TemplateConfig } from './template-client';
