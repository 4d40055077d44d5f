#!/bin/sh
# The Yukon puzzle set, made in the working file bench/making/puzzles_yukon.json (a stopped run
# carries on when started again): free and home puzzles first, then win and judge (study
# positions where a card still lies face down). When it is complete, check it with
# .venv/bin/python bench/puzzles_check.py bench/making/puzzles_yukon.json
# and copy it over ausp_widget/data/puzzles_yukon.json.
cd "$(dirname "$0")/../.." || exit 1
OUT=bench/making/puzzles_yukon.json
.venv/bin/python -m ausp_widget puzzles --game yukon --kinds free=40,home=40 --seed 2026 --deals 800 --out "$OUT" || exit 1
.venv/bin/python -m ausp_widget puzzles --game yukon --kinds win=30 --seed 2026 --deals 600 --out "$OUT" || exit 1
.venv/bin/python -m ausp_widget puzzles --game yukon --kinds judge=40 --seed 2026 --deals 1200 --out "$OUT"
