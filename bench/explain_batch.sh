#!/usr/bin/env bash
# End-to-end throughput of `chess-tutor explain --batch` on 10,000 JSON lines, beside
# python-chess answering only "is this from/to pair legal?" on the same lines.
# Usage: bench/explain_batch.sh   (builds the release binary first)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
input=$(mktemp)
python3 bench/make_explain_lines.py 10000 > "$input"
bin=target/release/chess-tutor
for run in 1 2 3 4 5; do
  start=$(date +%s.%N)
  "$bin" explain --batch --lang en < "$input" > /dev/null
  end=$(date +%s.%N)
  echo "chess-tutor run $run: $(python3 -c "print(f'{10000/($end-$start):,.0f} lines/s ({($end-$start)*1000:.1f} ms)')")"
done
if python3 -c 'import chess' 2>/dev/null; then
  python3 bench/python_legal_only.py < "$input"
fi
rm -f "$input"
