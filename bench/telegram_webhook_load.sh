#!/bin/sh
# The webhook load benchmark (issue 7): the release binary in webhook mode, updates POSTed as
# Telegram does (a chat's next update only after the previous got its 200; 40 requests at
# once), replies to the fake Bot API server on 127.0.0.1, all on this machine's cores. Prints
# updates/s, p50/p99 of the request time (POST to 200, after the replies were sent) and peak
# resident memory.
#
#   bench/telegram_webhook_load.sh     # text and picture on SQLite; two replicas on PostgreSQL
# Variables: LOAD_LEARNERS, LOAD_UPDATES, LOAD_CONNECTIONS, LOAD_PICTURES (0/1),
# LOAD_REPLICAS (1, or 2 on PostgreSQL: needs CHESS_TUTOR_TEST_DATABASE_URL).
set -eu
cd "$(dirname "$0")/.."
run() {
    cargo test --release --test e2e telegram_webhook::webhook_load_benchmark -- --ignored --nocapture 2>&1 |
        grep -E 'webhook load:|panicked|left|right'
}
if [ -n "${LOAD_PICTURES:-}" ]; then
    run
else
    LOAD_PICTURES=0 run
    LOAD_PICTURES=1 run
    if [ -n "${CHESS_TUTOR_TEST_DATABASE_URL:-}" ]; then
        LOAD_PICTURES=0 LOAD_REPLICAS=2 run
    fi
fi
