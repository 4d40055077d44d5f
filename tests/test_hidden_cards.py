"""What is face down stays face down: no refusal, hint, status line, loss explanation or board
state names a card the table does not show (a face-down card, the stock's cards), or says
where one lies. Two tables that look the same must get the same words, whatever lies hidden.

Hidden cards are read from the position text: `[9♠]` is face down, the `stock:` line is the
stock. Swapping two of them gives a position that looks the same to the player."""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from ausp_widget import Game, IllegalMoveError
from ausp_widget.analysis.simple import hint_or_fallback
from ausp_widget.core.cards import CARDS, Card
from ausp_widget.core.lesson import steps
from ausp_widget.core.protocol import Place
from ausp_widget.core.registry import table_modes
from ausp_widget.core.sight import Sight, unseen, veiled
from ausp_widget.widgets.board_state import KeyBook, build, legal_dests, on_board
from ausp_widget.widgets.words import result_text

GAMES = ("yukon", "indian", "australian", "russian")
TARGETS = ("F", "F1", "F2", "F3", "F4", "F5", "F9", "1", "2", "3", "7")
CARD = re.compile(r"\[?(10|[2-9AJQK])([♣♦♥♠])\]?\*?")
SLOW = settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=(Phase.explicit, Phase.reuse, Phase.generate),  # a shrunk case is not worth minutes here
)


# ---- what the table hides, read from the position text ---------------------------------------
def _slots(text: str) -> list[tuple[int, int, bool]]:
    """Every card token of a position text: (line, token, hidden)."""
    slots = []
    for n, line in enumerate(text.splitlines()):
        head, _, rest = line.partition(":")
        if head in ("game", "options", "foundations") or not rest:
            continue
        for k, token in enumerate(rest.split()):
            if CARD.fullmatch(token):
                slots.append((n, k, head == "stock" or token.startswith("[")))
    return slots


def _token(text: str, n: int, k: int) -> str:
    return text.splitlines()[n].partition(":")[2].split()[k]


def _name(token: str) -> str:
    return token.strip("[]*")


def hidden_names(game) -> set[str]:
    """The cards no copy of which the player can see (not on show, not home)."""
    text = game.to_text()
    shown = {_name(_token(text, n, k)) for n, k, hidden in _slots(text) if not hidden}
    for line in text.splitlines():
        if line.startswith("foundations:"):
            for top in line.split()[1:]:
                if top != "-":
                    card = Card.parse(top)
                    shown |= {str(Card(r, card.suit)) for r in range(1, card.rank + 1)}
    hidden = {_name(_token(text, n, k)) for n, k, h in _slots(text) if h}
    return hidden - shown


def swapped(text: str, i: int, j: int) -> str:
    """The position with hidden slots `i` and `j` holding each other's card."""
    hidden = [(n, k) for n, k, h in _slots(text) if h]
    (n1, k1), (n2, k2) = hidden[i], hidden[j]
    a, b = _name(_token(text, n1, k1)), _name(_token(text, n2, k2))
    lines = text.splitlines()
    for n, k, old, new in ((n1, k1, a, b), (n2, k2, b, a)):
        head, _, rest = lines[n].partition(":")
        words = rest.split()
        words[k] = words[k].replace(old, new)
        lines[n] = f"{head}: {' '.join(words)}"
    return "\n".join(lines) + "\n"


# ---- everything the player reads or the browser is sent --------------------------------------
def _try(game, move: str) -> str:
    """The refusal of `move`, or how a status line says the move (played on a copy; what it
    turns up is read in `played`, against the table after the move)."""
    try:
        game.parse_move(move)
    except ValueError as error:
        return f"parse: {error}"
    trial = game.copy()
    try:
        return "legal: " + trial.describe(trial.play(move))
    except ValueError as error:
        return str(error)


def _clicks(game) -> list[str]:
    """What clicking every place of the table says, alone and onto every pile."""
    said = []
    piles = game.piles()
    for pile in piles:
        for depth in range(max(pile.size, 1)):
            place = Place(pile.ref, depth)
            for ask in [lambda p=place: game.explain_stuck(p)] + [
                (lambda p=place, t=t: str(game.move_between(p, t.ref))) for t in piles
            ]:
                try:
                    said.append(ask())
                except ValueError as error:
                    said.append(str(error))
    return said


def board_json(game) -> str:
    state, _ = build(on_board(game, game.piles()), {}, legal_dests(game), KeyBook())
    return json.dumps(state, ensure_ascii=False, default=str)


def words(game, targets=CARDS) -> list[str]:
    """Every text the game gives its player here, in a fixed order."""
    said = [str(hint_or_fallback(game, 0)), game.explain_loss(0), game.explain_loss(0, 52), result_text(game)]
    said += [board_json(game), repr(game.view(0).piles if hasattr(game.view(0), "piles") else "")]
    for card in CARDS:
        said += [_try(game, f"{card} {t}") for t in TARGETS]
        said += [_try(game, f"{card} {onto}") for onto in targets]
        if game.name == "indian":
            said += [_try(game, f"{k}:{card} F") for k in (1, 10)]
    return said + _clicks(game)


RULE = re.compile(r"the ace of (clubs|diamonds|hearts|spades)")  # what an empty foundation takes


def leaks(game, said: list[str]) -> list[tuple[str, str]]:
    """(card, the words around it) for every text naming a card the player cannot see, in
    either spelling (a rule naming the Ace an empty foundation takes is no leak)."""
    hidden = hidden_names(game)
    found = []
    for text in said:
        if text.startswith("parse: "):
            continue  # the notation's error quotes what was typed, whatever the table holds
        text = RULE.sub("", text)
        for name in hidden:
            for spelling in (name, Card.parse(name).name):
                at = text.find(spelling)
                if at >= 0:
                    found.append((name, text[max(0, at - 120) : at + 40]))
    return found


# ---- positions: deals played some way, by hints and at random --------------------------------
def played(name: str, seed: int, moves: int, chance: float, rng_seed: int, leaked: list | None = None):
    """Deal `seed` played `moves` moves, each the hint's or (with `chance`) a random legal
    one; what each move's status line says is checked against the table after it, into `leaked`."""
    game = Game.deal(seed, game=name)
    rng = random.Random(rng_seed)
    for _ in range(moves):
        if game.status != "playing":
            break
        legal = game.legal_moves(0)
        move = hint_or_fallback(game, 0).move
        if rng.random() < chance and legal:
            move = rng.choice(legal)
        if move is None:
            break
        before = game.piles()
        move = game.play(move)
        if leaked is not None:
            leaked += leaks(game, [game.describe(move) + game.news(before), result_text(game)])
    return game


def _some_targets(rng: random.Random) -> list:
    return rng.sample(CARDS, 10)


# a game, its deal, how many moves are played, the share of them chosen at random, and a seed
PLAYED = (
    st.sampled_from(GAMES),
    st.integers(0, 10**6),
    st.integers(0, 60),
    st.floats(0, 1),
    st.integers(0, 2**32),
)


@SLOW
@given(*PLAYED)
def test_no_word_names_a_hidden_card(name, seed, moves, chance, rng_seed):
    leaked: list = []
    game = played(name, seed, moves, chance, rng_seed, leaked)
    said = words(game, _some_targets(random.Random(rng_seed)))
    assert leaked + leaks(game, said) == []


@SLOW
@given(*PLAYED, st.data())
def test_swapping_two_hidden_cards_changes_no_word(name, seed, moves, chance, rng_seed, data):
    game = played(name, seed, moves, chance, rng_seed)
    text = game.to_text()
    hidden = [s for s in _slots(text) if s[2]]
    if len(hidden) < 2:
        return
    i = data.draw(st.integers(0, len(hidden) - 1))
    j = data.draw(st.integers(0, len(hidden) - 1).filter(lambda j: j != i))
    one, other = Game.from_text(text), Game.from_text(swapped(text, i, j))
    assert one.piles() == other.piles()
    targets = _some_targets(random.Random(rng_seed))
    assert words(one, targets) == words(other, targets)


# ---- lost games: the explanation counts what lies face down, never names it ------------------
LOST_SEEDS = {"yukon": (2, 5, 7, 8), "indian": (3, 5), "russian": (2, 5)}


@pytest.mark.parametrize(("name", "seed"), [(n, s) for n, seeds in LOST_SEEDS.items() for s in seeds])
def test_a_lost_game_with_cards_face_down_explains_itself_from_the_table_alone(name, seed):
    game = played(name, seed, 400, 0.0, 0)
    assert game.status == "lost" and sum(game.face_down()) > 0
    text = game.explain_loss(0, shown=52)
    assert text and "face down" in text and leaks(game, [text, result_text(game)]) == []
    assert game.can_undo  # nothing secret is said, so taking moves back stays allowed
    position = game.to_text()
    slots = [s for s in _slots(position) if s[2]]
    for i in range(len(slots) - 1):
        other = Game.from_text(swapped(position, i, i + 1))
        assert other.status == "lost" and other.explain_loss(0, shown=52) == text


def yukon(*columns: str, foundations: str) -> Game:
    lines = ["game: yukon", f"foundations: {foundations}"]
    lines += [f"{n}: {col}" for n, col in enumerate(columns, start=1)]
    lines += [f"{n}: -" for n in range(len(columns) + 1, 8)]
    return Game.from_text("\n".join(lines))


def test_yukon_loss_counts_the_face_down_card_the_foundation_waits_for():
    game = yukon("K♥", "-", "[9♥] [10♥] J♥ Q♥", foundations="K♣ K♦ 8♥ K♠")
    assert game.status == "lost"
    text = game.explain_loss()
    assert "9♥" not in text and "10♥" not in text and "column" not in text
    assert text == (
        "One foundation waits for a card that lies face down. "
        "In all, 5 cards cannot reach home, 2 of them face down."
    )
    again = yukon("K♥", "-", "[10♥] [9♥] J♥ Q♥", foundations="K♣ K♦ 8♥ K♠")
    assert again.explain_loss() == text


# ---- refusals: the same words for every hidden card, wherever it lies -------------------------
@pytest.mark.parametrize("name", GAMES)
def test_every_hidden_card_is_refused_in_the_same_words(name):
    game = Game.deal(7, game=name)
    refusals = set()
    for card in hidden_names(game):
        for target in ("F", "F1", "1"):
            with pytest.raises(IllegalMoveError) as refused:
                game.play(f"{card} {target}")
            refusals.add(str(refused.value))
    assert len(refusals) == 1 and "not face up on the table" in refusals.pop()


def test_yukon_never_says_which_column_a_face_down_card_lies_in():
    game = Game.deal(1, game="yukon")
    for c, column in enumerate(game.tableau()):
        for card in column[: game.face_down()[c]]:
            with pytest.raises(IllegalMoveError) as refused:
                game.play(f"{card} F")
            assert "column " + str(c + 1) not in str(refused.value)
            visible = next(str(col[-1]) for col in game.tableau() if col)
            with pytest.raises(IllegalMoveError) as onto:
                game.play(f"{visible} {card}")
            assert str(card) not in str(onto.value)
            assert game.move_places(game.parse_move(f"{visible} {card}"))[1] is None


@pytest.mark.parametrize("pile", [5, 8, 9, 0, 9999, 10**30])
def test_yukon_names_its_own_four_foundations(pile):
    game = Game.deal(1, game="yukon")
    with pytest.raises(IllegalMoveError, match=f"Yukon has foundations F1 to F4, not F{pile}"):
        game.play(f"7♦ F{pile}")


def test_the_stock_order_is_never_said_in_australian_patience():
    game = Game.deal(42)
    position = game.to_text()
    other = Game.from_text(swapped(position, 0, 5))
    assert other.stock()[0] == game.stock()[5] and other.piles() == game.piles()
    assert words(game) == words(other)


def test_a_refusal_naming_a_hidden_card_is_said_in_the_one_hidden_card_sentence():
    game = Game.deal(42)
    stock_card, shown = game.stock()[0], game.tableau()[0][-1]
    said = veiled(game, IllegalMoveError(f"{shown} needs {stock_card}"))
    assert str(said) == unseen(game.unseen_help) and str(stock_card) not in str(said)
    kept = IllegalMoveError(f"{shown} is covered")
    assert veiled(game, kept) is kept
    sight = Sight.of_game(game)
    assert sight.name_or(stock_card.index, "a card") == "a card"
    assert sight.name_or(shown.index, "") == str(shown)


def test_no_guide_step_names_a_card_its_board_hides():
    """A step's words name only cards its board shows: a rule told by example uses cards on show."""
    named = {}
    for mode in table_modes():
        for number, step in enumerate(steps(mode)):
            sight = Sight.of_game(step.position)
            hidden = [name for name in sight.unseen_names if name in f"{step.title} {step.text}"]
            if hidden:
                named[(mode, number, step.title)] = hidden
    assert named == {}


YUKON_ENDGAME = (
    "game: yukon\nfoundations: K♣ K♦ K♥ 10♠\n1: -\n2: -\n3: [{a}] [{b}] J♠\n4: -\n5: -\n6: -\n7: -\n"
)
INDIAN_ENDGAME = (
    "game: indian\nfoundations: K♣ K♣ K♦ K♦ K♥ K♥ Q♠ 10♠\nstock: -\nwaste: -\n1: [{a}] J♠\n2: [{b}] K♠\n"
    + "".join(f"{n}: -\n" for n in range(3, 11))
)


@pytest.mark.parametrize("text, mode", [(YUKON_ENDGAME, "yukon"), (INDIAN_ENDGAME, "indian")])
def test_auto_finish_is_offered_alike_whatever_order_the_face_down_cards_lie_in(text, mode):
    from ausp_widget.widgets.table import GameTable, ManualClock

    sent = []
    for a, b in (("K♠", "Q♠"), ("Q♠", "K♠")):
        table = GameTable(mode, clock=ManualClock(), wait_for_start=False)
        table.game = Game.from_text(text.format(a=a, b=b))
        button = next(c for c in table.foot.get_state()["items"] if c.get("description") == "Auto-finish")
        sent.append(button["disabled"])
        table.close()
    assert sent == [True, True], "offered only once every card is on show"


@pytest.mark.parametrize("name", ["australian", "indian", "yukon"])
def test_printing_a_game_names_no_hidden_card(name):
    game = Game.deal(42, game=name)
    for text in (str(game), f"{game}", print_to_text(game)):
        assert not Sight.of_game(game).discloses(text), text
        assert "deal 42" in text and game.title in text
    assert Game.from_text(eval(repr(game)).to_text()).to_text() == game.to_text()  # repr still rebuilds it


def print_to_text(value: object) -> str:
    """What `print(value)` writes."""
    import io
    from contextlib import redirect_stdout

    out = io.StringIO()
    with redirect_stdout(out):
        print(value)
    return out.getvalue()
