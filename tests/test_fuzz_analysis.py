"""Fuzzing the analysis front doors (§4, §7): solve, hint, win_chance, review and evaluate,
with hostile arguments: a correct result, or the documented error and nothing changed."""

from concurrent.futures import ThreadPoolExecutor

from fuzz_values import DOCUMENTED, games, hostile, refused_plainly, state
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ausp_widget import evaluate, review, solve, win_chance
from ausp_widget.analysis import hint
from ausp_widget.analysis.players import hint_player

FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
budget = st.one_of(hostile, st.floats(0.001, 0.05), st.integers(1, 300))
small = st.one_of(hostile, st.integers(1, 3))


@FAST
@given(
    st.one_of(games(), hostile),
    st.one_of(hostile, st.floats(0.001, 0.05)),
    st.one_of(hostile, st.integers(1, 300)),
)
def test_solve_decides_or_names_the_bad_argument(game, time_limit, node_limit):
    before = state(game) if hasattr(game, "to_json") else None
    try:
        result = solve(game, time_limit=time_limit, node_limit=node_limit)
    except DOCUMENTED as error:
        assert refused_plainly(error)
    else:
        assert result.winnable in (True, False, None)
        if result.winnable:
            trial = game.copy()
            for move in result.moves:
                trial.play(move)
            assert trial.status == "won"
    if before is not None:
        assert state(game) == before


@FAST
@given(st.one_of(games(), hostile), st.one_of(hostile, st.integers(0, 1)))
def test_hint_suggests_a_legal_move_or_names_the_bad_argument(game, player):
    before = state(game) if hasattr(game, "to_json") else None
    try:
        advice = hint(game, player)
    except DOCUMENTED as error:
        assert refused_plainly(error)
    else:
        assert advice.move is None or advice.move in game.legal_moves(player)
    if before is not None:
        assert state(game) == before


@settings(FAST, max_examples=25)
@given(
    st.one_of(games(moves=10), hostile),
    st.one_of(hostile, st.just(0)),
    small,
    st.one_of(hostile, st.integers(0, 5)),
    st.one_of(hostile, st.just(None), st.floats(0.001, 0.05)),
)
def test_win_chance_estimates_or_names_the_bad_argument(game, player, samples, seed, time_limit):
    before = state(game) if hasattr(game, "to_json") else None
    try:
        est = win_chance(
            game, player=player, samples=samples, seed=seed, time_limit=time_limit, node_limit=200
        )
    except DOCUMENTED as error:
        assert refused_plainly(error)
    else:
        assert est.samples == samples and 0 <= est.low <= est.high <= 1 and 0 <= est.p <= 1
        assert est.wins + est.undecided <= samples
    if before is not None:
        assert state(game) == before


@settings(FAST, max_examples=15)
@given(
    st.one_of(games(modes=[("australian", "solo")], moves=4), hostile),
    small,
    st.one_of(hostile, st.integers(0, 3)),
)
def test_review_reviews_each_move_or_names_the_bad_argument(game, samples, seed):
    before = state(game) if hasattr(game, "to_json") else None
    try:
        rv = review(game, samples=samples, seed=seed)
    except DOCUMENTED as error:
        assert refused_plainly(error)
    else:
        assert [entry.move for entry in rv.moves] == [move for _p, move in game.history]
    if before is not None:
        assert state(game) == before


@settings(FAST, max_examples=30)
@given(
    st.one_of(hostile, st.just(hint_player), st.just(lambda view: "draw")),
    st.one_of(hostile, st.lists(st.one_of(st.integers(-2, 5), hostile), max_size=2)),
    st.one_of(hostile, st.integers(1, 2)),
    st.one_of(hostile, st.just(None), st.just("pool")),
    st.one_of(hostile, st.floats(0.05, 5)),
    st.one_of(hostile, st.just("australian"), st.just("indian")),
)
def test_evaluate_plays_the_deals_or_names_the_bad_argument(
    player, deals, jobs, executor, move_seconds, game
):
    with ThreadPoolExecutor(1) as pool:
        try:
            res = evaluate(
                player,
                deals=deals,
                jobs=jobs,
                executor=pool if executor == "pool" else executor,
                move_seconds=move_seconds,
                game=game,
            )
        except DOCUMENTED as error:
            assert refused_plainly(error)
        else:
            assert [d.deal for d in res.deals] == list(deals) and res.games == len(deals)
            assert set(res.failures) <= set(deals) and 0 <= res.wins <= res.games
