#!/bin/sh
# The strength of the tutor's eight levels (benches/strength.rs): each level against the one
# below, level 1 against a random mover and three greedy capturers, and levels 6-8 against
# Stockfish 15.1 at Skill Level 0, 1 and 3. Prints markdown tables (results, reply times).
#
#   bench/play_strength.sh                 # the full set: 100 games a match, 20 vs Stockfish
#   GAMES=20 SF_GAMES=6 bench/play_strength.sh    # a quick look
#   ONLY="level 1 vs" bench/play_strength.sh      # only the matches whose name has this text
# Other variables: SF_GO (what follows `go`, default `depth 8`), SF_LEVELS, SF_SKILLS,
# THREADS (games at once; more than 1 blurs the reply times), ENDINGS (arbiter: only the endings
# that need no claim, as the tutor arbitrates; claims: every draw claimed, 200 plies at most).
set -eu
cd "$(dirname "$0")/.."
if ! command -v stockfish >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        apt-get update && apt-get install -y stockfish
    else
        echo "stockfish is missing (apt-get install stockfish); its matches are skipped" >&2
    fi
fi
# Debian puts it in /usr/games.
PATH="$PATH:/usr/games"
export PATH
cargo bench --bench strength
