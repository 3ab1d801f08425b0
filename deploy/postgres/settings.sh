#!/bin/sh
# Runs once, on the primary's first start (docker-entrypoint-initdb.d): the shop's settings (podbor.conf, mounted
# read-only) are included from postgresql.conf, so a change to the file takes effect at the next restart. The
# replica's pg_basebackup copies postgresql.conf with this line; the replica mounts the same file.
set -eu
echo "include '/etc/postgresql/podbor.conf'" >> "$PGDATA/postgresql.conf"
