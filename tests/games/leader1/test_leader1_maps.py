"""Leader 1 maps: every shipped route hexagon and race validates; the race builder's checks and files."""
from __future__ import annotations

from dataclasses import replace
from xml.etree import ElementTree

import pytest

from game.core.paths import data_dir
from game.core.tiled import MapError, load_map
from game.games.leader1.course import build_course, course_for
from game.games.leader1.hexagons import (hexagon_by_id, hexagons_dir, load_hexagon, neighbour_cell,
                                         shipped_hexagon_ids)
from game.games.leader1.races import (SHIPPED_RACES, Token, calendar_for, calendars, draft_race,
                                      feed_zones_needed, lay_out, list_races, load_race, race_by_key, race_problems,
                                      race_to_tmx, races_dir, save_user_race)
from game.games.leader1.spec import SPEC

HEXAGON_FILES = sorted(hexagons_dir().glob("*.tmx"))
RACE_FILES = sorted(races_dir().glob("*.tmx"))


def test_the_catalogue_has_every_kind_of_route_hexagon():
    ids = set(shipped_hexagon_ids())
    for terrain in ("plain", "rise", "mountain", "downhill"):
        assert {f"{terrain}-straight", f"{terrain}-left", f"{terrain}-right"} <= ids
    assert {"start", "arrival-flat", "arrival-mountain"} <= ids


@pytest.mark.parametrize("path", HEXAGON_FILES, ids=lambda p: p.stem)
def test_every_route_hexagon_loads_with_its_squares(path):
    hexagon = load_hexagon(path)
    assert hexagon.milestone == int(load_map(path).properties["milestone"]) > 0
    assert len(hexagon.squares) >= hexagon.rows and all(len(s.polygon) >= 4 for s in hexagon.squares)
    assert any(s.peloton_line for s in hexagon.squares)
    if hexagon.kind == "arrival":
        assert any(s.sprint_area for s in hexagon.squares) == (hexagon.terrain != "mountain")
    if hexagon.terrain == "downhill":
        assert any(s.fall for s in hexagon.squares)
    if hexagon.bend != "straight":
        inside, outside = (0, hexagon.lanes - 1) if hexagon.bend == "left" else (hexagon.lanes - 1, 0)
        assert len(hexagon.lane_squares(inside)) < len(hexagon.lane_squares(outside))


def test_milestones_follow_the_terrain():
    assert {hexagon_by_id(f"{t}-straight").milestone for t in ("plain",)} == {5}
    assert hexagon_by_id("rise-left").milestone == 6
    assert hexagon_by_id("mountain-right").milestone == 7
    assert hexagon_by_id("downhill-straight").milestone == 3


def test_the_shipped_races_are_the_five_named_ones():
    assert sorted(p.stem for p in RACE_FILES) == sorted(SHIPPED_RACES)
    assert SPEC.option("race").default == SHIPPED_RACES[0] == "first-race"


@pytest.mark.parametrize("path", RACE_FILES, ids=lambda p: p.stem)
def test_every_race_validates_and_opens_as_tiled_hexagonal_xml(path):
    race = load_race(path)
    assert race_problems(race) == []
    root = ElementTree.parse(path).getroot()
    assert root.tag == "map" and root.get("orientation") == "hexagonal"
    assert root.get("staggeraxis") == "y" and root.get("staggerindex") == "odd" and root.get("hexsidelength")
    assert {g.get("name") for g in root.iter("objectgroup")} == {"route", "tokens"}
    assert len(race.tokens_of("feed")) == feed_zones_needed(len(race.placements))
    assert race.tokens_of("climb") and race.tokens_of("bonus")
    course = course_for(race.key)
    assert course.energy == sum(h.milestone for h in course.hexagons)
    assert course.squares[course.line[-1]].grow == course.last_row


def test_the_races_cover_the_lengths_and_finishes_asked_for():
    races = {key: race_by_key(key) for key in SHIPPED_RACES}
    first = races["first-race"].hexagons()
    assert [h.terrain for h in first] == ["plain", "plain", "rise", "mountain", "mountain", "downhill", "downhill",
                                          "plain", "plain"]
    assert len(races["first-race"].tokens_of("feed")) == 1 and len(races["first-race"].tokens_of("climb")) == 1
    feeds = sorted(len(r.tokens_of("feed")) for r in races.values())
    assert feeds[-1] == 3 and 2 in feeds
    assert races["summit-finish"].hexagons()[-1].id == "arrival-mountain"
    assert calendar_for(3) == calendars()[3] and len(calendars()[5]) == 5
    assert all(key in SHIPPED_RACES for cal in calendars().values() for key in cal)


def test_the_peloton_line_is_a_road_of_steps_and_bends_shorten_the_inside():
    course = course_for("first-race")
    for before, after in zip(course.line, course.line[1:]):
        assert after in course.forward[before]
    assert len(course.line) < course.rows_total


def test_hexagon_neighbours_match_tiled_staggered_rows():
    assert neighbour_cell(2, 2, 0) == (3, 2) and neighbour_cell(2, 2, 5) == (2, 1)
    assert neighbour_cell(2, 3, 5) == (3, 2) and neighbour_cell(2, 3, 1) == (3, 4)


# --- the builder ---------------------------------------------------------------------------------

GOOD = ("start", "plain-straight", "rise-straight", "mountain-straight", "downhill-straight", "arrival-flat")
GOOD_TOKENS = (Token("climb", 3, 0, 2), Token("feed", 1, 2), Token("bonus", 1, 4))


def problems_of(hexagons, tokens=GOOD_TOKENS):
    return [problem.english() for problem in race_problems(draft_race("Trial", hexagons, tokens))]


def test_a_good_draft_has_no_problems():
    assert problems_of(GOOD) == []


def test_the_start_must_come_first_and_the_arrival_last():
    problems = problems_of(("plain-straight",) + GOOD[1:-1] + ("start", "arrival-flat"))
    assert any("must begin with a start hexagon" in p for p in problems)
    assert any("only the first hexagon may be one" in p for p in problems)
    problems = problems_of(GOOD[:-1] + ("plain-straight",))
    assert any("must end with an arrival hexagon" in p for p in problems)


def test_a_mountain_pass_needs_a_ground_rise_before_it():
    problems = problems_of(("start", "plain-straight", "mountain-straight", "downhill-straight", "arrival-flat"),
                           (Token("climb", 2, 0, 2), Token("feed", 1, 2)))
    assert problems == ["The mountain pass at hexagon 3 needs a ground rise before it (after the previous pass)."]


def test_each_mountain_pass_needs_a_climb_token_at_its_beginning():
    problems = problems_of(GOOD, (Token("feed", 1, 2),))
    assert problems == ["The mountain pass at hexagon 4 needs a climb category token at its beginning."]
    problems = problems_of(GOOD, (Token("feed", 1, 2), Token("climb", 3, 0, 5), Token("climb", 2, 0, 1)))
    assert any("must show 1, 2 or 3" in p for p in problems)
    assert any("must sit on a mountain pass" in p for p in problems)


def test_feed_zones_follow_the_race_length():
    assert [feed_zones_needed(n) for n in (9, 10, 12, 15, 20)] == [1, 1, 1, 2, 3]
    problems = problems_of(GOOD, (Token("climb", 3, 0, 2),))
    assert problems == ["A race of 6 hexagons needs 1 feed zone; this one has 0."]
    long_race = ("start",) + ("plain-straight",) * 13 + ("arrival-flat",)
    problems = problems_of(long_race, (Token("feed", 3, 2),))
    assert problems == ["A race of 15 hexagons needs 2 feed zones; this one has 1."]


def test_the_road_must_join_from_hexagon_to_hexagon():
    race = draft_race("Trial", GOOD, GOOD_TOKENS)
    turned = replace(race, placements=race.placements[:2] + (replace(race.placements[2], rotation=1),)
                     + race.placements[3:])
    assert any("set its rotation to 0" in p.english() for p in race_problems(turned))
    moved = replace(race, placements=race.placements[:2] + (replace(race.placements[2], row=5),)
                    + race.placements[3:])
    assert any("is not where the road leaves hexagon 2" in p.english() for p in race_problems(moved))
    looped = ("start",) + ("plain-left",) * 6 + ("arrival-flat",)
    assert any("sit on the same cell" in p.english() for p in race_problems(draft_race("Loop", looped, (Token("feed", 1),))))


def test_lay_out_follows_the_bends():
    placements = lay_out(["start", "plain-left", "plain-right", "arrival-flat"])
    assert [p.rotation for p in placements] == [0, 0, 5, 0]
    assert min(p.row for p in placements) in (0, 1) and min(p.col for p in placements) == 0
    assert race_problems(draft_race("Bends", [p.hexagon for p in placements], (Token("feed", 1),))) == []


def test_a_user_race_round_trips_and_can_be_played():
    race = draft_race("My Hill", GOOD, GOOD_TOKENS, "A short test.")
    key = save_user_race(race)
    assert key == "user:my-hill"
    assert (data_dir() / "races" / "my-hill.tmx").is_file()
    loaded = race_by_key(key)
    assert loaded.placements == race.placements and loaded.tokens == tuple(sorted(race.tokens,
                                                                                   key=lambda t: (t.order, t.row,
                                                                                                  t.kind)))
    assert loaded.title == "My Hill" and loaded.user
    races, problems = list_races()
    assert key in [r.key for r in races] and problems == []
    assert SPEC.option("race").parse(key) == key and SPEC.setup_problems(2, {"race": key}) == []
    state = SPEC.create(2, {"race": key}, seed=2)
    assert state.course.race.title == "My Hill"


def test_a_race_with_problems_is_not_saved():
    with pytest.raises(ValueError, match="needs 1 feed zone"):
        save_user_race(draft_race("Bad", GOOD, (Token("climb", 3, 0, 2),)))
    assert not (data_dir() / "races" / "bad.tmx").exists()


def test_a_broken_user_race_is_reported_and_skipped():
    folder = data_dir() / "races"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "garbage.tmx").write_text("<map><not closed", encoding="utf-8")
    bad_rules = draft_race("No Arrival", GOOD[:-1] + ("plain-straight",), GOOD_TOKENS)
    (folder / "no-arrival.tmx").write_text(race_to_tmx(bad_rules), encoding="utf-8")
    races, messages = list_races()
    problems = [message.english() for message in messages]
    assert [r.key for r in races] == list(SHIPPED_RACES)
    assert len(problems) == 2
    assert any("garbage.tmx cannot be used" in p and "not valid Tiled XML" in p for p in problems)
    assert any("no-arrival.tmx cannot be used" in p and "arrival hexagon" in p for p in problems)
    assert SPEC.option("race").parse("user:garbage") == "user:garbage"
    assert any("garbage.tmx cannot be used" in p for p in SPEC.setup_problems(2, {"race": "user:garbage"}))
    with pytest.raises(ValueError, match="garbage.tmx cannot be used"):
        SPEC.create(2, {"race": "user:garbage"}, 1)
    with pytest.raises(ValueError, match="user:<name>"):
        SPEC.option("race").parse("user:never-saved")


def test_race_files_name_problems_with_the_file():
    folder = data_dir() / "races"
    folder.mkdir(parents=True, exist_ok=True)
    text = race_to_tmx(draft_race("Trial", GOOD, GOOD_TOKENS)).replace('name="hexagon" value="rise-straight"',
                                                                       'name="hexagon" value="no-such-hexagon"')
    (folder / "odd.tmx").write_text(text, encoding="utf-8")
    with pytest.raises(MapError, match="odd.tmx: Hexagon 3: there is no route hexagon called 'no-such-hexagon'"):
        race_by_key("user:odd")


def test_the_course_of_a_draft_can_be_built_without_saving():
    course = build_course(draft_race("Trial", GOOD, GOOD_TOKENS))
    assert course.feed_rows == (course.row_offsets[1] + 2,)
    mountain = [s for s in course.squares if s.terrain == "mountain"]
    assert mountain and {s.category for s in mountain} == {2}
