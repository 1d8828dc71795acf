#!/usr/bin/env bash
# The clean-machine check: does the README's first command, copied as written, end with a farm
# that renders? Clones the committed HEAD into a temporary folder (no node_modules, no .data),
# runs that command (as root, in a folder of mode 0700, as under /root), waits for the banner, renders the example design with curl, checks that the
# file is a JPEG, then stops the farm the way a person does (Ctrl-C: SIGINT to its process group)
# and checks that nothing is left running. CI runs it after `npm test` (see .ci/run).
#
# The only thing it adds to the README's command: PORT and EMBEDDED_PG_PORT set to free ports, so
# that the check never collides with another farm on a shared machine. Set them yourself to pin them.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
TIMEOUT_S="${FRESH_CHECK_TIMEOUT_S:-1200}"

# The README's first command: the line of its "Two commands" block that starts the farm.
COMMAND="$(grep -m1 -E '^npm run setup && npm start' "$ROOT/README.md" | sed -E 's/[[:space:]]+#.*$//')"
[ -n "$COMMAND" ] || { echo "fresh-machine-check: no 'npm run setup && npm start' line in README.md" >&2; exit 1; }

# A port free now, from just below the kernel's ephemeral range: a port from that range (what
# listen(0) answers) could be taken, in the minutes set-up takes before the farm binds it, as the
# local port of one of npm's outgoing connections. Not the port given as $1.
free_port() {
  node -e '
    const net = require("net");
    let first = 32768;
    try { first = Number(require("fs").readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]) || first; } catch {}
    const bottom = Math.max(1024, first - 16384);
    const attempt = (n) => {
      if (n > 500) { console.error("fresh-machine-check: no free port below " + first); process.exit(1); }
      const port = bottom + Math.floor(Math.random() * (first - bottom));
      if (String(port) === process.argv[1]) return attempt(n + 1);
      const server = net.createServer();
      server.once("error", () => attempt(n + 1));
      server.listen({ port, exclusive: true }, () => server.close(() => console.log(port)));
    };
    attempt(0);
  ' "${1:-}"
}
export PORT="${PORT:-$(free_port)}"
export EMBEDDED_PG_PORT="${EMBEDDED_PG_PORT:-$(free_port "$PORT")}"

# mktemp makes the folder 0700, like /root: as root, the embedded Postgres runs as the postgres
# user, which cannot enter it. That is the test: the launcher must place the server's binaries and
# data where that user can reach them (EMBEDDED_PG_RUNTIME_DIR, /var/lib/pressroom by default; a
# folder of this check's own here, removed at the end).
WORK="$(mktemp -d "${TMPDIR:-/tmp}/pressroom-fresh-XXXXXX")"
export EMBEDDED_PG_RUNTIME_DIR="${EMBEDDED_PG_RUNTIME_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/pressroom-fresh-pg-XXXXXX")}"
chmod 755 "$EMBEDDED_PG_RUNTIME_DIR"
LOG="$WORK/farm.log"
FARM_PID=""
cleanup() {
  if [ -n "$FARM_PID" ] && kill -0 "$FARM_PID" 2>/dev/null; then
    kill -INT -- "-$FARM_PID" 2>/dev/null || true
    for _ in $(seq 1 30); do kill -0 "$FARM_PID" 2>/dev/null || break; sleep 1; done
    kill -KILL -- "-$FARM_PID" 2>/dev/null || true
  fi
  # A farm killed outright leaves its Postgres (a process group of its own) running: stop it too.
  local pidfile pm
  for pidfile in $(find "$WORK" "$EMBEDDED_PG_RUNTIME_DIR" -name postmaster.pid 2>/dev/null); do
    pm="$(head -n1 "$pidfile")"
    kill -INT "$pm" 2>/dev/null || continue
    for _ in $(seq 1 20); do kill -0 "$pm" 2>/dev/null || break; sleep 0.5; done
  done
  rm -rf "$WORK"
  case "$EMBEDDED_PG_RUNTIME_DIR" in */pressroom-fresh-pg-*) rm -rf "$EMBEDDED_PG_RUNTIME_DIR" ;; esac
}
trap cleanup EXIT
fail() {
  echo "fresh-machine-check: $*" >&2
  echo "---- last lines of the farm's output ----" >&2
  tail -n 60 "$LOG" >&2 || true
  exit 1
}

echo "fresh-machine-check: cloning $(git -C "$ROOT" rev-parse --short HEAD) into $WORK/pressroom"
git clone -q "$ROOT" "$WORK/pressroom"
cd "$WORK/pressroom"

echo "fresh-machine-check: running \`$COMMAND\` (PORT=$PORT EMBEDDED_PG_PORT=$EMBEDDED_PG_PORT)"
# setsid: the command gets a process group of its own, as a terminal's job does.
setsid bash -c "$COMMAND" >"$LOG" 2>&1 < /dev/null &
FARM_PID=$!

deadline=$((SECONDS + TIMEOUT_S))
until grep -q 'Stop:      Ctrl-C' "$LOG"; do
  kill -0 "$FARM_PID" 2>/dev/null || fail "the command exited before the banner"
  [ "$SECONDS" -lt "$deadline" ] || fail "no banner within ${TIMEOUT_S} s"
  sleep 1
done
echo "fresh-machine-check: banner printed after ${SECONDS} s"

KEY="$(grep -m1 -oE 'prk_[A-Za-z0-9_-]+' "$LOG")"
# The render line is in the banner, or follows it once the first example design is imported.
until URL="$(grep -m1 -oE 'http://localhost:[0-9]+/banner-builder/[0-9a-f-]+/generate' "$LOG")"; do
  [ "$SECONDS" -lt "$deadline" ] || fail "no render line within ${TIMEOUT_S} s (no example design was imported)"
  sleep 1
done
curl -fsS -X POST -H "x-api-key: $KEY" -H 'content-type: application/json' -d '{"elements":{}}' "$URL" >"$WORK/banner.json" ||
  fail "the render request failed: $(cat "$WORK/banner.json" 2>/dev/null)"
FILE_URL="$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).file.url)' "$WORK/banner.json")"
curl -fsS -o "$WORK/banner.jpeg" "$FILE_URL" || fail "could not download $FILE_URL"
MAGIC="$(head -c 3 "$WORK/banner.jpeg" | od -An -tx1 | tr -d ' \n')"
[ "$MAGIC" = "ffd8ff" ] || fail "the rendered file is not a JPEG (starts with $MAGIC)"
echo "fresh-machine-check: rendered a JPEG of $(wc -c <"$WORK/banner.jpeg") bytes"

# Where the server's data went depends on who runs this (as root in a 0700 folder: the runtime dir).
PIDFILE="$(find "$WORK/pressroom/.data" "$EMBEDDED_PG_RUNTIME_DIR" -name postmaster.pid 2>/dev/null | head -n1)"
[ -n "$PIDFILE" ] || fail "no postmaster.pid under $WORK/pressroom/.data or $EMBEDDED_PG_RUNTIME_DIR"
POSTMASTER="$(head -n1 "$PIDFILE")"
kill -INT -- "-$FARM_PID"
for _ in $(seq 1 60); do kill -0 "$FARM_PID" 2>/dev/null || break; sleep 1; done
kill -0 "$FARM_PID" 2>/dev/null && fail "the farm did not stop within 60 s of Ctrl-C"
grep -q 'second signal' "$LOG" && fail "a process saw Ctrl-C twice"
sleep 1
cd "$WORK" # this script is no process of the farm
# Every process working in the clone or the runtime dir (the roles, Chromium, Postgres) must be gone.
LEFT=""
for proc in /proc/[0-9]*; do
  cwd="$(readlink "$proc/cwd" 2>/dev/null)" || continue
  case "$cwd" in "$WORK"/* | "$EMBEDDED_PG_RUNTIME_DIR"/*) LEFT="$LEFT ${proc#/proc/}:$(tr '\0' ' ' <"$proc/cmdline" | cut -c1-80)" ;; esac
done
[ -z "$LEFT" ] || fail "left running after Ctrl-C: $LEFT"
kill -0 "$POSTMASTER" 2>/dev/null && fail "the embedded Postgres ($POSTMASTER) is still running"
FARM_PID=""
echo "fresh-machine-check: ok (stopped cleanly on Ctrl-C)"
