"""Where everything goes on the Breaking Away table, computed from the Tiled circuit.

The circuit map is drawn at whatever scale fits the track area (nothing about
the oval's shape is written here): :class:`MapFit` turns map coordinates into
canvas coordinates, :class:`TableLayout` splits the table into the track, the
boards in the infield, the movement log sheet and the decision panel, and
:class:`RiderPlacer` says where each rider stands and how a moving rider travels
square by square.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Sequence

import pygame

from .circuit import Circuit, Point, SquareShape

#: riders drawn this long on the track (canvas pixels); the sprite is 38 x 22
RIDER_LENGTH = 42
#: the upright box a rider's number disc needs on screen by default (width, height), and the free pixels
#: kept between two such boxes in a bunch
NUMBER_ROOM = (22.0, 18.0)
NUMBER_GAP = 2.0
#: room around the drawn circuit inside the track area
TRACK_MARGIN = 10
#: the strip under the track: movement log sheet on the left, decision panel on the right
BOTTOM_HEIGHT = 156
DECISION_WIDTH = 396
GAP = 10
#: the right column's points table: title and one row per team
STANDINGS_TITLE = 40
STANDINGS_ROW = 26


def angle_between(a: float, b: float, t: float) -> float:
    """Interpolate two headings in degrees the short way round."""
    delta = (b - a + 180.0) % 360.0 - 180.0
    return a + delta * t


def catmull_rom(p0: Point, p1: Point, p2: Point, p3: Point, t: float) -> Point:
    """A point on the smooth curve through p1 (t=0) and p2 (t=1)."""
    t2, t3 = t * t, t * t * t
    return tuple(0.5 * (2 * b + (-a + c) * t + (2 * a - 5 * b + 4 * c - d) * t2 + (-a + 3 * b - 3 * c + d) * t3)
                 for a, b, c, d in zip(p0, p1, p2, p3))  # type: ignore[return-value]


class MapFit:
    """Map pixels to canvas pixels: one uniform scale and an offset that centres the circuit."""

    def __init__(self, bounds: tuple[float, float, float, float], area: pygame.Rect) -> None:
        left, top, right, bottom = bounds
        width, height = max(1.0, right - left), max(1.0, bottom - top)
        self.scale = min(area.width / width, area.height / height)
        self.dx = area.centerx - (left + width / 2) * self.scale
        self.dy = area.centery - (top + height / 2) * self.scale

    def point(self, p: Point) -> Point:
        return (self.dx + p[0] * self.scale, self.dy + p[1] * self.scale)

    def points(self, ps: Iterable[Point]) -> list[Point]:
        return [self.point(p) for p in ps]

    def length(self, value: float) -> float:
        return value * self.scale


def circuit_bounds(circuit: Circuit, with_relief: bool) -> tuple[float, float, float, float]:
    """The map area the drawing needs: every square, and the relief spots beside them in the Madison."""
    xs: list[float] = []
    ys: list[float] = []
    for shape in circuit.squares:
        for x, y in shape.polygon:
            xs.append(x)
            ys.append(y)
        if with_relief:
            xs.append(shape.relief[0])
            ys.append(shape.relief[1])
    margin = 14.0
    return min(xs) - margin, min(ys) - margin, max(xs) + margin, max(ys) + margin


def infield_rect(circuit: Circuit, fit: MapFit) -> pygame.Rect:
    """The largest upright rectangle round the infield's middle that keeps clear of the square numbers."""
    labels = [fit.point(s.label) for s in circuit.squares]
    cx = sum(x for x, _ in labels) / len(labels)
    cy = sum(y for _, y in labels) / len(labels)
    clearance = 14.0
    best = (0.0, 0.0)
    for height in sorted({abs(y - cy) - clearance for _, y in labels}):
        if height <= 0:
            continue
        inside = [abs(x - cx) for x, y in labels if abs(y - cy) < height + clearance - 0.5]
        width = (min(inside) if inside else cx) - clearance - 8
        if width > 0 and width * height > best[0] * best[1]:
            best = (width, height)
    half_width, half_height = best
    return pygame.Rect(round(cx - half_width), round(cy - half_height), round(2 * half_width), round(2 * half_height))


@dataclass(frozen=True)
class TableLayout:
    """The rectangles of the race table (canvas coordinates)."""

    table: pygame.Rect
    track: pygame.Rect
    sheet: pygame.Rect
    decision: pygame.Rect
    standings: pygame.Rect
    log: pygame.Rect
    infield: pygame.Rect
    fit: MapFit

    @classmethod
    def build(cls, table: pygame.Rect, log: pygame.Rect, circuit: Circuit, *, madison: bool,
              teams: int, hint_room: int = 0) -> "TableLayout":
        """``hint_room``: pixels kept free at the top of the table (a guided game's hint banner sits there,
        and must not hide the riders it speaks of)."""
        track = pygame.Rect(table.x, table.y + hint_room, table.width, table.height - BOTTOM_HEIGHT - GAP - hint_room)
        bottom = table.bottom - BOTTOM_HEIGHT
        decision = pygame.Rect(table.right - DECISION_WIDTH, bottom, DECISION_WIDTH, BOTTOM_HEIGHT)
        sheet = pygame.Rect(table.x, bottom, decision.x - GAP - table.x, BOTTOM_HEIGHT)
        standings = pygame.Rect(log.x, log.y, log.width, STANDINGS_TITLE + STANDINGS_ROW * teams + 10)
        log_rect = pygame.Rect(log.x, standings.bottom + GAP, log.width, log.bottom - standings.bottom - GAP)
        fit = MapFit(circuit_bounds(circuit, madison), track.inflate(-2 * TRACK_MARGIN, -2 * TRACK_MARGIN))
        return cls(table, track, sheet, decision, standings, log_rect, infield_rect(circuit, fit), fit)


@dataclass(frozen=True)
class Spot:
    """Where a rider is drawn: canvas position and heading (degrees, 0 east, 90 south)."""

    x: float
    y: float
    angle: float

    @property
    def pos(self) -> Point:
        return (self.x, self.y)


class RiderPlacer:
    """Rider positions from the view's (square, slot, lane, lanes), through the map's square points.

    A group of riders at one progress stacks from the inside to the outside of
    its side of the centre line; a group too big for one file across the track
    rides in several files, centred on the square while they fit on it, else
    trailing back (a bunch never seems to have crossed a line it has not
    reached), as close as their numbers allow: ``number_room`` is the upright box each
    rider's number (and colour-blind pattern) needs, so no number hides another.
    """

    def __init__(self, circuit: Circuit, fit: MapFit, number_room: tuple[float, float] = NUMBER_ROOM) -> None:
        self.circuit = circuit
        self.fit = fit
        self.number_room = number_room
        self.line_squares = frozenset(line.square for line in circuit.lines)
        self.squares = [self._canvas_square(s) for s in circuit.squares]
        self.square_length = self._average_square_length()

    def _canvas_square(self, shape: SquareShape) -> tuple[Point, Point, float, Point, Point]:
        fit = self.fit
        return (fit.point(shape.inside), fit.point(shape.outside), shape.angle, fit.point(shape.relief),
                fit.point(shape.label))

    def _average_square_length(self) -> float:
        mids = [self.across(i, 0.5) for i in range(len(self.squares))]
        steps = [math.dist(mids[i], mids[(i + 1) % len(mids)]) for i in range(len(mids))]
        return sum(steps) / len(steps)

    @property
    def track_width(self) -> float:
        inside, outside, *_ = self.squares[0]
        return math.dist(inside, outside)

    def across(self, square: int, t: float) -> Point:
        """The point ``t`` of the way from the inside edge (0) to the outside edge (1) at the middle of a square."""
        (x0, y0), (x1, y1), *_ = self.squares[square % len(self.squares)]
        return (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)

    def heading(self, square: int) -> float:
        return self.squares[square % len(self.squares)][2]

    def relief(self, square: int) -> Spot:
        _, _, angle, (x, y), _ = self.squares[square % len(self.squares)]
        return Spot(x, y, angle)

    def label(self, square: int) -> Point:
        return self.squares[square % len(self.squares)][4]

    def width(self, square: int) -> float:
        inside, outside, *_ = self.squares[square % len(self.squares)]
        return math.dist(inside, outside)

    def pitch(self, angle: float) -> float:
        """How far apart two numbers must be, in the direction ``angle``, for their upright boxes not to touch."""
        width, height = (size + NUMBER_GAP for size in self.number_room)
        dx, dy = abs(math.cos(math.radians(angle))), abs(math.sin(math.radians(angle)))
        return min(width / dx if dx > 1e-6 else math.inf, height / dy if dy > 1e-6 else math.inf)

    def files(self, square: int, riders: int, lanes: int) -> int:
        """How many files a group of ``riders`` needs on its share of the track."""
        across = self.pitch(self.heading(square) + 90)
        per_file = max(1, int(self.width(square) / max(1, lanes) / across))
        return max(1, math.ceil(riders / per_file))

    def along(self, square: int, t: float, distance: float) -> Spot:
        """The point ``t`` across the track, ``distance`` canvas pixels back along it from ``square``'s middle
        (forward for a negative distance)."""
        k, step_to = square, (-1 if distance > 0 else 1)
        distance = abs(distance)
        while True:
            here, there = self.across(k, t), self.across(k + step_to, t)
            step = math.dist(here, there)
            if step >= distance or step <= 0:
                share = distance / step if step > 0 else 0.0
                return Spot(here[0] + (there[0] - here[0]) * share, here[1] + (there[1] - here[1]) * share,
                            angle_between(self.heading(k), self.heading(k + step_to), share))
            distance -= step
            k += step_to

    def place(self, square: int, slot: int, riders: int, lane: int = 0, lanes: int = 1) -> Spot:
        """Slot ``slot`` (0 = inside) of a group of ``riders`` on ``square``: files across the track from the
        inside out, front to back.  Files that fit on the square are centred on it; a longer bunch trails
        back from there, and on a line's square it never reaches past the line (the square's middle)."""
        files = self.files(square, riders, lanes)
        rows = math.ceil(riders / files)
        column, row = divmod(slot, rows)
        band = 1.0 / max(1, lanes)
        t = band * lane + band * (row + 0.5) / rows
        if files == 1:
            x, y = self.across(square, t)
            return Spot(x, y, self.heading(square))
        pitch = self.pitch(self.heading(square))
        ahead = 0.0
        if square % len(self.squares) not in self.line_squares:
            ahead = min((files - 1) * pitch / 2, max(0.0, (self.square_length - pitch) / 2))
        return self.along(square, t, column * pitch - ahead)

    def path_point(self, start: Spot, end: Spot, first: int, last: int, progress: float) -> Spot:
        """A rider moving from progress ``first`` (drawn at ``start``) to ``last`` (at ``end``), now at ``progress``.

        The path runs through the middle of every square in between, at an
        across-the-track position sliding from the start's to the end's, on a
        smooth curve.
        """
        if last <= first:
            return end
        span = last - first
        t_start = self._across_of(first, start)
        t_end = self._across_of(last, end)

        def knot(k: int) -> Point:
            if k <= first:
                return start.pos if k == first else self.across(k, t_start)
            if k >= last:
                return end.pos if k == last else self.across(k, t_end)
            return self.across(k, t_start + (t_end - t_start) * (k - first) / span)

        progress = max(float(first), min(float(last), progress))
        k = min(last - 1, int(math.floor(progress)))
        frac = progress - k
        x, y = catmull_rom(knot(k - 1), knot(k), knot(k + 1), knot(k + 2), frac)
        angle = angle_between(self.heading(k), self.heading(k + 1), frac)
        if k == first:
            angle = angle_between(start.angle, self.heading(k + 1), frac)
        if k + 1 == last:
            angle = angle_between(self.heading(k), end.angle, frac)
        return Spot(x, y, angle)

    def _across_of(self, square: int, spot: Spot) -> float:
        """How far across the track ``spot`` lies on ``square`` (0 inside .. 1 outside)."""
        (x0, y0), (x1, y1), *_ = self.squares[square % len(self.squares)]
        dx, dy = x1 - x0, y1 - y0
        length2 = dx * dx + dy * dy or 1.0
        return max(0.0, min(1.0, ((spot.x - x0) * dx + (spot.y - y0) * dy) / length2))


def group_sizes(riders: Sequence[Mapping[str, Any]]) -> dict[int, int]:
    """How many racing riders share each progress value."""
    sizes: dict[int, int] = {}
    for rider in riders:
        if rider["status"] == "racing":
            sizes[rider["progress"]] = sizes.get(rider["progress"], 0) + 1
    return sizes


def rider_spots(placer: RiderPlacer, riders: Sequence[Mapping[str, Any]]) -> dict[int, Spot]:
    """Where every rider on the track or resting beside it stands, from the view."""
    sizes = group_sizes(riders)
    spots = {}
    for rider in riders:
        if rider["status"] == "racing":
            spots[rider["id"]] = placer.place(rider["square"], rider["slot"], sizes[rider["progress"]],
                                              rider["lane"], rider["lanes"])
        elif rider["status"] == "resting" and rider["relief_square"] is not None:
            spots[rider["id"]] = placer.relief(rider["relief_square"])
    return spots
