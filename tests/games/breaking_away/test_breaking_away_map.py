"""The circuit's Tiled map: loads, agrees with the rules, is what the generator writes, refuses broken copies."""
from __future__ import annotations

import importlib.util
import math
from pathlib import Path
from xml.etree import ElementTree

import pytest

from game.core.tiled import MapError
from game.games.breaking_away.circuit import load_circuit
from game.games.breaking_away.data import FINISH_SQUARE, SPRINT_SQUARE, SQUARES, START_SQUARE

ROOT = Path(__file__).resolve().parents[3]
MAP = ROOT / "maps" / "breaking_away" / "circuit.tmx"


def generator():
    path = ROOT / "tools" / "make_breaking_away_map.py"
    spec = importlib.util.spec_from_file_location("make_breaking_away_map", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_circuit_has_40_squares_and_the_three_lines_where_the_rules_put_them():
    circuit = load_circuit()
    assert [s.index for s in circuit.squares] == list(range(SQUARES))
    assert {line.key: line.square for line in circuit.lines} == {
        "start": START_SQUARE, "sprint": SPRINT_SQUARE, "finish": FINISH_SQUARE}
    assert len(circuit.centre) > 10
    assert circuit.square(41) is circuit.square(1) and circuit.square(-1) is circuit.square(39)


def test_squares_follow_each_other_clockwise_round_the_oval():
    circuit = load_circuit()
    middles = [((s.inside[0] + s.outside[0]) / 2, (s.inside[1] + s.outside[1]) / 2) for s in circuit.squares]
    steps = [math.dist(middles[i], middles[(i + 1) % SQUARES]) for i in range(SQUARES)]
    assert max(steps) - min(steps) < 2, "every square has the same length on the centre line"
    cx = sum(x for x, _ in middles) / SQUARES
    cy = sum(y for _, y in middles) / SQUARES
    angles = [math.atan2(y - cy, x - cx) for x, y in middles]
    turning = sum((angles[(i + 1) % SQUARES] - angles[i] + math.pi) % (2 * math.pi) - math.pi
                  for i in range(SQUARES))
    assert abs(turning - 2 * math.pi) < 1e-6, "one clockwise turn on screen (y grows downwards)"
    for shape in circuit.squares:
        inner = math.dist(shape.inside, (cx, cy))
        assert inner < math.dist(shape.outside, (cx, cy)) < math.dist(shape.relief, (cx, cy))
        assert 0 <= shape.polygon[0][0] <= circuit.width and 0 <= shape.polygon[0][1] <= circuit.height


def test_riders_are_placed_inside_out_and_lapped_groups_keep_to_their_side():
    circuit = load_circuit()
    square = circuit.square(12)
    inside = circuit.place(12, 0, 3)
    outside = circuit.place(12, 2, 3)
    assert math.dist(inside, square.inside) < math.dist(outside, square.inside)
    lapped = circuit.place(12, 0, 1, lane=0, lanes=2)
    lapping = circuit.place(12, 0, 1, lane=1, lanes=2)
    assert math.dist(lapped, square.inner_lane) < 1 and math.dist(lapping, square.outer_lane) < 1


def test_the_map_is_valid_tiled_xml_and_what_the_generator_writes():
    root = ElementTree.parse(MAP).getroot()
    assert root.tag == "map" and root.get("orientation") == "orthogonal" and root.get("version") == "1.10"
    groups = {g.get("name"): g for g in root.iter("objectgroup")}
    assert set(groups) == {"squares", "lines", "centre"}
    assert all(o.find("polygon") is not None for o in groups["squares"].iter("object"))
    assert all(p.get("type") in ("int", "float") for p in groups["squares"].iter("property"))
    ids = [int(o.get("id")) for o in root.iter("object")]
    assert len(set(ids)) == len(ids) and int(root.get("nextobjectid")) > max(ids)
    assert MAP.read_text(encoding="utf-8") == generator().build(), "run tools/make_breaking_away_map.py"


def test_a_broken_map_is_refused_with_what_is_wrong(tmp_path):
    text = MAP.read_text(encoding="utf-8")
    cases = {
        "no_square": (text.replace('name="square 7" type="square"', 'name="square 7" type="decoration"'),
                      r"squares 0 to 39 must each appear once \(missing: \[7\]"),
        "bad_line": (text.replace('<property name="square" type="int" value="33"/>',
                                  '<property name="square" type="int" value="32"/>'),
                     "the sprint line is on square 32; the rules put it on square 33"),
        "no_point": (text.replace('<property name="relief_x" type="float" value="671.42"/>', "", 1),
                     "has no 'relief_x' property"),
        "count": (text.replace('<property name="squares" type="int" value="40"/>',
                               '<property name="squares" type="int" value="36"/>'),
                  "the circuit must have 40 squares, the map says 36"),
    }
    for name, (broken, message) in cases.items():
        path = tmp_path / f"{name}.tmx"
        path.write_text(broken, encoding="utf-8")
        with pytest.raises(MapError, match=message):
            load_circuit(path)
