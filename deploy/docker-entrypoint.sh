#!/bin/sh
# Maps a role name to its entry file and execs node on it, so node runs directly under tini and
# receives SIGTERM itself (npm would sit in between). Anything else is run as given.
set -eu
if [ "$#" -eq 0 ]; then set -- control-plane; fi
case "$1" in
  control-plane) entry=control-plane/src/bin/server.ts ;;
  render-worker) entry=render-worker/src/bin/worker.ts ;;
  media-worker)  entry=media-worker/src/bin/worker.ts ;;
  migrate)       entry=control-plane/src/bin/migrate.ts ;;
  admin)         entry=control-plane/src/bin/admin.ts ;;
  *)             exec "$@" ;;
esac
shift
exec node --import tsx "$entry" "$@"
