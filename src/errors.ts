/**
 * The gateway's one error model lives in the adapter SDK, so that the errors an adapter throws
 * and those the gateway raises are the same classes. Gateway code imports them from here.
 */
export * from '@data-holder-gateway/adapter-sdk';
