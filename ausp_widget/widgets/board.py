"""The board: one anywidget model that the browser draws and animates, for any game.

The kernel sends what the player may see (`board_state.build`: the piles, their marks and the
legal destinations of every card the player may move); the browser sends intents back: a click
on a spot, a drop of a card (and the cards on it) on a pile, a card sent home, a key, a card
dragged that would not lift (so it is answered: why it may not move). Intents go
through `Board.handle`, the one path a browser message and a test's `spot.click()` share, and
reach the owner's handlers (`Intents`) as places and piles. The kernel stays the only judge:
a refused intent changes nothing, and a malformed, unknown or stale one (sent before the last
move arrived) is answered on the board and changes nothing either. So is an intent that can be
no move whatever the position (`no_move`: a face-down card, the stock dragged, a card taken off
a foundation): the board answers it in words before any owner sees it, so a lesson or a puzzle
never counts it as a wrong try; and so is one the game finds starts from no card that could
move (its ValueError, raised by the owner before it counts anything).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets
import traitlets

from ausp_widget.core.errors import short_repr
from ausp_widget.core.protocol import Pile, PileRef, Place
from ausp_widget.core.text import sentence

from .board_state import Dests, KeyBook, Marks, Spot, build, pile_id
from .esm import HERE, EsmWidget, package_text

logger = logging.getLogger(__name__)
STALE = "The board changed before that arrived (a move was made); nothing was played. Try again."
FACE_DOWN = "That card is face down: it turns up when the cards on it are gone. Nothing was played."
FROM_STOCK = "Cards are not taken from the stock by hand: click it to turn up the next card."
FROM_FOUNDATION = "Cards never leave a foundation. Nothing was played."
LOOK_ONLY = "This board is for looking: nothing is played on it."
BY_CLICKS = "On this board a card moves by clicks: click it, then the place where it should go."


def stylesheet() -> str:
    """The stylesheet of the controls around the board, shipped with the package."""
    return package_text("style.css")


def box(kind: type[widgets.Box], children: Sequence[widgets.Widget], *classes: str) -> widgets.Box:
    made = kind(list(children))
    for name in classes:
        made.add_class(name)
    return made


def show(widget: widgets.DOMWidget, shown: bool) -> None:
    """Show or hide a widget by the one class the stylesheet hides."""
    if shown and "ausp-hidden" in widget._dom_classes:
        widget.remove_class("ausp-hidden")
    elif not shown and "ausp-hidden" not in widget._dom_classes:
        widget.add_class("ausp-hidden")


def close_tree(widget: widgets.Widget, keep: frozenset[int] = frozenset()) -> None:
    """Close a widget, everything inside it, and their own layout and style models."""
    for child in getattr(widget, "children", ()):
        close_tree(child, keep)
    for name in ("layout", "style"):
        part = getattr(widget, name, None)
        if isinstance(part, widgets.Widget) and id(part) not in keep:
            part.close()
    widget.close()


class CardBoard(EsmWidget):
    """The synced model: state down, intents up (as custom messages)."""

    esm_file, css_file = "board.js", "board.css"
    state = traitlets.Dict().tag(sync=True)
    large = traitlets.Bool(False).tag(sync=True)
    four_colour = traitlets.Bool(False).tag(sync=True)
    reduced_motion = traitlets.Bool(False).tag(sync=True)
    notice = traitlets.Dict().tag(sync=True)  # {"text", "kind": "refused" | "error" | "answer" | "said", "n"}
    homes = traitlets.Bool(True).tag(sync=True)  # a double-click on any face-up card asks to send it home
    deal = traitlets.Int(0).tag(sync=True)  # a new deal: the browser deals the cards out


@dataclass
class Intents:
    """What the board's owner does with each intent. `click` gets the spot; `drop` a place and
    the pile it was dropped on; `home` a place to send to a foundation; `key` an action name
    ("draw", "hint", "undo", "redo", "cancel"). A handler left None answers that intent with
    words: the board is for looking.
    `answered` gets the board's words for an intent that was no move, for the owner's own line
    of words (a status or feedback line): the board says them over the cards in any case.
    `selecting` says whether a card is selected: a click on a face-down card then names its
    pile as the destination, and is passed on.
    `lift` gets the place of a card the player tried to drag that the board would not lift
    (it had no legal move): the owner says why, in the words a click on it gets; without one,
    the board says that cards move by clicks here."""

    click: Callable[[Spot], None] | None = None
    drop: Callable[[Place, PileRef], None] | None = None
    home: Callable[[Place], None] | None = None
    key: Callable[[str], None] | None = None
    answered: Callable[[str], None] | None = None
    selecting: Callable[[], bool] | None = None
    lift: Callable[[Place], None] | None = None


KEYS = ("draw", "hint", "undo", "redo", "cancel")
KINDS = ("click", "drop", "home", "key", "lift")


class Board:
    """A board on show: `show(piles, marks, dests=...)` sends the state, and the widget
    (`board.box`) draws only what changed. `views()` lists the spots on show (cards and empty
    places), each with `click()`, as a person would click them."""

    def __init__(
        self,
        intents: Intents | None = None,
        captions: Sequence[str] = ("You", "The bot"),
        player: int = 0,
        layout: widgets.Layout | None = None,
    ) -> None:
        self.intents = intents if intents is not None else Intents()
        self.captions = tuple(captions)
        self.player = player
        shared = {} if layout is None else {"layout": layout}
        self.widget = CardBoard(_dom_classes=("ausp-board",), homes=self.intents.home is not None, **shared)
        self.widget.on_msg(self._on_msg)
        self._keys = KeyBook()
        self._spots: dict[str, Spot] = {}
        self._piles: tuple[Pile, ...] | None = None
        self._pile_refs: dict[str, PileRef] = {}
        self._notices = 0
        self.version = 0
        self.changed = 0
        self.errors: list[str] = []  # what the board answered to bad intents, newest last

    @property
    def box(self) -> CardBoard:
        return self.widget

    # ---- state down ------------------------------------------------------------------------------
    def show(
        self, piles: Sequence[Pile], marks: Marks, protected_means: str = "", dests: Dests | None = None
    ) -> int:
        """Send the board these piles, marks and destinations; returns how many spots changed."""
        piles = tuple(piles)
        moved = piles != self._piles
        if moved:
            self.version += 1
        state, spots = build(
            piles,
            marks,
            dests or {},
            self._keys,
            protected_means=protected_means,
            captions=self.captions,
            player=self.player,
        )
        state["v"] = self.version
        before = self._spots
        self.changed = sum(1 for sid, spot in spots.items() if before.get(sid) != spot) + sum(
            1 for sid in before if sid not in spots
        )
        self._spots, self._piles = spots, piles
        self._pile_refs = {pile_id(pile.ref): pile.ref for pile in piles}
        if state != self.widget.state:
            self.widget.state = state
        return self.changed

    def new_deal(self) -> None:
        """The next `show` is a new game: cards get new keys and are dealt out from the stock."""
        self._keys.reset()
        self.widget.deal += 1

    def say(self, text: str, kind: str = "said") -> None:
        """Put `text` on the board: read out to screen readers, and shown on the line under the
        cards when it is a refusal or an error (for a few seconds, in red) or an answer to a
        question the player asked, such as Hint or Winnable? (in a neutral style, until the next
        move or the next words: the line is on screen where the status line may not be)."""
        self._notices += 1
        self.widget.notice = {"text": text, "kind": kind, "n": self._notices}

    # ---- intents up ------------------------------------------------------------------------------
    def _on_msg(self, _widget: Any, content: Any, _buffers: Any = None) -> None:
        self.handle(content)

    def handle(self, message: Any) -> None:
        """Check one intent and pass it on. An intent that is no move (malformed, unknown, stale,
        or one no position allows) gets one answer: words on the board, and nothing passed on."""
        try:
            problem, kind = self._check(message), "error"
            if problem is None:
                problem, kind = self.no_move(message), "refused"
        except Exception as exc:  # never let a message from the page break the kernel
            problem, kind = f"The board sent a message it could not read: {str(exc)[:80]}", "error"
        if problem is not None:
            self._answer(problem, kind)
            return
        handler = getattr(self.intents, message["kind"])
        if handler is None and message["kind"] == "lift" and self.intents.click is not None:
            self._answer(BY_CLICKS, "refused")  # a board played by clicks only (a lesson, a puzzle)
            return
        if handler is None:  # a board to look at (a review, a step to watch): said, not ignored
            self._answer(LOOK_ONLY, "said")
            return
        with self.widget.hold_sync():  # the new state and the words about it in one message
            try:
                self._dispatch(handler, message["kind"], message)
            except ValueError as exc:  # the game's own refusal of a place no move starts from
                logger.debug("a %s refused by the game", message["kind"], exc_info=True)
                self._answer(f"{sentence(str(exc)[:200])} Nothing was played.", "refused")
            except Exception as exc:  # a click the owner could not take: said, never raised to the page
                logger.exception("the board's owner could not take a %s", message["kind"])
                words = sentence(str(exc)[:160]) or type(exc).__name__
                self._answer(f"Nothing was played: {words}", "refused")

    def _answer(self, text: str, kind: str) -> None:
        """The one answer to an intent that is no move: kept in `errors`, said on the board and
        on the owner's line; no handler that judges a try is reached."""
        self.errors.append(text)
        with self.widget.hold_sync():
            if self.intents.answered is not None:
                try:
                    self.intents.answered(text)
                except Exception:  # the owner's line is a copy: the board's words still go out
                    logger.exception("the board's owner could not show %r", text)
            self.say(text, kind)

    def no_move(self, message: dict) -> str | None:
        """Why a well-formed intent on this board can be no move in any position, in words (a
        face-down card clicked with nothing selected, dragged or double-clicked; the stock
        dragged or double-clicked; a card taken off a foundation); None when the owner should
        judge it."""
        if message["kind"] == "key":
            return None
        if message["kind"] == "click":
            spot, selecting = self._spots[message["to"]], self.intents.selecting
            if not spot.down or spot.pile.kind == "stock" or (selecting is not None and selecting()):
                return None
            return FACE_DOWN
        spot = self._spots[message["from"]]
        if spot.pile.kind == "stock":
            return FROM_STOCK
        if spot.down:
            return FACE_DOWN
        if spot.pile.kind == "foundation":
            return FROM_FOUNDATION
        return None

    def _dispatch(self, handler: Callable[..., None], kind: str, message: dict) -> None:
        if kind == "click":
            handler(self._spots[message["to"]])
        elif kind == "drop":
            source = self._spots[message["from"]]
            handler(source.place, self._pile_refs[message["to"]])
        elif kind in ("home", "lift"):
            handler(self._spots[message["from"]].place)
        else:
            handler(message["action"])

    def _check(self, message: Any) -> str | None:
        if not isinstance(message, dict) or message.get("kind") not in KINDS:
            return f"The board sent a message it could not read: {short_repr(message)}"
        kind = message["kind"]
        if kind == "key":
            action = message.get("action")
            return None if action in KEYS else f"There is no key action {short_repr(action)}."
        version = message.get("v")
        if not isinstance(version, int) or isinstance(version, bool):
            return "The board sent a move without saying which position it was made on."
        if version != self.version:  # first: a place of an older board may be gone by now
            return STALE
        names = {"click": ("to",), "drop": ("from",), "home": ("from",), "lift": ("from",)}[kind]
        for name in names:
            sid = message.get(name)
            if not isinstance(sid, str) or sid not in self._spots:
                return f"There is no such place on this board: {short_repr(sid)}."
        to = message.get("to")
        if kind == "drop" and (not isinstance(to, str) or to not in self._pile_refs):
            return f"There is no such pile on this board: {short_repr(to)}."
        spot = self._spots[message["from"]] if kind in ("drop", "home", "lift") else None
        if spot is not None and spot.place is None:
            return f"There is no card to move there: {spot.face.description}."
        return None

    # ---- finding spots (tests, and code that drives the board as a person would) -----------------
    def views(self, player: int | None = None) -> list[BoardSpot]:
        """The spots on show, optionally one player's only (foundations count as player 0's)."""
        found = []
        for spot in self._spots.values():
            owner = spot.pile.owner
            if player is None or owner == player or (owner is None and player == 0):
                found.append(BoardSpot(self, spot))
        return found

    def drop(self, source: BoardSpot, target: BoardSpot) -> None:
        """Drag `source` (and the cards on it) onto `target`'s pile, as the browser does."""
        self.drop_on(source, pile_id(target.pile))

    def drop_on(self, source: BoardSpot, pile: str) -> None:
        """Drag `source` onto the pile with this id ("column/0/2"), as the browser does."""
        self.handle({"kind": "drop", "from": source.id, "to": pile, "v": self.version})

    def home(self, source: BoardSpot) -> None:
        """Double-click `source`: send it to a foundation."""
        self.handle({"kind": "home", "from": source.id, "v": self.version})

    def key(self, action: str) -> None:
        self.handle({"kind": "key", "action": action})

    def lift(self, source: BoardSpot) -> None:
        """Try to drag `source` when the board would not lift it (it has no legal move)."""
        self.handle({"kind": "lift", "from": source.id, "v": self.version})

    @property
    def state(self) -> dict[str, Any]:
        return self.widget.state

    def close(self) -> None:
        self.widget.close()


class BoardSpot:
    """One spot on show, as code and tests see it: its place, pile, card and face, and `click()`.
    It reads the board as it is now, as a widget would (a spot no longer on show keeps its last face)."""

    __slots__ = ("_board", "_spot")

    def __init__(self, board: Board, spot: Spot) -> None:
        self._board, self._spot = board, spot

    @property
    def spot(self) -> Spot:
        """The spot at this place now; where the place is gone (a pile emptied or filled), the
        pile's spot that stands there now: a foundation's top card, else its first card."""
        spots = self._board._spots
        now = spots.get(self._spot.id)
        if now is None:
            same = [s for s in spots.values() if s.pile == self._spot.pile]
            if same:
                depth = lambda s: -1 if s.place is None else s.place.depth  # noqa: E731
                now = max(same, key=depth) if self._spot.pile.kind == "foundation" else min(same, key=depth)
        if now is not None:
            self._spot = now
        return self._spot

    id = property(lambda self: self.spot.id)
    place = property(lambda self: self.spot.place)
    pile = property(lambda self: self.spot.pile)
    card = property(lambda self: self.spot.card)
    face = property(lambda self: self.spot.face)

    def click(self) -> None:
        """Click this spot, through the same path as a click in the browser."""
        self._board.handle({"kind": "click", "to": self._spot.id, "v": self._board.version})

    def __eq__(self, other: object) -> bool:
        return isinstance(other, BoardSpot) and other.id == self.id and other._board is self._board

    def __hash__(self) -> int:
        return hash(self._spot.id)

    def __repr__(self) -> str:
        return f"<spot {self._spot.id} {self.face.description!r}>"


__all__ = ["HERE", "Board", "BoardSpot", "CardBoard", "Intents", "box", "close_tree", "show", "stylesheet"]
