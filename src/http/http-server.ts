/**
 * The one place that creates HTTP servers for the gateway's Express apps.
 *
 * Express gives each request and response its app's prototypes (`Object.setPrototypeOf` in
 * `app.handle`). Re-parenting an object per request gave every request's objects a map of their
 * own that outlived young-generation collections, whose copying then paused every request
 * (docs/decisions/0023-one-http-stack-express.md). Here Node creates them as the app's objects from
 * the start: the server's `IncomingMessage` and `ServerResponse` are classes whose prototypes
 * are the app's `request` and `response`, so `app.handle` sets the prototype an object already
 * has, which V8 skips.
 */
import http from 'node:http';
import type { Express } from 'express';

interface ObjectClasses {
  IncomingMessage: typeof http.IncomingMessage;
  ServerResponse: typeof http.ServerResponse;
}

const classesByApp = new WeakMap<Express, ObjectClasses>();

/**
 * Request and response classes for `app`, made once per app. Their prototypes inherit from
 * the app's own `request` and `response` (which carry `app` and Express's methods) and then
 * become them, so Express keeps finding everything where it looks.
 */
function objectClassesOf(app: Express): ObjectClasses {
  let classes = classesByApp.get(app);
  if (classes) return classes;
  class AppRequest extends http.IncomingMessage {}
  class AppResponse<Request extends http.IncomingMessage> extends http.ServerResponse<Request> {}
  Object.setPrototypeOf(AppRequest.prototype, app.request);
  Object.setPrototypeOf(AppResponse.prototype, app.response);
  // Express reads its request and response prototypes from these two properties.
  Object.defineProperty(app, 'request', { value: AppRequest.prototype, writable: true });
  Object.defineProperty(app, 'response', { value: AppResponse.prototype, writable: true });
  classes = { IncomingMessage: AppRequest, ServerResponse: AppResponse };
  classesByApp.set(app, classes);
  return classes;
}

/**
 * An HTTP server (not listening) that serves `app` on requests and responses created as its own
 * objects; `before` runs first on every request (e.g. to add `Connection: close` while
 * draining).
 */
export function createHttpServer(
  app: Express,
  options: http.ServerOptions = {},
  before?: http.RequestListener,
): http.Server {
  const listener: http.RequestListener = before
    ? (req, res) => {
        before(req, res);
        app(req, res);
      }
    : app;
  return http.createServer({ ...options, ...objectClassesOf(app) }, listener);
}
