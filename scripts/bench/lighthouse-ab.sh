#!/usr/bin/env bash
# Lighthouse mobile, two builds of the API side by side with the hello-world ceiling, alternated:
# ROUNDS rounds of (ceiling, A, B) then (ceiling, B, A), 3 runs each; prints each round's LCP
# medians and their ratio to the same round's ceiling.
# Usage: scripts/bench/lighthouse-ab.sh A_MAIN_JS B_MAIN_JS [ROUNDS]
#   (A_MAIN_JS, B_MAIN_JS: bundles built by scripts/build-server.mjs, e.g. copies of
#   apps/api/dist in sibling folders apps/api/dist-a; the web build in apps/web/dist is shared)
set -euo pipefail
cd "$(dirname "$0")/../.."
A=$1 B=$2 ROUNDS=${3:-2}
OUT=$(mktemp -d /tmp/lh-ab-XXXX)
node scripts/fetch-dataset.mjs >/dev/null 2>&1 || true
mk() { local d; d=$(mktemp -d /tmp/lh-data-XXXX); ln -s "$PWD/.cache/test-catalog/catalog" "$d/catalog"; ln -s "$PWD/.cache/e2e-models" "$d/models"; echo "$d"; }
RD=$(mk); AD=$(mk); BD=$(mk)
RECOMMENDER_RETRAIN_MINUTES=0 DATA_DIR=$RD RECOMMENDER_PORT=4120 node services/recommender/dist/main.js >"$OUT/rec.log" 2>&1 &
REC=$!
LOG_LEVEL=warn DATA_DIR=$AD PORT=4121 RECOMMENDER_URL=http://127.0.0.1:4120 MALLOC_ARENA_MAX=2 node "$A" >"$OUT/a.log" 2>&1 &
PA=$!
LOG_LEVEL=warn DATA_DIR=$BD PORT=4122 RECOMMENDER_URL=http://127.0.0.1:4120 MALLOC_ARENA_MAX=2 node "$B" >"$OUT/b.log" 2>&1 &
PB=$!
HELLO=$(mktemp -d /tmp/lh-hello-XXXX)
(cd scripts/bench/hello && NODE_ENV=production ../../../node_modules/.bin/vite build --logLevel warn --outDir "$HELLO" --emptyOutDir)
node -e "
const { fork } = require('node:child_process');
const c = fork('scripts/bench/static-server.mjs', ['$HELLO', '4123'], { stdio: 'ignore', detached: true });
c.once('message', () => { c.disconnect(); c.unref(); process.exit(0); });
"
trap 'kill $REC $PA $PB 2>/dev/null; pkill -f "static-server.mjs $HELLO" 2>/dev/null; rm -rf $RD $AD $BD' EXIT
# LH_ARGS: more options for every run, e.g. LH_ARGS="--throttling devtools".
lh() { npx tsx e2e/bench/lighthouse.ts --url "$1" --runs 3 --out "$2" ${LH_ARGS:-} "${@:3}" >/dev/null 2>&1; }
lcp() { node -e "const r=require('$1').results;for(const [p,v] of Object.entries(r)){const l=v.runs.map(x=>x.lcp_ms).sort((a,b)=>a-b);console.log(p, 'scores', v.scores.join('/'), 'LCP', l[1])}"; }
for i in $(seq 1 "$ROUNDS"); do
  for order in "a b" "b a"; do
    lh http://127.0.0.1:4123 "$OUT/hello-$i-${order// /}.json" --pages / --no-probe
    echo "round $i ($order) load $(cut -d' ' -f1 /proc/loadavg)"; echo -n "  hello "; lcp "$OUT/hello-$i-${order// /}.json"
    for x in $order; do
      port=$([ "$x" = a ] && echo 4121 || echo 4122)
      lh "http://127.0.0.1:$port" "$OUT/$x-$i-${order// /}.json"
      lcp "$OUT/$x-$i-${order// /}.json" | sed "s/^/  $x /"
    done
  done
done
echo "results in $OUT"
