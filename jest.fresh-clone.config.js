/**
 * `npm run test:fresh-clone`: the documented user paths, each from a fresh clone of HEAD in a
 * temporary folder (test/**\/*.fresh-clone.test.ts). Minutes per suite, so not part of `npm test`;
 * .ci/run runs it after the test suite.
 * @type {import('jest').Config}
 */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.fresh-clone.test.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }],
  },
  setupFiles: ['<rootDir>/test/helpers/block-network.ts'],
  testTimeout: 120000,
  maxWorkers: 2,
};
