"""One conformance suite for every registered game and mode, in the spirit of OpenSpiel's
random-simulation test: play hundreds of seeded deals, at random and by hints (the bot as
the second player), and at every step check what the game protocol
(`ausp_widget.core.protocol`) promises a view, the guide, saves and the solver.

Nothing here names a game (only the known gaps below, by case id): a new game that
registers itself gets all of it.
"""

from __future__ import annotations

import contextlib
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from ausp_widget import Game, IllegalMoveError, Move, NotationError
from ausp_widget.analysis import hint
from ausp_widget.core import registry
from ausp_widget.core.cards import CARDS
from ausp_widget.core.protocol import PatienceGame, Pile, PileRef, Place, pile_of

REFUSED = (IllegalMoveError, NotationError)
# Per game and mode, 300 deals, every position checked (the checks cost milliseconds each):
RANDOM_DEALS = 292  # random play from the deal, capped; in blocks so --durations shows them
RANDOM_BLOCKS = 2
RANDOM_CAP = 12
END_DEALS = 3  # random play to the end of the game (the cap only stops a runaway)
END_CAP = 1000
HINT_DEALS = 6  # the person follows the hints and the bot plays: deep into the game
HINT_CAP = 120
JSON_EVERY = 6  # a save replays every move: its round trip every 6th step and at the end
PROBES = 4  # clicks and typed moves tried per player and step
LISTING_DEALS, LISTING_CAP = 40, 45  # the listing check alone, deeper and cheaper

CASES = [
    pytest.param(entry, game_mode, id=f"{entry.name}-{table_mode}")
    for entry in registry.games()
    for table_mode, (game_mode, _label) in entry.modes.items()
]

# Known gaps outside the protocol files this suite may fix, by case id, with the reason.
KNOWN_LISTING_GAPS: dict[str, str] = {}
LISTING_CASES = [
    pytest.param(
        *case.values,
        id=case.id,
        marks=[pytest.mark.xfail(strict=True, raises=AssertionError, reason=KNOWN_LISTING_GAPS[case.id])]
        if case.id in KNOWN_LISTING_GAPS
        else [],
    )
    for case in CASES
]

Policy = Callable[[Any, Any, random.Random], "tuple[int, Move] | None"]


# ---- small generic helpers ------------------------------------------------------------------
def deal(entry: registry.GameEntry, game_mode: str, seed: int) -> Any:
    """A deal of the game in this mode; two-player deals alternate who starts."""
    return entry.deal(seed, mode=game_mode, first=0 if game_mode == "solo" else seed % 2)


def state(game: Any) -> tuple:
    """What a move changes, as a view sees it: the table, the status and whose turn it is."""
    return game.piles(), game.status, game.turn


def names(moves: list[Move]) -> list[str]:
    return sorted(map(str, moves))


def text_of(game: Any) -> str | None:
    """The position text, or None for a mode that has none (two players)."""
    try:
        return game.to_text()
    except NotationError:
        return None


def all_cards(game: Any, piles: tuple[Pile, ...]) -> list[Counter]:
    """Every player's cards, hidden ones included, read through the §4 accessors
    (tableau, waste, stock) and the foundations' owners."""
    counts = [Counter() for _ in range(game.players)]
    for p in range(game.players):
        counts[p].update(card for column in game.tableau(p) for card in column)
        counts[p].update(game.waste(p))
        counts[p].update(game.stock(p))
    for pile in piles:
        if pile.kind == "foundation":
            for card, owner in zip(pile.cards, pile.owners, strict=True):
                counts[owner][card] += 1
    return counts


def expected_cards(game: Any) -> list[Counter]:
    """The multiset each player must keep, read from the deal: whole decks, each card the
    same number of times."""
    expected = all_cards(game, game.piles())
    for counts in expected:
        assert sum(counts.values()) == game.card_count
        assert set(counts) == set(CARDS) and len(set(counts.values())) == 1, counts
    return expected


def player_places(piles: tuple[Pile, ...], player: int) -> list[Place]:
    """Every place of a card on `player`'s side (face-down ones too) and the stock."""
    places = []
    for pile in piles:
        if pile.owner == player and pile.kind != "stock":
            places += [Place(pile.ref, depth) for depth in range(len(pile.cards))]
        elif pile.owner == player:
            places.append(Place(pile.ref, 0))
    return places


def probe_moves(game: Any, piles: tuple[Pile, ...], player: int, rng: random.Random) -> list[Move]:
    """Candidate moves, legal or not: what clicks mean (from any place, or from a card that can
    move, to any pile) and typed moves (any card, or one on the player's side, to any target)."""
    refs = [pile.ref for pile in piles]
    anywhere = player_places(piles, player) + [
        Place(pile.ref, 0) for pile in piles if pile.owner != player and pile.cards
    ]
    movable = [game.move_places(move, player)[0] for move in game.legal_moves(player)]
    movable = [place for place in movable if place is not None] or anywhere
    candidates: list[Move] = []
    for k in range(PROBES):
        try:
            source = rng.choice(movable if k % 2 else anywhere)
            candidates.append(game.move_between(source, rng.choice(refs), player))
        except REFUSED:
            pass  # a click that means no move at all is refused as it is made
    mine = [card for pile in piles if pile.owner == player for card in pile.cards if card is not None]
    columns = sum(1 for pile in piles if pile.kind == "column" and pile.owner == player)
    foundations = sum(1 for pile in piles if pile.kind == "foundation")
    for k in range(PROBES):
        card = rng.choice(mine if mine and k % 2 else CARDS)
        target = rng.choice(
            ["F", f"F{rng.randint(1, foundations)}", str(rng.choice(CARDS)), str(rng.randint(1, columns))]
        )
        text = rng.choice(["draw", "pass", f"{card} {target}", f"{card} {target}", f"{card} {target}"])
        with contextlib.suppress(NotationError):  # a column or pile this game does not have
            candidates.append(game.parse_move(text))
    return candidates


# ---- the checks made at every step --------------------------------------------------------
def check_cards(game: Any, piles: tuple[Pile, ...], expected: list[Counter]) -> None:
    """Card conservation, on the piles a view draws and on the full state behind them."""
    for p in range(game.players):
        total, named = 0, Counter()
        for pile in piles:
            if pile.kind == "foundation":
                assert len(pile.owners) == len(pile.cards), pile
                owned = [card for card, owner in zip(pile.cards, pile.owners) if owner == p]
                total += len(owned)
                named.update(owned)
            elif pile.owner == p:
                total += pile.size
                named.update(card for card in pile.cards if card is not None)
        assert total == game.card_count, f"player {p} has {total} cards on the table"
        assert not named - expected[p], f"cards player {p} never had: {named - expected[p]}"
        columns = [pile for pile in piles if pile.owner == p and pile.kind == "column"]
        columns.sort(key=lambda pile: pile.index)
        assert len(columns) == len(game.tableau(p))
        for pile, column in zip(columns, game.tableau(p)):
            assert len(pile.cards) == len(column)
            assert all(shown in (None, card) for shown, card in zip(pile.cards, column)), pile
        assert pile_of(piles, PileRef("waste", p)).cards == game.waste(p)
        assert pile_of(piles, PileRef("stock", p)).size == len(game.stock(p))
    assert all_cards(game, piles) == expected
    for pile in piles:
        if pile.kind == "stock":
            assert all(card is None for card in pile.cards), "a stock card is named on the table"


def check_status(game: Any, piles: tuple[Pile, ...]) -> dict[int, list[Move]]:
    """The status agrees with the legal moves; the scores with the foundations' owners."""
    legal = {p: game.legal_moves(p) for p in range(game.players)}
    status = game.status
    assert status in (("playing", "won", "lost") if game.players == 1 else ("playing", "over"))
    assert (status == "playing") == any(legal.values()), (status, legal)
    if game.turn is not None:
        assert all(not moves for p, moves in legal.items() if p != game.turn), legal
    elif status == "playing" and game.mode == "turns":
        pytest.fail("a turn-based game in play has nobody on turn")
    owners = Counter(owner for pile in piles if pile.kind == "foundation" for owner in pile.owners)
    assert tuple(game.scores) == tuple(owners[p] for p in range(game.players))
    if status == "won":
        assert sum(game.scores) == game.card_count * game.players
    for p, moves in legal.items():
        assert set(map(str, game.useful_moves(p))) <= set(map(str, moves))
        assert len(set(map(str, moves))) == len(moves), f"a move listed twice: {names(moves)}"
    return legal


def check_legal_moves(game: Any, piles: tuple[Pile, ...], legal: dict[int, list[Move]]) -> list[Any]:
    """Every listed move plays (on a copy); `move_places` finds its card on the table, and
    `move_between` of those places — a click — means a listed move. Returns the games they lead to."""
    after = []
    for p, moves in legal.items():
        for move in moves:
            trial = game.copy()
            played = trial.play(move, p)
            assert isinstance(played, Move) and played == move, (move, played)
            assert trial.history[-1] == (p, played)
            assert trial.describe(played, p) and isinstance(trial.news(piles), str)
            after.append(trial)
            source, target = game.move_places(move, p)
            if move.card is not None:
                assert source is not None and target is not None, (move, source, target)
                assert pile_of(piles, source.pile).cards[source.depth] == move.card, (move, source)
                pile_of(piles, target)
            if source is not None and target is not None:
                meant = game.move_between(source, target, p)
                assert meant in moves, f"{move} by a click from {source} to {target} means {meant}"
    return after


def check_stuck_words(
    game: Any, piles: tuple[Pile, ...], legal: dict[int, list[Move]], rng: random.Random
) -> None:
    """A card that no listed move takes gets words saying why (or a refusal to pick it up)."""
    for p, moves in legal.items():
        sources = {game.move_places(move, p)[0] for move in moves}
        stuck = [
            place
            for place in player_places(piles, p)
            if place.pile.kind != "stock"
            and place not in sources
            and pile_of(piles, place.pile).cards[place.depth] is not None
        ]
        for place in rng.sample(stuck, min(2, len(stuck))):
            try:
                words = game.explain_stuck(place, p)
            except IllegalMoveError as error:
                assert str(error)
            else:
                assert isinstance(words, str) and words, place


def check_refusals(
    game: Any,
    piles: tuple[Pile, ...],
    legal: dict[int, list[Move]],
    after: list[Any],
    rng: random.Random,
    listed_only: bool,
) -> None:
    """Moves not listed are refused with a reason and change nothing (the caller compares
    `to_json()`). With `listed_only`, one the game accepts anyway must be another spelling of
    a listed move (`7♥ 4` for `7♥ 8♣`): it leads where a listed move leads."""
    outcomes: set | None = None
    for p in range(game.players):
        for move in probe_moves(game, piles, p, rng):
            if move in legal[p]:
                continue
            trial = game.copy()
            try:
                trial.play(move, p)
            except REFUSED:
                with pytest.raises(REFUSED, match=r"\w"):  # refused with a reason, here too
                    game.play(move, p)
                continue
            if listed_only:
                outcomes = outcomes if outcomes is not None else {state(other) for other in after}
                listed = state(trial) in outcomes
                assert listed, f"{move} by player {p} was played but is not listed: {names(legal[p])}"


def check_forms(
    game: Any, piles: tuple[Pile, ...], text: str | None, legal: dict[int, list[Move]], json: bool
) -> Any:
    """Position text (and, when `json`, the save) read back to the same game; returns the
    game read from the text."""
    read = None
    if text is not None:
        read = registry.read_text(text)
        assert read.to_text() == text
        assert read.piles() == piles and read.status == game.status
        assert all(names(read.legal_moves(p)) == names(moves) for p, moves in legal.items())
    if json:
        saved = game.to_json()
        loaded = Game.from_json(saved)
        assert loaded.to_json() == saved
        assert state(loaded) == state(game) and loaded.history == game.history
    return read


def check_views(
    game: Any, text: str | None, read: Any, legal: dict[int, list[Move]], rng: random.Random
) -> None:
    """A view lists the game's moves and does not change with the hidden stock's order
    (`read`, the game read back from `text`, against the same text with the stock reordered)."""
    for p, moves in legal.items():
        assert names(game.view(p).legal_moves()) == names(moves), p
    shuffled = text and shuffled_stock(text, rng)
    if shuffled:
        other = registry.read_text(shuffled)
        assert other.to_text() != text, "the stock was not reordered"
        for p in legal:
            assert read.view(p) == other.view(p), "a view shows the order of the stock"


def shuffled_stock(text: str, rng: random.Random) -> str | None:
    """The position text with its `stock:` line in another order (None: nothing to reorder)."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        key, sep, rest = line.partition(":")
        words = rest.split()
        if sep and key.strip().lower() == "stock" and len(set(words)) > 1:
            order = list(words)
            while order == words:
                rng.shuffle(order)
            lines[i] = f"{key}: {' '.join(order)}"
            return "\n".join(lines) + "\n"
    return None


def check_finish_and_undo(game: Any, piles: tuple[Pile, ...], legal: dict[int, list[Move]]) -> None:
    """`finish()` ends play or refuses; two-player games refuse `undo()` (moves stand)."""
    trial = game.copy()
    try:
        trial.finish()
    except IllegalMoveError:
        assert trial.piles() == piles and trial.status == game.status
    else:
        assert trial.status != "playing" and not any(trial.legal_moves(p) for p in legal)
    if game.mode != "solo":
        with pytest.raises(IllegalMoveError):
            game.undo()  # the caller checks that this changed nothing


def check_position(game: Any, expected: list[Counter], rng: random.Random, step: int) -> tuple:
    """Everything the protocol promises about the position as it stands; checking changes
    nothing. Returns the piles and the position text (None for a mode without one)."""
    before, piles, text = game.to_json(), game.piles(), text_of(game)
    check_cards(game, piles, expected)
    legal = check_status(game, piles)
    after = check_legal_moves(game, piles, legal)
    check_refusals(game, piles, legal, after, rng, listed_only=False)
    check_stuck_words(game, piles, legal, rng)
    read = check_forms(game, piles, text, legal, json=step % JSON_EVERY == 0 or not any(legal.values()))
    check_views(game, text, read, legal, rng)
    check_finish_and_undo(game, piles, legal)
    assert game.to_json() == before, "checking the position changed the game"
    return piles, text


def play_checked(game: Any, player: int, move: Move, before: tuple) -> None:
    """Play a chosen move (a hint's or the bot's: it must be one the game lists); in solo
    games undo then redo it and find the very same game."""
    assert move in game.legal_moves(player), f"{move} was chosen but is not listed"
    before_piles, before_text = before
    played = game.play(move, player)
    if game.mode != "solo":
        return
    after_text, after_json = text_of(game), game.to_json()
    assert game.can_undo and game.undo() == played
    assert text_of(game) == before_text and game.piles() == before_piles
    assert game.can_redo and game.redo() == played
    assert text_of(game) == after_text and game.to_json() == after_json


def _played(game: Any, player: int, move: Move) -> Any:
    trial = game.copy()
    trial.play(move, player)
    return trial


# ---- players ------------------------------------------------------------------------------
def random_choice(game: Any, bot: Any, rng: random.Random) -> tuple[int, Move] | None:
    """Any player who may move, mostly a useful card move, else mostly a draw or a pass, now
    and then any legal move (a King shuffled between empty columns): play moves on and ends.
    A second player with a bot lets it choose half the time."""
    movers = [p for p in range(game.players) if game.legal_moves(p)]
    if not movers:
        return None
    p = rng.choice(movers)
    if p == 1 and bot is not None and rng.random() < 0.5:
        move = bot.choose(game.view(1))
        if move is not None:
            return p, move
    moves, useful = game.legal_moves(p), game.useful_moves(p)
    others = [move for move in moves if move.card is None]
    roll = rng.random()
    return p, rng.choice(useful if useful and roll < 0.7 else others if others and roll < 0.95 else moves)


def guided_choice(game: Any, bot: Any, rng: random.Random) -> tuple[int, Move] | None:
    """The person follows the hints; the second player is the registry's bot (or random)."""
    movers = [p for p in range(game.players) if game.legal_moves(p)]
    rng.shuffle(movers)
    for p in movers:
        if p == 0:
            move = hint(game, 0).move
        elif bot is not None:
            move = bot.choose(game.view(p))
        else:
            move = rng.choice(game.legal_moves(p))
        if move is not None:
            return p, move
    return None


def play_deal(entry: registry.GameEntry, game_mode: str, seed: int, choose: Policy, cap: int) -> Any:
    """One deal played by `choose`, every position checked."""
    rng = random.Random(seed)
    game = deal(entry, game_mode, seed)
    bot = entry.bot() if entry.bot is not None and game.players > 1 else None
    expected = expected_cards(game)
    for step in range(cap + 1):
        before = check_position(game, expected, rng, step)
        choice = choose(game, bot, rng) if step < cap and game.status == "playing" else None
        if choice is None:
            break
        play_checked(game, *choice, before)
    legal = {p: game.legal_moves(p) for p in range(game.players)}
    check_forms(game, game.piles(), text_of(game), legal, json=True)
    return game


# ---- the tests ------------------------------------------------------------------------------
@pytest.mark.parametrize(("entry", "game_mode"), CASES)
def test_a_deal_is_a_protocol_game(entry: registry.GameEntry, game_mode: str) -> None:
    """Every name of the protocol is there, the identity matches the registry, a deal number
    always gives the same deal, and a copy is independent."""
    game = deal(entry, game_mode, 7)
    assert isinstance(game, PatienceGame) and isinstance(game, entry.game_class)
    assert (game.name, game.title, game.mode, game.seed) == (entry.name, entry.title, game_mode, 7)
    assert game.players == (1 if game_mode == "solo" else 2)
    assert not game.history and not game.can_undo and not game.can_redo
    assert deal(entry, game_mode, 7).to_json() == game.to_json() != deal(entry, game_mode, 8).to_json()
    before, trial = game.to_json(), game.copy()
    player = next(p for p in range(game.players) if trial.legal_moves(p))
    trial.play(trial.legal_moves(player)[0], player)
    assert game.to_json() == before != trial.to_json()


@pytest.mark.parametrize("block", range(RANDOM_BLOCKS))
@pytest.mark.parametrize(("entry", "game_mode"), CASES)
def test_random_play_keeps_the_protocol(entry: registry.GameEntry, game_mode: str, block: int) -> None:
    """Random play from many deals (the bot sometimes playing the second player): every
    position passes every check."""
    size = RANDOM_DEALS // RANDOM_BLOCKS
    games = [
        play_deal(entry, game_mode, seed, random_choice, RANDOM_CAP)
        for seed in range(block * size, (block + 1) * size)
    ]
    assert sum(len(game.history) for game in games) >= size * RANDOM_CAP // 2, "random play hardly moved"


@pytest.mark.parametrize(
    "seed", range(20_000, 20_000 + END_DEALS)
)  # one deal a test: they spread over workers
@pytest.mark.parametrize(("entry", "game_mode"), CASES)
def test_random_play_to_the_end_keeps_the_protocol(
    entry: registry.GameEntry, game_mode: str, seed: int
) -> None:
    """A few random deals played out: the stock runs dry, the end game and the end of play
    (won, lost, or over) are checked too, and play does end."""
    game = play_deal(entry, game_mode, seed, random_choice, END_CAP)
    assert game.status != "playing", len(game.history)


@pytest.mark.parametrize(("entry", "game_mode"), CASES)
def test_hint_guided_play_keeps_the_protocol(entry: registry.GameEntry, game_mode: str) -> None:
    """The person follows the hints, the bot plays the second player: deeper positions than
    random play reaches, every one checked."""
    games = [
        play_deal(entry, game_mode, seed, guided_choice, HINT_CAP)
        for seed in range(10_000, 10_000 + HINT_DEALS)
    ]
    assert max(sum(game.scores) for game in games) >= 10, "the hints hardly brought a card home"


@pytest.mark.parametrize(("entry", "game_mode"), LISTING_CASES)
def test_every_move_play_accepts_is_listed(entry: registry.GameEntry, game_mode: str) -> None:
    """A move `play` accepts is one `legal_moves` lists, or another spelling of one (it leads
    to the same table): otherwise a view, which shows legal destinations from the list,
    would hide a move a click makes."""
    for seed in range(LISTING_DEALS):
        rng = random.Random(seed)
        game = deal(entry, game_mode, seed)
        for _ in range(LISTING_CAP):
            piles = game.piles()
            legal = {p: game.legal_moves(p) for p in range(game.players)}
            after = [_played(game, p, move) for p, moves in legal.items() for move in moves]
            check_refusals(game, piles, legal, after, rng, listed_only=True)
            choice = random_choice(game, None, rng)
            if choice is None:
                break
            game.play(choice[1], choice[0])
