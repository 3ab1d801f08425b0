#!/bin/sh
# The official redis image's behaviour that deploy/compose.yaml relies on: `redis-server …` runs as the redis
# user, and protected mode is off (the image is built so), since other containers connect without a password.
set -eu
if [ "${1:-}" = redis-server ]; then
  shift
  set -- redis-server --protected-mode no "$@"
  if [ "$(id -u)" = 0 ]; then
    exec gosu redis "$@"
  fi
fi
exec "$@"
