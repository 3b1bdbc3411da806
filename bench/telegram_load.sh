#!/bin/sh
# The Telegram load benchmark (issue 7): the release binary against the fake Bot API server
# on 127.0.0.1, in the same process as the load generator (so the fake server's work shares
# the CPU with the bot). Prints updates/s, p50/p99 bot-side latency (from getUpdates delivery
# to the reply's arrival at the fake server) and the bot's peak resident memory.
#
#   bench/telegram_load.sh                 # 500 learners x 40 updates, text, then pictures
#   LOAD_LEARNERS=10000 LOAD_UPDATES=1 bench/telegram_load.sh   # memory with 10,000 learners
set -eu
cd "$(dirname "$0")/.."
run() {
    cargo test --release --test telegram load_benchmark -- --ignored --nocapture 2>&1 |
        grep 'telegram load:'
}
if [ -n "${LOAD_PICTURES:-}" ]; then
    run
else
    LOAD_PICTURES=0 run
    LOAD_PICTURES=1 run
fi
