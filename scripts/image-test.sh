#!/usr/bin/env bash
# Tests the runtime image (scripts/image.sh builds it): the terminal chat answers /help in it,
# and the webhook e2e tests run with every bot process in a container (BENCH_BOT points the
# harness at this script's `run` mode): two replicas against the machine's PostgreSQL and a
# fake Bot API on loopback, nothing lost or doubled against one process; SIGTERM under load.
#
#   scripts/image-test.sh [TAG]       (default: chess-tutor:latest)
#
# Needs the machine's PostgreSQL on 127.0.0.1:5432 (CHESS_TUTOR_TEST_DATABASE_URL).
set -euo pipefail

if [ "${IMAGE_TEST_RUN:-}" = 1 ]; then
    # One bot process as the e2e harness starts it (BENCH_BOT), in a container on the host's
    # network, with the harness's data folder mounted at the same path. Labelled, so that what
    # a killed client leaves running is removed at the end.
    data=
    prev=
    for a in "$@"; do
        [ "$prev" = --data-dir ] && data=$a
        prev=$a
    done
    mounts=()
    if [ -n "$data" ]; then
        chmod a+rwx "$data"
        mounts=(-v "$data:$data")
    fi
    envs=()
    for name in TELOXIDE_TOKEN TELOXIDE_API_URL TELEGRAM_WEBHOOK_SECRET DATABASE_URL \
        CHESS_TUTOR_OUTBOX_LEASE_MS CHESS_TUTOR_OUTBOX_SWEEP_MS CHESS_TUTOR_PASSING_BUDGET_MS RUST_LOG; do
        [ -n "${!name+x}" ] && envs+=(-e "$name")
    done
    # Two replicas on one network: each its own metrics port.
    exec podman run --rm --label chess-tutor-image-test=1 --network host "${mounts[@]}" "${envs[@]}" \
        -e CHESS_TUTOR_METRICS_LISTEN=127.0.0.1:0 "${IMAGE_TAG:-chess-tutor:latest}" "$@"
fi

tag=${1:-chess-tutor:latest}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
export CHESS_TUTOR_TEST_DATABASE_URL="${CHESS_TUTOR_TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"

echo "== the terminal chat in the image answers /help"
help=$(printf '/help\n' | podman run --rm -i "$tag" chat --no-web 2>&1)
grep -q '/explain' <<<"$help" || { echo "$help"; echo "no help from the image" >&2; exit 1; }
echo ok

echo "== webhook replicas in containers"
cleanup() { podman ps -aq --filter label=chess-tutor-image-test=1 | xargs -r podman rm -f >/dev/null; }
trap cleanup EXIT
IMAGE_TEST_RUN=1 IMAGE_TAG=$tag BENCH_BOT="$root/scripts/image-test.sh" cargo test --test e2e -- \
    --test-threads=1 two_replicas_on_postgresql sigterm_under_load
