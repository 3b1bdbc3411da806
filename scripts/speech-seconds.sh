#!/usr/bin/env bash
# How long the boards in words take to hear: the start position and the longest board of the
# shipped course, per script, in characters and in seconds spoken by espeak-ng (Debian package
# `espeak-ng`; default speed, 175 words a minute). The figures of docs/text-mode.md.
#
#   scripts/speech-seconds.sh [DIR]     (DIR defaults to target/speech)
set -euo pipefail
out=${1:-target/speech}
mkdir -p "$out"
# Absolute: the test runs in crates/core, not here.
out=$(cd "$out" && pwd)
SPEECH_OUT="$out" cargo test -q -p chess-tutor-core --test it spoken_board_figures -- --ignored >/dev/null
seconds() {
    python3 -c 'import sys, wave; w = wave.open(sys.argv[1]); print(f"{w.getnframes() / w.getframerate():.1f}")' "$1"
}
chars() {
    python3 -c 'import sys; print(len(open(sys.argv[1], encoding="utf-8").read()))' "$1"
}
printf '%-8s %-8s %6s %9s  %s\n' script board chars seconds voice
for lang in zh-Hans zh-Hant en; do
    case $lang in
        en) voices="en" ;;
        zh-Hans) voices="cmn" ;;
        zh-Hant) voices="cmn yue" ;;
    esac
    for board in start longest; do
        text="$out/$board-$lang.txt"
        for voice in $voices; do
            wav="$out/$board-$lang-$voice.wav"
            espeak-ng -v "$voice" -w "$wav" -f "$text"
            printf '%-8s %-8s %6s %9s  %s\n' "$lang" "$board" "$(chars "$text")" "$(seconds "$wav")" "$voice"
        done
    done
done
