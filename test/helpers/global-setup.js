/** Names this jest run, so that suites needing the built gateway build it once (build-once.ts). */
module.exports = async () => {
  process.env.DHG_TEST_RUN = `${process.pid}-${Date.now()}`;
};
