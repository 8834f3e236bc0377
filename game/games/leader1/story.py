"""Leader 1's story chart: each rider's gap to the head of the race in rows of road and his energy,
turn by turn, and in a stage race the general classification after each stage; the stage winners
marked (public views and events only)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from game.core.story import Marker, Panel, Series, compress, public_events, public_views, seat_name
from game.i18n import Message

from .course import Course, course_for

if TYPE_CHECKING:
    from game.core.replay import Replay


def _row(rider: Mapping[str, Any], view: Mapping[str, Any], course: Course) -> int | None:
    """How far along the road a rider is, in rows (None: out of the race, or not on the road yet)."""
    if rider["place"] == "road":
        return course.squares[rider["square"]].grow
    if rider["place"] == "finished":
        return course.rows_total + rider["finish_beyond"]
    if rider["place"] == "peloton":
        return course.line_grow(view["peloton"])
    return None


def _rider_label(replay: "Replay", seat: int, kind: str) -> Message:
    if kind == "leader":
        return Message("{colour} leader", colour=seat_name(replay, seat))
    if kind == "climber":
        return Message("{colour} climber", colour=seat_name(replay, seat))
    return Message("{colour} rouleur", colour=seat_name(replay, seat))


def story(replay: "Replay") -> tuple[Panel, ...]:
    gaps: dict[int, list[tuple[int, float]]] = {}
    energy: dict[int, list[tuple[int, float]]] = {}
    general: dict[int, list[tuple[int, float]]] = {}
    riders: dict[int, tuple[int, str]] = {}
    stage_race = False
    for step, view in public_views(replay):
        if view["phase"] in ("pick", "speciality", "setup") or not view["calendar"]:
            continue
        stage_race = len(view["calendar"]) > 1
        course = course_for(view["calendar"][min(view["stage"], len(view["calendar"]) - 1)])
        rows = {rider["id"]: _row(rider, view, course) for rider in view["riders"]}
        head = max((row for row in rows.values() if row is not None), default=None)
        for rider in view["riders"]:
            riders[rider["id"]] = (rider["seat"], rider["kind"])
            row = rows[rider["id"]]
            if head is not None and row is not None:
                gaps.setdefault(rider["id"], []).append((step, float(head - row)))
            if rider["place"] != "out":
                energy.setdefault(rider["id"], []).append((step, float(rider["energy"])))
                general.setdefault(rider["id"], []).append((step, float(rider["gc"])))
    winners = tuple(
        Marker(step, "stage", Message("{rider} wins the stage", rider=_rider_label(replay, *riders[event.data[
            "finish_order"][0]])), riders[event.data["finish_order"][0]][0])
        for step, event in public_events(replay)
        if event.kind == "stage_end" and event.data.get("finish_order") and event.data["finish_order"][0] in riders)

    def lines(values: dict[int, list[tuple[int, float]]]) -> tuple[Series, ...]:
        return tuple(Series(riders[rider][0], _rider_label(replay, *riders[rider]), compress(points))
                     for rider, points in sorted(values.items()) if points)

    panels = [Panel(Message("Gap to the head of the race, in rows"), lines(gaps), winners, downwards=True),
              Panel(Message("Energy"), lines(energy), winners)]
    if stage_race:
        panels.append(Panel(Message("General classification, in squares"), lines(general), winners))
    return tuple(panels)
