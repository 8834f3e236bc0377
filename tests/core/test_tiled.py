"""The Tiled loader: plain data out, clear errors for missing or broken maps."""
from __future__ import annotations

from pathlib import Path

import pytest

import pytmx

from game.core.tiled import MapError, load_map
from game.games.leader1.races import SHIPPED_RACES, draft_race, race_by_key, save_user_race

MINIMAL = """<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="hexagonal" renderorder="right-down" width="4" height="3"
     tilewidth="64" tileheight="56" hexsidelength="32" staggeraxis="x" staggerindex="odd" nextlayerid="2" nextobjectid="3">
 <properties><property name="title" value="Test race"/><property name="laps" type="int" value="2"/></properties>
 <objectgroup id="1" name="hexagons">
  <object id="1" name="start" class="hexagon" x="10" y="20" width="64" height="56">
   <properties><property name="turns" type="int" value="2"/><property name="kind" value="start"/></properties>
  </object>
  <object id="2" type="square" x="5" y="6"><polygon points="0,0 10,0 10,10"/></object>
 </objectgroup>
</map>
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "race.tmx"
    path.write_text(text)
    return path


def test_objects_become_plain_data_with_class_or_type(tmp_path):
    data = load_map(write(tmp_path, MINIMAL))
    assert data.orientation == "hexagonal" and data.stagger_axis == "x" and data.hex_side_length == 32
    assert data.require("title") == "Test race" and data.prop("laps") == 2
    start, square = data.objects
    assert start.cls == "hexagon" and start.prop("turns") == 2 and start.layer == "hexagons"
    assert square.cls == "square" and square.points == ((5.0, 6.0), (15.0, 6.0), (15.0, 16.0))
    assert data.objects_of("hexagon") == (start,)


def test_a_missing_map_names_the_file(tmp_path):
    with pytest.raises(MapError, match="nowhere.tmx: the map file is missing"):
        load_map(tmp_path / "nowhere.tmx")


@pytest.mark.parametrize("text", [MINIMAL[: len(MINIMAL) // 2], "not xml at all", ""])
def test_a_broken_map_names_the_file_and_the_problem(tmp_path, text):
    with pytest.raises(MapError, match="race.tmx: "):
        load_map(write(tmp_path, text))


def test_missing_properties_are_reported_by_name(tmp_path):
    data = load_map(write(tmp_path, MINIMAL))
    with pytest.raises(MapError, match="race.tmx: the map has no 'length' property"):
        data.require("length")
    with pytest.raises(MapError, match="object 2 .* has no 'index' property"):
        data.objects[1].require("index", data.name)


def test_every_shipped_map_loads():
    folder = Path(__file__).resolve().parents[2] / "maps"
    maps = sorted(folder.rglob("*.tmx"))
    names = [path.relative_to(folder).as_posix() for path in maps]
    assert "breaking_away/circuit.tmx" in names
    assert sum(name.startswith("leader1/hexagons/") for name in names) >= 10, names
    assert sum(name.startswith("leader1/races/") for name in names) >= 5, names
    for path in maps:
        load_map(path)


def test_a_reserved_property_name_is_refused_unless_renamed(tmp_path):
    """pytmx's defaults refuse a property named like its own attributes; an older file is read under a new name."""
    path = write(tmp_path, MINIMAL.replace('name="turns"', 'name="rotation"'))
    with pytest.raises(MapError, match="race.tmx: the map could not be read"):
        load_map(path)
    start = load_map(path, renamed_properties={"rotation": "turns"}).objects[0]
    assert start.prop("turns") == 2 and "rotation" not in start.properties
    kept = write(tmp_path, MINIMAL.replace('<property name="kind"', '<property name="rotation" value="9"/><property '
                                           'name="kind"'))
    assert load_map(kept, renamed_properties={"rotation": "turns"}).objects[0].prop("turns") == 2


def test_every_map_and_every_built_race_opens_in_plain_pytmx():
    """Any Tiled tool reading with pytmx's defaults opens the shipped maps and the race builder's files."""
    maps = sorted(Path(__file__).resolve().parents[2].joinpath("maps").rglob("*.tmx"))
    assert len(maps) >= 20
    for path in maps:
        pytmx.TiledMap(str(path))
    for key in SHIPPED_RACES:
        race = race_by_key(key)
        built = save_user_race(draft_race(race.title, [p.hexagon for p in race.placements], list(race.tokens),
                                          race.description, race.placements[0].rotation), f"copy-of-{key}")
        copy = race_by_key(built)
        assert copy.placements == race.placements and copy.tokens == race.tokens
        pytmx.TiledMap(copy.path)
