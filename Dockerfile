# Pushboard as one image for every role: ROLE=all (default), web or worker.
# Build: docker build -t pushboard .
# Run:   docker run -p 5000:5000 -e DATABASE_URL=postgres://… -e SECRET_KEY=… \
#          -e SF_CLIENT_ID=… -e SF_CLIENT_SECRET=… -e SF_LOGIN_URL=… -e PUBLIC_URL=… pushboard

# ---- build: every dependency, then the web app (dist/web) ----
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ---- runtime: production dependencies only (tsx runs the TypeScript server), non-root ----
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=5000 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY tsconfig.base.json tsconfig.json ./
COPY src ./src
COPY scripts/healthcheck.mjs ./scripts/healthcheck.mjs
COPY --from=build /app/dist/web ./dist/web
# The embedded database (used only without DATABASE_URL) and the demo secret key live here.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 5000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "scripts/healthcheck.mjs"]
CMD ["node", "--import", "tsx", "src/main.ts"]
