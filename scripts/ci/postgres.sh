#!/usr/bin/env bash
# Installs (if missing) and starts Debian's PostgreSQL, creates a role and a
# database for the server tests, and prints the DATABASE_URL.
#
#   eval "$(scripts/ci/postgres.sh)"     # exports DATABASE_URL
#   DATABASE_URL=... npm run test:server  # each test file creates and drops its own database
#
# PGCLUSTER_NAME (default main) and PGPORT_TEST (default 5432) pick the cluster: the fault suite
# uses a cluster of its own (faults, 5433), since it restarts PostgreSQL under load.
#
# Runs as root (CI). Log lines go to stderr; stdout is only the export line.
set -euo pipefail

ROLE="${PGROLE:-visionapi}"
PASSWORD="${PGPASSWORD_TEST:-visionapi}"
DB="${PGDATABASE_TEST:-visionapi}"
PORT="${PGPORT_TEST:-5432}"
CLUSTER="${PGCLUSTER_NAME:-main}"

log() { echo "[postgres.sh] $*" >&2; }

if ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
  log "installing postgresql from Debian packages"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq postgresql >&2
fi

VERSION="$(ls /usr/lib/postgresql | sort -V | tail -n1)"
if ! pg_lsclusters -h | awk '{print $1" "$2}' | grep -q "^${VERSION} ${CLUSTER}$"; then
  log "creating cluster ${VERSION}/${CLUSTER}"
  pg_createcluster "${VERSION}" "${CLUSTER}" -p "${PORT}" >&2
fi
if ! pg_lsclusters -h | awk '$1=="'"${VERSION}"'" && $2=="'"${CLUSTER}"'" {print $4}' | grep -q online; then
  log "starting cluster ${VERSION}/${CLUSTER}"
  pg_ctlcluster "${VERSION}" "${CLUSTER}" start >&2
fi
CLUSTER_PORT="$(pg_lsclusters -h | awk '$1=="'"${VERSION}"'" && $2=="'"${CLUSTER}"'" {print $3}')"

psql_admin() { su postgres -c "psql -p ${CLUSTER_PORT} -v ON_ERROR_STOP=1 -qAt -c \"$1\"" >&2; }
if [ -z "$(su postgres -c "psql -p ${CLUSTER_PORT} -qAt -c \"SELECT 1 FROM pg_roles WHERE rolname='${ROLE}'\"")" ]; then
  log "creating role ${ROLE} (CREATEDB: the tests create a fresh database per run)"
  psql_admin "CREATE ROLE ${ROLE} LOGIN CREATEDB PASSWORD '${PASSWORD}'"
fi
if [ -z "$(su postgres -c "psql -p ${CLUSTER_PORT} -qAt -c \"SELECT 1 FROM pg_database WHERE datname='${DB}'\"")" ]; then
  log "creating database ${DB}"
  psql_admin "CREATE DATABASE ${DB} OWNER ${ROLE}"
fi

URL="postgres://${ROLE}:${PASSWORD}@127.0.0.1:${CLUSTER_PORT}/${DB}"
log "PostgreSQL ${VERSION}/${CLUSTER} ready: ${URL}"
echo "export DATABASE_URL=${URL}"
echo "export PGCLUSTER_ID='${VERSION} ${CLUSTER}'"
