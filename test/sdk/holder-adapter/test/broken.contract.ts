import { describeAdapterContract } from '@data-holder-gateway/adapter-sdk/contract';
import { createBrokenAcmeAdapter } from '../src/broken';
import { FIXTURES } from './fixtures';

describeAdapterContract({
  name: 'acme, broken',
  ports: ['banking'],
  fixtures: FIXTURES,
  setup: async () => ({ adapter: createBrokenAcmeAdapter() }),
});
