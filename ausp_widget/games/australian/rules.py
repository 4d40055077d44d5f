"""The rules of Australian Patience in words, for every mode: one source for the rules panel and the guide.

Every rule sentence lives here once, in `RULE`, with its numbers from the engine's constants,
so the words cannot drift from what `Game` deals and allows. The tables are read-only: every
view of the rules shares them.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from ausp_widget.core.deal import COLUMNS, ROWS
from ausp_widget.core.ruletext import Section, words

DECK = 52
TABLEAU = COLUMNS * ROWS
STOCK = DECK - TABLEAU
MODE_NAMES = MappingProxyType({"solo": "Solo", "turns": "Turn-based vs bot", "simultaneous": "Race vs bot"})
RULE: Mapping[str, str] = {
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
        "4♦ onto 5♦, never onto 5♥."
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
RULE = MappingProxyType(RULE)

TIPS: tuple[str, ...] = (
    "Look before you draw: drawing is always allowed, but each card you draw covers the one below it "
    "until the new card is played, and there is no second pass.",
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

CHOICES: Mapping[str, tuple[str, ...]] = {
    "solo": (
        "Lost: the sources end the game when the stock is empty and no move is left. Here a King that "
        "already lies at the bottom of its column moving into another empty column does not count as a "
        "move left, since it only reorders the columns.",
    ),
    "turns": (
        "Who starts is a setting: you, the bot, or a draw decided by the deal number.",
        "A turn made only of King moves between empty columns counts as a pass without a move, so "
        "shuffling Kings cannot keep a finished game going.",
    ),
    "simultaneous": (
        "The bot waits while its stock is empty and nothing of its own can move; once both stocks are "
        "empty either side may finish and count.",
    ),
}
"""Choices made where the rules are silent, per mode: the rules panel lists them apart from the rules."""
CHOICES = MappingProxyType(CHOICES)

# Rule 4 follows the mode: in the simultaneous game there are no turns to pass, so a bot
# with an empty stock and nothing to play waits for the foundations to change.
BOT_LAST_RESORT = {
    "turns": "4. otherwise it draws, or passes when its stock is empty.",
    "simultaneous": "4. otherwise it draws, or waits when its stock is empty (there are no turns to pass).",
}
BOT_LAST_RESORT = MappingProxyType(BOT_LAST_RESORT)


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


def rules(mode: str = "solo") -> tuple[Section, ...]:
    """The complete rules for `mode`, as titled sections of plain sentences."""
    if mode not in MODE_NAMES:
        raise ValueError(f"mode must be one of {', '.join(MODE_NAMES)}, not {mode!r}")
    r = RULE
    moving = tuple(
        r[key] for key in ("build_up", "build_down", "group", "king", "waste", "draw", "draw_any_time")
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
                    "As in Scorpion, any card may move with all the cards covering it, whatever their "
                    "order; unlike Klondike, the tableau builds down in the same suit (not in alternating "
                    "colours), every card is dealt face up, and the stock is gone through once, one card "
                    "at a time.",
                ),
            ),
            Section("Choices where the rules are silent", CHOICES["solo"]),
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
        Section("Choices where the rules are silent", CHOICES[mode]),
    )
