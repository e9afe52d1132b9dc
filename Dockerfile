# Parley's image: `docker build -t parley .` (docs/operations.md, "Containers").
# Build stage: the same steps `.ci/run` takes on a clean clone (npm ci, npm run build), then the
# dev dependencies are dropped. scripts/check-deploy.mjs keeps this file and CI in step.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
RUN npm prune --omit=dev --no-audit --no-fund

# Run stage: plain node on the compiled server, as the unprivileged `node` user.
FROM node:24-bookworm-slim
# espeak-ng speaks voice broadcasts; tini forwards signals so a stop finishes the sends in flight.
RUN apt-get update \
  && apt-get install -y --no-install-recommends espeak-ng tini \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# The compiled server reads its migrations and embed scripts from its sources.
COPY --from=build /app/src/server ./src/server
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "--enable-source-maps", "dist/server/main.js"]
