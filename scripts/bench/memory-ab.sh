#!/usr/bin/env bash
# Two builds of the API alternated on one warm DATA_DIR: memory-after-load.mjs's start time, RSS
# idle after start, RSS after its reads and peak, ROUNDS rounds of (A, B) (decision 0045).
# Usage: scripts/bench/memory-ab.sh A_MAIN_JS B_MAIN_JS DATA_DIR [ROUNDS]
#   (DATA_DIR made by one start first; A_MAIN_JS e.g. a copy of apps/api/dist in apps/api/dist-base)
set -euo pipefail
cd "$(dirname "$0")/../.."
A=$(realpath "$1") B=$(realpath "$2") DIR=$3 ROUNDS=${4:-3}
for _ in $(seq "$ROUNDS"); do
  for v in A B; do
    if [ $v = A ]; then m=$A; else m=$B; fi
    out=$(API_MAIN=$m MALLOC_ARENA_MAX=2 node scripts/bench/memory-after-load.mjs 4142 "$DIR" 3 2>/dev/null | grep -v '^/api')
    echo "$v $(echo "$out" | grep -o '"startMs":[0-9]*') $(echo "$out" | grep -o '"idle":{[^}]*}') $(echo "$out" | grep -o '"afterLoad":{[^}]*}') la=$(cut -d' ' -f1 /proc/loadavg)"
  done
done
