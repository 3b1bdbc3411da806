#!/bin/sh
# Issue 13's fault figures: the release binary against the fake Bot API on 127.0.0.1.
#   bench/telegram_faults.sh          # all three
#   FAULT=kill9 bench/telegram_faults.sh
# kill9: 2,000 updates pending, SIGKILL once a quarter is answered, restart: time from the
#        restart to the first and last pending answer, replies lost and repeated.
# outage: 25 updates/s for 40 s with refused connections from 10 s to 30 s: lost, repeated,
#        latency.
# blocked: the other chats' p50/p99 latency while one chat waits out 429s for 30 s, against
#        a run without it, side by side.
set -eu
cd "$(dirname "$0")/.."
run() {
    cargo test --release --test e2e telegram::fault_benchmark -- --ignored --nocapture 2>&1 |
        grep -E 'telegram (kill|20 s|one chat)|panicked|left|right'
}
if [ -n "${FAULT:-}" ]; then
    run
else
    FAULT=kill9 run
    FAULT=outage run
    FAULT=blocked run
fi
