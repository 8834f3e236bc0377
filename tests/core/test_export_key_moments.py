"""An exported replay lists its story's key moments after the moves, as lines Import skips."""
from __future__ import annotations

import random

import pytest

from game import i18n
from game.core import archive
from game.core.match import Match, Seat
from game.core.replay import Replay, ReplayError
from game.core.story import KeyMoment, Story
from game.games import all_specs

SPECS = all_specs()


def finished_breakout(seed: int = 3) -> Replay:
    spec = SPECS["breakout"]
    match = Match(spec, [Seat(name, spec.colours[i][1], "human") for i, name in enumerate(("Anna", "Bruno"))], {},
                  seed)
    rng = random.Random(seed)
    while not match.is_over():
        match.apply(rng.choice(match.state.legal_actions()))
    return Replay.of_match(match)


def pinned_story(replay: Replay, moments: tuple[KeyMoment, ...]) -> Story:
    even = tuple(0.5 for _ in range(len(replay) + 1))
    return Story(len(replay), (), (even, even), moments)


def test_the_key_moments_follow_the_moves_one_line_each_with_what_happened() -> None:
    replay = finished_breakout()
    story = pinned_story(replay, (KeyMoment(40, 0, 0.25), KeyMoment(120, 1, -0.5)))
    text = archive.export_text(replay, story, ["Anna escapes", ""])
    assert text.startswith(replay.to_text())
    assert text[len(replay.to_text()):].splitlines() == [
        "#",
        "# Key moments",
        "# Move 40: Anna's chance of winning rose by 25% (Anna escapes)",
        "# Move 120: Bruno's chance of winning fell by 50%",
    ]
    read_back = Replay.from_text(text, SPECS)
    assert read_back.digest() == replay.digest() and read_back.final == replay.final


def test_a_story_without_key_moments_says_so_and_no_story_adds_nothing() -> None:
    replay = finished_breakout()
    quiet = archive.export_text(replay, pinned_story(replay, ()))
    assert quiet.splitlines()[-2:] == ["# Key moments", "# No single move changed the race much."]
    assert archive.export_text(replay) == replay.to_text()


def test_the_key_moments_read_in_the_reader_s_language() -> None:
    replay = finished_breakout()
    story = pinned_story(replay, (KeyMoment(40, 0, 0.25),))
    i18n.set_language("de")
    try:
        lines = archive.key_moment_lines(replay, story)
        heading = archive.export_text(replay, story).splitlines()[-2]
    finally:
        i18n.set_language("en")
    assert heading == "# Schlüsselmomente"
    assert lines[0].startswith("Zug 40:") and "Anna" in lines[0] and "25" in lines[0]


def test_export_replay_writes_the_moments_and_refuses_a_game_not_over() -> None:
    replay = finished_breakout()
    story = pinned_story(replay, (KeyMoment(40, 0, 0.25),))
    path = archive.export_replay(replay, "anna-bruno", story)
    assert path.read_text() == archive.export_text(replay, story)
    spec = SPECS["breakout"]
    unfinished = Match(spec, [Seat(n, spec.colours[i][1], "human") for i, n in enumerate(("A", "B"))], {}, 1)
    unfinished.apply(unfinished.state.legal_actions()[0])
    with pytest.raises(ReplayError):
        archive.export_replay(Replay.of_match(unfinished), "so-far", story)
