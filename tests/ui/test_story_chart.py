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
from game.ui.story_chart import (Seats, _hard_lines, draw_story, hard_words, moment_detail, story_picture,
                                   what_differs)
from game.ui.theme import Theme

ROOT = Path(__file__).resolve().parents[2]


def test_story_on_the_command_line_saves_the_picture_and_adds_the_story(tmp_path: Path) -> None:
    """A human seat is played by the normal bot and its key moves are weighed against the hard bot's."""
    picture = tmp_path / "story.png"
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), "--game", "breakout", "--seats",
                           "human,bot:normal", "--seed", "3", "--autoplay", "--headless", "--story",
                           str(picture)], capture_output=True, text=True, timeout=240, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 1
    result = json.loads(lines[0])
    chances = result["story"]["win_chance"]
    assert set(chances) == {"0", "1"} and all(len(line) == result["actions"] + 1 for line in chances.values())
    assert chances[str(result["winner"])][-1] == 1.0
    assert 3 <= len(result["story"]["key_moments"]) <= 5
    assert result["seats"] == ["human", "bot:normal"]
    weighed = [moment for moment in result["story"]["key_moments"] if "hard_move" in moment]
    assert weighed and all(moment["hard_move"]["seat"] == 0 and set(moment["chances"]) == {"played", "hard"}
                           for moment in weighed)
    assert all(set(moment) == {"step", "seat", "change"} for moment in result["story"]["key_moments"]
               if "hard_move" not in moment)
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


def test_a_move_is_told_by_what_differs_from_the_other() -> None:
    played = "Yellow pushes a rope piece into slot 2 from the left."
    hard = "Yellow pushes a rope piece into slot 5 from the left."
    assert what_differs(hard, played) == "…slot 5 from the left."
    assert what_differs(played, hard, 2) == "Yellow pushes …slot 2 from the left."
    assert what_differs("Yellow climbs.", "Yellow waits.") == "Yellow climbs."  # little to leave out
    assert what_differs(hard, hard) == hard


def _hard_moment(step: int, seat: int, mover: int, same: bool = False) -> story.KeyMoment:
    words = "Orange plays the 49 on rider 1, who rides into the breakaway; the peloton follows on the left."
    return story.KeyMoment(step, seat, 0.3, story.HardMove(mover, "play 49 0 0", words, "Orange waits.", same,
                                                           0.21, 0.34))


def test_the_hard_bots_sentence_names_whose_move_it_weighs() -> None:
    seats = Seats(("#E69F00", "#56B4E9"), ("Orange", "Sky"))
    told = _hard_moment(12, 0, 0)
    assert hard_words(told, seats) == f"Hard bot: {told.hard.words[:-1]} — 34% instead of 21%"
    assert hard_words(_hard_moment(12, 1, 0), seats).startswith("Hard bot for Orange: Orange plays the 49")
    assert hard_words(_hard_moment(12, 0, 0, same=True), seats) == "The hard bot would have played the same."
    assert hard_words(story.KeyMoment(12, 0, 0.3), seats) == ""


def test_every_key_moment_keeps_its_place_in_the_list_in_german_at_130_percent() -> None:
    """Five humans' moments with long moves: the list makes room for all five (the notes go first), and the
    hard bot's sentence is shortened in its move, never in its chances."""
    from game import i18n
    pygame.font.init()
    i18n.set_language("de")
    try:
        seats = Seats(("#E69F00", "#56B4E9"), ("Orange", "Himmelblau"))
        steps = 100
        line = tuple(0.5 + 0.4 * ((step // 20) % 2) for step in range(steps + 1))
        moments = tuple(_hard_moment(10 + 20 * index, index % 2, 0) for index in range(5))
        told = story.Story(steps, (), (line, tuple(1 - c for c in line)), moments)
        notes = ["Orange legt die 49 auf Fahrer 1, der sich der Ausreißergruppe anschließt."] * 5
        theme = Theme(1.3)
        surface = pygame.Surface((1280, 720))
        spots = draw_story(surface, theme, pygame.Rect(16, 62, 1248, 580), told, seats, notes=notes)
        listed = [spot for spot in spots if spot.rect.width > 100]
        assert [spot.step for spot in listed] == [moment.step for moment in moments]
        lines = _hard_lines(theme, moments[0], seats, 294)
        chances = f"{i18n.format_percent(0.34)} statt {i18n.format_percent(0.21)}"
        assert len(lines) == 2 and lines[-1].endswith(chances) and "…" in " ".join(lines)
    finally:
        i18n.set_language("en")


def test_a_pointed_moment_is_told_in_full_where_the_list_shortens_it() -> None:
    """The list cuts a long move to fit its column; the note shown under the pointer gives both moves whole."""
    seats = Seats(("#E69F00", "#56B4E9"), ("Orange", "Sky"))
    moments = (_hard_moment(12, 0, 0), _hard_moment(40, 1, 0, same=True))
    told = story.Story(50, (), ((0.5,) * 51, (0.5,) * 51), moments)
    spec = all_specs()["breakaway-rider"]
    replay = Replay(spec, default_seats(spec, ["human", "bot:easy"]), {}, 1, [])
    detail = moment_detail(replay, told, 0, seats).split("\n")
    assert detail == ["Move 12: Orange +30%", "Played: Orange waits.",
                      f"Hard bot: {moments[0].hard.words[:-1]} — 34% instead of 21%"]
    assert "…" not in " ".join(detail)
    assert moment_detail(replay, told, 1, seats).split("\n")[-1] == "The hard bot would have played the same."
