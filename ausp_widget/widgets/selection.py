"""Select, then drop: what a click on the board means, the highlights it leaves, and a race
lost to the bot, for any game (the game says what a click means, `move_between`)."""

from __future__ import annotations

from typing import Any

from ausp_widget.core.errors import IllegalMoveError
from ausp_widget.core.moves import DRAW, Move
from ausp_widget.core.protocol import PileRef, Place, moves_from, pile_of, place_of, refusal
from ausp_widget.core.text import sentence

from . import words
from .board_state import Spot as CardView
from .board_state import card_at
from .second_click import CANCELLED, home_move, on_own_pile
from .start_gate import READY


class Selecting:
    """The table's clicks (a mixin of `GameTable`, which holds the game, board and words).

    A selection is a place: a card and the cards on it. Its legal moves come from the game;
    the piles they reach are highlighted; the next click names a pile.
    """

    _game: Any
    _selected: Place | None
    _selected_moves: frozenset[Move]
    _selected_at: int
    start_gate: Any  # holds your cards until Start (the table defines `_held`)

    def _recheck_selection(self, bot_move: Move) -> None:
        """After a bot move: a selection left with nowhere to go is dropped, and if the bot
        took the foundation space it was going to, the status line says so."""
        if self._selected is None or self._moves_from(self._selected):
            return
        lost = next((m for m in self._selected_moves if _takes_space(bot_move, m)), None)
        card = next(iter(self._selected_moves)).card if self._selected_moves else None
        self._selected, self._selected_moves = None, frozenset()
        if lost is not None:
            self._say(words.too_late(self._game, lost, bot_move))
        elif card is not None:
            self._say(f"The bot's move left your {card} nowhere to go: the selection is dropped.")

    def _bot_marks(self, move: Move) -> dict[Place | PileRef, list[str]]:
        """Where the bot's last move landed, to highlight it until its next one."""
        piles = self._game.piles()
        if move.kind == "pass":
            return {PileRef("stock", 1): ["ausp-moved"]}
        if move.kind == "draw":
            waste = pile_of(piles, PileRef("waste", 1))
            return {Place(waste.ref, len(waste.cards) - 1): ["ausp-moved"]}
        for pile in piles:
            if pile.kind == "foundation" and pile.top is move.card and pile.owners[-1:] == (1,):
                return {pile.ref: ["ausp-moved"]}
        place = place_of(piles, move.card, owner=1)
        return {place: ["ausp-moved"]} if place is not None else {}

    def _on_card_click(self, view: CardView) -> None:
        self._guard(self._card_clicked, view)

    def _card_clicked(self, view: CardView) -> None:
        pile, playing = view.pile, self._game.status == "playing"
        if playing and pile.kind == "foundation" and view.card is not None and self._selected is None:
            self._say(f"{view.card} is on a foundation: cards never leave a foundation.")
            return
        if not self._may_act(pile):
            self._drop_selection()
            return
        if pile.kind == "stock":
            self._drop_selection()
            self._play_user(DRAW)
        elif self._selected is None:
            self._select(view)
        else:
            self._drop_on(view)

    def _may_move(self) -> bool:
        """Whether your cards may move now (the board lights and accepts drops only then)."""
        game = self._game
        if game.status != "playing" or self.start_gate.waiting:
            return False
        return not (game.mode == "turns" and game.turn != 0)

    def _on_drop(self, place: Place, pile: PileRef) -> None:
        self._guard(self._dropped, place, pile)

    def _dropped(self, place: Place, pile: PileRef) -> None:
        """A card (and the cards on it) dragged from `place` onto `pile`."""
        moves = self._pick_up(place)
        if moves is None:
            return
        if not moves:
            self._refuse(self._game.explain_stuck(place, 0))
            return
        try:
            move = self._game.move_between(place, pile, 0)
        except IllegalMoveError:
            self._selected_moves = frozenset()
            raise
        self._play_user(move)

    def _on_lift(self, place: Place) -> None:
        self._guard(self._lifted, place)

    def _lifted(self, place: Place) -> None:
        """A card dragged that the board would not lift: a new gesture, so an earlier selection
        goes first (as Esc drops it); then why, in the words a click on it gets; nothing is
        selected or played."""
        self._drop_selection()
        if not self._may_act(place.pile):
            return
        if self._moves_from(place):
            self._refuse("Drag the card onto a lit place: it may move now.")
        else:
            self._refuse(self._game.explain_stuck(place, 0))

    def _on_home(self, place: Place) -> None:
        self._guard(self._send_home, place)

    def _send_home(self, place: Place) -> None:
        """A double-click: the card goes to a foundation when a rule allows it; else the game
        says why not, as it does to the card clicked and then its foundation."""
        moves = self._pick_up(place)
        if moves is None:
            return
        home = home_move(moves)
        if home is None:
            card = card_at(self._game, place)
            foundation = None if card is None else _home_pile(self._game, card)
            if foundation is None:
                self._refuse("There is no card of yours there to send to a foundation.")
                return
            home = self._game.move_between(place, foundation, 0)  # the game refuses it in its own words
        self._play_user(home)

    def _pick_up(self, place: Place) -> list[Move] | None:
        """A drag or a double-click starts: any selection is dropped, and the legal moves of the
        card at `place` are kept as a click would keep them (None when it may not move now)."""
        self._drop_selection()
        if not self._may_act(place.pile):
            return None
        moves = self._moves_from(place)
        self._selected_at, self._selected_moves = len(self._game.history), frozenset(moves)
        return moves

    def _on_key(self, action: str) -> None:
        names = {"draw": "Draw", "hint": "Hint", "undo": "Undo", "redo": "Redo"}
        if action == "cancel":
            self._guard(self._cancel)
        elif self.buttons[names[action]].disabled:
            self._guard(self._say, self._unavailable(names[action]))
        else:
            self._guard(self._on_button, names[action])

    def _unavailable(self, name: str) -> str:
        """Why a key's greyed button does nothing: for Undo and Redo, the game's own words when
        it refuses them (a game against the bot, on any turn); a race before Start; the bot's
        turn, as a click on a card is told; Draw's refusal by the game (an empty stock says what
        to do instead); else "not now"."""
        game = self._game
        if name in ("Undo", "Redo"):  # never against the bot: its words, whoever's turn it is
            try:
                getattr(game.copy(), name.lower())()
            except IllegalMoveError as error:
                return sentence(str(error))
        if self.start_gate.waiting:
            return READY
        if game.mode == "turns" and game.status == "playing" and game.turn != 0:
            return words.WAIT
        refused = refusal(game, DRAW) if name == "Draw" and game.status == "playing" else None
        return sentence(refused) if refused else f"{name} is not available now."  # refused: an empty stock

    def _cancel(self) -> None:
        if self._selected is not None:
            self._drop_selection()
            self._say(CANCELLED)

    def _may_act(self, pile: PileRef) -> bool:
        """Whether you may move a card of `pile` now; if not, say why."""
        game = self._game
        if game.status != "playing":
            self._say(words.result_text(self._game) + " Click New game to play again.")
            return False
        if pile.owner == 1:
            self._refuse(words.THEIRS)
            return False
        if self._held():
            return False
        if game.mode == "turns" and game.turn != 0:
            self._refuse(words.WAIT)
            return False
        return True

    def _moves_from(self, place: Place) -> list[Move]:
        """Your legal moves that pick up the card at `place`."""
        return moves_from(self._game, place, 0)

    def _select(self, view: CardView) -> None:
        place, game = view.place, self._game
        if place is None:
            self._say("Click one of your cards first, then the place where it should go.")
            return
        moves = self._moves_from(place)
        if not moves:
            self._say(game.explain_stuck(place, 0))
            return
        self._selected, self._selected_moves = place, frozenset(moves)
        self._selected_at = len(game.history)
        self._hint = None
        self._render()
        pile = pile_of(self._last_piles, place.pile)
        group = len(pile.cards) - place.depth
        card = pile.cards[place.depth]
        carried = f" and the {group - 1} card{'s' if group > 2 else ''} on it" if group > 1 else ""
        note = f" It is protected: {game.protected_means}." if place.depth in pile.protected else ""
        home = (
            " Click it again to send it to a foundation."
            if any(m.kind == "foundation" for m in moves)
            else ""
        )
        self._say(f"{card}{carried} selected: click a highlighted place.{note}{home}")

    def _drop_on(self, view: CardView) -> None:
        """The second click (`on_own_pile`: one on the selected card's own pile drops the selection)."""
        selected = self._selected
        if on_own_pile(selected, view):
            home = home_move(self._moves_from(selected)) if view.place == selected else None
            if home is not None:
                self._play_user(home)
            else:
                self._drop_selection()
                self._say(CANCELLED)
            return
        try:
            move = self._game.move_between(selected, view.pile, 0)
        except IllegalMoveError:
            self._drop_selection()
            raise
        self._play_user(move)

    def _play_user(self, move: Move) -> Move | None:
        """Play one of your moves; a refusal is explained, and a race lost to the bot said so."""
        game = self._game
        expected, since = self._selected_moves, self._selected_at
        self._selected, self._selected_moves = None, frozenset()
        if self._held():
            return None
        try:
            with self._playing():
                return game.play(move, 0)
        except IllegalMoveError as exc:
            taker = self._taker(move, since) if move in expected else None
            self._render()
            self._refuse(words.too_late(self._game, move, taker) if taker is not None else sentence(str(exc)))
            return None

    def _taker(self, move: Move, since: int) -> Move | None:
        """The bot's move, played since you selected, that took the foundation space `move` wanted."""
        for player, played in reversed(self._game.history[since:]):
            if player == 1 and _takes_space(played, move):
                return played
        return None

    def _drop_selection(self) -> None:
        if self._selected is not None:
            self._selected, self._selected_moves = None, frozenset()
            self._render()

    def _marks(self) -> dict[Place | PileRef, list[str]]:
        game = self._game
        marks: dict[Place | PileRef, list[str]] = {k: list(v) for k, v in self._moved.items()}

        def add(key: Place | PileRef | None, mark: str) -> None:
            if key is not None:
                marks.setdefault(key, []).append(mark)

        selected = self._selected
        if selected is not None:
            pile = pile_of(self._last_piles, selected.pile)
            for depth in range(selected.depth, len(pile.cards)):
                add(Place(selected.pile, depth), "ausp-selected")
            for move in self._moves_from(selected):
                add(game.move_places(move, 0)[1], "ausp-target")
        if self._hint is not None:
            if self._hint.kind in ("draw", "pass"):
                add(PileRef("stock", 0), "ausp-hint")
            else:
                source, target = game.move_places(self._hint, 0)
                add(source, "ausp-hint")
                add(target, "ausp-hint")
        return marks


def _takes_space(played: Move, wanted: Move) -> bool:
    """Whether `played` (the bot's) took the foundation space `wanted` was going to."""
    return (
        played.kind == "foundation"
        and wanted.kind == "foundation"
        and played.card.suit == wanted.card.suit
        and played.card.rank == wanted.card.rank
        and (not wanted.pile or played.pile == wanted.pile)
    )


def _home_pile(game: Any, card: Any) -> PileRef | None:
    """The first foundation of `card`'s suit: a double-click means the card clicked, then it."""
    for pile in game.piles():
        if pile.kind == "foundation" and game.pile_suit(pile.index + 1) == card.suit:
            return pile.ref
    return None
