#!/usr/bin/env bash
# Smoke test of the production topology (infra/docker-compose.yml): build and start it, then through nginx on
# localhost register, save a script, share it and fetch it raw; stop one gateway and check the service still
# registers, saves and serves; finally `docker compose down -v` (volumes deleted).
#
#   infra/smoke-test.sh            # from the repository root; needs docker compose v2, curl, openssl
#   KEEP=1 infra/smoke-test.sh     # leave the stack running afterwards (no `down -v`)
#
# Writes infra/.env with fresh secrets when it does not exist (CI), and keeps an existing one.
set -euo pipefail
cd "$(dirname "$0")/.."

COMPOSE=(docker compose -f infra/docker-compose.yml)
PORT="${HTTP_PORT:-3000}"
BASE="http://localhost:${PORT}"
WORK="$(mktemp -d)"
JAR="$WORK/cookies"

cleanup() {
  local status=$?
  if [ "$status" -ne 0 ]; then
    echo "smoke test FAILED; recent logs:" >&2
    "${COMPOSE[@]}" logs --no-color --tail=80 >&2 || true
  fi
  if [ "${KEEP:-0}" != "1" ]; then "${COMPOSE[@]}" down -v --remove-orphans >/dev/null 2>&1 || true; fi
  rm -rf "$WORK"
  exit "$status"
}
trap cleanup EXIT

fail() {
  echo "FAIL: $*" >&2
  exit 1
}

if [ ! -f infra/.env ]; then
  umask 077
  {
    echo "SESSION_SECRET=$(openssl rand -hex 32)"
    echo "ADMIN_KEY=$(openssl rand -hex 24)"
    # The smoke test registers several accounts from one address.
    echo "RATE_LIMIT=off"
  } >infra/.env
  echo "wrote infra/.env with fresh secrets"
fi

# request METHOD PATH [JSON]: prints the body, then the status on its own last line.
request() {
  local method=$1 path=$2 body=${3:-}
  local args=(-sS -o "$WORK/body" -w '%{http_code}' -X "$method" -b "$JAR" -c "$JAR" --max-time 30)
  if [ -n "$body" ]; then args+=(-H 'Content-Type: application/json' --data "$body"); fi
  local status
  status=$(curl "${args[@]}" "$BASE$path") || status=000
  cat "$WORK/body"
  printf '\n%s\n' "$status"
}

# expect STATUS METHOD PATH [JSON]: runs the request, fails unless it answered STATUS, prints the body.
expect() {
  local want=$1
  shift
  local out status
  out=$(request "$@")
  status=$(tail -n1 <<<"$out")
  out=$(sed '$d' <<<"$out")
  [ "$status" = "$want" ] || fail "$1 $2 answered $status, expected $want: $out"
  printf '%s' "$out"
}

# json FIELD: one top-level string or number field of the JSON on stdin.
json() {
  node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const v=JSON.parse(s)[process.argv[1]];if(v===undefined)process.exit(1);console.log(v)})' "$1"
}

wait_ready() {
  for _ in $(seq 1 150); do
    if [ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 "$BASE/readyz")" = "200" ]; then return 0; fi
    sleep 2
  done
  fail "$BASE/readyz did not answer 200 within 300 s"
}

# A user's round trip: register, save a script, share it, fetch it raw through nginx.
round_trip() {
  local tag=$1 user script share raw
  rm -f "$JAR"
  user="smoke_${tag}_$(openssl rand -hex 3)"
  expect 201 POST /api/register "{\"username\":\"$user\",\"password\":\"correct-horse-battery\"}" >/dev/null
  script=$(expect 201 POST /api/scripts "{\"title\":\"Smoke $tag\",\"content\":\"print('smoke $tag v1')\"}" | json id)
  expect 200 PUT "/api/scripts/$script" "{\"content\":\"print('smoke $tag v2')\"}" >/dev/null
  share=$(expect 200 POST "/api/scripts/$script/share" '{}' | json shareId)
  rm -f "$JAR" # raw links are public: fetched without the session
  raw=$(expect 200 GET "/api/share/$share/raw")
  [ "$raw" = "print('smoke $tag v2')" ] || fail "raw fetch returned '$raw'"
  echo "ok: $tag: registered $user, saved script $script (v2), raw via share $share"
}

echo "building and starting the stack (first run pulls images and builds: several minutes)"
"${COMPOSE[@]}" up -d --build
wait_ready
round_trip before

echo "stopping gateway-1"
"${COMPOSE[@]}" stop gateway-1
# nginx retries the next upstream on a refused connection: every request must still succeed, several times over.
for i in 1 2 3; do round_trip "after$i"; done
expect 200 GET /readyz >/dev/null
echo "smoke test passed"
