"""Breakaway Rider's story chart: each rider's penalty minutes over the stages and the race totals,
with the yellow jersey at each stage's end marked (public views and events only)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.story import Marker, Panel, Series, compress, public_events, public_views, seat_name
from game.i18n import Message

if TYPE_CHECKING:
    from game.core.replay import Replay


def story(replay: "Replay") -> tuple[Panel, ...]:
    seats = len(replay.seats)
    minutes: list[list[tuple[int, float]]] = [[] for _ in range(seats)]
    totals: list[list[tuple[int, float]]] = [[] for _ in range(seats)]
    for step, view in public_views(replay):
        for seat in range(seats):
            minutes[seat].append((step, float(view["minutes"][seat])))
            totals[seat].append((step, float(view["totals"][seat])))
    jerseys = tuple(
        Marker(step, "jersey", Message("Stage {stage}: yellow jersey for {rider}", stage=event.data["stage"],
                                       rider=seat_name(replay, event.data["jersey"])), event.data["jersey"])
        for step, event in public_events(replay) if event.kind == "stage-end")
    return (Panel(Message("Penalty minutes in the stage"),
                  tuple(Series(seat, seat_name(replay, seat), compress(minutes[seat])) for seat in range(seats)),
                  jerseys, downwards=True),
            Panel(Message("Race total after each stage"),
                  tuple(Series(seat, seat_name(replay, seat), compress(totals[seat])) for seat in range(seats)),
                  jerseys))
