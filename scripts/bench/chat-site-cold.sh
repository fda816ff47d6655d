#!/usr/bin/env bash
# The chat through the site as a first visitor meets it (decision 0149): for each run a fresh
# `npm start` (TRUST_PROXY=1, so each conversation is its own visitor), waited for until "chat ready"
# and the recommender answer, then a held-out set sent over HTTP with a browser's Accept-Encoding
# (`npm run chat:eval -- --url`): fresh queries, cold caches. Two checkouts alternated, ROUNDS times.
#
# Usage: scripts/bench/chat-site-cold.sh BASE_DIR NEW_DIR [SET_FILE] [ROUNDS]
#   BASE_DIR, NEW_DIR: checkouts to start (a worktree of the base commit, and this one), each with
#   node_modules; both use DATA_DIR (default ./data of NEW_DIR). Port 3000 and 3001 must be free.
set -euo pipefail
base=$(cd "$1" && pwd)
new=$(cd "$2" && pwd)
set_file=$(realpath "${3:-$new/apps/api/bench/chat-sets/fresh66.json}")
rounds=${4:-2}
data=${DATA_DIR:-$new/data}
out=$(mktemp -d)

stop_site() {
  local p
  p=$(pgrep -f "node scripts/start.mjs" | head -1 || true)
  [ -n "$p" ] && kill -- "-$(ps -o pgid= -p "$p" | tr -d ' ')" 2>/dev/null || true
  for _ in $(seq 1 60); do curl -s -o /dev/null localhost:3000/api/health || break; sleep 1; done
  sleep 2
}

run() { # dir label
  stop_site
  (cd "$1" && DATA_DIR=$data TRUST_PROXY=1 setsid npm start > "$out/$2.log" 2>&1 &)
  for _ in $(seq 1 300); do
    grep -q '"chat ready"' "$out/$2.log" 2>/dev/null && curl -sf localhost:3001/health > /dev/null && break
    sleep 1
  done
  sleep 3
  (cd "$new/apps/api" && DATA_DIR=$data npm run chat:eval -- --set none --file "$set_file" \
    --url http://127.0.0.1:3000 > "$out/$2.eval" 2>&1)
  echo "$2 $(grep -E 'p50 / p95' "$out/$2.eval" | sed 's/  */ /g') load $(cut -d' ' -f1 /proc/loadavg)"
}

trap stop_site EXIT
for round in $(seq 1 "$rounds"); do
  run "$base" "base-$round"
  run "$new" "new-$round"
done
echo "logs in $out"
