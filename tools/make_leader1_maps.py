"""Write Leader 1's route hexagons, races and calendars (deterministic; outputs are committed).

    python tools/make_leader1_maps.py

Route hexagons (maps/leader1/hexagons/*.tmx): one polygon object per square
of road, with the properties row, lane, terrain, fall, peloton_line and
sprint_area; the hexagon's milestone, terrain, kind, bend, rows and lanes are
map properties.  Roads enter through the west side; bends turn by 60 degrees.
A bend's lanes hold as many squares as their length allows, so the inside
line is shorter than the outside one.

Races (maps/leader1/races/*.tmx) are laid out and checked with the game's own
builder functions, then written with its writer, so a shipped race is exactly
what the race builder would save.

The numbers at the top (rows per straight hexagon, road widths, milestones)
are the tunable starting points of docs/RULINGS.md; game/games/leader1/DESIGN.md
records the simulation that supports the values used.
"""
from __future__ import annotations

import json
import math
import sys
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import quoteattr

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.games.leader1 import hexagons as hexmod  # noqa: E402
from game.games.leader1.hexagons import HEX_RADIUS, TILE_HEIGHT, TILE_WIDTH, hexagon_outline  # noqa: E402
from game.games.leader1.races import Token, draft_race, race_problems, write_race  # noqa: E402

HEXAGONS_DIR = ROOT / "maps" / "leader1" / "hexagons"
RACES_DIR = ROOT / "maps" / "leader1" / "races"

#: squares per lane on a straight hexagon
STRAIGHT_ROWS = 10
#: road width as a share of the hexagon's side, by number of lanes
ROAD_WIDTH = {3: 0.84, 2: 0.6}
MILESTONES = {"plain": 5, "rise": 6, "mountain": 7, "downhill": 3}
LANES = {"plain": 3, "rise": 3, "mountain": 2, "downhill": 3}
#: rows of the sprint area before a flat arrival line
SPRINT_ROWS = 3
ARC_STEPS = 4

Point = tuple[float, float]


@dataclass(frozen=True)
class Square:
    row: int
    lane: int
    polygon: tuple[Point, ...]


def straight_squares(lanes: int) -> tuple[list[Square], int]:
    half_length = math.sqrt(3) / 2 * HEX_RADIUS
    width = ROAD_WIDTH[lanes] * HEX_RADIUS
    dx = 2 * half_length / STRAIGHT_ROWS
    lane_width = width / lanes
    squares = []
    for row in range(STRAIGHT_ROWS):
        for lane in range(lanes):
            x0, x1 = -half_length + row * dx, -half_length + (row + 1) * dx
            y0, y1 = -width / 2 + lane * lane_width, -width / 2 + (lane + 1) * lane_width
            squares.append(Square(row, lane, ((x0, y0), (x1, y0), (x1, y1), (x0, y1))))
    return squares, STRAIGHT_ROWS


def bend_squares(lanes: int, direction: str) -> tuple[list[Square], int]:
    """Squares of a 60-degree bend, each lane cut into as many squares as its length holds."""
    half_length = math.sqrt(3) / 2 * HEX_RADIUS
    square_length = 2 * half_length / STRAIGHT_ROWS
    width = ROAD_WIDTH[lanes] * HEX_RADIUS
    lane_width = width / lanes
    radius = 1.5 * HEX_RADIUS
    if direction == "left":
        centre = (-half_length, -radius)
        start, sweep = 90.0, -60.0
    else:
        centre = (-half_length, radius)
        start, sweep = -90.0, 60.0

    def lane_radii(lane: int) -> tuple[float, float]:
        if direction == "left":  # lane 0 is the inside
            inner = radius - width / 2 + lane * lane_width
        else:  # lane 0 is the outside
            inner = radius + width / 2 - (lane + 1) * lane_width
        return inner, inner + lane_width

    counts = []
    for lane in range(lanes):
        low, high = lane_radii(lane)
        counts.append(max(2, round((low + high) / 2 * math.radians(60) / square_length)))
    rows = max(counts)

    def arc(rad: float, a0: float, a1: float) -> list[Point]:
        return [(centre[0] + rad * math.cos(math.radians(a0 + (a1 - a0) * k / ARC_STEPS)),
                 centre[1] + rad * math.sin(math.radians(a0 + (a1 - a0) * k / ARC_STEPS)))
                for k in range(ARC_STEPS + 1)]

    squares = []
    for lane, count in enumerate(counts):
        low, high = lane_radii(lane)
        for j in range(count):
            a0 = start + sweep * j / count
            a1 = start + sweep * (j + 1) / count
            row = round((j + 0.5) / count * rows - 0.5)
            squares.append(Square(row, lane, tuple(arc(low, a0, a1) + arc(high, a1, a0))))
    return squares, rows


@dataclass(frozen=True)
class HexagonSpec:
    id: str
    title: str
    terrain: str
    kind: str = "route"
    bend: str = "straight"
    #: (row, lane) of the black "fall" squares
    falls: tuple[tuple[int, int], ...] = ()


def inside_lane(lanes: int, bend: str) -> int:
    return 0 if bend == "left" else lanes - 1


def catalogue() -> list[HexagonSpec]:
    specs = [
        HexagonSpec("start", "Start line on a plain", "plain", kind="start"),
        HexagonSpec("arrival-flat", "Arrival on a plain", "plain", kind="arrival"),
        HexagonSpec("arrival-mountain", "Mountain-top arrival", "mountain", kind="arrival"),
        HexagonSpec("downhill-straight", "Downhill, straight", "downhill", falls=((2, 0), (5, 2))),
    ]
    for terrain in ("plain", "rise", "mountain", "downhill"):
        if terrain != "downhill":
            specs.append(HexagonSpec(f"{terrain}-straight", f"{hexmod.TERRAIN_TITLES[terrain].capitalize()}, "
                                     "straight", terrain))
        for bend in ("left", "right"):
            specs.append(HexagonSpec(f"{terrain}-{bend}",
                                     f"{hexmod.TERRAIN_TITLES[terrain].capitalize()}, bending {bend}",
                                     terrain, bend=bend))
    return sorted(specs, key=lambda s: s.id)


def fall_squares(spec: HexagonSpec, squares: list[Square], lanes: int) -> set[tuple[int, int]]:
    """Black squares: the given ones, or on a bend the middle of the inside line (not while climbing)."""
    if spec.falls or spec.bend == "straight" or spec.terrain == "mountain":
        return set(spec.falls)
    inside = sorted((s.row for s in squares if s.lane == inside_lane(lanes, spec.bend)))
    middle = len(inside) // 2
    chosen = {(inside[middle], inside_lane(lanes, spec.bend))}
    if spec.terrain == "downhill":
        chosen.add((inside[middle - 1], inside_lane(lanes, spec.bend)))
        next_lane = 1
        row_list = sorted(s.row for s in squares if s.lane == next_lane)
        chosen.add((row_list[len(row_list) // 2], next_lane))
    return chosen


def hexagon_tmx(spec: HexagonSpec) -> str:
    lanes = LANES[spec.terrain]
    squares, rows = straight_squares(lanes) if spec.bend == "straight" else bend_squares(lanes, spec.bend)
    falls = fall_squares(spec, squares, lanes)
    line_lane = inside_lane(lanes, spec.bend) if spec.bend != "straight" else lanes // 2 if lanes % 2 else 0
    cx, cy = TILE_WIDTH / 2, TILE_HEIGHT / 2

    def prop(name: str, value: object) -> str:
        if isinstance(value, bool):
            return f'    <property name="{name}" type="bool" value="{str(value).lower()}"/>'
        if isinstance(value, int):
            return f'    <property name="{name}" type="int" value="{value}"/>'
        return f'    <property name="{name}" value={quoteattr(str(value))}/>'

    def points(poly: tuple[Point, ...]) -> str:
        return " ".join(f"{x:.2f},{y:.2f}" for x, y in poly)

    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" '
        f'width="1" height="1" tilewidth="{TILE_WIDTH}" tileheight="{TILE_HEIGHT}" infinite="0" '
        f'nextlayerid="3" nextobjectid="{len(squares) + 2}">',
        '  <properties>',
        prop("bend", spec.bend), prop("kind", spec.kind), prop("lanes", lanes),
        prop("milestone", MILESTONES[spec.terrain]), prop("rows", rows), prop("terrain", spec.terrain),
        prop("title", spec.title),
        '  </properties>',
        '  <objectgroup id="1" name="outline">',
        f'  <object id="1" name="outline" type="outline" x="{cx:.2f}" y="{cy:.2f}">',
        f'   <polygon points="{points(hexagon_outline())}"/>',
        '  </object>',
        '  </objectgroup>',
        '  <objectgroup id="2" name="squares">',
    ]
    for object_id, square in enumerate(sorted(squares, key=lambda s: (s.row, s.lane)), start=2):
        sprint = spec.kind == "arrival" and spec.terrain != "mountain" and square.row >= rows - SPRINT_ROWS
        lines += [
            f'  <object id="{object_id}" name="row {square.row} lane {square.lane}" type="square" '
            f'x="{cx:.2f}" y="{cy:.2f}">',
            '   <properties>',
            prop("fall", (square.row, square.lane) in falls), prop("lane", square.lane),
            prop("peloton_line", square.lane == line_lane), prop("row", square.row),
            prop("sprint_area", sprint), prop("terrain", spec.terrain),
            '   </properties>',
            f'   <polygon points="{points(square.polygon)}"/>',
            '  </object>',
        ]
    lines += ['  </objectgroup>', '</map>', '']
    return "\n".join(lines)


def climb(order: int, category: int) -> Token:
    return Token("climb", order, 0, category)


def feed(order: int, row: int = 2) -> Token:
    return Token("feed", order, row)


def bonus(order: int, row: int = 4) -> Token:
    return Token("bonus", order, row)


#: name: (title, description, hexagons, tokens, first rotation)
RACES = {
    "first-race": (
        "First Race", "The rulebook's suggested first race: one climb over two mountain hexagons.",
        ["start", "plain-straight", "rise-right", "mountain-straight", "mountain-left", "downhill-left",
         "downhill-straight", "plain-right", "arrival-flat"],
        [bonus(1), climb(3, 2), feed(5)], 0),
    "coast-road": (
        "Coast Road", "A short, fast race along the sea with one small climb and a flat sprint.",
        ["start", "plain-straight", "plain-left", "rise-straight", "mountain-right", "downhill-right",
         "plain-straight", "plain-left", "plain-straight", "arrival-flat"],
        [bonus(2), climb(4, 3), feed(6)], 0),
    "three-valleys": (
        "Three Valleys", "A long race over two passes; the second climbs in two categories.",
        ["start", "plain-straight", "rise-left", "mountain-straight", "mountain-right", "downhill-right",
         "downhill-straight", "plain-left", "rise-left", "mountain-straight", "mountain-right",
         "mountain-straight", "downhill-right", "plain-straight", "arrival-flat"],
        [bonus(1), climb(3, 2), feed(6), climb(9, 3), climb(11, 1), bonus(12), feed(13)], 0),
    "grand-loop": (
        "Grand Loop", "A very long day: rolling roads, three passes and three feed zones.",
        ["start", "plain-straight", "plain-right", "rise-straight", "mountain-right", "downhill-straight",
         "plain-right", "plain-straight", "rise-left", "mountain-straight", "mountain-left", "downhill-left",
         "downhill-straight", "plain-left", "rise-straight", "mountain-right", "downhill-right", "plain-straight",
         "plain-left", "arrival-flat"],
        [bonus(2), climb(4, 3), feed(6), climb(9, 2), feed(13), climb(15, 2), bonus(17), feed(17, 6)], 0),
    "summit-finish": (
        "Summit Finish", "Flat roads, a warm-up climb, and the finish line at the top of the last pass.",
        ["start", "plain-straight", "plain-right", "rise-straight", "mountain-right", "downhill-left",
         "plain-left", "plain-straight", "rise-right", "mountain-straight", "arrival-mountain"],
        [bonus(2), climb(4, 3), feed(6), climb(9, 1)], 0),
}

#: the dice and tiles (tunable).  docs/RULINGS.md starts the peloton die at four 3s, four 4s, three 5s and
#: the red face (moves 4, then punctures); the calibration (DESIGN.md) ships two 3s, four 4s, five 5s.
TABLES = {
    "peloton_die": [3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 5, "red"],
    "red_face_moves": 4,
    "events_die_sides": 12,
    "feed_tiles": [2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5],
    "gc_loop_squares": 24,
}

CALENDARS = {
    "3": ["coast-road", "first-race", "summit-finish"],
    "5": ["first-race", "coast-road", "three-valleys", "summit-finish", "grand-loop"],
}


def main() -> int:
    HEXAGONS_DIR.mkdir(parents=True, exist_ok=True)
    RACES_DIR.mkdir(parents=True, exist_ok=True)
    for old in HEXAGONS_DIR.glob("*.tmx"):
        old.unlink()
    for spec in catalogue():
        (HEXAGONS_DIR / f"{spec.id}.tmx").write_text(hexagon_tmx(spec), encoding="utf-8")
    hexmod.forget_hexagons()
    for name, (title, description, hexagons, tokens, rotation) in RACES.items():
        race = draft_race(title, hexagons, tokens, description, rotation=rotation)
        problems = race_problems(race)
        if problems:
            print(f"{name}: " + " ".join(problems), file=sys.stderr)
            return 1
        write_race(race, RACES_DIR / f"{name}.tmx")
    calendars = {"calendars": CALENDARS}
    (ROOT / "maps" / "leader1" / "calendars.json").write_text(json.dumps(calendars, indent=1) + "\n",
                                                              encoding="utf-8")
    tables = ",\n".join(f" {json.dumps(key)}: {json.dumps(value)}" for key, value in TABLES.items())
    (ROOT / "maps" / "leader1" / "tables.json").write_text("{\n" + tables + "\n}\n", encoding="utf-8")
    print(f"wrote {len(catalogue())} route hexagons and {len(RACES)} races")
    return 0


if __name__ == "__main__":
    sys.exit(main())
