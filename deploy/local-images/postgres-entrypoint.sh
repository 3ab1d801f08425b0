#!/bin/bash
# The part of the official postgres image's docker-entrypoint.sh that deploy/compose.yaml relies on:
#  - `postgres …` started as root makes $PGDATA the postgres user's and re-runs itself as that user (gosu);
#  - on an empty $PGDATA: initdb with POSTGRES_USER/POSTGRES_PASSWORD, password (scram-sha-256) logins from any
#    address, listen_addresses='*', POSTGRES_DB created, then /docker-entrypoint-initdb.d/*.sh (run when
#    executable, sourced otherwise) and *.sql against a server that listens on its socket only;
#  - then `exec postgres …` with the given arguments.
# Not reproduced: POSTGRES_INITDB_ARGS, POSTGRES_HOST_AUTH_METHOD, *_FILE secrets, *.sql.gz, a non-root --user.
set -Eeuo pipefail

if [ "${1:-}" != postgres ]; then
  exec "$@"
fi

if [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA"
  chown postgres:postgres "$PGDATA"
  chmod 700 "$PGDATA"
  exec gosu postgres "$BASH_SOURCE" "$@"
fi

if [ ! -s "$PGDATA/PG_VERSION" ]; then
  : "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD is required on the first start}"
  export POSTGRES_USER="${POSTGRES_USER:-postgres}"
  export POSTGRES_DB="${POSTGRES_DB:-$POSTGRES_USER}"
  initdb --username="$POSTGRES_USER" --pwfile=<(printf '%s\n' "$POSTGRES_PASSWORD") --encoding=UTF8 \
    --locale=C.UTF-8 -D "$PGDATA"
  echo "listen_addresses = '*'" >>"$PGDATA/postgresql.conf"
  printf '\nhost all all all scram-sha-256\n' >>"$PGDATA/pg_hba.conf"

  pg_ctl -D "$PGDATA" -o "-c listen_addresses='' -p 5432" -w start
  export PGPASSWORD="$POSTGRES_PASSWORD"
  if [ "$POSTGRES_DB" != postgres ]; then
    psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres \
      -c "CREATE DATABASE \"$POSTGRES_DB\""
  fi
  for f in /docker-entrypoint-initdb.d/*; do
    case "$f" in
      *.sh)
        echo "$0: running $f"
        if [ -x "$f" ]; then "$f"; else . "$f"; fi
        ;;
      *.sql)
        echo "$0: running $f"
        psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" -f "$f"
        ;;
      *) ;;
    esac
  done
  pg_ctl -D "$PGDATA" -m fast -w stop
  unset PGPASSWORD
  echo "$0: PostgreSQL init process complete; ready for start up."
fi

exec "$@"
