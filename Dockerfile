# Vendorwatch images, built from one Dockerfile:
#   target `backend` (the default): the API, the embedded auth and the built app, on port 3000;
#   target `worker`: crawl workers, with Debian's Chromium. Run as many as you like.
# docker-compose.yml builds both: `docker compose up --build --scale worker=4`.

# ---- build: install exactly the lock file, compile, drop the dev dependencies ----
FROM node:20-bookworm-slim AS build
WORKDIR /app
# The manifests first: the dependency layer is rebuilt only when they change.
COPY package.json package-lock.json .puppeteerrc.cjs ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/compliance/package.json packages/compliance/
COPY packages/db/package.json packages/db/
COPY packages/runtime/package.json packages/runtime/
COPY backend/package.json backend/
COPY worker/package.json worker/
COPY frontend/package.json frontend/
# No install scripts, as on a developer's machine (npm 11 runs none unless approved): nothing is
# downloaded besides the locked packages (puppeteer never fetches a browser: .puppeteerrc.cjs).
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --ignore-scripts

# ---- base of both images: production settings, a data directory the app user owns ----
FROM node:20-bookworm-slim AS base
ENV NODE_ENV=production DATA_DIR=/data
WORKDIR /app
RUN mkdir -p /data && chown node:node /data
VOLUME /data

# ---- worker: BullMQ processors and the crawl engine, with Chromium ----
FROM base AS worker
RUN apt-get update \
  && apt-get install -y --no-install-recommends chromium fonts-liberation ca-certificates \
  && rm -rf /var/lib/apt/lists/*
ENV CHROMIUM_PATH=/usr/bin/chromium
COPY --from=build --chown=node:node /app /app
USER node
# Healthy while this container's worker writes its heartbeat to Redis.
HEALTHCHECK --interval=15s --timeout=10s --start-period=30s --retries=3 CMD ["node", "worker/dist/healthcheck.js"]
# SIGTERM hands running crawls back to the queue; give it the time to.
STOPSIGNAL SIGTERM
CMD ["node", "worker/dist/main.js"]

# ---- backend (default target): the HTTP server ----
FROM base AS backend
COPY --from=build --chown=node:node /app /app
USER node
EXPOSE 3000
# /api/health answers 503 while the database or Redis is unreachable.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "backend/dist/main.js"]
