#!/usr/bin/env bash
# Coverage-guided fuzzing of the readers of outside input, on stable Rust, with cargo-afl
# (AFL++). Builds the targets in fuzz/, seeds them from the project's own data and runs each
# for a bounded time, one after the other, then prints per target: executions, corpus,
# crashes and hangs. Exits 1 when any target found a crash or a hang (kept in
# fuzz/out/TARGET/default/{crashes,hangs}/).
#
#   scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]      (default: 60 s, every target)
#
# Reproduce a finding: fuzz/target/release/TARGET < fuzz/out/TARGET/default/crashes/id:...
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

seeds=out/seeds
rm -rf "$seeds"
mkdir -p "$seeds"
fens=$(grep -rhoE '[1-8pnbrqkPNBRQK]{1,8}(/[1-8pnbrqkPNBRQK]{1,8}){7} [wb] (-|[KQkq]{1,4}) (-|[a-h][36])( [0-9]+ [0-9]+)?' \
    "$root/tests" "$root/crates/core/src" "$root/lessons" | sort -u | awk 'NR <= 120')

seed_lines() { # DIR PREFIX: one seed file per line of stdin
    local i=0
    while IFS= read -r line; do
        printf '%s' "$line" >"$1/$2-$i"
        i=$((i + 1))
    done
}
for t in "${targets[@]}"; do
    d=$seeds/$t
    mkdir -p "$d"
    case $t in
        move_reader)
            seed_lines "$d" move <seeds/moves.txt
            # `FEN\nmove`: the move against that position.
            i=0
            n=$(wc -l <seeds/moves.txt)
            while IFS= read -r fen; do
                mv=$(sed -n "$((i % n + 1))p" seeds/moves.txt)
                printf '%s\n%s' "$fen" "$mv" >"$d/fen-move-$i"
                i=$((i + 1))
            done < <(printf '%s\n' "$fens" | head -n 30)
            ;;
        fen_reader) printf '%s\n' "$fens" | seed_lines "$d" fen ;;
        callback_data) target/release/seeds "$d" ;;
        lesson_yaml) cp "$root"/lessons/[0-9]*.yaml "$d/" ;;
        quiz_yaml) cp "$root"/lessons/quiz/[0-9]*.yaml "$d/" ;;
        # The header and the first two puzzles of each set.
        telegram_updates) cp seeds/updates/*.json "$d/" ;;
        puzzle_yaml) for f in "$root"/puzzles/*.yaml; do head -n 31 "$f" >"$d/$(basename "$f")"; done ;;
        *) echo "unknown target $t (targets: ${all[*]})" >&2; exit 2 ;;
    esac
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
