import { describeAdapterContract } from '@data-holder-gateway/adapter-sdk/contract';
import { createAcmeAdapter } from '../src';
import { FIXTURES } from './fixtures';

describeAdapterContract({
  name: 'acme',
  ports: ['banking'],
  fixtures: FIXTURES,
  setup: async () => ({ adapter: createAcmeAdapter() }),
});
