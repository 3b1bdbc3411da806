#!/bin/sh
# "/help beside level-8 games" (docs/help-beside-games.md): 40 learners sending /help 5 times a
# second, alone and then beside 20 learners playing level-8 games against the tutor, the
# release binary against the fake Bot API server on 127.0.0.1 (the fake server shares the
# cores with the bot). Each run prints the /help p50/p99 alone and beside the games, their p99
# ratio and the game moves answered per second; the script runs ROUNDS rounds, the variants
# alternating within each round, and prints the medians.
#
#   bench/help_beside_games.sh                       # this tree, SQLite and PostgreSQL
#   OLD_BIN=../target-old/release/chess-tutor bench/help_beside_games.sh   # before vs after
#   ROUNDS=1 BACKENDS=sqlite THREADS="1 2" bench/help_beside_games.sh
#
# OLD_BIN: another build of chess-tutor (e.g. `git worktree add ../old 673c948` and
# `cargo build --release` there), run by this tree's harness as "before". THREADS: extra runs
# of this tree with CHESS_TUTOR_SEARCH_THREADS set to each value. BACKENDS: sqlite and/or
# postgres (CHESS_TUTOR_TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; a
# fresh schema per run). HELP_GAMES, HELP_SENDERS, HELP_RATE, HELP_ALONE_SECS,
# HELP_WARMUP_SECS, HELP_WINDOW_SECS go through to the harness (tests/e2e/help_beside_games.rs).
set -eu
cd "$(dirname "$0")/.."
ROUNDS=${ROUNDS:-3}
BACKENDS=${BACKENDS:-sqlite postgres}
THREADS=${THREADS:-}
OLD_BIN=${OLD_BIN:-}
: "${CHESS_TUTOR_TEST_DATABASE_URL:=postgres://postgres@127.0.0.1:5432/test}"
export CHESS_TUTOR_TEST_DATABASE_URL
RESULTS=${RESULTS:-$(mktemp)}

cargo test --release --test e2e --no-run
if [ -n "$OLD_BIN" ] && [ ! -x "$OLD_BIN" ]; then
    echo "OLD_BIN=$OLD_BIN is not an executable" >&2
    exit 1
fi

run() { # label bot threads backend
    out=$(env HELP_BENCH_LABEL="$1" HELP_BENCH_BOT="$2" HELP_BENCH_BACKEND="$4" \
        ${3:+CHESS_TUTOR_SEARCH_THREADS=$3} \
        cargo test --release --test e2e help_beside_games:: -- --ignored --nocapture 2>&1) || {
        echo "$out" | tail -30
        exit 1
    }
    echo "$out" | grep -E '^help beside games|^SPENT|^THREADS|^stalled|^bot log|did not stop'
    echo "$out" | grep '^RESULT' >>"$RESULTS"
}

round=1
while [ "$round" -le "$ROUNDS" ]; do
    echo "== round $round"
    for backend in $BACKENDS; do
        if [ -n "$OLD_BIN" ]; then
            run before "$OLD_BIN" "" "$backend"
        fi
        run after "" "" "$backend"
        for t in $THREADS; do
            run "after-t$t" "" "$t" "$backend"
        done
    done
    round=$((round + 1))
done

echo "== medians of $ROUNDS rounds (ms; moves/s), all results in $RESULTS"
sed 's/^RESULT //' "$RESULTS" | awk '
{
    for (i = 1; i <= NF; i++) { split($i, kv, "="); f[kv[1]] = kv[2] }
    key = f["label"] " " f["backend"]
    if (!(key in n)) order[++keys] = key
    k = ++n[key]
    for (c = 1; c <= 7; c++) v[key, c, k] = f[col[c]]
}
BEGIN {
    split("alone_p50 alone_p99 beside_p50 beside_p99 ratio moves_per_s move_p50", col, " ")
    printf "%-18s %9s %9s %10s %10s %7s %8s %9s\n", "variant backend", "alone50", "alone99", "beside50", "beside99", "ratio", "moves/s", "move50"
}
function median(key, c,    m, i, j, t, a) {
    m = n[key]
    for (i = 1; i <= m; i++) a[i] = v[key, c, i] + 0
    for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
    return (m % 2) ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2
}
END {
    for (i = 1; i <= keys; i++) {
        key = order[i]
        printf "%-18s %9.1f %9.1f %10.1f %10.1f %7.1f %8.2f %9.0f\n", key, median(key, 1), median(key, 2), median(key, 3), median(key, 4), median(key, 5), median(key, 6), median(key, 7)
    }
}'
