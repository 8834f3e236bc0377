"""A race turned into a course: every square of road, numbered, with its neighbours.

The rules walk this structure only.  Squares get a global id (``gid``) in road
order and a global row (``grow``): the rows of all hexagons one after the
other.  A step goes to a ``forward`` neighbour: the next square in the same
lane or the next square of a lane beside it (straight or diagonal); there is
no standing still and no sideways step.  The finish line lies just after the
last row.

The peloton follows ``line``: the dotted squares, joined by the shortest
diagonal steps where two hexagons' dotted lines do not meet.
"""
from __future__ import annotations

from dataclasses import dataclass

from .hexagons import HexagonDef, cell_centre, rotate_point
from .races import RaceDef, race_by_key

Point = tuple[float, float]


@dataclass(frozen=True)
class CourseSquare:
    """One square of the race's road."""

    gid: int
    order: int
    row: int
    lane: int
    lanes: int
    grow: int
    terrain: str
    fall: bool
    peloton_line: bool
    sprint_area: bool
    #: the climb category in force on a mountain-pass square, else 0
    category: int
    #: corners in race-map pixels, for drawing
    polygon: tuple[Point, ...]


@dataclass(frozen=True)
class Course:
    """The road of one race, ready for the rules."""

    race: RaceDef
    hexagons: tuple[HexagonDef, ...]
    squares: tuple[CourseSquare, ...]
    forward: tuple[tuple[int, ...], ...]
    straight_next: tuple[int, ...]
    #: the peloton's squares along the road
    line: tuple[int, ...]
    row_offsets: tuple[int, ...]
    rows_total: int
    squares_by_row: tuple[tuple[int, ...], ...]
    feed_rows: tuple[int, ...]
    bonus_rows: tuple[int, ...]
    energy: int
    arrival_terrain: str
    arrival_category: int
    #: per global row: the last peloton-line position at or before it
    line_at_row: tuple[int, ...] = ()
    #: per global row and one more: how many feed-zone and bonus-time rows lie before it
    marked_rows_before: tuple[int, ...] = ()
    #: per square, the squares whose ``straight_next`` it is (riders there ride in its slipstream)
    straight_behind: tuple[tuple[int, ...], ...] = ()

    @property
    def last_row(self) -> int:
        return self.rows_total - 1

    def square_at(self, order: int, row: int, lane: int) -> int:
        """The gid of the square at a hexagon's row and lane (KeyError when there is none)."""
        grow = self.row_offsets[order] + row
        for gid in self.squares_by_row[grow]:
            if self.squares[gid].lane == lane and self.squares[gid].order == order:
                return gid
        raise KeyError((order, row, lane))

    def line_index_at(self, grow: int) -> int:
        """The last peloton-line position at or before a row (how far along the road it is)."""
        if grow <= self.last_row:
            return self.line_at_row[max(0, grow)]
        return len(self.line) - 1 + grow - self.last_row

    def passes_marked_row(self, start_grow: int, end_grow: int) -> bool:
        """Whether a feed zone or a bonus-time line lies after ``start_grow`` up to ``end_grow`` (most moves
        pass none, and need no look at them)."""
        counts = self.marked_rows_before
        last = len(counts) - 1
        # written without min() and max(): every move asks
        end = end_grow + 1 if end_grow < last else last
        start = start_grow + 1 if start_grow < last else last
        return counts[end if end > 0 else 0] > counts[start if start > 0 else 0]

    def line_grow(self, index: int) -> int:
        """The global row of the peloton line at ``index`` (beyond the end: past the finish)."""
        if index < len(self.line):
            return self.squares[self.line[index]].grow
        return self.rows_total + index - len(self.line)


def _lanes_meet(lane: int, lanes: int, other: int, other_lanes: int) -> bool:
    """Whether two lanes of roads of different widths touch (their centres are within a lane)."""
    return abs((2 * lane + 1) * other_lanes - (2 * other + 1) * lanes) <= 2 * max(lanes, other_lanes)


def build_course(race: RaceDef) -> Course:
    hexagons = race.hexagons()
    offsets = []
    total = 0
    for hexagon in hexagons:
        offsets.append(total)
        total += hexagon.rows
    climbs = sorted((t.order, t.row, t.value) for t in race.tokens_of("climb"))
    raw = []
    for order, (placement, hexagon) in enumerate(zip(race.placements, hexagons)):
        cx, cy = cell_centre(placement.col, placement.row)
        for square in hexagon.squares:
            category = 0
            if square.terrain == "mountain":
                category = 3
                for c_order, c_row, value in climbs:
                    if (c_order, c_row) <= (order, square.row):
                        category = value
            polygon = tuple((cx + x, cy + y) for x, y in (rotate_point(p, placement.rotation)
                                                           for p in square.polygon))
            raw.append((offsets[order] + square.row, square.lane, order, square, hexagon.lanes, category, polygon))
    raw.sort(key=lambda item: (item[0], item[2], item[1]))
    squares = tuple(CourseSquare(gid, order, sq.row, lane, lanes, grow, sq.terrain, sq.fall, sq.peloton_line,
                                 sq.sprint_area, category, polygon)
                    for gid, (grow, lane, order, sq, lanes, category, polygon) in enumerate(raw))
    by_position = {(s.order, s.row, s.lane): s.gid for s in squares}
    lane_rows: dict[tuple[int, int], list[int]] = {}
    for s in squares:
        lane_rows.setdefault((s.order, s.lane), []).append(s.row)
    forward: list[tuple[int, ...]] = []
    straight: list[int] = []
    for s in squares:
        hexagon = hexagons[s.order]
        ahead: list[int] = []
        straight_gid = -1
        if s.row < hexagon.rows - 1:
            for lane in (s.lane - 1, s.lane, s.lane + 1):
                if 0 <= lane < hexagon.lanes:
                    later = [r for r in lane_rows[(s.order, lane)] if r > s.row]
                    gid = by_position[(s.order, later[0], lane)]
                    ahead.append(gid)
                    if lane == s.lane:
                        straight_gid = gid
        elif s.order + 1 < len(hexagons):
            following = hexagons[s.order + 1]
            for lane in range(following.lanes):
                if _lanes_meet(s.lane, s.lanes, lane, following.lanes):
                    ahead.append(by_position[(s.order + 1, 0, lane)])
            straight_gid = by_position[(s.order + 1, 0, min(s.lane, following.lanes - 1))]
        forward.append(tuple(ahead))
        straight.append(straight_gid)
    by_row: list[list[int]] = [[] for _ in range(total)]
    for s in squares:
        by_row[s.grow].append(s.gid)
    line = _peloton_line(squares, forward, straight)
    line_at_row = []
    position = 0
    for grow in range(total):
        while position + 1 < len(line) and squares[line[position + 1]].grow <= grow:
            position += 1
        line_at_row.append(position)
    feed_rows = tuple(sorted(offsets[t.order] + t.row for t in race.tokens_of("feed")))
    bonus_rows = tuple(sorted(offsets[t.order] + t.row for t in race.tokens_of("bonus")))
    straight_behind: list[list[int]] = [[] for _ in squares]
    for gid, ahead in enumerate(straight):
        if ahead >= 0:
            straight_behind[ahead].append(gid)
    marked_rows_before = tuple(sum(1 for row in feed_rows + bonus_rows if row < grow) for grow in range(total + 1))
    arrival = hexagons[-1]
    last_squares = [s for s in squares if s.order == len(hexagons) - 1]
    return Course(
        race=race, hexagons=hexagons, squares=squares, forward=tuple(forward), straight_next=tuple(straight),
        line=line, row_offsets=tuple(offsets), rows_total=total, squares_by_row=tuple(tuple(r) for r in by_row),
        feed_rows=feed_rows, bonus_rows=bonus_rows, energy=race.energy, arrival_terrain=arrival.terrain,
        arrival_category=max((s.category for s in last_squares), default=0), line_at_row=tuple(line_at_row),
        marked_rows_before=marked_rows_before, straight_behind=tuple(map(tuple, straight_behind)))


def _peloton_line(squares: tuple[CourseSquare, ...], forward: list[tuple[int, ...]],
                  straight: list[int]) -> tuple[int, ...]:
    """Follow the dotted squares from the start; between dotted lines that do not meet, steer towards the next."""
    dotted = [s for s in squares if s.peloton_line]
    current = min((s for s in dotted if s.grow == 0), key=lambda s: s.lane).gid
    line = [current]
    while forward[current]:
        options = forward[current]
        on_line = [g for g in options if squares[g].peloton_line]
        if on_line:
            current = straight[current] if straight[current] in on_line else on_line[0]
        else:
            here = squares[current].grow
            target = min((s for s in dotted if s.grow > here), key=lambda s: (s.grow, s.lane))
            centre = (2 * target.lane + 1) / (2 * target.lanes)
            current = min(options, key=lambda g: (abs((2 * squares[g].lane + 1) / (2 * squares[g].lanes) - centre),
                                                  g != straight[current]))
        line.append(current)
    return tuple(line)


_COURSES: dict[str, tuple[RaceDef, Course]] = {}


def course_for(key: str) -> Course:
    """The course of a race by its key (shipped name or ``user:<name>``), built once per file version."""
    race = race_by_key(key)
    cached = _COURSES.get(key)
    if cached is None or cached[0] is not race:
        cached = (race, build_course(race))
        _COURSES[key] = cached
    return cached[1]
