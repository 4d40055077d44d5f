"""The rules of Australian Patience in words, for every mode: one source for the rules panel and the guide.

Mode "indian" is the sister game, Indian Patience: its sentences (`INDIAN_RULE`,
`INDIAN_CHOICES`) take their numbers from `ausp_widget.indian` in the same way.

Every sentence that states a rule lives here once, in `RULE`, and the numbers in it come
from the engine's own constants (columns, rows, deck size), so the words cannot drift from
what `Game` deals and allows. The guide quotes these sentences; the rules panel arranges
them into sections (objective, setup, gameplay, end and winning, the variant's differences,
strategy tips, how the bot plays).
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from .deal import COLUMNS, ROWS
from .indian import CARD_COUNT as INDIAN_DECK
from .indian import COLUMNS as INDIAN_COLUMNS
from .indian import PILES as INDIAN_PILES
from .indian import REFILL

DECK = 52
TABLEAU = COLUMNS * ROWS
STOCK = DECK - TABLEAU
MODE_NAMES = {
    "solo": "Solo",
    "turns": "Turn-based vs bot",
    "simultaneous": "Simultaneous vs bot",
    "indian": "Indian Patience",
}
INDIAN_ROWS = 3
INDIAN_TABLEAU = INDIAN_COLUMNS * INDIAN_ROWS
INDIAN_STOCK = INDIAN_DECK - INDIAN_TABLEAU
_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def words(n: int) -> str:
    """A small count in words ("seven"), larger ones in digits."""
    return _WORDS[n] if 0 <= n < len(_WORDS) else str(n)


RULE: dict[str, str] = {
    # the deck and the layout
    "deck": f"One deck of {DECK} cards, no jokers; Aces are low (A 2 3 … 10 J Q K).",
    "decks": f"Each player has a whole deck of {DECK} cards and deals their own layout.",
    "layout": (
        f"Deal {words(COLUMNS)} columns of {words(ROWS)} cards, all face up and overlapping, so that "
        "every card can be read; only the last card of each column is exposed."
    ),
    "layout_each": (
        f"Each deals {words(COLUMNS)} columns of {words(ROWS)} face-up cards, as in the solo game, and keeps "
        f"the other {STOCK} as a face-down stock."
    ),
    "stock": f"The other {STOCK} cards form the face-down stock; the waste pile starts empty.",
    "foundations": "Four foundations, one per suit, start empty.",
    "shared": (
        "Eight foundations, two per suit, lie between the players and are shared: either foundation "
        "of a suit may be started with its Ace, and anyone may build on a pile the other began."
    ),
    "own_cards": "You move only the cards of your own tableau and waste; the bot moves only its own.",
    # moving cards
    "build_up": (
        "Foundations build up in suit from Ace to King; only an exposed card or the top waste card "
        "may go there, and cards never leave a foundation."
    ),
    "build_down": (
        "In the tableau a card goes onto the exposed card one rank higher of the same suit: "
        "9♠ onto 10♠, never onto 10♣."
    ),
    "group": (
        "Any tableau card may move, and every card covering it moves with it in the same order; "
        "only the first card of the group has to fit."
    ),
    "king": "Only a King, alone or heading its group, may move into an empty column.",
    "waste": (
        "The top waste card may go to a foundation, onto a tableau card, or, if it is a King, into an "
        "empty column; no card ever moves onto the waste."
    ),
    "draw": (
        "A draw turns the top stock card face up onto the waste, where it covers the card before it. "
        "The waste is never turned over: one pass through the stock."
    ),
    "draw_any_time": "You may draw at any time, even when other moves exist.",
    # the end
    "won": f"You win when all {DECK} cards are on the foundations.",
    "lost": (
        "You lose when the stock is empty and no useful move remains (moving a King that already lies "
        "at the bottom of its column only shuffles columns); an empty stock alone is not a loss."
    ),
    "score": (
        "Each card on a foundation scores one point for the player whose deck it came from, whichever "
        "pile it is on; more points wins and equal totals tie."
    ),
    # turn-based
    "turn": (
        "A turn is any number of moves, then one draw from your stock, which ends the turn; with an "
        "empty stock you pass instead."
    ),
    "turns_end": (
        "The game ends after two turns in a row in which a player passed without making any move "
        "(a King that only changes empty columns does not count as a move)."
    ),
    "first": "Who starts is a setting: you, the bot, or chosen at random.",
    # simultaneous
    "at_once": "There are no turns: you and the bot move and draw whenever you like.",
    "first_play": (
        "Moves are applied one at a time in the order they arrive: the first play takes a foundation "
        "space, and a move that is no longer legal is refused with the card left where it was."
    ),
    "sim_end": (
        "Play ends when neither side can progress (both stocks empty and no useful move); once both "
        "stocks are empty either player may also finish and count."
    ),
}

TIPS: tuple[str, ...] = (
    "Look before you draw: drawing is always allowed, but each card you draw buries the one below it "
    "for good, and there is no second pass.",
    "Read the whole layout: every card is face up, so you can see which cards lie under which and plan "
    "a line of moves.",
    "Uncover useful cards: prefer the move that exposes an Ace, the next card a foundation needs, or a "
    "card that lets the waste play.",
    "Empty a column only when a King can use it: a King carries its whole group into the space, and "
    "only a King can fill it.",
    "Mind the Kings: a King leaves its column only for an empty one, so the cards under a King wait "
    "until a column is free.",
    "Foundation moves are safe: when a card can go home, every lower card of its suit is already there, "
    "so no card needs it in the tableau.",
)

INDIAN_RULE: dict[str, str] = {
    "objective": (
        f"Move all {INDIAN_DECK} cards onto {words(INDIAN_PILES)} foundations, two per suit, "
        "from Ace to King."
    ),
    "decks": (
        f"Two decks of {DECK} cards are shuffled together: {INDIAN_DECK} cards, so every card has a twin."
    ),
    "layout": (
        f"Deal {words(INDIAN_COLUMNS)} columns of {words(INDIAN_ROWS)} cards: the bottom card of each "
        f"face down, the {words(INDIAN_ROWS - 1)} cards on it face up."
    ),
    "stock": f"The other {INDIAN_STOCK} cards form the stock; the waste pile starts empty.",
    "foundations": (
        f"{words(INDIAN_PILES).capitalize()} foundations, two per suit (F1 F2 ♣, F3 F4 ♦, F5 F6 ♥, F7 F8 ♠), "
        "start empty."
    ),
    "build_up": (
        "Foundations build up in suit from Ace to King; either foundation of a suit may take its next card, "
        "and cards never leave a foundation."
    ),
    "single": (
        "Only the top card of a column and the top card of the waste are available, and one card moves at "
        "a time, to a foundation or onto the top card of another column."
    ),
    "build_down": (
        "The tableau builds down by one rank in any suit but the card's own: 7♥ goes onto 8♣, 8♦ or 8♠, "
        "never onto 8♥."
    ),
    "draw": (
        "A draw turns the next stock card onto the single waste; there is no redeal: one pass through the "
        "stock. Nothing moves onto the waste."
    ),
    "protected": (
        "When the face-down card of a column is uncovered it is turned up and is protected: it may only go "
        "to a foundation, and no card may be played onto it."
    ),
    "refill": (
        "When a protected card goes to a foundation, its empty column is dealt again from the stock like the "
        "opening deal: one card face down, then two face up on it."
    ),
    "grace": (
        "Grace: once the stock is used up, every protected card becomes free, and a face-down card "
        "uncovered later is turned up free."
    ),
    "won": f"You win when all {INDIAN_DECK} cards are on the foundations; each card home scores one point.",
    "lost": (
        "You lose when the stock is empty and no sequence of moves can bring another card home; while the "
        "stock has cards the game goes on, since drawing is always allowed."
    ),
    "differs": (
        "Unlike Australian Patience there are two decks, ten columns and eight foundations; one card moves "
        "at a time (never a group), the tableau builds down in a differing suit (not the same suit), any "
        "card may fill an empty column (not only a King), and the bottom card of each column starts face "
        "down and turns up protected."
    ),
}
"""The rules of Indian Patience (mode "indian"), as `ausp_widget.indian` plays them."""

INDIAN_CHOICES: tuple[str, ...] = (
    "An empty column takes any single card, from a column or from the waste (the Forty Thieves "
    "convention); a protected card still goes only to a foundation.",
    f"A column is dealt again only while the stock still holds {words(REFILL)} cards; with fewer it stays "
    "empty and takes any card, like any empty column.",
    "A foundation move that names no pile (7♥ F) puts the card on the first pile, F1 to F8, that takes it; "
    "7♥ F6 names the pile.",
    "Lost is decided once the stock is empty by looking ahead a limited number of positions; when more "
    "positions than that remain, the game stays open and you are free to stop.",
    "With two decks the same card can be available twice: then a move says where it comes from, as in "
    "3:7♥ 8♣ (column 3) or w:7♥ F (the waste); on the table you simply click the card you mean.",
)
"""Choices made where the rules of Indian Patience are silent (from `ausp_widget.indian`)."""

INDIAN_TIPS: tuple[str, ...] = (
    "Free the face-down cards early: each one turns up protected, and a protected card that reaches a "
    "foundation brings a fresh column from the stock.",
    "Keep both twins in mind: a card you bury may have a twin still to come from the stock.",
    "Empty columns are precious: any card can use one to unblock another column, so fill one only for a "
    "purpose.",
)

# Rule 4 follows the mode: in the simultaneous game there are no turns to pass, so a bot
# with an empty stock and nothing to play waits for the foundations to change.
BOT_LAST_RESORT = {
    "turns": "4. otherwise it draws, or passes when its stock is empty.",
    "simultaneous": "4. otherwise it draws, or waits when its stock is empty (there are no turns to pass).",
}


def bot_rules(mode: str) -> tuple[str, ...]:
    """How the bot plays in a game against it (`mode` "turns" or "simultaneous")."""
    if mode not in BOT_LAST_RESORT:
        raise ValueError(f"the bot plays in {' and '.join(BOT_LAST_RESORT)}, not {mode!r}")
    return (
        "The bot plays by a fixed order of priorities:",
        "1. a foundation move of an exposed card or its top waste card;",
        "2. its top waste card onto its tableau;",
        "3. a tableau group move that uncovers a card, never re-creating a tableau arrangement it already "
        "had during the current sequence of moves;",
        BOT_LAST_RESORT[mode],
        "It sees only its own tableau and waste, the number of cards in its stock and the shared "
        "foundations: never your tableau or the order of either stock.",
    )


@dataclass(frozen=True)
class Section:
    title: str
    paragraphs: tuple[str, ...]


def _check(mode: str) -> None:
    if mode not in MODE_NAMES:
        raise ValueError(f"mode must be one of {', '.join(MODE_NAMES)}, not {mode!r}")


def rules(mode: str = "solo") -> tuple[Section, ...]:
    """The complete rules for `mode`, as titled sections of plain sentences."""
    _check(mode)
    if mode == "indian":
        return indian_rules()
    r = RULE
    moving = (
        r["build_up"],
        r["build_down"],
        r["group"],
        r["king"],
        r["waste"],
        r["draw"],
        r["draw_any_time"],
    )
    if mode == "solo":
        return (
            Section(
                "Objective", ("Move all the cards onto four foundations, one per suit, from Ace to King.",)
            ),
            Section("Setup", (r["deck"], r["layout"], r["stock"], r["foundations"])),
            Section("Gameplay", moving),
            Section("End and winning", (r["won"], r["lost"])),
            Section(
                "How this game differs",
                (
                    "Unlike Klondike, every tableau card is face up and any card may move with the cards "
                    "covering it; the tableau builds down in suit, only Kings fill empty columns, and the "
                    "stock is gone through once, one card at a time.",
                ),
            ),
            Section("Strategy tips", TIPS),
        )
    if mode == "turns":
        gameplay = (r["own_cards"], *moving[:-1], r["turn"], r["first"])
        end = (r["turns_end"], r["score"])
        differs = (
            "Against the bot the layouts and the rules for moving cards are those of the solo game; the "
            "foundations are shared, play goes in turns, and a draw ends your turn.",
        )
    else:
        gameplay = (r["own_cards"], *moving, r["at_once"], r["first_play"])
        end = (r["sim_end"], r["score"])
        differs = (
            "Against the bot the layouts and the rules for moving cards are those of the solo game; the "
            "foundations are shared and both sides play at the same time, so speed matters.",
        )
    return (
        Section(
            "Objective",
            ("Put more of your own cards onto the shared foundations than the bot puts of its cards.",),
        ),
        Section("Setup", (r["decks"], r["layout_each"], r["shared"])),
        Section("Gameplay", gameplay),
        Section("End and winning", end),
        Section("How this variant differs", differs),
        Section("How the bot plays", bot_rules(mode)),
    )


def indian_rules() -> tuple[Section, ...]:
    """The complete rules of Indian Patience, with the choices made where the rules are silent."""
    r = INDIAN_RULE
    return (
        Section("Objective", (r["objective"],)),
        Section("Setup", (r["decks"], r["layout"], r["stock"], r["foundations"])),
        Section("Gameplay", (r["build_up"], r["single"], r["build_down"], r["draw"])),
        Section("Protected cards", (r["protected"], r["refill"], r["grace"])),
        Section("End and winning", (r["won"], r["lost"])),
        Section("How this game differs from Australian Patience", (r["differs"],)),
        Section("Choices where the rules are silent", INDIAN_CHOICES),
        Section("Strategy tips", INDIAN_TIPS),
    )


def rules_text(mode: str = "solo") -> str:
    """The rules as Markdown (for a notebook cell, a handout or a terminal)."""
    title = "Indian Patience" if mode == "indian" else f"Australian Patience — {MODE_NAMES.get(mode, mode)}"
    parts = [f"# {title}"]
    for section in rules(mode):
        parts.append(f"## {section.title}")
        parts.append("\n".join(p if p[:1].isdigit() else f"- {p}" for p in section.paragraphs))
    return "\n\n".join(parts) + "\n"


def rules_html(mode: str = "solo") -> str:
    """The rules as an HTML fragment (for the rules panel)."""
    _check(mode)
    parts = [
        f'<div class="ausp-rules" data-mode="{escape(mode)}">',
        f"<h2>Rules: {escape(MODE_NAMES[mode])}</h2>",
    ]
    for section in rules(mode):
        parts.append(f"<h3>{escape(section.title)}</h3>")
        items = "".join(f"<li>{escape(p)}</li>" for p in section.paragraphs)
        parts.append(f"<ul>{items}</ul>")
    parts.append("</div>")
    return "".join(parts)
