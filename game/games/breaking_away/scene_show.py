"""What the Breaking Away table shows while things happen: riders gliding, lines ringing, numbers popping.

The engine has already moved on when its events arrive, so the show keeps its
own idea of where each rider is drawn.  A moving rider follows the track square
by square (a bell and a flash when he passes a scoring line, whose board and
points wait until then); riders whose place in a bunch changed glide to it; the
replacement factors pop up over the riders at the end of a turn; a banner
announces each turn.  With animations off everything is at its end at once.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from game.core.protocol import Event
from game.i18n import _
from game.ui.anim import Timeline, Tween, Wait, ease_in_out_cubic, ease_out_cubic, linear

from .scene_layout import RiderPlacer, Spot, angle_between, rider_spots
from .views import BreakingAwayView

#: seconds for a move: a base plus a little per square, capped
MOVE_BASE = 0.28
MOVE_PER_SQUARE = 0.045
MOVE_MAX = 1.0
#: how fast a rider whose place changed glides there (per second, exponential)
GLIDE_RATE = 9.0
BUBBLE_SECONDS = 1.7
BANNER_SECONDS = 1.1
FLASH_SECONDS = 1.2


@dataclass
class Bubble:
    """A number shown over a rider for a moment: a replacement factor or a change-over."""

    rider: int
    text: str
    kind: str
    tween: Tween


@dataclass
class Journey:
    """A rider on his way from one progress to another, drawn along the track."""

    rider: int
    start: Spot
    end: Spot
    first: int
    last: int
    tween: Tween
    #: (progress, line key) still to pass, in order
    lines: list[tuple[float, str]] = field(default_factory=list)


class RaceShow:
    """The riders' drawn positions and every passing effect on the table."""

    def __init__(self, placer: RiderPlacer, anims: Timeline, play_sound: Callable[[str], None],
                 speed: Callable[[], float]) -> None:
        self.placer = placer
        self.anims = anims
        self.play_sound = play_sound
        self.speed = speed
        self.spots: dict[int, Spot] = {}
        self.targets: dict[int, Spot] = {}
        self.journeys: dict[int, Journey] = {}
        #: riders leaving the track (finished, retired, changed over): where and how faded
        self.leaving: dict[int, tuple[Spot, Tween]] = {}
        self.bubbles: list[Bubble] = []
        self.flashes: dict[str, Tween] = {}
        self.banner: tuple[str, Tween] | None = None
        #: (line key, rider) -> (seat, points) of crossings the boards and the points table do not show yet
        self.pending: dict[tuple[str, int], tuple[int, int]] = {}
        #: riders being swapped in a Madison change-over (they follow that animation, not the glide)
        self.changing: set[int] = set()
        #: the first rider over the finish: the fanfare is his, every other crossing rings the bell
        self.first_home: set[int] = set()

    # --- the view changed -------------------------------------------------------------------
    def sync(self, view: BreakingAwayView) -> None:
        """New targets from the view; riders never drawn before appear at theirs."""
        self.targets = rider_spots(self.placer, view["riders"])
        for rider, spot in self.targets.items():
            self.spots.setdefault(rider, spot)
        for rider in list(self.spots):
            if rider not in self.targets and rider not in self.journeys and rider not in self.leaving:
                del self.spots[rider]

    def reset(self, view: BreakingAwayView) -> None:
        """After an undo or a load: everything at its place, nothing pending."""
        self.journeys.clear()
        self.leaving.clear()
        self.bubbles.clear()
        self.flashes.clear()
        self.banner = None
        self.pending.clear()
        self.changing.clear()
        self.spots = {}
        self.sync(view)
        self.spots = dict(self.targets)

    # --- events -------------------------------------------------------------------------------
    def play(self, events: list[Event], view: BreakingAwayView, name: Callable[[int], str]) -> None:
        """Queue the animations and sounds of one applied action (``view`` is already after it)."""
        previous = dict(self.spots)
        self.sync(view)
        lines = {line["key"]: line["progress"] for line in view["lines"]}
        replacements: list[Event] = []
        for event in events:
            kind, data = event.kind, event.data
            if kind == "move":
                self._move(data, previous, view, lines)
            elif kind == "cross":
                self.pending[(data["line"], data["rider"])] = (data["seat"], data["points"])
                if data["line"] == "finish" and data["place"] == 1:
                    self.first_home.add(data["rider"])
            elif kind in ("finished", "retired"):
                self._leave(data["rider"], previous)
            elif kind == "replacement":
                replacements.append(event)
            elif kind == "turn":
                self._flush_replacements(replacements)
                replacements = []
                self._banner(_("Turn {turn}").format(turn=data["turn"]), "turn_chime")
            elif kind == "change":
                self._change(data, previous)
            elif kind == "relief":  # the partner rides from the start line to his spot beside the track
                self.spots[data["rider"]] = self.placer.place(0, 0, 1)
            elif kind == "first_player":
                self._banner(_("{team} moves first").format(team=name(data["seat"])), "coin_flip")
            elif kind == "sheets_revealed":
                self._banner(_("Factors are open: every sheet is shown"), "card_flick")
            elif kind in ("sheet", "sealed", "ranks"):
                self.anims.call(lambda: self.play_sound("card_flick"))
            elif kind in ("retire_proposed", "retire_agreed", "retire_refused"):
                self.anims.call(lambda: self.play_sound("click"))
            elif kind == "race_over":
                self._flush_replacements(replacements)
                replacements = []
                self.anims.call(lambda: self.play_sound("finish_fanfare"))
                self.anims.add(Wait(1.2))
        self._flush_replacements(replacements)

    def _move(self, data: Mapping[str, Any], previous: Mapping[int, Spot], view: BreakingAwayView,
              lines: Mapping[str, int]) -> None:
        rider = data["rider"]
        first, last = int(data["from"]), int(data["to"])
        end = self.targets.get(rider)
        if end is None:  # finished: he stops on his landing square, outside the riders there
            sizes = sum(1 for r in view["riders"] if r["status"] == "racing" and r["progress"] == last)
            end = self.placer.place(last % len(self.placer.squares), data["slot"], max(sizes, data["slot"] + 1))
        start = previous.get(rider, self.placer.place(first % len(self.placer.squares), 0, 1))
        duration = min(MOVE_MAX, MOVE_BASE + MOVE_PER_SQUARE * max(0, last - first))
        tween = Tween(float(first), float(last), duration, ease_in_out_cubic)
        passing = sorted((progress + 0.5, key) for key, progress in lines.items() if first <= progress < last)
        journey = Journey(rider, start, end, first, last, tween, passing)
        tween.on_update = lambda value, j=journey: self._passing(j, float(value))  # type: ignore[arg-type]

        def done() -> None:
            self._passing(journey, float(last))
            if self.journeys.get(rider) is journey:
                del self.journeys[rider]
            self.spots[rider] = end

        self.journeys[rider] = journey  # drawn at its start until its turn in the timeline comes
        self.anims.add(tween, on_start=lambda: self.play_sound("rider_whoosh"), on_done=done)

    def _passing(self, journey: Journey, progress: float) -> None:
        """Ring the bell and show the crossing once the rider is over the line."""
        while journey.lines and progress >= journey.lines[0][0]:
            _, key = journey.lines.pop(0)
            self.pending.pop((key, journey.rider), None)
            self.flashes[key] = Tween(1.0, 0.0, FLASH_SECONDS, linear)
            self.flashes[key].start()
            winner = key == "finish" and journey.rider in self.first_home
            self.play_sound("finish_fanfare" if winner else "bell")

    def _leave(self, rider: int, previous: Mapping[int, Spot]) -> None:
        fade = Tween(255.0, 0.0, 0.45, ease_out_cubic)

        def begin() -> None:
            spot = self.spots.get(rider) or previous.get(rider)
            if spot is not None:
                self.leaving[rider] = (spot, fade)

        self.anims.add(fade, on_start=begin, on_done=lambda: self._forget(rider))

    def _forget(self, rider: int) -> None:
        self.leaving.pop(rider, None)
        if rider not in self.targets:
            self.spots.pop(rider, None)

    def _change(self, data: Mapping[str, Any], previous: Mapping[int, Spot]) -> None:
        """Madison: the rested partner rides onto the track, the tired rider out to the bench."""
        out, into = data["out"], data["in"]
        square = data["square"]
        entry = Tween(0.0, 1.0, 0.6, ease_in_out_cubic)
        start_in = previous.get(into, self.placer.relief(square))
        start_out = previous.get(out, self.targets.get(into, self.placer.relief(square)))
        end_in = self.targets.get(into, start_out)
        end_out = self.targets.get(out, self.placer.relief(square))

        def follow(value: float) -> None:
            self.spots[into] = _between(start_in, end_in, value)
            self.spots[out] = _between(start_out, end_out, value)

        self.changing |= {into, out}  # both stay put until the change-over's turn in the timeline comes
        entry.on_update = follow  # type: ignore[assignment]
        self.anims.add(entry, on_start=lambda: self.play_sound("rider_whoosh"),
                       on_done=lambda: self.changing.difference_update({into, out}))
        self.anims.call(lambda: self.bubbles.append(
            Bubble(into, _("takes over"), "change", _started(Tween(0.0, 1.0, BUBBLE_SECONDS, linear)))))

    def _flush_replacements(self, events: list[Event]) -> None:
        """Every new factor pops up over its rider at once, then the turn goes on."""
        if not events:
            return

        def show() -> None:
            for event in events:
                data = event.data
                reason = data["reason"]
                factor = data["factor"]
                text = _("bonus {factor}").format(factor=factor) if reason == "breakaway" else f"+{factor}"
                self.bubbles.append(Bubble(data["rider"], text, reason,
                                           _started(Tween(0.0, 1.0, BUBBLE_SECONDS, linear))))

        self.anims.call(show)
        self.anims.add(Wait(BUBBLE_SECONDS * 0.8))

    def _banner(self, text: str, sound: str) -> None:
        tween = Tween(0.0, 1.0, BANNER_SECONDS, linear)

        def begin() -> None:
            self.banner = (text, tween)
            self.play_sound(sound)

        self.anims.add(tween, on_start=begin, on_done=lambda: setattr(self, "banner", None))

    # --- every frame -----------------------------------------------------------------------------
    def tick(self, dt: float) -> None:
        """Glide settled riders to their places, age the bubbles and flashes."""
        factor = self.speed()
        if factor <= 0:
            self.spots.update({r: s for r, s in self.targets.items() if r not in self.journeys})
            self.bubbles.clear()
            self.flashes.clear()
            self.pending.clear()
            return
        step = 1.0 - math.exp(-GLIDE_RATE * dt / factor)
        for rider, target in self.targets.items():
            if rider in self.journeys or rider in self.changing:
                continue
            spot = self.spots.get(rider, target)
            if abs(spot.x - target.x) + abs(spot.y - target.y) < 0.6:
                self.spots[rider] = target
            else:
                self.spots[rider] = _between(spot, target, step)
        for bubble in self.bubbles:
            bubble.tween.advance(dt / factor)
        self.bubbles = [b for b in self.bubbles if not b.tween.done]
        for key, flash in list(self.flashes.items()):
            flash.advance(dt / factor)
            if flash.done:
                del self.flashes[key]
        if not self.anims.busy:
            self.pending.clear()

    def hidden_crossings(self, line: str) -> set[int]:
        """Riders over ``line`` in the engine whose crossing is not shown yet (he is still riding to it)."""
        return {rider for key, rider in self.pending if key == line}

    def hidden_points(self, seat: int) -> int:
        return sum(points for owner, points in self.pending.values() if owner == seat)

    def spot(self, rider: int) -> Spot | None:
        """Where ``rider`` is drawn now (on his journey, gliding, or leaving)."""
        journey = self.journeys.get(rider)
        if journey is not None:
            return self.placer.path_point(journey.start, journey.end, journey.first, journey.last,
                                          float(journey.tween.value))  # type: ignore[arg-type]
        if rider in self.leaving:
            return self.leaving[rider][0]
        return self.spots.get(rider)

    def alpha(self, rider: int) -> int:
        leaving = self.leaving.get(rider)
        return 255 if leaving is None else max(0, int(float(leaving[1].value)))  # type: ignore[arg-type]


def _between(a: Spot, b: Spot, t: float) -> Spot:
    return Spot(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t, angle_between(a.angle, b.angle, t))


def _started(tween: Tween) -> Tween:
    tween.start()
    return tween
