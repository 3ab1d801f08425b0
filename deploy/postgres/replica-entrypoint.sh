#!/bin/sh
# The replica's start: on its first start (an empty data volume) a copy of the primary by pg_basebackup, with -R
# so it starts as a standby streaming from the primary; then PostgreSQL as the image runs it.
set -eu
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  until pg_isready -h postgres -U "$POSTGRES_USER" >/dev/null 2>&1; do sleep 1; done
  mkdir -p "$PGDATA" && chown postgres:postgres "$PGDATA" && chmod 700 "$PGDATA"
  PGPASSWORD="$REPLICATION_PASSWORD" gosu postgres pg_basebackup -h postgres -U replicator -D "$PGDATA" -R -X stream -c fast
fi
exec docker-entrypoint.sh postgres -c hot_standby=on -c max_connections=200
