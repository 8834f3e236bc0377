"""The draw for the first lead, told in the log before the first move.

The engine makes that draw while the game is created (``new()`` cannot return
events) and keeps its rounds in the view (``opening_draw``).  The scene turns
them into setup entries of the log (index -1, like everything that happens
before the first move): who drew what, who tied and drew again, and who leads.
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from game.core.protocol import Event

from .cards import HAND_SIZE, card_name
from .rules import seat_name

#: the kind of a draw round's entry (the last entry is a ``stage-start`` of stage 1)
OPENING_DRAW = "opening-draw"


def _names(seats: Sequence[int]) -> str:
    words = [seat_name(seat) for seat in seats]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _drawn(cards: Sequence[Any]) -> str:
    """'45 km/h', or 'a sprint and then 45 km/h' when a special card came first (it is drawn again)."""
    return " and then ".join(card_name(card) if isinstance(card, int) else f"a {card}" for card in cards)


def opening_draw_events(view: Mapping[str, Any]) -> list[Event]:
    """The draw for the lead as log events, one per round, then who leads the race."""
    events: list[Event] = []
    for number, draws in enumerate(view["opening_draw"]):
        by_seat: dict[int, list[Any]] = {}
        for seat, card in draws:
            by_seat.setdefault(int(seat), []).append(card)
        cards = "; ".join(f"{seat_name(seat)} {_drawn(drawn)}" for seat, drawn in by_seat.items())
        if number == 0:
            text = f"Draw for the lead: everyone draws a card; the highest speed card leads. {cards}."
        else:
            tied_at = max(card for _, card in view["opening_draw"][number - 1] if isinstance(card, int))
            text = f"{_names(list(by_seat))} tie at {card_name(tied_at)} and draw again: {cards}."
        events.append(Event(text, OPENING_DRAW, {"round": number + 1, "draws": [list(d) for d in draws]}))
    leader = _leader(view["opening_draw"])
    events.append(Event(f"{seat_name(leader)} drew the highest card and wears the yellow jersey for stage 1. "
                        f"The cards go back, the deck is shuffled and everyone is dealt {HAND_SIZE} cards; "
                        f"{seat_name(leader)} opens.", "stage-start", {"stage": 1, "leader": leader}))
    return events


def _leader(rounds: Sequence[Sequence[Sequence[Any]]]) -> int:
    """The seat with the highest speed card of the last round (ties were drawn again before it)."""
    last: dict[int, int] = {}
    for seat, card in rounds[-1]:
        if isinstance(card, int):
            last[int(seat)] = card
    return max(last, key=lambda seat: last[seat])
