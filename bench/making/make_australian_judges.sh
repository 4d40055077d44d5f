#!/bin/sh
# The Australian judge puzzles made again with no position where only a draw is left to do (such
# positions told lost judges from winnable ones): the working file keeps the shipped free, home and
# win puzzles; a stopped run carries on when started again. When it holds 40 judges, check it with
# .venv/bin/python bench/puzzles_check.py bench/making/puzzles_australian_judges.json
# and the cue table (bench/puzzles.py --game australian --no-timing), then copy it over
# ausp_widget/data/puzzles_australian.json.
cd "$(dirname "$0")/../.." || exit 1
.venv/bin/python -m ausp_widget puzzles --game australian --kinds judge=40 --seed 2026 --deals 2500 \
    --out bench/making/puzzles_australian_judges.json
