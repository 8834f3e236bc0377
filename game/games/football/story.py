"""Breakaway Football's story chart: the score with the quarters marked, and a drive chart (the ball's
yard line play by play, one line per drive in the offense's colour; touchdowns, turnovers, punts and
field goals marked), from public views and events only."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.story import Marker, Panel, Series, compress, public_events, public_views, seat_name
from game.i18n import Message

from . import field

if TYPE_CHECKING:
    from game.core.replay import Replay

YARDS_PER_LINE = 5
_QUARTER_NAMES = {1: Message("End of the 1st quarter"), 2: Message("Halftime"), 3: Message("End of the 3rd quarter"),
                  4: Message("End of the 4th quarter")}


def story(replay: "Replay") -> tuple[Panel, ...]:
    seats = len(replay.seats)
    score: list[list[tuple[int, float]]] = [[] for _ in range(seats)]
    drives: list[tuple[int, list[tuple[int, float]]]] = []
    for step, view in public_views(replay):
        for seat in range(seats):
            score[seat].append((step, float(view["score"][seat])))
        offense = view["offense"]
        yards = YARDS_PER_LINE * (view["ball"] if offense == 0 else field.GOAL_LINE - view["ball"])
        if not drives or drives[-1][0] != offense:
            drives.append((offense, []))
        drives[-1][1].append((step, float(yards)))
    quarters: list[Marker] = []
    plays: list[Marker] = []
    for step, event in public_events(replay):
        data = event.data
        if event.kind == "quarter_end" and data.get("quarter") in _QUARTER_NAMES:
            quarters.append(Marker(step, "quarter", _QUARTER_NAMES[data["quarter"]]))
        elif event.kind == "touchdown":
            plays.append(Marker(step, "touchdown", Message("Touchdown {team}", team=seat_name(replay, data["seat"])),
                                data["seat"]))
        elif event.kind == "turnover":
            plays.append(Marker(step, "turnover", Message("Turnover by {team}", team=seat_name(replay, data["seat"])),
                                data["seat"]))
        elif event.kind == "punt":
            plays.append(Marker(step, "punt", Message("Punt by {team}", team=seat_name(replay, data["seat"])),
                                data["seat"]))
        elif event.kind == "field_goal" and data.get("good"):
            plays.append(Marker(step, "field_goal", Message("Field goal {team}", team=seat_name(replay, data["seat"])),
                                data["seat"]))
    return (Panel(Message("Score"), tuple(Series(seat, seat_name(replay, seat), compress(score[seat]))
                                          for seat in range(seats)), tuple(quarters + plays)),
            Panel(Message("Drive chart: yards from {team}'s goal line", team=seat_name(replay, 0)),
                  tuple(Series(offense, seat_name(replay, offense), compress(points)) for offense, points in drives),
                  tuple(quarters + plays)))
