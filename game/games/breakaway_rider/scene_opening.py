"""The draw for the first lead, told in the log before the first move.

The engine makes that draw while the game is created (``new()`` cannot return
events) and keeps its rounds in the view (``opening_draw``).  The scene turns
them into setup entries of the log (index -1, like everything that happens
before the first move): who drew what, who tied and drew again, and who leads.
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from game.core.protocol import Event
from game.i18n import Message, SeatName

from .cards import HAND_SIZE, card_name
from .rules import seat_name
from .views import BreakawayRiderView

#: the kind of a draw round's entry (the last entry is a ``stage-start`` of stage 1)
OPENING_DRAW = "opening-draw"


def _names(seats: Sequence[int]) -> Message | SeatName:
    """'Seat 1', 'Seat 1 and Seat 3', 'Seat 1, Seat 2 and Seat 4'."""
    if len(seats) == 1:
        return seat_name(seats[0])
    return Message("{seats} and {last}", seats=tuple(seat_name(seat) for seat in seats[:-1]),
                   last=seat_name(seats[-1]))


def _drawn(cards: Sequence[Any]) -> Message:
    """'45 km/h', or 'a sprint and then 45 km/h' when a special card came first (it is drawn again)."""
    named = [card_name(card) if isinstance(card, int) else _A_SPECIAL_CARD[card] for card in cards]
    joined = named[0]
    for later in named[1:]:
        # TRANSLATORS: Breakaway Rider: the cards one seat drew for the lead, in order ("a sprint and then 45 km/h")
        joined = Message("{earlier} and then {later}", earlier=joined, later=later)
    return joined


#: a special card drawn for the lead (it counts for nothing and is drawn again)
_A_SPECIAL_CARD = {"climb": Message("a climb"), "headwind": Message("a headwind"), "sprint": Message("a sprint")}


def _each_drawn(by_seat: Mapping[int, Sequence[Any]]) -> Message:
    """'Seat 1 45 km/h; Seat 2 a sprint and then 41 km/h'."""
    joined: Message | None = None
    for seat, drawn in by_seat.items():
        # TRANSLATORS: Breakaway Rider: who drew what for the lead ("Seat 2 a sprint and then 41 km/h")
        entry = Message("{seat} {cards}", seat=seat_name(seat), cards=_drawn(drawn))
        joined = entry if joined is None else Message("{earlier}; {later}", earlier=joined, later=entry)
    assert joined is not None, "every round of the draw has someone drawing"
    return joined


def opening_draw_events(view: BreakawayRiderView) -> list[Event]:
    """The draw for the lead as log events, one per round, then who leads the race."""
    events: list[Event] = []
    for number, draws in enumerate(view["opening_draw"]):
        by_seat: dict[int, list[Any]] = {}
        for seat, card in draws:
            by_seat.setdefault(int(seat), []).append(card)
        cards = _each_drawn(by_seat)
        if number == 0:
            text = Message("Draw for the lead: everyone draws a card; the highest speed card leads. {cards}.",
                           cards=cards)
        else:
            tied_at = max(card for _, card in view["opening_draw"][number - 1] if isinstance(card, int))
            text = Message("{seats} tie at {card} and draw again: {cards}.", seats=_names(list(by_seat)),
                           card=card_name(tied_at), cards=cards)
        events.append(Event(text, OPENING_DRAW, {"round": number + 1, "draws": [list(d) for d in draws]}))
    leader = _leader(view["opening_draw"])
    events.append(Event(Message("{leader} drew the highest card and wears the yellow jersey for stage 1. The cards go "
                                "back, the deck is shuffled and everyone is dealt {count} cards; {leader} opens.",
                                leader=seat_name(leader), count=HAND_SIZE),
                        "stage-start", {"stage": 1, "leader": leader}))
    return events


def _leader(rounds: Sequence[Sequence[Sequence[Any]]]) -> int:
    """The seat with the highest speed card of the last round (ties were drawn again before it)."""
    last: dict[int, int] = {}
    for seat, card in rounds[-1]:
        if isinstance(card, int):
            last[int(seat)] = card
    return max(last, key=lambda seat: last[seat])
