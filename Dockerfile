# One container for a single VPS: the site, its API and (unless DATABASE_URL is set) an embedded PostgreSQL.
# Build:  docker build -t club-site .
# Run:    docker run -d -p 3000:3000 -v club-data:/data -e SESSION_SECRET=... -e PUBLIC_URL=https://club.example club-site

FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:24-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json /app/package-lock.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build --chown=node:node /app/src ./src
COPY --from=build --chown=node:node /app/scripts ./scripts
COPY --from=build --chown=node:node /app/tsconfig.json ./
RUN mkdir -p /data && chown node:node /data
# PostgreSQL refuses to run as root; the image runs everything as the unprivileged `node` user.
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# Without SESSION_SECRET the app refuses to start in production (it explains why in the log).
CMD ["node", "--import", "tsx", "src/server/main.ts"]
