#!/bin/sh
# Runs a role's compiled entry (the names of farm/src/entries.mjs, built into the image) with node
# directly under tini, so node receives SIGTERM itself (npm would sit in between); scripts/run.mjs
# runs the entry in its own process. Anything else is run as given.
set -eu
if [ "$#" -eq 0 ]; then set -- control-plane; fi
case "$1" in
  control-plane | render-worker | media-worker | migrate | admin) exec node scripts/run.mjs "$@" ;;
  *) exec "$@" ;;
esac
