"""The strategy figures in habits.json are the code's: a sample of every per-deal record is
measured again, the stored counts are the records' counts, and every player sees only its View."""

from __future__ import annotations

import random

import pytest

from ausp_widget import Game
from ausp_widget.analysis import deal_features, habits
from ausp_widget.core.cards import format_cards
from ausp_widget.games.australian.figures import figure_words, habit_figures
from ausp_widget.games.australian.hints import _Board, hint_from_view
from ausp_widget.games.australian.view import View

FIGURES = habit_figures()
RECORDS = {judge: entry["record"] for judge, entry in FIGURES["records"].items()}
KEYS = [key for key, fig in FIGURES.items() if isinstance(fig, dict) and "kind" in fig]


def sample(record: str, count: int = 12, marks: str = "1?") -> list[int]:
    """Seeds spread evenly over a record, plus its first win and first undecided deal."""
    n = len(record)
    seeds = {1 + k * (n - 1) // (count - 1) for k in range(count)}
    seeds |= {record.index(mark) + 1 for mark in marks if mark in record}
    return sorted(seeds)


@pytest.mark.parametrize("judge", sorted(RECORDS))
def test_a_sample_of_each_record_is_measured_again(judge):
    record = RECORDS[judge]
    assert FIGURES["records"][judge]["first"] == 1 and FIGURES["records"][judge]["deals"] == len(record)
    assert FIGURES["node_limit"] == habits.NODE_LIMIT
    # group_choice's undecided deals meet the node limit at every choice: a minute each, left out
    for seed in sample(record, marks="1" if judge == "group_choice" else "1?"):
        assert habits.outcome(judge, seed) == record[seed - 1], f"{judge} on deal {seed}"


@pytest.mark.parametrize("key", [key for key in KEYS if FIGURES[key]["kind"] == "grouped"])
def test_the_groups_and_their_counts_are_the_features(key):
    fig = FIGURES[key]
    assert fig["labels"] == deal_features.group_labels(deal_features.FEATURES[key][1])
    assert len(fig["groups"]) == fig["deals"]
    for seed in sample(fig["groups"], 40):
        assert deal_features.feature_group(key, seed) == fig["groups"][seed - 1]
    for judge in ("solver", "hint"):
        verdicts = RECORDS[judge][: fig["deals"]]
        assert fig[judge] == deal_features.by_group(fig["groups"], verdicts, fig["labels"])


@pytest.mark.parametrize("key", [key for key in KEYS if FIGURES[key]["kind"] != "grouped"])
def test_the_stored_counts_are_the_records_counts(key):
    fig = FIGURES[key]
    if fig["kind"] == "paired":
        with_, without = RECORDS[fig["with"]][: fig["deals"]], RECORDS[fig["without"]][: fig["deals"]]
        counts = habits.paired(with_, without)
        assert {k: fig[k] for k in counts} == counts and counts["n"] == fig["deals"]
        assert fig["sign_test_p"] == round(habits.sign_test(counts["only_with"], counts["only_without"]), 4)
    else:
        record = RECORDS[fig["judge"]][: fig["deals"]]
        assert (fig["yes"], fig["no"], fig["undecided"]) == tuple(map(record.count, "10?"))


def test_figures_read_as_words():
    fig = FIGURES["draw_early"]
    words = figure_words("draw_early")
    assert words.startswith(f"won {fig['won_with']} of {fig['deals']} deals (")
    assert f"against {fig['won_without']} (" in words and "95% interval" in words
    assert "winnable" in figure_words("self_block") and "hint player" in figure_words("self_block", "hint")
    assert figure_words("group_choice").startswith(f"in {FIGURES['group_choice']['yes']} of ")


def test_the_sign_test():
    assert habits.sign_test(0, 7) == pytest.approx(2 / 128)
    assert habits.sign_test(3, 3) == 1.0 and habits.sign_test(0, 0) == 1.0


def _positions(seeds, rng):
    """Positions along the hint player's games, after a random number of moves."""
    for seed in seeds:
        game = Game.deal(seed)
        for _ in range(rng.randrange(0, 40)):
            move = hint_from_view(game.view(0)).move
            if move is None or game.status != "playing":
                break
            game.play(move)
        if game.status == "playing":
            yield game


def _restocked(game: Game, rng: random.Random) -> Game:
    """The same position with the stock shuffled, all but its next card."""
    stock = list(game.stock())
    rest = stock[1:]
    rng.shuffle(rest)
    text = game.to_text().replace(f"stock: {format_cards(stock)}", f"stock: {format_cards(stock[:1] + rest)}")
    return Game.from_text(text)


@pytest.mark.parametrize("name", sorted(habits.POLICIES))
def test_a_player_sees_only_its_view(name):
    """Two games that differ only in the stock beyond its next card get the same moves until a
    second draw shows a different card; a View rebuilt from plain values gets the same move."""
    policy, rng = habits.POLICIES[name], random.Random(7)
    for game in _positions(range(1, 25), rng):
        view = game.view(0)
        rebuilt = View(**{field: getattr(view, field) for field in View.__dataclass_fields__})
        assert policy(rebuilt) == policy(view)
        other, draws = _restocked(game, rng), 0
        while draws < 2 and game.status == "playing":
            move = policy(game.view(0))
            assert policy(other.view(0)) == move
            if move is None:
                break
            draws += move.kind == "draw"
            game.play(move)
            other.play(move)


def test_the_variants_change_only_what_they_name():
    """The hint's finders, run through the variants' procedure, give the hint's own move."""
    for game in _positions(range(1, 40), random.Random(3)):
        view = game.view(0)
        board = _Board(view)
        assert habits._advice(board, habits.hint_finders(board)) == hint_from_view(view).move
