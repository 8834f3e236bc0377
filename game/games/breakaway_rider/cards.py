"""The Breakaway Rider deck and the arithmetic of speeds.

Speed cards are plain ints (39..50 km/h); the three special cards are words,
so a hand reads like ``[41, 45, 45, 50, "sprint", "climb"]`` in saves, views
and logs.  Every number the rules use lives here, named after the rule.
"""
from __future__ import annotations

from functools import cache
from typing import Iterable, Union

from game.i18n import Message

Card = Union[int, str]

CLIMB = "climb"
HEADWIND = "headwind"
SPRINT = "sprint"
SPECIAL_CARDS: tuple[str, ...] = (CLIMB, HEADWIND, SPRINT)

SLOWEST_SPEED = 39
FASTEST_SPEED = 50
SPEED_VALUES: tuple[int, ...] = tuple(range(SLOWEST_SPEED, FASTEST_SPEED + 1))
COPIES_OF_EACH_SPEED = 7
COPIES_OF_EACH_SPECIAL = 5

HAND_SIZE = 6
SPRINT_BONUS = 2
HEADWIND_PENALTY = 2
SPRINT_CAP = 52
SPRINT_CAP_ON_CLIMB = 50
#: riding at most this much below the pace keeps a clean rider in the slipstream
SLIPSTREAM_GAP = 2
#: a penalty chip worth five minutes (the rest are paid in one-minute chips)
RED_CHIP_MINUTES = 5

FULL_DECK: tuple[Card, ...] = (
    tuple(speed for speed in SPEED_VALUES for _ in range(COPIES_OF_EACH_SPEED))
    + tuple(special for special in SPECIAL_CARDS for _ in range(COPIES_OF_EACH_SPECIAL))
)
DECK_SIZE = len(FULL_DECK)  # 99


def is_speed(card: Card) -> bool:
    return isinstance(card, int)


@cache
def card_name(card: Card) -> Message:
    """How a card is named in the log: '45 km/h', 'climb'."""
    if isinstance(card, int):
        return Message("{speed} km/h", speed=card)
    return _SPECIAL_CARD_NAMES[card]


#: the special cards' names in the log (a hand dealt: "41 km/h, 45 km/h, sprint, climb")
_SPECIAL_CARD_NAMES: dict[str, Message] = {
    # TRANSLATORS: Breakaway Rider: the climb card, named in a list of cards ("41 km/h, 45 km/h, climb")
    CLIMB: Message("climb"),
    # TRANSLATORS: Breakaway Rider: the headwind card, named in a list of cards
    HEADWIND: Message("headwind"),
    # TRANSLATORS: Breakaway Rider: the sprint card, named in a list of cards
    SPRINT: Message("sprint"),
}


def card_order(card: Card) -> tuple[int, int | str]:
    """Sort key for hands: speed cards by value, then the special cards."""
    return (0, card) if isinstance(card, int) else (1, card)


def sorted_cards(cards: Iterable[Card]) -> list[Card]:
    return sorted(cards, key=card_order)


def parse_card(value: object) -> Card:
    """A card read back from JSON; ValueError for anything that is not a card."""
    if isinstance(value, int) and not isinstance(value, bool) and SLOWEST_SPEED <= value <= FASTEST_SPEED:
        return value
    if value in SPECIAL_CARDS:
        return str(value)
    raise ValueError(f"{value!r} is not a Breakaway Rider card")


def effective_speed(speed: int, sprints: int, headwinds: int, climb_active: bool) -> int:
    """A speed card with its sprint and headwind cards applied.

    Sprint and headwind cancel each other pair by pair; what sprint is left adds
    2 km/h each up to 52 (50 during a climb), what headwind is left takes 2 km/h
    each.  The cap only limits a gain: a card never loses speed by a sprint.
    """
    net = sprints - headwinds
    if net > 0:
        cap = SPRINT_CAP_ON_CLIMB if climb_active else SPRINT_CAP
        return max(speed, min(speed + SPRINT_BONUS * net, cap))
    return speed - HEADWIND_PENALTY * (-net)


def chips_for(minutes: int) -> dict[str, int]:
    """Penalty minutes as chips: red ones worth five, blue ones worth one."""
    return {"red": minutes // RED_CHIP_MINUTES, "blue": minutes % RED_CHIP_MINUTES}


def pile_top(pile: list[Card]) -> tuple[int | None, list[str]]:
    """What a pile shows: its top speed card and the special cards lying crosswise on it.

    Sprints and climbs played with that card, and headwinds drawn since, lie on
    top of it; older special cards are covered.
    """
    for index in range(len(pile) - 1, -1, -1):
        card = pile[index]
        if isinstance(card, int):
            return card, [str(c) for c in pile[index + 1:]]
    return None, [str(c) for c in pile]
