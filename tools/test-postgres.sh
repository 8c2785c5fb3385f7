#!/usr/bin/env bash
# Runs the API integration tests and the PostgreSQL release registry's tests against a real
# PostgreSQL server as well as PGlite, then e2e/edges/two-edges.test.mjs (two built server processes
# on one database behind a round-robin proxy; the api, the shell and the remotes are built first,
# from nx's cache when they are built already): starts a throwaway cluster on 127.0.0.1 (Debian's
# PostgreSQL 15 binaries), runs them with DATABASE_URL set, then stops and deletes the cluster.
# Needs root (it runs the server as the postgres user) or an existing DATABASE_URL, which it then
# uses as it is. Arguments choose some of the three: `bash tools/test-postgres.sh edges` (default
# `api release edges`).
set -euo pipefail
cd "$(dirname "$0")/.."
SUITES="${*:-api release edges}"
for suite in $SUITES; do
  case "$suite" in api|release|edges) ;; *) echo "test-postgres: unknown suite \"$suite\" (api, release, edges)" >&2; exit 2 ;; esac
done
run_suites() {
  for suite in $SUITES; do
    case "$suite" in
      api) npx nx run api:test --skip-nx-cache --outputStyle=static ;;
      release) node --test tools/release/test/registry-postgres.test.mjs ;;
      edges)
        npx nx run-many -t build -p api shell mfe-catalog mfe-cart-checkout mfe-account mfe-content --outputStyle=static
        node --test --test-reporter=spec e2e/edges/two-edges.test.mjs ;;
    esac
  done
}
if [ -n "${DATABASE_URL:-}" ]; then
  run_suites
  exit 0
fi
PGBIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
if [ -z "$PGBIN" ] || [ ! -x "$PGBIN/initdb" ]; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
    PGBIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
  else
    echo "test-postgres: no PostgreSQL server binaries found; skipping the PostgreSQL pass" >&2
    exit 0
  fi
fi
# PGPORT_TEST, else a port free now (several people may run this on one machine at once)
PORT=${PGPORT_TEST:-$(node -e "const s = require('net').createServer(); s.listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })")}
PGTMP=$(mktemp -d /tmp/store-pg.XXXXXX)
chmod 755 "$PGTMP"
as_pg() { if [ "$(id -u)" = 0 ]; then chown -R postgres "$PGTMP"; su postgres -s /bin/sh -c "$1"; else sh -c "$1"; fi; }
cleanup() { as_pg "$PGBIN/pg_ctl -D $PGTMP/data -m fast stop" >/dev/null 2>&1 || true; rm -rf "$PGTMP"; }
trap cleanup EXIT
as_pg "$PGBIN/initdb -D $PGTMP/data -U store --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null && $PGBIN/pg_ctl -D $PGTMP/data -o '-c listen_addresses=127.0.0.1 -p $PORT -k $PGTMP' -l $PGTMP/log -w start >/dev/null"
echo "test-postgres: PostgreSQL $("$PGBIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT"
DATABASE_URL="postgres://store@127.0.0.1:$PORT/postgres" run_suites
