/**
 * The ports and the resource types live in the adapter SDK (with the rest of what adapters
 * import); gateway code names them through here.
 */
export * from '@data-holder-gateway/adapter-sdk';
