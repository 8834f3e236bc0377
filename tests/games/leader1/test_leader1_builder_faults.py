"""The race builder's words: plurals, the name a race is saved as, replacing a race, the tokens by hexagon."""
from __future__ import annotations

import pygame
import pytest

from game.games.leader1.races import Token, draft_race, race_by_key, race_problems, user_races_dir
from game.i18n import words

from scene_input import key
from test_leader1_scene import open_builder


@pytest.fixture(autouse=True)
def fresh_pygame():
    yield
    pygame.quit()


def test_a_race_of_one_hexagon_is_named_in_the_singular():
    problems = [words(p) for p in race_problems(draft_race("Short", ("start",), ()))]
    feed = [p for p in problems if "feed zone" in p]
    assert feed == ["A race of 1 hexagon needs 1 feed zone; this one has 0."]


def test_saving_names_the_race_not_its_file_key():
    app, builder = open_builder()
    builder.set_title("Quick Hill")
    assert builder.save() == "user:quick-hill"
    assert builder.message == "Saved as 'Quick Hill'."
    assert "user:" not in builder.message


def test_saving_under_a_name_in_use_asks_before_replacing():
    app, first = open_builder()
    first.set_title("Quick Hill")
    assert first.save() == "user:quick-hill"
    before = race_by_key("user:quick-hill").placements
    app, builder = open_builder()
    builder.set_title("quick hill")
    builder.turn_road()
    assert builder.save() == "", "the first save under a taken name writes nothing"
    assert builder.message == ("A race named 'quick hill' is saved already. Save again to replace it, "
                               "or choose another name.") and not builder.message_good
    assert race_by_key("user:quick-hill").placements == before
    assert builder.save() == "user:quick-hill", "the second save replaces it"
    assert builder.message == "'quick hill' replaces the race saved under that name."
    assert race_by_key("user:quick-hill").placements != before
    assert len(list(user_races_dir().glob("*.tmx"))) == 1


def test_a_new_name_after_the_question_asks_again_for_another_taken_name():
    app, builder = open_builder()
    builder.set_title("One")
    builder.save()
    builder.set_title("Two")
    builder.save()
    builder.set_title("One")
    assert builder.save() == "" and "is saved already" in builder.message
    builder.set_title("Three")
    assert builder.save() == "user:three"


def test_the_side_lists_each_token_by_its_hexagon():
    app, builder = open_builder()
    builder.tokens = [Token("feed", 5, 2), Token("climb", 3, 0, 2), Token("bonus", 1, 4)]
    lines = [text for _sprite, text in builder.token_lines()]
    assert lines == ["Hexagon 2: bonus time", "Hexagon 4: climb 2", "Hexagon 6: feed zone"]
    key(app, pygame.K_LEFT)  # drawn without a fault
