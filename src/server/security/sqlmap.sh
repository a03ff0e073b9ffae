#!/usr/bin/env bash
# Runs sqlmap (Debian's package) against every string input that reaches SQL (issues 10 and 17):
# - public: the sharks list's query (search, specialization, sort, page), a shark's id in the path, and a
#   shark's free slots (course, hours, from, to);
# - signed in as the demo learner: a session's message body, a review's text (PUT: the edit, which writes
#   the text every time) and a report's reason;
# - signed in as the demo admin: the users, sharks, bookings (learner, shark, course, status, dates),
#   credentials and audit/mail lists' filters and pages.
# Fails when sqlmap identifies an injection point. Bounded to about 5 minutes on an idle machine (10 at most):
# the sharks list gets every technique at level 2; every other GET boolean, error, union and stacked queries at
# level 2 on its named parameters; the JSON bodies the same at level 1 (level 2 would also test, and so
# mangle, the session cookie); the admin search fields a short time-based pass (2 s) besides; 5 s timeout,
# 2 threads.
# The POSTs write rows (messages, reports): the database is a throwaway embedded one under a temporary
# directory. Called by .ci/run; runnable alone from the repository root.
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
# The app as `npm start` runs it (embedded PostgreSQL with the demo catalogue and the README's demo
# accounts), on loopback only.
DATA_DIR="$work/data" PORT="$port" HOST=127.0.0.1 APP_ORIGIN="$base" LOG_LEVEL=fatal RATE_LIMIT_SCALE=1000 \
  node --import tsx src/server/main.ts >"$work/server.log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; rm -rf "$work"' EXIT

for _ in $(seq 1 120); do
  curl -fsS "$base/api/sharks" >/dev/null 2>&1 && break
  sleep 1
done

# `json EXPRESSION` prints EXPRESSION evaluated on the JSON read from stdin (as `d`).
json() { node -e "let s='';process.stdin.on('data',c=>s+=c).on('end',()=>{const d=JSON.parse(s);console.log($1)})"; }
# `signin EMAIL PASSWORD PORTAL` prints the session cookie ("sid=…"). State-changing requests must carry the
# app's own Origin (the CSRF check, src/server/plugins/csrf.ts); reads need only the cookie.
signin() {
  curl -fsS -c "$work/jar" -H "Origin: $base" -H 'content-type: application/json' \
    -d "{\"email\":\"$1\",\"password\":\"$2\",\"portal\":\"$3\"}" "$base/api/auth/login" >/dev/null
  awk '$6 == "sid" { print "sid=" $7 }' "$work/jar"
}
# `call COOKIE METHOD PATH [BODY]`: one API call as that account, its JSON answer on stdout.
call() {
  curl -fsS -b "$1" -X "$2" -H "Origin: $base" -H 'content-type: application/json' ${4:+-d "$4"} "$base$3"
}

learner="$(signin learner@demo.sharksecurity.in 'DemoLearner#2026' user)"
admin="$(signin admin@demo.sharksecurity.in 'DemoAdmin#2026' admin)"
shark_id="$(curl -fsS "$base/api/sharks" | json 'd.items[0].id')"
course_id="$(curl -fsS "$base/api/sharks/$shark_id/courses" | json 'd[0].id')"
bookings="$(call "$learner" GET /api/me/bookings)"
# The learner's upcoming confirmed session (messages) and her completed one that awaits her review (README).
session_id="$(json "d.find(b => b.upcoming && b.status === 'confirmed').id" <<<"$bookings")"
reviewable_id="$(node -e "
let s='';process.stdin.on('data',c=>s+=c).on('end',async()=>{
  for (const b of JSON.parse(s).filter(b => b.status === 'completed')) {
    const r = await fetch('$base/api/sessions/' + b.id + '/review', { headers: { cookie: '$learner' } });
    if (r.ok && (await r.json()).canCreate) return console.log(b.id);
  }
})" <<<"$bookings")"
review_text='{"rating":5,"knowledge":5,"preparation":4,"clarity":5,"body":"A clear and well-prepared session."}'
call "$learner" POST "/api/sessions/$reviewable_id/review" "$review_text" >/dev/null
# A published review of another learner to report; reported once first, so every later report answers the same.
review_id="$(curl -fsS "$base/api/sharks/$shark_id/reviews" | json 'd.items[0].id')"
call "$learner" POST "/api/reviews/$review_id/reports" '{"reason":"Abusive words in this review."}' >/dev/null
# Signed in for real: a refused cookie would make every signed-in scan below test a 401 page.
call "$admin" GET "/api/admin/users?q=priya" >/dev/null

common=(--batch --risk=1 --timeout=5 --threads=2 --flush-session --disable-coloring --output-dir="$work/sqlmap")
as_learner=(--cookie="$learner" --headers="Origin: $base")
as_admin=(--cookie="$admin" --headers="Origin: $base")
# Boolean, error, union and stacked queries; level 2 where the parameters are named (-p), level 1 on the JSON
# bodies, whose level 2 would also test (and so mangle) the session cookie.
fast=(--level=2 --technique=BEUS)
body=(--level=1 --technique=BEUS)
# The free-text search fields also get a time-based pass: a blind injection there would show only as a delay.
timed=(--level=1 --technique=T --time-sec=2)

deadline=$((SECONDS + 600))
timed_out=0
status=0
scans=0
scan() {
  local left=$((deadline - SECONDS))
  if [ "$left" -le 0 ]; then
    timed_out=1
    return
  fi
  local rc=0
  scans=$((scans + 1))
  timeout "$left" sqlmap "${common[@]}" "$@" >>"$work/sqlmap.log" 2>&1 || rc=$?
  if [ "$rc" = 124 ]; then timed_out=1; elif [ "$rc" != 0 ]; then status=$rc; fi
}

started=$SECONDS
# Public: the sharks API (level 2, every technique, as before issue 17) and a shark's free slots.
scan --level=2 --time-sec=2 -u "$base/api/sharks?search=kubernetes&specialization=forensics&sort=rating&page=1" -p "search,specialization,sort,page"
scan "${fast[@]}" -u "$base/api/sharks/$shark_id*"
scan "${fast[@]}" -u "$base/api/sharks/$shark_id*/courses"
scan "${fast[@]}" -u "$base/api/sharks/$shark_id/slots?courseId=$course_id&hours=1&from=2026-12-01&to=2026-12-07" -p "courseId,hours,from,to"
# The learner: a message, a review's text, a report's reason (JSON bodies, the marked value).
scan "${body[@]}" "${as_learner[@]}" -u "$base/api/sessions/$session_id/messages" --data '{"body":"Hello, see you soon*"}'
scan "${body[@]}" "${as_learner[@]}" -u "$base/api/sessions/$reviewable_id/review" --method=PUT \
  --data '{"rating":5,"knowledge":5,"preparation":4,"clarity":5,"body":"A clear and well-prepared session.*"}'
scan "${body[@]}" "${as_learner[@]}" -u "$base/api/reviews/$review_id/reports" --data '{"reason":"Abusive words in this review.*"}'
# The admin console's searches and filters.
scan "${fast[@]}" "${as_admin[@]}" -u "$base/api/admin/users?q=priya&page=1" -p "q,page"
scan "${fast[@]}" "${as_admin[@]}" -u "$base/api/admin/sharks?q=arjun" -p "q"
scan "${fast[@]}" "${as_admin[@]}" -u "$base/api/admin/bookings?learner=priya&shark=arjun&course=web&status=confirmed&from=2026-11-01&to=2026-12-31&page=1" -p "learner,shark,course,status,from,to,page"
scan "${fast[@]}" "${as_admin[@]}" -u "$base/api/admin/credentials?status=pending" -p "status"
scan "${fast[@]}" "${as_admin[@]}" -u "$base/api/admin/audit-log?page=1" -p "page"
scan "${fast[@]}" "${as_admin[@]}" -u "$base/api/admin/mail?page=1" -p "page"
scan "${timed[@]}" "${as_admin[@]}" -u "$base/api/admin/users?q=priya" -p "q"
scan "${timed[@]}" "${as_admin[@]}" -u "$base/api/admin/sharks?q=arjun" -p "q"
scan "${timed[@]}" "${as_admin[@]}" -u "$base/api/admin/bookings?learner=priya&shark=arjun&course=web" -p "learner,shark,course"

# What sqlmap tested and concluded, with the status codes it met (400: the schemas refusing its payloads).
awk '/testing URL|parameter .* (does not seem|is vulnerable|appears to be .*injectable)|identified the following injection|CRITICAL|timed out/ { print }
  /HTTP error codes detected/ { line = $0; getline; print line " " $0 }' "$work/sqlmap.log" |
  sed -E -e "s/[0-9a-f]{8}-[0-9a-f-]{27}/<id>/g" -e "s/127.0.0.1:[0-9]+/<app>/" || true
echo "sqlmap ran $scans scans in $((SECONDS - started)) s."
if grep -q "identified the following injection point" "$work/sqlmap.log"; then
  echo "sqlmap found an injectable parameter: see the log above." >&2
  exit 1
fi
if [ "$timed_out" = 1 ]; then
  echo "sqlmap did not finish within 10 minutes; it reported nothing injectable in what it tested." >&2
elif [ "$status" != 0 ]; then
  echo "sqlmap exited with $status" >&2
  tail -20 "$work/sqlmap.log" >&2
  exit 1
fi
echo "sqlmap: no injectable parameter in the public, learner and admin APIs."
