# syntax=docker/dockerfile:1
# The storefront and its server in one image: built in one stage, run from a second that has
# only the production dependencies, as a user without privileges. `docker build .` or
# scripts/dockerBuild.sh; compose.yaml runs two of them on PostgreSQL behind Caddy.
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# Dependencies first, so a change of source alone reuses this layer. argon2 and PGlite ship
# their binaries: nothing compiles.
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The storefront's build-time settings (src/config/env.ts, .env.example): empty means the
# default (the API on this same origin, sandbox payments in the browser).
ARG PAYSTACK_PUBLIC_KEY=""
ARG EMAILJS_SERVICE_ID=""
ARG EMAILJS_TEMPLATE_ID=""
ARG EMAILJS_PUBLIC_KEY=""
ARG EMAILJS_ORIGIN=""
ARG PICKUP_ADDRESS=""
# The storefront into dist/, and the server compiled to JavaScript into build/.
RUN npm run build
RUN npm prune --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data \
    DIST_DIR=/app/dist
WORKDIR /app
RUN groupadd --system shop \
 && useradd --system --gid shop --home-dir /nonexistent --shell /usr/sbin/nologin shop \
 && mkdir /data && chown shop:shop /data && chmod 700 /data
# Owned by root and read-only to the server: it writes nowhere but DATA_DIR. The TypeScript
# sources stay beside the compiled server for the operator's commands (npm run seed, backup,
# staff:create), which run them through tsx.
COPY --from=build /app/package.json /app/package-lock.json /app/tsconfig.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/contract ./contract
# The route manifest: the server reads which pages it renders and preloads from it.
COPY --from=build /app/src/app/routeManifest.ts ./src/app/routeManifest.ts
COPY --from=build /app/server ./server
COPY --from=build /app/build ./build
COPY --from=build /app/dist ./dist
USER shop
# The embedded database and the generated token key (unused with DATABASE_URL and JWT_SECRET).
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + (process.env.API_PREFIX || '/api') + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM (docker stop) drains: the server finishes what it has received, then exits 0.
STOPSIGNAL SIGTERM
CMD ["node", "--max-semi-space-size=2", "build/server/src/main.js"]
