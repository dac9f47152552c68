/**
 * Two passes (see package.json "test"): the main suite in parallel, then the timing-sensitive
 * tests alone (DHG_TIMING=1, --runInBand), so other suites' CPU load cannot skew their medians.
 * @type {import('jest').Config}
 */
const TIMING = ['/test/component/platform-timing\\.test\\.ts$'];
const timing = process.env.DHG_TIMING === '1';
/** The documented user paths from a fresh clone: `npm run test:fresh-clone` (jest.fresh-clone.config.js). */
const FRESH_CLONE = ['\\.fresh-clone\\.test\\.ts$'];

module.exports = {
  testEnvironment: 'node',
  // Each core system keeps its tests beside it (adapters/<system>/test/), the SDK too.
  roots: ['<rootDir>/test', '<rootDir>/adapters', '<rootDir>/packages'],
  // The adapter SDK from its TypeScript source, as tsconfig.json's `paths` say (no build first).
  moduleNameMapper: {
    '^@data-holder-gateway/adapter-sdk$': '<rootDir>/packages/adapter-sdk/src/index.ts',
    '^@data-holder-gateway/adapter-sdk/(.*)$': '<rootDir>/packages/adapter-sdk/src/$1',
  },
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }],
  },
  setupFiles: ['<rootDir>/test/helpers/block-network.ts'],
  globalSetup: '<rootDir>/test/helpers/global-setup.js',
  globalTeardown: '<rootDir>/test/helpers/global-teardown.js',
  testTimeout: 20000,
  maxWorkers: 2,
  ...(timing
    ? { testRegex: TIMING, testMatch: undefined }
    : { testPathIgnorePatterns: ['/node_modules/', '/dist/', ...TIMING, ...FRESH_CLONE] }),
};
