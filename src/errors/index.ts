/**
 * The gateway's one error model lives in the adapter SDK, so that the errors an adapter throws
 * and those the gateway raises are the same classes. Gateway code imports them from here.
 */
export * from '@data-holder-gateway/adapter-sdk';

import { createError } from '@data-holder-gateway/adapter-sdk';

/**
 * The statement of a download is unknown for this account (FDX body, code 404). The gateway's
 * own: the route refuses an impossible statement id with it before any core is asked.
 */
export const FdxStatementNotFoundError = createError(
  'GW_ERR_FDX_STATEMENT_NOT_FOUND',
  404,
  () => 'Statement not found',
  { publicCode: 404 },
);
