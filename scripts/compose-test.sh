#!/usr/bin/env bash
# Runs compose.yaml as an operator would (podman-compose), here: PostgreSQL and two bot
# replicas in webhook mode, the bots' Bot API a fake on this machine (tests/compose/).
#  1. /help sent to each replica is answered; the same update sent to both is answered once.
#  2. bot-a stopped as `podman-compose stop` stops it (SIGTERM): it exits 0, and bot-b goes on
#     answering; every learner is in the compose's PostgreSQL.
#
#   scripts/compose-test.sh          (after scripts/image.sh; needs podman and podman-compose)
#
# Where no registry is reachable, PostgreSQL's image is made from Debian's packages
# (scripts/postgres-image/) under the name compose.yaml pulls.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
export CONTAINERS_CONF=${CONTAINERS_CONF:-$root/scripts/podman-sandbox.conf}
project=chess-tutor-compose-test
port=${FAKE_BOT_API_PORT:-18181}
started=$(date +%s)

podman image exists localhost/chess-tutor:latest ||
    { echo "no image chess-tutor:latest: run scripts/image.sh first" >&2; exit 1; }
pg=docker.io/library/postgres:15-bookworm
if ! podman image exists "$pg" && ! timeout 60 podman pull -q "$pg" >/dev/null 2>&1; then
    echo "== no registry: making $pg from Debian's packages"
    podman build -q -t "$pg" scripts/postgres-image >/dev/null
fi

log=$(mktemp)
python3 tests/compose/fake_bot_api.py "$port" "$log" &
fake=$!
compose() { podman-compose -p "$project" -f compose.yaml "$@"; }
cleanup() {
    compose down -v >/dev/null 2>&1 || true
    kill "$fake" 2>/dev/null || true
    rm -f "$log"
}
trap cleanup EXIT

export TELOXIDE_TOKEN=123456:compose-test
export TELEGRAM_WEBHOOK_SECRET=compose-test-secret
export WEBHOOK_URL=https://bot.example.org/telegram
export TELOXIDE_API_URL="http://host.containers.internal:$port"
echo "== podman-compose up"
compose up -d >/dev/null

healthy() { curl -fsS -m 2 "http://127.0.0.1:$1/healthz" >/dev/null 2>&1; }
for _ in $(seq 1 120); do
    healthy 8443 && healthy 8444 && break
    sleep 1
done
healthy 8443 && healthy 8444 || { compose logs; echo "the replicas did not come up" >&2; exit 1; }
echo "both replicas up in $(($(date +%s) - started)) s"

send() { # replica port, update id, chat
    curl -fsS -m 10 -o /dev/null -X POST "http://127.0.0.1:$1/telegram" \
        -H "X-Telegram-Bot-Api-Secret-Token: $TELEGRAM_WEBHOOK_SECRET" \
        -H 'Content-Type: application/json' \
        -d "{\"update_id\":$2,\"message\":{\"message_id\":$2,\"date\":$(date +%s),
             \"chat\":{\"id\":$3,\"type\":\"private\",\"first_name\":\"L$3\"},
             \"from\":{\"id\":$3,\"is_bot\":false,\"first_name\":\"L$3\",\"language_code\":\"en\"},
             \"text\":\"/help\"}}"
}
sent_to() { # how many messages chat $1 got
    python3 -c 'import json,sys
print(sum(1 for l in open(sys.argv[1]) if (c := json.loads(l))["method"] == "sendmessage"
          and str(c["body"].get("chat_id")) == sys.argv[2]))' "$log" "$1"
}
wait_for() { # chat, at least
    for _ in $(seq 1 100); do
        [ "$(sent_to "$1")" -ge "$2" ] && return 0
        sleep 0.2
    done
    compose logs >&2
    echo "chat $1 got $(sent_to "$1") messages, not $2" >&2
    exit 1
}

echo "== /help to each replica, and one update to both"
send 8443 1 1001
send 8444 2 1002
send 8444 1 1001
wait_for 1001 1
wait_for 1002 1
sleep 3
a=$(sent_to 1001)
b=$(sent_to 1002)
[ "$a" = "$b" ] || { echo "chat 1001 (one update to both) got $a messages, 1002 got $b" >&2; exit 1; }
grep -q '/lesson' "$log" || { echo "no /help text among the replies" >&2; exit 1; }
echo "ok: each chat got its answer ($a messages, /help's) once"

echo "== bot-a stopped with SIGTERM; bot-b goes on"
compose stop bot-a >/dev/null
code=$(podman inspect "${project}_bot-a_1" --format '{{.State.ExitCode}}')
[ "$code" = 0 ] || { echo "bot-a exited with $code" >&2; exit 1; }
healthy 8443 && { echo "bot-a still answers" >&2; exit 1; }
send 8444 3 1003
wait_for 1003 "$a"
learners=$(podman exec "${project}_db_1" psql -U tutor -d tutor -tAc 'SELECT COUNT(*) FROM learners')
[ "$learners" = 3 ] || { echo "the store holds $learners learners, not 3" >&2; exit 1; }
echo "ok: bot-a exited 0, bot-b answered, the store holds the 3 learners"
echo "== compose test passed in $(($(date +%s) - started)) s"
