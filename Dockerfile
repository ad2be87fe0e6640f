# Prune: Flask + Flask-SocketIO under gunicorn's gevent worker, as script/server runs it.
#   docker build -t prune .
#   docker run -p 8000:8000 -v prune-instance:/app/instance prune
# One worker process only (Socket.IO state lives in it); each connected client is a greenlet,
# up to CONNECTIONS. Scale-out: see docs/deployment.md (Redis message queue).
# Set PRUNE_PUBLIC_URL (the address students open) for join links and QR codes, and
# PRUNE_TRUSTED_PROXIES=1 behind one reverse proxy (docs/deployment.md).

# The front end's production build (script/build.mjs: esbuild, hashed files, gzip and brotli
# copies, the manifest), made at image time: the served image needs no Node.js.
FROM node:22-slim AS front-end
WORKDIR /build
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY script/build.mjs script/d3-global.mjs script/
COPY static/ static/
COPY templates/ templates/
RUN node script/build.mjs

FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    HOST=0.0.0.0 \
    PORT=8000 \
    CONNECTIONS=5000 \
    PRUNE_MAX_SOCKETS=4500 \
    INSTANCE_PATH=/app/instance

RUN groupadd --system prune && useradd --system --gid prune --home-dir /app --no-create-home prune

WORKDIR /app

COPY requirements.txt .
RUN pip install -r requirements.txt

COPY wsgi.py pyproject.toml ./
COPY app/ app/
COPY static/ static/
COPY --from=front-end /build/static/dist/ static/dist/
COPY templates/ templates/
# The translation catalogs compiled (.po -> .mo) while app/ is still writable (app/i18n).
RUN python -c "from app.i18n.catalogs import compile_stale; compile_stale()"

RUN mkdir -p /app/instance && chown prune:prune /app/instance
VOLUME ["/app/instance"]

USER prune
EXPOSE 8000

# Same server as script/server; `exec` so gunicorn is PID 1 and receives SIGTERM.
# --limit-request-line 8190: the app, not gunicorn, answers long addresses (PRUNE_MAX_URL_CHARS).
# --timeout 30: a worker silent for 30 s is hung (no request holds its loop): docs/deployment.md.
CMD ["sh", "-c", "exec gunicorn --worker-class gevent -w 1 --worker-connections \"$CONNECTIONS\" --timeout 30 --bind \"$HOST:$PORT\" --limit-request-line 8190 --no-control-socket --access-logfile - wsgi:app"]
