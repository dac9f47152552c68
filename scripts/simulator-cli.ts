/**
 * What `npm run fineract:sim`, `npm run kraken:sim` and `npm run temenos:sim` share: reading the
 * port, the lines that point the gateway at a simulator, and stopping it on SIGINT or SIGTERM.
 */

function shellQuote(value: string): string {
  return /^[A-Za-z0-9_./:@-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

/** A port from a variable's text; anything else ends the process with code 2, naming it. */
export function portFrom(raw: string, name: string): number {
  if (!/^[0-9]{1,5}$/.test(raw) || Number(raw) > 65535) {
    process.stderr.write(`${name} must be a port number (0-65535), got "${raw}"\n`);
    process.exit(2);
  }
  return Number(raw);
}

/**
 * The lines that start the gateway on a simulator with `vars`, and call it with a token for
 * `customerId` (the Temenos simulator's ids are Transact's, not `1`).
 */
export function gatewayInstructions(vars: readonly [string, string][], customerId = '1'): string[] {
  return [
    'Point the gateway at it (in another terminal; HOLDER_DEV_KEYS=true serves the development',
    'key set so `npm run token` works: never in production, where HOLDER_JWKS_URL and',
    "HOLDER_SUBDOMAIN name your platform; ID_ENCODING=raw hands out the simulator's own ids, so",
    'the ids below work: without it the gateway hands out opaque ids of its own):',
    '',
    `  ${vars.map(([k, v]) => `export ${k}=${shellQuote(v)}`).join('\n  ')}`,
    '  export HOLDER_DEV_KEYS=true',
    '  export ID_ENCODING=raw',
    '  npm start',
    '',
    'then, with the same variables:',
    `  npm run --silent token -- GET /auth/v1/customer/${customerId}/accounts | sh`,
    '',
    'Ctrl-C stops the simulator.',
    '',
  ];
}

/** Closes the simulator once on SIGINT or SIGTERM, then exits 0. */
export function stopOnSignals(name: string, close: () => Promise<void>): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`${signal}: stopping the ${name} simulator\n`);
    void close().then(() => process.exit(0));
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}
