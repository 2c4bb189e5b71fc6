# The site as one image: built from the lockfile, run by plain node as a non-root user.
#   docker build -t agency .
#   docker compose up            (the site and PostgreSQL 17: compose.yaml)

FROM node:24-bookworm-slim AS build
WORKDIR /app
# Dependencies first, from the lockfile alone, so a source change reuses this layer.
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY packages/db/package.json packages/db/
COPY packages/api-client/package.json packages/api-client/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY apps/server/package.json apps/server/
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
# The dependencies' patches (patches/, as npm install's postinstall applies them), then the build.
RUN npx patch-package && npm run build && npm prune --omit=dev --ignore-scripts

FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The options of scripts/start.mjs (SERVER_NODE_OPTIONS): a young generation sized for the server's load.
CMD ["node", "--enable-source-maps", "--max-semi-space-size=32", "apps/server/dist/main.js"]
