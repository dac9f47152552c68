/**
 * The folder the user typed a command in. `npm run <script>` runs its script in the clone's root
 * and says where npm was started in INIT_CWD, so a relative path the user typed is read against
 * that folder, as they meant it.
 */
export function invokedFrom(script: string): string {
  const env = process.env;
  return env.npm_lifecycle_event === script && env.INIT_CWD ? env.INIT_CWD : process.cwd();
}
