#!/bin/sh
# Entry of the Postgres base image that deploy/base-images.sh makes from Debian's postgresql-15,
# for hosts with no image registry. It honours what deploy/docker-compose.yml uses of the official
# image: POSTGRES_USER, POSTGRES_PASSWORD and POSTGRES_DB make the cluster on the first start, in
# PGDATA (/var/lib/postgresql/data, the volume); `postgres -c name=value ...` passes settings.
set -eu
PGDATA=${PGDATA:-/var/lib/postgresql/data}
BIN=/usr/lib/postgresql/15/bin
if [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA" /run/postgresql
  chown -R postgres:postgres "$PGDATA" /run/postgresql
  chmod 700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
fi
if [ "${1:-}" = postgres ]; then shift; fi
user=${POSTGRES_USER:-postgres}
db=${POSTGRES_DB:-$user}
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  if [ -z "${POSTGRES_PASSWORD:-}" ]; then
    echo "postgres: POSTGRES_PASSWORD is not set; it is needed to make the cluster" >&2
    exit 1
  fi
  pwfile=$(mktemp)
  printf '%s\n' "$POSTGRES_PASSWORD" >"$pwfile"
  "$BIN/initdb" -D "$PGDATA" -U "$user" --pwfile="$pwfile" -E UTF8 --locale=C.UTF-8 \
    --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  rm -f "$pwfile"
  echo "listen_addresses = '*'" >>"$PGDATA/postgresql.conf"
  echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
  if [ "$db" != postgres ]; then
    echo "CREATE DATABASE \"$db\" OWNER \"$user\";" | "$BIN/postgres" --single -D "$PGDATA" -j postgres >/dev/null
  fi
  echo "postgres: made the cluster in $PGDATA (user $user, database $db)"
fi
exec "$BIN/postgres" -D "$PGDATA" "$@"
