#!/usr/bin/env bash
# Two API processes on PostgreSQL and Redis behind nginx on one port, round-robin (DESIGN §13).
#   scripts/scale-out.sh start   fresh database tutoria_scale, processes on 4101/4102, nginx on 4100
#   scripts/scale-out.sh stop    ends what start began (by the pids it wrote)
# Then: npx tsx scripts/scale-out-check.ts (or BASE_URL=http://127.0.0.1:4100).
set -euo pipefail
cd "$(dirname "$0")/.."
RUN=/tmp/tutoria-scale
PG=${PG:-postgres://postgres@127.0.0.1:5432}
DB=${SCALE_DB:-tutoria_scale}
REDIS_URL=${REDIS_URL:-redis://127.0.0.1:6379}

stop() {
  for f in "$RUN"/*.pid; do
    [ -f "$f" ] || continue
    kill -- "-$(cat "$f")" 2>/dev/null || kill "$(cat "$f")" 2>/dev/null || true
    rm -f "$f"
  done
}

if [ "${1:-start}" = stop ]; then stop; exit 0; fi

command -v nginx >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light; }
(exec 3<>/dev/tcp/127.0.0.1/6379) 2>/dev/null || { echo "Redis does not answer on 127.0.0.1:6379"; exit 1; }
stop
mkdir -p "$RUN/nginx/logs"
psql "$PG/postgres" -qc "drop database if exists $DB with (force)" -c "create database $DB"
# Redis keeps nonces and rate-limit counters: start from clean ones for this centre's prefix.
node -e "const R=require('ioredis');const r=new R('$REDIS_URL');r.keys('tutoria:*').then(k=>k.length?r.del(...k):0).then(()=>r.quit())"

node scripts/build-server.mjs
start_app() { # name port demo
  PORT=$2 HOST=127.0.0.1 DATABASE_URL="$PG/$DB" REDIS_URL="$REDIS_URL" DEMO=$3 TRUST_PROXY=127.0.0.1 \
    API_RATE_LIMIT_PER_MINUTE=${API_RATE_LIMIT_PER_MINUTE:-120} \
    API_RATE_LIMIT_PER_ADDRESS_PER_MINUTE=${API_RATE_LIMIT_PER_ADDRESS_PER_MINUTE:-120} LOG_LEVEL=info \
    setsid node --enable-source-maps apps/server/dist/main.mjs >"$RUN/$1.log" 2>&1 &
  echo $! >"$RUN/$1.pid"
}
# Both start at once: the migrations run in one of them under an advisory lock. Only the first
# creates the demo centre (two seeders would race on the same empty tables).
start_app app1 4101 1
start_app app2 4102 0
for port in 4101 4102; do
  for _ in $(seq 1 600); do curl -sf "http://127.0.0.1:$port/api/v1/health" >/dev/null && break; sleep 0.2; done
done
sed "s#listen 4100;#listen ${SCALE_PORT:-4100};#" deploy/nginx.conf >"$RUN/nginx/site.conf"
cat >"$RUN/nginx/nginx.conf" <<CONF
pid $RUN/nginx/nginx.pid;
error_log $RUN/nginx/logs/error.log;
events { worker_connections 1024; }
http { access_log $RUN/nginx/logs/access.log; include $RUN/nginx/site.conf; }
CONF
setsid nginx -p "$RUN/nginx" -c "$RUN/nginx/nginx.conf" -g 'daemon off;' >"$RUN/nginx.log" 2>&1 &
echo $! >"$RUN/nginx.pid"
for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:${SCALE_PORT:-4100}/api/v1/health" >/dev/null && break; sleep 0.1; done
echo "Tutoria on http://127.0.0.1:${SCALE_PORT:-4100}/ (nginx) → 127.0.0.1:4101 and :4102; logs in $RUN"
