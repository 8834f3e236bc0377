"""Breakout's story chart: escapes per side, and how high each side's rope climbs from the bottom
slot, over the turns (public views and events only)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from game.core.story import Marker, Panel, Series, compress, public_events, public_views, seat_name
from game.i18n import Message

if TYPE_CHECKING:
    from game.core.replay import Replay


def rope_height(wall: Sequence[Sequence[Any]], seat: int) -> int:
    """How many slots, counted from the bottom, ``seat``'s pieces joined to the bottom slot reach."""
    seen = {(0, column) for column, owner in enumerate(wall[0]) if owner == seat}
    stack = list(seen)
    while stack:
        row, column = stack.pop()
        for near in ((row + 1, column), (row - 1, column), (row, column + 1), (row, column - 1)):
            if (0 <= near[0] < len(wall) and 0 <= near[1] < len(wall[near[0]]) and near not in seen
                    and wall[near[0]][near[1]] == seat):
                seen.add(near)
                stack.append(near)
    return max((row + 1 for row, _column in seen), default=0)


def story(replay: "Replay") -> tuple[Panel, ...]:
    seats = len(replay.seats)
    escapes: list[list[tuple[int, float]]] = [[] for _ in range(seats)]
    heights: list[list[tuple[int, float]]] = [[] for _ in range(seats)]
    escaped = {(step, event.data["seat"]) for step, event in public_events(replay) if event.kind == "escape"}
    for step, view in public_views(replay):
        for seat in range(seats):
            escapes[seat].append((step, float(view["escapes"][seat])))
            # the wall is cleared in the move that completes a rope: the escape is drawn as the full rope
            height = len(view["wall"]) if (step, seat) in escaped else rope_height(view["wall"], seat)
            heights[seat].append((step, float(height)))
    marks = []
    for step, event in public_events(replay):
        if event.kind == "escape":
            marks.append(Marker(step, "escape", Message("{player}'s character escapes",
                                                        player=seat_name(replay, event.data["seat"])),
                                event.data["seat"]))
        elif event.kind == "round":
            marks.append(Marker(step, "round", Message("Round {round}", round=event.data["round"])))
    return (Panel(Message("Escapes"), tuple(Series(seat, seat_name(replay, seat), compress(escapes[seat]))
                                            for seat in range(seats)), tuple(marks)),
            Panel(Message("Rope height from the bottom slot"),
                  tuple(Series(seat, seat_name(replay, seat), compress(heights[seat])) for seat in range(seats)),
                  tuple(mark for mark in marks if mark.kind == "escape")))
