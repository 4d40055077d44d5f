#!/bin/sh
# The Indian puzzle set, made in the working file bench/making/puzzles_indian.json (a stopped
# run carries on when started again): free and home puzzles first, then win and judge.
cd "$(dirname "$0")/../.." || exit 1
OUT=bench/making/puzzles_indian.json
.venv/bin/python -m ausp_widget puzzles --game indian --kinds free=100,home=100 --seed 2026 --deals 2000 --out "$OUT" || exit 1
.venv/bin/python -m ausp_widget puzzles --game indian --kinds win=20 --seed 2026 --deals 400 --out "$OUT" || exit 1
.venv/bin/python -m ausp_widget puzzles --game indian --kinds judge=20 --seed 2026 --deals 400 --out "$OUT"
