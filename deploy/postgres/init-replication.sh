#!/bin/sh
# Runs once, on the primary's first start (docker-entrypoint-initdb.d): a role for the replica's pg_basebackup
# and streaming, and a pg_hba.conf line that lets it connect from the compose network with its password.
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" <<SQL
CREATE ROLE replicator WITH REPLICATION LOGIN PASSWORD '${REPLICATION_PASSWORD}';
SQL
echo "host replication replicator all scram-sha-256" >> "$PGDATA/pg_hba.conf"
