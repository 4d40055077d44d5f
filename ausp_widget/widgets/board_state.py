"""What the board's front end is sent: the piles a player may see, their marks and the legal
destinations of every card the player may move, as plain JSON (no widgets here).

Every card and empty place on show is a `Spot` with a string id the browser sends back in its
intents ("column/0/2#3" is the fourth card of the first player's third column; "foundation/-/5"
is the sixth foundation). Cards keep a stable `key` from one state to the next, so the browser
can slide each card from its old place to its new one; a face-down card's key names only its
place, never the card. The stock is a count: its order never leaves the kernel.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ausp_widget.core.cards import RANK_TEXT, SUIT_NAMES, Card
from ausp_widget.core.protocol import Pile, PileRef, Place, has_stock, pile_of

FAN = 3  # waste cards on show: the top card and the two under it
UNDER = 2  # foundation cards sent: the top one and the one it covers (for a card landing on it)
Marks = Mapping[Place | PileRef, Sequence[str]]
Dests = Mapping[Place, Iterable[PileRef]]


def pile_id(ref: PileRef) -> str:
    """The id of a pile: kind, owner ("-" for a shared pile) and index."""
    owner = "-" if ref.owner is None else str(ref.owner)
    return f"{ref.kind}/{owner}/{ref.index}"


def place_id(place: Place) -> str:
    return f"{pile_id(place.pile)}#{place.depth}"


@dataclass(frozen=True)
class Face:
    """How a spot reads: its spoken name, its longer title, and its classes (kind and marks)."""

    description: str
    tooltip: str
    classes: tuple[str, ...]


@dataclass(frozen=True)
class Spot:
    """One thing drawn on the board: a card, or the placeholder of an empty pile (`card` None,
    `place` None), or the stock (`place` its bottom, `card` None)."""

    id: str
    pile: PileRef
    place: Place | None
    card: Card | None
    face: Face
    down: bool = False


def where(ref: PileRef, theirs: bool) -> str:
    """A pile in words, for accessible names: "column 3", "the bot's waste", "F5"."""
    whose = "the bot's " if theirs else ""
    if ref.kind == "column":
        return f"{whose}column {ref.index + 1}"
    if ref.kind == "foundation":
        return f"foundation F{ref.index + 1}"
    return f"{whose}{ref.kind}"


class KeyBook:
    """Stable keys for face-up cards between states: a card keeps its key while it moves; of two
    copies of one card (two decks), each keeps the key of the copy that stood in the same pile."""

    def __init__(self) -> None:
        self._last: dict[tuple[int | None, Card], list[tuple[str, str]]] = {}  # -> [(key, pile id)]
        self._serial = 0

    def reset(self) -> None:
        self._last = {}

    def assign(self, found: list[tuple[int | None, Card, str]]) -> list[str]:
        """Keys for these (owner, card, pile id) occurrences, in order."""
        wanted: dict[tuple[int | None, Card], list[int]] = {}
        for i, (owner, card, _pile) in enumerate(found):
            wanted.setdefault((owner, card), []).append(i)
        keys = [""] * len(found)
        last: dict[tuple[int | None, Card], list[tuple[str, str]]] = {}
        for who, indices in wanted.items():
            old = list(self._last.get(who, ()))
            rest = []
            for i in indices:  # the same card in the same pile keeps its key first
                same = next((k for k, (key, pile) in enumerate(old) if pile == found[i][2]), None)
                if same is None:
                    rest.append(i)
                else:
                    keys[i] = old.pop(same)[0]
            for i in rest:
                if old:
                    keys[i] = old.pop(0)[0]
                else:
                    self._serial += 1
                    owner, card, _ = found[i]
                    keys[i] = f"{'s' if owner is None else owner}{card}~{self._serial}"
            last[who] = [(keys[i], found[i][2]) for i in indices]
        self._last = last
        return keys


def card_json(card: Card) -> dict[str, Any]:
    return {
        "rank": RANK_TEXT[card.rank - 1],
        "suit": card.suit,
        "red": card.is_red,
        "name": card.name,
    }


def on_board(game: Any, piles: Sequence[Pile]) -> tuple[Pile, ...]:
    """The piles a board draws: all of them, but for a game that deals every card
    (`has_stock` False) not its stock and waste, which are always empty."""
    if has_stock(game):
        return tuple(piles)
    return tuple(pile for pile in piles if pile.kind not in ("stock", "waste"))


def build(
    piles: Sequence[Pile],
    marks: Marks,
    dests: Dests,
    keys: KeyBook,
    *,
    protected_means: str = "",
    captions: Sequence[str] = ("You", "The bot"),
    player: int = 0,
) -> tuple[dict[str, Any], dict[str, Spot]]:
    """The JSON state of a board and its spots by id."""
    spots: dict[str, Spot] = {}
    out_piles: list[dict[str, Any]] = []
    named = sum(1 for p in piles if p.kind == "foundation") > len({p.suit for p in piles if p.suit})
    face_up: list[tuple[int | None, Card, str]] = []
    slots: list[dict[str, Any]] = []  # the face-up cards' entries, to fill in their keys
    for pile in piles:
        pid = pile_id(pile.ref)
        theirs = pile.owner is not None and pile.owner != player
        if pile.kind == "foundation" and pile.owners:  # whose deck the top card came from
            theirs = pile.owners[-1] != player
        pile_marks = list(marks.get(pile.ref, ()))
        entry: dict[str, Any] = {
            "id": pid,
            "kind": pile.kind,
            "owner": pile.owner,
            "index": pile.index,
            "size": pile.size,
            "name": where(pile.ref, theirs),
            "takes": pile.takes,
            "accepts": pile.accepts,
            "suit": pile.suit,
            "theirs": theirs,
            "marks": [],
            "cards": [],
        }
        if pile.kind == "foundation" and named:
            entry["label"] = f"F{pile.index + 1}"
        if pile.kind == "stock":
            whose = "the bot's " if theirs else ""
            label = f"{whose}stock, {pile.size} card{'s' if pile.size != 1 else ''}"
            tip = label if theirs else f"{label}: click to draw"
            if not pile.size:
                label = f"{whose}stock, empty"
                tip = f"{label}: there is no redeal"
            entry["marks"] = pile_marks
            entry["label_text"], entry["title"] = label, tip
            face = Face(label, tip, ("ausp-stock", *pile_marks))
            spots[pid] = Spot(pid, pile.ref, Place(pile.ref, 0), None, face, down=True)
            out_piles.append(entry)
            continue
        first = 0
        if pile.kind == "waste":
            first = max(0, len(pile.cards) - FAN)
        elif pile.kind == "foundation":
            first = max(0, len(pile.cards) - UNDER)
        top = len(pile.cards) - 1
        for depth in range(first, len(pile.cards)):
            card = pile.cards[depth]
            place = Place(pile.ref, depth)
            sid = place_id(place)
            card_marks = list(marks.get(place, ()))
            if depth == top:
                card_marks += pile_marks
            protected = depth in pile.protected
            item: dict[str, Any] = {"id": sid, "marks": card_marks}
            if card is None:
                item |= {
                    "key": f"down:{sid}",
                    "down": True,
                    "label": f"face-down card, {where(pile.ref, theirs)}",
                }
                face = Face(
                    "face-down card",
                    "face-down card: it turns up when the cards on it are gone",
                    ("ausp-back", *card_marks),
                )
            else:
                label = f"{card.name}{' (the bot’s)' if theirs else ''}, {where(pile.ref, theirs)}"
                note = ""
                if protected:
                    note = ", protected" + (f": {protected_means}" if protected_means else "")
                item |= card_json(card) | {"label": label + note, "protected": protected}
                face_up.append((pile.owner, card, pid))
                slots.append(item)
                classes = (
                    "ausp-face",
                    "ausp-theirs" if theirs else "ausp-mine",
                    *(("ausp-protected",) if protected else ()),
                    *card_marks,
                )
                face = Face(card.name, card.name + (" (the bot's)" if theirs else "") + note, classes)
            entry["cards"].append(item)
            # A foundation is clicked as a pile: its card's spot is the pile's own.
            spots[sid] = Spot(sid, pile.ref, place, card, face, down=card is None)
        if not pile.cards:
            label = empty_label(pile, theirs, named)
            entry["marks"] = pile_marks
            tip = label + (f": {pile.takes} may move here" if pile.takes and not theirs else "")
            if pile.kind == "foundation":
                tip = f"{label}: it starts with an Ace"
            entry["label_text"], entry["title"] = label, tip
            spots[pid] = Spot(pid, pile.ref, None, None, Face(label, tip, ("ausp-slot", *pile_marks)))
        out_piles.append(entry)
    for item, key in zip(slots, keys.assign(face_up), strict=True):
        item["key"] = key
    state = {
        "piles": out_piles,
        "dests": {
            place_id(src): sorted({pile_id(t) for t in targets}) for src, targets in dests.items() if targets
        },
        "captions": list(captions),
        "player": player,
    }
    return state, spots


def empty_label(pile: Pile, theirs: bool, named: bool) -> str:
    if pile.kind == "foundation":
        prefix = f"F{pile.index + 1}, " if named else ""
        return (
            f"{prefix}{SUIT_NAMES[pile.suit]} foundation, empty"
            if pile.suit
            else f"{prefix}foundation, empty"
        )
    whose = "the bot's " if theirs else ""
    if pile.kind == "column":
        return f"{whose}empty column {pile.index + 1}"
    return f"{whose}{pile.kind}, empty"


def card_at(game: Any, place: Place) -> Card | None:
    """The face-up card at `place`, or None when there is none (a face-down card, the stock)."""
    try:
        cards = pile_of(game.piles(), place.pile).cards
    except LookupError:
        return None
    return cards[place.depth] if 0 <= place.depth < len(cards) else None


def legal_dests(game: Any, player: int = 0, legal: Iterable[Any] | None = None) -> dict[Place, list[PileRef]]:
    """Every place `player` may pick a card up from, with the piles its moves reach (what the
    browser lights while a card is dragged, and where it accepts a drop with no round trip).
    `legal` is the player's legal moves when the caller has them already."""
    dests: dict[Place, list[PileRef]] = {}
    for move in game.legal_moves(player) if legal is None else legal:
        if move.card is None:
            continue
        source, target = game.move_places(move, player)
        if source is not None and target is not None:
            dests.setdefault(source, []).append(target)
    return dests


__all__ = ["FAN", "Face", "KeyBook", "Spot", "build", "card_at", "legal_dests", "pile_id", "place_id"]
