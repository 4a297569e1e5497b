#!/usr/bin/env bash
# Refreshes the upgrade fixture (apps/server/test/fixtures/README.md): the demo centre of an older
# release, as today's backup code writes it.
#   scripts/refresh-upgrade-fixture.sh [COMMIT]     COMMIT: the release to take it from (default HEAD)
# Checks COMMIT out in a temporary worktree outside this one (sharing this tree's node_modules, but
# its own @tutoria packages), starts that release's server once on an empty PGlite folder (it
# migrates and seeds its demo centre), stops it, then backs the folder up without migrating it.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
COMMIT=$(git rev-parse --verify "${1:-HEAD}^{commit}")
WORK=$(mktemp -d "${TMPDIR:-/tmp}/tutoria-upgrade-fixture-XXXXXX")
PREV="$WORK/release"
SERVER_PID=

cleanup() {
  if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then kill "$SERVER_PID" 2>/dev/null || true; fi
  git -C "$ROOT" worktree remove --force "$PREV" 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT

git worktree add --quiet --detach "$PREV" "$COMMIT"
# node_modules: this tree's packages, but @tutoria/* pointing into the release's own workspaces.
mkdir "$PREV/node_modules" "$PREV/node_modules/@tutoria"
for entry in "$ROOT"/node_modules/* "$ROOT"/node_modules/.bin; do
  [ "$(basename "$entry")" = "@tutoria" ] || ln -s "$entry" "$PREV/node_modules/$(basename "$entry")"
done
for ws in apps/server packages/shared apps/web; do
  [ -d "$PREV/$ws" ] && ln -s "../../$ws" "$PREV/node_modules/@tutoria/$(basename "$ws")"
  [ -d "$ROOT/$ws/node_modules" ] && [ -d "$PREV/$ws" ] && ln -s "$ROOT/$ws/node_modules" "$PREV/$ws/node_modules"
done

echo "▶ Starting release $(git log -1 --format='%h %s' "$COMMIT" | cut -c1-80) on an empty data folder"
(cd "$PREV" && DATA_DIR="$WORK/data" PORT=0 HOST=127.0.0.1 NODE_ENV=development DEMO=1 \
  exec node --import tsx apps/server/src/main.ts >"$WORK/server.log" 2>&1) &
SERVER_PID=$!
for _ in $(seq 1 120); do
  grep -q 'is running at' "$WORK/server.log" 2>/dev/null && break
  kill -0 "$SERVER_PID" 2>/dev/null || { cat "$WORK/server.log"; echo "The release's server stopped before it started."; exit 1; }
  sleep 1
done
grep -q 'is running at' "$WORK/server.log" || { cat "$WORK/server.log"; echo "The release's server did not start in 120 s."; exit 1; }
kill -TERM "$SERVER_PID"
wait "$SERVER_PID" || true
SERVER_PID=

echo "▶ Backing its data folder up with today's backup code (no migration)"
npx tsx scripts/upgrade-fixture.ts "$WORK/data" apps/server/test/fixtures/previous-release-demo.tbk
echo "Made from release $COMMIT: update the commit in apps/server/test/fixtures/README.md."
