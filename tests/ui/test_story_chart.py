"""The story picture: the command line's --story PNG and JSON, and the chart drawn in both colour modes."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.cli import UsageError, request_from_args
from game.core import story
from game.core.match import Match, default_seats
from game.core.replay import Replay
from game.games import all_specs
from game.ui.story_chart import Seats, draw_story, story_picture
from game.ui.theme import Theme

ROOT = Path(__file__).resolve().parents[2]


def test_story_on_the_command_line_saves_the_picture_and_adds_the_story(tmp_path: Path) -> None:
    picture = tmp_path / "story.png"
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), "--game", "breakout", "--seats",
                           "bot:normal,bot:normal", "--seed", "3", "--autoplay", "--headless", "--story",
                           str(picture)], capture_output=True, text=True, timeout=240, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 1
    result = json.loads(lines[0])
    chances = result["story"]["win_chance"]
    assert set(chances) == {"0", "1"} and all(len(line) == result["actions"] + 1 for line in chances.values())
    assert chances[str(result["winner"])][-1] == 1.0
    assert 3 <= len(result["story"]["key_moments"]) <= 5
    assert set(result["story"]["key_moments"][0]) == {"step", "seat", "change"}
    assert pygame.image.load(str(picture)).get_size() == (1280, 720)


def test_story_needs_a_headless_autoplay() -> None:
    with pytest.raises(UsageError):
        request_from_args(["--game", "breakout", "--story", "x.png"], all_specs())


def _told() -> tuple[story.Story, Seats]:
    spec = all_specs()["breakaway-football"]
    match = Match(spec, default_seats(spec, ["bot:easy", "bot:easy"]), {}, 2)
    while not match.is_over():
        decide = match.bot_decision()
        assert decide is not None
        match.apply(decide())
    told = story.tell(Replay.of_match(match), playouts=2)
    return told, Seats(tuple(s.colour for s in match.seats), tuple(match.seat_name(i) for i in range(2)))


def test_the_chart_carries_team_patterns_in_colour_blind_mode_and_offers_its_moments() -> None:
    pygame.font.init()
    told, seats = _told()
    theme = Theme()
    plain = story_picture(theme, told, seats, "Breakaway Football")
    marked = story_picture(theme, told, seats, "Breakaway Football", colour_blind=True)
    assert pygame.image.tobytes(plain, "RGB") != pygame.image.tobytes(marked, "RGB")
    surface = pygame.Surface((1280, 720))
    spots = draw_story(surface, theme, surface.get_rect(), told, seats)
    assert {spot.step for spot in spots} == {moment.step for moment in told.key_moments}
    assert all(surface.get_rect().contains(spot.rect) for spot in spots)
