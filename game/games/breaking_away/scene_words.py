"""The words of the Breaking Away table: team and rider names, move previews, race progress.

Teams are named after the colour their player chose at setup (the engine's log
names them after the box's colour order, so the log is re-worded when a
player picked another colour).
"""
from __future__ import annotations

import re
from typing import Any, Mapping, Sequence

from .data import SQUARES, TEAM_COLOURS, rider_seat
from .preview import MovePreview

SUFFIXES = {1: "st", 2: "nd", 3: "rd"}
SHORT_LINE_NAMES = {"sprint1": "1st sprint", "sprint2": "2nd sprint", "finish": "Finish"}


def ordinal(place: int) -> str:
    if 10 <= place % 100 <= 20:
        return f"{place}th"
    return f"{place}{SUFFIXES.get(place % 10, 'th')}"


def shared_places(scores: Sequence[tuple[int, ...]]) -> list[str]:
    """Each team's place by its score (lower is better), "=2nd" when shared; no places at all while every
    team has the same score (at the start nobody is first, whatever the tie-break says)."""
    if len(set(scores)) <= 1:
        return [""] * len(scores)
    places = []
    for score in scores:
        better = sum(1 for other in scores if other < score)
        shared = sum(1 for other in scores if other == score) > 1
        places.append(("=" if shared else "") + ordinal(better + 1))
    return places


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def short_line_name(line: Mapping[str, Any]) -> str:
    """'1st sprint', 'Finish', 'Lap 2': the title of a line's board."""
    if line["label"] == "final sprint":
        return "Final sprint"
    if line["key"].startswith("lap"):
        return f"Lap {line['key'][3:]}"
    return SHORT_LINE_NAMES[line["key"]]


class Names:
    """Team words from the seats' colours; rider words like 'Orange 12'."""

    def __init__(self, seat_colours: Sequence[str], colours: Sequence[tuple[str, str]]) -> None:
        by_value = {value.lower(): name for name, value in colours}
        self.teams = [by_value.get(colour.lower(), TEAM_COLOURS[i % len(TEAM_COLOURS)][0])
                      for i, colour in enumerate(seat_colours)]
        engine = [TEAM_COLOURS[i % len(TEAM_COLOURS)][0] for i in range(len(seat_colours))]
        self.renames = {old: new for old, new in zip(engine, self.teams) if old != new}
        self._pattern = re.compile(r"\b(" + "|".join(map(re.escape, self.renames)) + r")\b") if self.renames else None

    def team(self, seat: int) -> str:
        return self.teams[seat]

    def rider(self, rider: int) -> str:
        return f"{self.team(rider_seat(rider))} {rider}"

    def reword(self, text: str) -> str:
        """The engine's sentence with each team called by its player's colour."""
        if self._pattern is None:
            return text
        return self._pattern.sub(lambda m: self.renames[m.group(1)], text)


def landing_words(preview: MovePreview) -> str:
    if preview.finishes:
        return "Over the finish line."
    if preview.slot:
        return f"To square {preview.square}, outside {plural(preview.slot, 'rider')}."
    return f"To square {preview.square}."


def crossing_words(preview: MovePreview) -> list[str]:
    lines = []
    for crossing in preview.crossings:
        gain = f"+{plural(crossing.points, 'point')}" if crossing.points else "no points left"
        label = str(crossing.label)
        lines.append(f"{label[0].upper()}{label[1:]} {ordinal(crossing.place)}: {gain}.")
    return lines


def replacement_words(preview: MovePreview, settled: bool = True) -> str:
    """The factor he would be given at the end of the turn; ``settled``: nobody else moves after him."""
    if preview.replacement is None:
        return "He leaves the track with his points."
    value, reason = preview.replacement, preview.reason
    lead = "Then" if settled else "So far"
    if reason == "breakaway":
        return f"{lead}: a breakaway bonus of {value}."
    if reason == "overcrowded":
        return f"{lead}: 3, his square is overcrowded."
    if reason == "slipstream":
        return f"{lead}: {value} = 3 + {plural(value - 3, 'rider')} ahead."
    return f"{lead}: 3, nobody directly ahead."


def preview_lines(preview: MovePreview, settled: bool = True) -> list[str]:
    """Where the move lands, what it scores, what it earns (``settled``: he is the last to move this turn)."""
    return [landing_words(preview), *crossing_words(preview), replacement_words(preview, settled)]


def next_line(view: Mapping[str, Any], progress: int) -> Mapping[str, Any] | None:
    """The first line a rider at ``progress`` has still to cross."""
    return next((line for line in view["lines"] if progress <= line["progress"]), None)


def race_progress(view: Mapping[str, Any], names: Names) -> tuple[str, str, str]:
    """('Turn 6 · lap 2/3', 'Sky 23 leads · 9 to the 2nd sprint', 'Lap 2/3'): the infield's top line.

    The third is the left part for a narrow infield (the turn is shown in the standings too).
    """
    laps = 4 if view["mode"] == "madison" else 3
    if view["phase"] == "over":
        winners = [seat for seat, rank in enumerate(view["standings"]) if rank == 1]
        best = " and ".join(names.team(seat) for seat in winners)
        return (f"Race over after {plural(view['turn'], 'turn')}", f"{best} {'wins' if len(winners) == 1 else 'share'} "
                f"with {plural(view['points'][winners[0]], 'point')}", "Race over")
    if view["phase"] in ("allocate", "place"):
        return ("Before the start", "Starters on the line, partners beside the track"
                if view["phase"] == "place" else "The teams fill in their sheets", "Before the start")
    racing = [r for r in view["riders"] if r["status"] == "racing"]
    if not racing:
        return (f"Turn {view['turn']}", "Nobody is left on the track.", f"Turn {view['turn']}")
    leader = max(racing, key=lambda r: (r["progress"], -r["arrival"]))
    lap = min(laps, max(1, (leader["progress"] - 1) // SQUARES + 1))
    left, short = f"Turn {max(1, view['turn'])} · lap {lap}/{laps}", f"Lap {lap}/{laps}"
    line = next_line(view, leader["progress"])
    if line is None:
        return (left, f"{names.rider(leader['id'])} leads", short)
    squares = line["progress"] - leader["progress"] + 1
    target = f"{line['label'].removesuffix(' sprint')} line" if line["key"].startswith("lap") else \
        short_line_name(line).lower()
    return (left, f"{names.rider(leader['id'])} leads · {squares} to the {target}", short)
