"""Fuzzing the analysis front doors (§4, §7): solve, hint, win_chance, review and evaluate.
Each draw spoils at most one argument with a hostile value: with none spoiled the call gives
a correct result; with one spoiled, a correct result or the documented error; never a change
to the game."""

from concurrent.futures import ThreadPoolExecutor

from fuzz_values import DOCUMENTED, games, hostile, refused_plainly, state
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ausp_widget import evaluate, review, solve, win_chance
from ausp_widget.analysis import hint
from ausp_widget.analysis.players import hint_player

FAST = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _asks_for_hours(value) -> bool:
    """A valid count of samples so large the answer takes hours (it is not refused)."""
    return isinstance(value, int) and not isinstance(value, bool) and value > 3


def spoiled(data, valid: dict) -> tuple[dict, str | None]:
    """The arguments drawn from `valid`, one of them (or none) replaced by a hostile value."""
    arguments = {name: data.draw(strategy, label=name) for name, strategy in valid.items()}
    spoil = data.draw(st.sampled_from([None, *valid]), label="spoiled")
    if spoil is not None:
        values = hostile.filter(lambda v: not _asks_for_hours(v)) if spoil == "samples" else hostile
        arguments[spoil] = data.draw(values, label=f"hostile {spoil}")
    return arguments, spoil


def call(function, arguments: dict, spoil: str | None):
    """The result, or None when the call was refused as documented (only when spoiled)."""
    game = arguments.get("game")
    before = state(game) if hasattr(game, "to_json") else None
    try:
        return function(**arguments)
    except DOCUMENTED as error:
        assert spoil is not None, f"refused a valid call: {error!r}"
        assert refused_plainly(error)
        return None
    finally:
        if before is not None:
            assert state(game) == before, "the call changed the game"


@FAST
@given(st.data())
def test_solve_decides_or_names_the_bad_argument(data):
    valid = {
        "game": games(modes=[("australian", "solo"), ("indian", "solo")]),
        "time_limit": st.floats(0.01, 0.05),  # with node_limit spoiled (None), still bounded
        "node_limit": st.integers(1, 300),
    }
    arguments, spoil = spoiled(data, valid)
    result = call(solve, arguments, spoil)
    if result is not None and result.winnable:
        trial = arguments["game"].copy()
        for move in result.moves:
            trial.play(move)
        assert trial.status == "won"


@FAST
@given(st.data())
def test_hint_suggests_a_legal_move_or_names_the_bad_argument(data):
    arguments, spoil = spoiled(data, {"game": games(), "player": st.just(0)})
    advice = call(hint, arguments, spoil)
    if advice is not None:
        assert advice.move is None or advice.move in arguments["game"].legal_moves(arguments["player"])


@settings(FAST, max_examples=20)
@given(st.data())
def test_win_chance_estimates_or_names_the_bad_argument(data):
    valid = {
        "game": games(modes=[("australian", "solo"), ("indian", "solo")], moves=10),
        "player": st.just(0),
        "samples": st.integers(1, 3),
        "seed": st.integers(0, 2**70),
        "time_limit": st.floats(0.01, 0.05),  # with node_limit spoiled (None), still bounded
        "node_limit": st.integers(1, 200),
    }
    arguments, spoil = spoiled(data, valid)
    est = call(win_chance, arguments, spoil)
    if est is not None:
        samples = arguments["samples"]
        assert est.samples == samples and 0 <= est.low <= est.p <= est.high <= 1
        assert est.wins + est.undecided <= samples


@settings(FAST, max_examples=12)
@given(st.data())
def test_review_reviews_each_move_or_names_the_bad_argument(data):
    valid = {
        "game": games(modes=[("australian", "solo")], moves=4),
        "samples": st.integers(1, 3),
        "seed": st.integers(0, 2**70),
    }
    arguments, spoil = spoiled(data, valid)
    rv = call(review, arguments, spoil)
    if rv is not None:
        assert [entry.move for entry in rv.moves] == [move for _p, move in arguments["game"].history]


@settings(FAST, max_examples=25)
@given(st.data())
def test_evaluate_plays_the_deals_or_names_the_bad_argument(data):
    valid = {
        "player": st.sampled_from([hint_player, lambda view: "draw", lambda view: None]),
        "deals": st.lists(st.integers(0, 2**64 - 1), max_size=2),
        "jobs": st.integers(1, 2),
        "executor": st.sampled_from([None, "pool"]),
        "move_seconds": st.floats(0.5, 5),
        "game": st.sampled_from(["australian", "indian"]),
    }
    arguments, spoil = spoiled(data, valid)
    with ThreadPoolExecutor(1) as pool:
        if arguments["executor"] == "pool":
            arguments["executor"] = pool
        res = call(evaluate, arguments, spoil)
    if res is not None:
        deals = list(arguments["deals"])
        assert [d.deal for d in res.deals] == deals and set(res.failures) <= set(deals)
        assert 0 <= res.wins <= res.games == len(deals)
