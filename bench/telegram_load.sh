#!/bin/sh
# The Telegram load benchmark (issue 7): the release binary against the fake Bot API server
# on 127.0.0.1, run by the load generator's process (so the fake server's work shares the
# two cores with the bot). Prints updates/s, p50/p99 bot-side latency (from getUpdates
# delivery to the reply's arrival at the fake server) and the bot's peak resident memory.
#
#   bench/telegram_load.sh            # the set quoted in the report (500 learners x 40 updates)
#   LOAD_LEARNERS=10000 LOAD_UPDATES=2 LOAD_PICTURES=0 bench/telegram_load.sh   # one run
# Variables: LOAD_LEARNERS, LOAD_UPDATES, LOAD_PICTURES (0/1), LOAD_RATE (updates/s; unset:
# everything queued at once, i.e. saturation), LOAD_STORM (percent of calls answered 429 with
# retry_after 1-5 s). BENCH_BOT: another build of chess-tutor (an older commit's release
# binary) run by this tree's harness instead of this tree's, for a before/after comparison.
# LOAD_BACKEND=postgres: the bot on a fresh schema of CHESS_TUTOR_TEST_DATABASE_URL (default
# postgres://postgres@127.0.0.1:5432/test) instead of SQLite.
set -eu
cd "$(dirname "$0")/.."
run() {
    cargo test --release --test e2e telegram::load_benchmark -- --ignored --nocapture 2>&1 |
        grep -E 'telegram load:|panicked|left|right'
}
if [ -n "${LOAD_PICTURES:-}" ]; then
    run
else
    LOAD_PICTURES=0 run
    LOAD_PICTURES=1 run
    LOAD_PICTURES=0 LOAD_RATE=1000 run
    LOAD_PICTURES=1 LOAD_RATE=200 run
    LOAD_PICTURES=0 LOAD_LEARNERS=10000 LOAD_UPDATES=2 run
    LOAD_PICTURES=0 LOAD_STORM=30 run
fi
