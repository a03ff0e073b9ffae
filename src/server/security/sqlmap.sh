#!/usr/bin/env bash
# Runs sqlmap (Debian's package) against the public sharks API: the list's query parameters (search,
# specialization, sort, page) and a shark's id in the path. Fails when sqlmap reports an injectable
# parameter. Bounded: level 2, risk 1, 2 s time-based delay, 5 s timeout, 2 threads, 10 minutes in all.
# Called by .ci/run; runnable alone from the repository root.
set -euo pipefail
cd "$(dirname "$0")/../../.."
# The project's own Node 24 (decision 070) for the server and the helpers below, as `npm run` would give it.
export PATH="$PWD/node_modules/.bin:$PATH"

if ! command -v sqlmap >/dev/null; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq sqlmap
fi

work="$(mktemp -d)"
port="$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
base="http://127.0.0.1:${port}"
# The app as `npm start` runs it (embedded PostgreSQL with the demo catalogue), on loopback only.
DATA_DIR="$work/data" PORT="$port" HOST=127.0.0.1 APP_ORIGIN="$base" LOG_LEVEL=fatal RATE_LIMIT_SCALE=1000 \
  node --import tsx src/server/main.ts >"$work/server.log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; rm -rf "$work"' EXIT

for _ in $(seq 1 120); do
  curl -fsS "$base/api/sharks" >/dev/null 2>&1 && break
  sleep 1
done
shark_id="$(curl -fsS "$base/api/sharks" | node -e "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>console.log(JSON.parse(s).items[0].id))")"

common=(--batch --level=2 --risk=1 --time-sec=2 --timeout=5 --threads=2 --flush-session --disable-coloring --output-dir="$work/sqlmap")
status=0
timeout 600 bash -c '
  sqlmap "$@" -u "'"$base"'/api/sharks?search=kubernetes&specialization=forensics&sort=rating&page=1" -p "search,specialization,sort,page"
  sqlmap "$@" -u "'"$base"'/api/sharks/'"$shark_id"'*"
  sqlmap "$@" -u "'"$base"'/api/sharks/'"$shark_id"'*/courses"
' sqlmap "${common[@]}" >"$work/sqlmap.log" 2>&1 || status=$?

grep -E "testing URL|parameter '.*' (does not seem|is vulnerable|appears to be)|do not appear to be injectable|identified the following injection|CRITICAL|WARNING.*(connection|timed out)" "$work/sqlmap.log" | sort | uniq -c | head -40 || true
if grep -q "identified the following injection point" "$work/sqlmap.log"; then
  echo "sqlmap found an injectable parameter: see the log above." >&2
  exit 1
fi
if [ "$status" = 124 ]; then
  echo "sqlmap did not finish within 10 minutes; it reported nothing injectable in what it tested." >&2
elif [ "$status" != 0 ]; then
  echo "sqlmap exited with $status" >&2
  tail -20 "$work/sqlmap.log" >&2
  exit 1
fi
echo "sqlmap: no injectable parameter in the sharks API."
