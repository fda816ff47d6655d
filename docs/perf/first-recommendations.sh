#!/bin/bash
# DATA_DIR=/tmp/d-first should hold only a catalog/ folder (copied from another DATA_DIR to skip its build).
# The time from the site being up to the first recommendations on a fresh DATA_DIR (decision 0080).
# Stop the started group afterwards by its pid (printed).
cd "$(dirname "$0")/../.."
START=$(date +%s.%N)
PORT=3100 RECOMMENDER_PORT=3101 DATA_DIR=/tmp/d-first npm start > /tmp/d-first.log 2>&1 &
echo "npm start pid $!"
up=""
while :; do
  now=$(date +%s.%N)
  if [ -z "$up" ]; then
    code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 http://127.0.0.1:3100/api/health)
    if [ "$code" = 200 ]; then up=$now; echo "site up (/api/health 200) at $(echo "$now - $START" | bc) s; load $(cut -d' ' -f1 /proc/loadavg)"; fi
  else
    body=$(curl -s --max-time 3 -w ' %{http_code}' 'http://127.0.0.1:3100/api/recommend?tmdb_id=863&top_n=10')
    code=${body##* }
    if [ "$code" = 200 ] && [ "${body:0:2}" != "[]" ]; then
      echo "first non-empty /api/recommend at $(echo "$now - $START" | bc) s = $(echo "$now - $up" | bc) s after the site was up; load $(cut -d' ' -f1 /proc/loadavg)"
      echo "${body:0:200}"
      break
    fi
  fi
  sleep 0.5
done
