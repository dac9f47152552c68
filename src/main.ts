/** `npm start`: the gateway's `serve` command (the same as `data-holder-gateway serve`). */
import { serveCommand } from './cli/serve';

void serveCommand(process.argv.slice(2)).then((code) => {
  if (code !== undefined) process.exit(code);
});
