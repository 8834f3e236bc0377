"""Breaking Away's story chart: each team's points over the race and each rider's progress,
with the sprints' winners and the finishers marked (public views and events only)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.story import Marker, Panel, Series, compress, public_events, public_views, seat_name
from game.i18n import Message

if TYPE_CHECKING:
    from game.core.replay import Replay


def story(replay: "Replay") -> tuple[Panel, ...]:
    seats = len(replay.seats)
    points: list[list[tuple[int, float]]] = [[] for _ in range(seats)]
    progress: dict[int, list[tuple[int, float]]] = {}
    owners: dict[int, tuple[int, int]] = {}
    for step, view in public_views(replay):
        for seat in range(seats):
            points[seat].append((step, float(view["points"][seat])))
        for rider in view["riders"]:
            if rider["status"] in ("racing", "finished"):
                progress.setdefault(rider["id"], []).append((step, float(rider["progress"])))
                owners[rider["id"]] = (rider["seat"], rider["number"])
    sprints: list[Marker] = []
    finishes: list[Marker] = []
    for step, event in public_events(replay):
        data = event.data
        if event.kind == "cross" and data.get("place") == 1:
            sprints.append(Marker(step, "sprint", Message("{team} first over a line (+{points})",
                                                          team=seat_name(replay, data["seat"]),
                                                          points=data["points"]), data["seat"]))
        elif event.kind == "finished" and data.get("place") == 1:
            finishes.append(Marker(step, "finish", Message("{team} first over the finish",
                                                           team=seat_name(replay, data["seat"])), data["seat"]))
    teams = tuple(Series(seat, seat_name(replay, seat), compress(points[seat])) for seat in range(seats))
    riders = tuple(Series(owners[rider][0], str(owners[rider][1]), compress(line), thin=True)
                   for rider, line in sorted(progress.items()))
    return (Panel(Message("Points per team"), teams, tuple(sprints + finishes)),
            Panel(Message("Squares ridden by each rider"), riders, tuple(finishes)))
