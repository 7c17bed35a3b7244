#!/usr/bin/env bash
# Installs (if missing) Debian's redis-server and starts a private instance for the tests (no
# persistence, loopback only), then prints the REDIS_URL. Valkey, where packaged, works the same.
#
#   eval "$(scripts/ci/redis.sh)"     # exports REDIS_URL
#
# REDIS_PORT_TEST (default 6390) picks the port; an instance already answering there is reused.
# Runs as root in CI. Log lines go to stderr; stdout is only the export line.
set -euo pipefail

PORT="${REDIS_PORT_TEST:-6390}"
log() { echo "[redis.sh] $*" >&2; }

if ! command -v redis-server >/dev/null 2>&1; then
  log "installing redis-server from Debian packages"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq redis-server >&2
fi

if ! redis-cli -p "${PORT}" ping >/dev/null 2>&1; then
  DIR="$(mktemp -d /tmp/visionapi-redis-XXXXXX)"
  log "starting redis-server on 127.0.0.1:${PORT} (${DIR})"
  redis-server --port "${PORT}" --bind 127.0.0.1 --daemonize yes --save '' --appendonly no \
    --dir "${DIR}" --logfile "${DIR}/redis.log" >&2
  for _ in $(seq 1 50); do
    redis-cli -p "${PORT}" ping >/dev/null 2>&1 && break
    sleep 0.1
  done
fi
log "Redis ready on 127.0.0.1:${PORT}"
echo "export REDIS_URL=redis://127.0.0.1:${PORT}"
