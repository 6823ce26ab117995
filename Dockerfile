# One image for the backend and the workers; the command chooses which runs.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci && npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends chromium fonts-liberation ca-certificates && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production CHROMIUM_PATH=/usr/bin/chromium DATA_DIR=/data
WORKDIR /app
COPY --from=build /app /app
VOLUME /data
EXPOSE 3000
CMD ["node", "backend/dist/main.js"]
