#!/usr/bin/env bash
# Makes a streaming read replica of a running PostgreSQL primary and starts it (issue #16: read replicas).
#
#   scripts/pg-replica.sh <primary-port> <replica-dir> <replica-port>       make and start
#   scripts/pg-replica.sh stop <replica-dir>                                stop it
#
# The primary must accept replication connections from 127.0.0.1 for user postgres (initdb --auth=trust does;
# wal_level=replica and max_wal_senders>0 are PostgreSQL's defaults). pg_basebackup -R writes standby.signal and
# primary_conninfo, -X stream copies the WAL written during the backup; hot_standby is on by default, so the
# replica answers reads as soon as it is consistent. Run as root (it switches to postgres) or as postgres.
# The replica follows every database of the cluster: one created on the primary appears on it after replay.
set -euo pipefail

PGBIN=${PGBIN:-$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)}

as_postgres() {
  if [ "$(id -un)" = postgres ]; then sh -c "$1"; else su postgres -s /bin/sh -c "$1"; fi
}

if [ "${1:-}" = stop ]; then
  dir=${2:?replica directory}
  as_postgres "$PGBIN/pg_ctl -D '$dir/data' -m fast -w stop" >/dev/null 2>&1 || true
  exit 0
fi

primary_port=${1:?primary port}
dir=${2:?replica directory}
port=${3:?replica port}

if [ -f "$dir/data/postmaster.pid" ]; then
  echo "pg-replica: a server already runs from $dir/data; stop it first: $0 stop $dir" >&2
  exit 1
fi
mkdir -p "$dir"
chmod 755 "$dir"
[ "$(id -un)" = postgres ] || chown postgres:postgres "$dir"
as_postgres "rm -rf '$dir/data'"
# A hot standby refuses to start with a lower max_connections (and the like) than its primary, which may have
# been given them on its command line (.ci/run does): copy them.
settings=$(as_postgres "$PGBIN/psql -h 127.0.0.1 -p $primary_port -U postgres -d postgres -Atc \"select string_agg('-c ' || name || '=' || setting, ' ') from pg_settings where name in ('max_connections', 'max_worker_processes', 'max_wal_senders', 'max_prepared_transactions', 'max_locks_per_transaction')\"")
as_postgres "$PGBIN/pg_basebackup -h 127.0.0.1 -p $primary_port -U postgres -D '$dir/data' -R -X stream -c fast"
# The copied postgresql.auto.conf / command line of the primary may pin its port and socket: the replica gets its own.
as_postgres "$PGBIN/pg_ctl -D '$dir/data' -l '$dir/log' -w -t 60 -o \"-p $port -k '$dir' -c listen_addresses=127.0.0.1 -c hot_standby=on -c hot_standby_feedback=on $settings\" start" >/dev/null
for _ in $(seq 1 100); do
  if as_postgres "$PGBIN/psql -h 127.0.0.1 -p $port -U postgres -d postgres -Atc 'select pg_is_in_recovery()'" 2>/dev/null | grep -qx t; then
    echo "pg-replica: replica of 127.0.0.1:$primary_port streaming on 127.0.0.1:$port ($dir/data)"
    exit 0
  fi
  sleep 0.2
done
echo "pg-replica: the replica did not come up as a standby; see $dir/log" >&2
exit 1
