/** The configuration of an environment for a command line, its problems said on err. */
import { type Config, ConfigError, loadConfig } from '../config/config';
import type { Output } from './clients';

/**
 * The configuration of `env` (the process's when undefined); undefined when it is refused (its
 * problems said on err).
 */
export function configOf(
  env: Record<string, string | undefined> | undefined,
  io: Output,
): Config | undefined {
  try {
    return loadConfig(env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    io.err(err.message);
    return undefined;
  }
}
