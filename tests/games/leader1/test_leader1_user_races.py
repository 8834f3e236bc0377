"""Broken user races (the race builder's saved files): a clear message, never a crash, never a lost race.

A good saved race is damaged in many ways (cut short, wrong types, huge
numbers, another map version, random bytes, missing hexagons or properties,
unknown names); each broken file must be refused with a MapError naming it,
listed in words by ``list_races``, offered in the race choice with the reason
it cannot be raced, and shown in the builder, while the good races stay.
"""
from __future__ import annotations

import random
import re

import pygame
import pytest

from game.app import App
from game.core.tiled import MapError
from game.games import all_specs
from game.games.leader1.builder_scene import BuilderScene
from game.games.leader1.races import (SHIPPED_RACES, Token, draft_race, list_races, race_by_key, race_to_tmx,
                                      save_user_race, user_races_dir)
from game.games.leader1.spec import SPEC
from scene_input import step

GOOD = ("start", "plain-straight", "rise-straight", "mountain-straight", "downhill-straight", "arrival-flat")


def good_text() -> str:
    return race_to_tmx(draft_race("Good", GOOD, [Token("climb", 3, 0, 2), Token("feed", 4, 2)]))


def damaged_files() -> dict[str, bytes]:
    """Each way a saved race can be damaged, by the file name it is saved under."""
    text = good_text()
    rng = random.Random(7)
    damaged = {
        "truncated": text[: len(text) // 2],
        "empty": "",
        "random-bytes": bytes(rng.randrange(256) for _ in range(600)),
        "wrong-type-order": text.replace('name="order" type="int" value="2"', 'name="order" value="two"', 1),
        "wrong-type-col": text.replace('name="col" type="int"', 'name="col" type="float"', 1).replace(
            'name="col" type="float" value="', 'name="col" type="float" value="1.5e', 1),
        "huge-col": re.sub(r'name="col" type="int" value="\d+"', 'name="col" type="int" value="9' + "9" * 40 + '"',
                           text, count=1),
        "huge-rotation": re.sub(r'name="hex_rotation" type="int" value="\d+"',
                                'name="hex_rotation" type="int" value="123456789012345678901234567890"', text,
                                count=1),
        "huge-token-row": text.replace('name="row" type="int" value="0"/>\n    <property name="value"',
                                       'name="row" type="int" value="10000000000000000000000"/>\n'
                                       '    <property name="value"', 1),
        "token-row-text": re.sub(r'(name="kind" value="climb"/>\s*<property name="order" type="int" value="\d+"/>\s*'
                                 r'<property name="row") type="int" value="0"', r'\1 value="top"', text, count=1),
        "wrong-version": text.replace('version="1.10"', 'version="99.7"').replace('orientation="hexagonal"',
                                                                                 'orientation="isometric"'),
        "not-a-map": '<?xml version="1.0"?><notamap/>',
        "no-hexagons": re.sub(r'<objectgroup id="1" name="route">.*?</objectgroup>',
                              '<objectgroup id="1" name="route"></objectgroup>', text, flags=re.S),
        "missing-hexagon": re.sub(r'<object id="3" .*?</object>\n', "", text, count=1, flags=re.S),
        "unknown-hexagon": text.replace('value="rise-straight"', 'value="volcano"'),
        "missing-property": text.replace('<property name="hex_rotation" type="int" value="0"/>', "", 1),
        "negative-order": text.replace('name="order" type="int" value="0"', 'name="order" type="int" value="-5"', 1),
        "bad-token-kind": text.replace('name="kind" value="feed"', 'name="kind" value="rainbow"'),
        "Bad Name": text,
    }
    return {name: (data if isinstance(data, bytes) else data.encode("utf-8")) for name, data in damaged.items()}


@pytest.fixture
def user_races():
    """A clean races folder holding one good race and every damaged one."""
    folder = user_races_dir()
    for path in folder.glob("*.tmx"):
        path.unlink()
    good_key = save_user_race(draft_race("Good", GOOD, [Token("climb", 3, 0, 2), Token("feed", 4, 2)]), "good")
    for name, data in damaged_files().items():
        (folder / f"{name}.tmx").write_bytes(data)
    yield good_key
    for path in folder.glob("*.tmx"):
        path.unlink()


def test_every_damaged_file_is_refused_with_its_name(user_races):
    for name in damaged_files():
        key = "user:" + name
        with pytest.raises(MapError) as refused:
            race_by_key(key)
        message = str(refused.value)
        assert message and (f"{name}.tmx" in message or "not a race name" in message), (name, message)
    assert race_by_key(user_races).title == "Good"


def test_listing_keeps_the_good_races_and_reports_each_broken_file(user_races):
    races, messages = list_races()
    problems = [message.english() for message in messages]
    keys = [race.key for race in races]
    assert keys[:len(SHIPPED_RACES)] == list(SHIPPED_RACES) and user_races in keys
    assert len(problems) == len(damaged_files())
    for name in damaged_files():
        assert any(f"{name}.tmx" in problem for problem in problems), name
    assert all(problem.startswith("Your race file") and "cannot be used" in problem for problem in problems)


def test_the_race_choice_names_why_a_broken_race_cannot_be_raced(user_races):
    option = SPEC.option("race")
    choices = option.menu_choices()
    assert user_races in choices and "user:truncated" in choices
    assert SPEC.setup_problems(2, {"race": user_races}) == []
    problems = SPEC.setup_problems(2, {"race": "user:truncated"})
    assert len(problems) == 1 and "truncated.tmx" in problems[0] and "rebuild it" in problems[0]
    with pytest.raises(ValueError):
        SPEC.create(2, {"race": "user:random-bytes"}, 1)
    assert not option.valid("user:no-such-race") and not option.valid(12) and not option.valid("user:../x")


def test_the_builder_lists_the_broken_files_and_still_saves(user_races):
    app = App(all_specs(), instant=True)
    builder = BuilderScene(app, start_race=lambda key: None)
    app.manager.push(builder)
    step(app, 2)
    assert len(builder.file_problems) == len(damaged_files())
    builder.title = "Another"
    assert builder.save() == "user:another"
    races, _problems = list_races()
    assert {"user:good", "user:another"} <= {race.key for race in races}
    pygame.quit()


def test_a_race_saved_before_the_hex_rotation_rename_still_loads(user_races):
    """Older builders wrote the hexagon's turn as ``rotation``, a name plain pytmx refuses."""
    race = draft_race("Old", GOOD, [Token("climb", 3, 0, 2), Token("feed", 4, 2)], rotation=1)
    old_text = race_to_tmx(race).replace('name="hex_rotation"', 'name="rotation"')
    assert 'name="hex_rotation"' not in old_text
    (user_races_dir() / "old.tmx").write_text(old_text, encoding="utf-8")
    loaded = race_by_key("user:old")
    assert [p.rotation for p in loaded.placements] == [p.rotation for p in race.placements]
    assert loaded.placements[0].rotation == 1
