# The gateway's container image. Two stages: the build stage compiles TypeScript with the dev
# dependencies; the runtime stage holds production dependencies, the compiled dist/ and the few
# files the gateway reads at run time, and runs as a non-root user.
# test/deploy/container.test.ts checks this file against the build and the `npm start` command.

# The Node.js line the gateway ships on (an LTS line in support): .ci/run reads its major from here
# and runs the test suite on it too, so what ships is what was tested.
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
# The adapter SDK is a workspace: its manifest must be there before npm ci links it.
COPY packages/adapter-sdk/package.json ./packages/adapter-sdk/
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY packages ./packages
COPY src ./src
COPY adapters ./adapters
COPY contracts ./contracts
COPY scripts ./scripts
RUN npm run build

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/adapter-sdk/package.json ./packages/adapter-sdk/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY --from=build /app/packages/adapter-sdk/dist ./packages/adapter-sdk/dist
# Read at run time: the resource schemas (in the SDK), the demo core's bundled data set, and the
# Kraken adapter's GraphQL operations; and the launchers of `npm start` and `npm run clients|token`.
# These copies are the production copy docs/operations.md lists (test/deploy checks they agree).
COPY packages/adapter-sdk/schemas ./packages/adapter-sdk/schemas
COPY adapters/demo/data ./adapters/demo/data
COPY adapters/kraken/queries ./adapters/kraken/queries
COPY scripts/run-cli.cjs scripts/build-if-dev.cjs ./scripts/
# The demo core writes its development keys here; the rest of the image stays read-only to the
# gateway's user (uid 1000 is the image's `node` user; numeric, so Kubernetes can check runAsNonRoot).
RUN mkdir -p /app/.dev && chown 1000:1000 /app/.dev
USER 1000:1000
EXPOSE 3000 9464
# The gateway drains on SIGTERM (docs/operations.md, Shutdown); no HEALTHCHECK: probes come from
# the orchestrator (/livez, /readyz).
STOPSIGNAL SIGTERM
# What `npm start` runs, without its prestart build: the shipped Node options (package.json
# config.nodeOptions) in front of the operator's NODE_OPTIONS, and exec so that node is PID 1 and
# receives the stop signal itself.
CMD ["/bin/sh", "-c", "NODE_OPTIONS=\"--max-semi-space-size=32 ${NODE_OPTIONS:-}\" exec node dist/src/main.js"]
