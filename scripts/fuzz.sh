#!/usr/bin/env bash
# Coverage-guided fuzzing of the readers of outside input, on stable Rust, with cargo-afl
# (AFL++). Builds the targets in fuzz/ (their checks are fuzz/src/lib.rs, which CI also runs
# without AFL: tests/fuzz.rs), seeds them from fuzz/corpus/ and runs each for a bounded time,
# one after the other, then prints per target: executions, corpus, crashes and hangs. Exits 1 when any target found a crash or a hang (kept in
# fuzz/out/TARGET/default/{crashes,hangs}/).
#
#   scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]      (default: 60 s, every target)
#
# Reproduce a finding: fuzz/target/release/TARGET < fuzz/out/TARGET/default/crashes/id:...
# Once fixed, copy it into fuzz/corpus/TARGET/: every `cargo test` then replays it.
set -euo pipefail

secs=${1:-60}
shift || true
all=(move_reader fen_reader callback_data lesson_yaml quiz_yaml puzzle_yaml telegram_updates)
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("${all[@]}")

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root/fuzz"

# cargo-afl builds its own AFL++ (bundled source; make and a C compiler) for the toolchain
# when installed; `config --build` builds it again for a toolchain it has not seen.
if ! command -v cargo-afl >/dev/null; then
    cargo install cargo-afl --locked --version 0.18.2
fi
cargo afl config --build >/dev/null 2>&1 || true
cargo afl build --release --locked

# Per-execution time limit (ms) before AFL calls an input a hang: a typed move or a button
# is answered in far less; a content file runs the engine's checks, each with its budget.
timeout_of() {
    case $1 in
        lesson_yaml | quiz_yaml | puzzle_yaml) echo 5000 ;;
        *) echo 1000 ;;
    esac
}

# The seeds: each target's corpus kept in the repository (fuzz/corpus/TARGET/, also replayed by
# every `cargo test` in tests/fuzz.rs), and the callback data `Action::encode` makes now.
seeds=out/seeds
rm -rf "$seeds"
mkdir -p "$seeds"
for t in "${targets[@]}"; do
    case " ${all[*]} " in
        *" $t "*) ;;
        *) echo "unknown target $t (targets: ${all[*]})" >&2; exit 2 ;;
    esac
    d=$seeds/$t
    mkdir -p "$d"
    cp corpus/"$t"/* "$d/"
    [ "$t" != callback_data ] || target/release/seeds "$d"
done

export AFL_NO_UI=1 AFL_SKIP_CPUFREQ=1 AFL_NO_AFFINITY=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1
found=0
report=()
for t in "${targets[@]}"; do
    rm -rf "out/$t"
    echo "== $t: ${secs}s (log: fuzz/out/$t.log)"
    cargo afl fuzz -V "$secs" -t "$(timeout_of "$t")" -i "$seeds/$t" -o "out/$t" \
        "target/release/$t" >"out/$t.log" 2>&1 || { tail -n 20 "out/$t.log"; exit 1; }
    stats=out/$t/default/fuzzer_stats
    get() { awk -F' *: *' -v k="$1" '$1 == k { print $2 }' "$stats"; }
    crashes=$(get saved_crashes)
    hangs=$(get saved_hangs)
    report+=("$(printf '%-14s %12s %8s %10s %8s %6s %6s' "$t" "$(get execs_done)" \
        "$(get execs_per_sec)" "$(get corpus_count)" "$(get bitmap_cvg)" "$crashes" "$hangs")")
    [ "$crashes" = 0 ] && [ "$hangs" = 0 ] || found=1
done

printf '%-14s %12s %8s %10s %8s %6s %6s\n' target executions exec/s corpus map% crashes hangs
printf '%s\n' "${report[@]}"
exit $found
