"""Game specs drive setup and the command line; bad input gets one clear line."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from fixture_game import HIGH_CARD
from game.cli import UsageError, autoplay, parse_options, parse_seats, request_from_args
from game.games import all_specs

ROOT = Path(__file__).resolve().parents[2]


def run_main(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, capture_output=True, text=True, timeout=300)


def test_option_parsing_names_the_allowed_values():
    option = HIGH_CARD.option("hand_size")
    assert option.parse("4") == 4
    with pytest.raises(ValueError, match="whole number from 1 to 5"):
        option.parse("9")
    assert parse_options(HIGH_CARD, ["hand_size=2"]) == {"hand_size": 2}
    with pytest.raises(UsageError, match="no option 'colour'; its options are: hand_size"):
        parse_options(HIGH_CARD, ["colour=red"])
    with pytest.raises(UsageError, match="KEY=VALUE"):
        parse_options(HIGH_CARD, ["hand_size"])


def test_seat_lists_are_checked_against_the_game():
    assert parse_seats(HIGH_CARD, "human,bot:hard") == ["human", "bot:hard"]
    with pytest.raises(UsageError, match="bot:medium' is not allowed"):
        parse_seats(HIGH_CARD, "human,bot:medium")
    with pytest.raises(UsageError, match="2 to 4 seats, not 5"):
        parse_seats(HIGH_CARD, ",".join(["human"] * 5))


def test_setup_problems_are_sentences():
    assert HIGH_CARD.setup_problems(2, {"hand_size": 3}) == []
    problems = HIGH_CARD.setup_problems(7, {"hand_size": 0, "speed": 1})
    assert "High Card needs 2-4 players, not 7." in problems
    assert "High Card has no option 'speed'." in problems


def test_headless_autoplay_result_has_the_stable_shape_and_is_reproducible():
    first = autoplay(HIGH_CARD, ["bot:easy", "bot:normal"], {}, seed=11)
    assert set(first) == {"game", "seed", "seats", "turns", "actions", "standings", "winner", "summary"}
    assert first == autoplay(HIGH_CARD, ["bot:easy", "bot:normal"], {}, seed=11)
    assert [row["rank"] for row in first["standings"]] == sorted(row["rank"] for row in first["standings"])


def test_list_prints_one_game_id_per_line():
    result = run_main("--list")
    assert result.returncode == 0
    assert result.stdout.split() == list(all_specs())


@pytest.mark.parametrize("args, words", [
    (["--game", "chess"], "unknown game 'chess'"),
    (["--frames", "0"], "--frames must be at least 1"),
    (["--bogus"], "unrecognized arguments"),
])
def test_bad_command_lines_exit_2_with_one_line(args, words):
    result = run_main(*args)
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and words in lines[0] and "Traceback" not in result.stderr


@pytest.mark.parametrize("game_id", list(all_specs()))
def test_headless_autoplay_of_every_game_prints_one_reproducible_json_line(game_id):
    args = ["--game", game_id, "--autoplay", "--headless", "--seed", "7"]
    spec = all_specs()[game_id]
    args += ["--seats", ",".join(["bot:easy"] * spec.default_seats)]
    first, second = run_main(*args), run_main(*args)
    assert first.returncode == 0, first.stderr
    lines = first.stdout.splitlines()
    assert len(lines) == 1
    data = json.loads(lines[0])
    assert data["game"] == game_id and data["seed"] == 7 and data["actions"] > 0
    assert first.stdout == second.stdout


def test_guided_asks_for_hints_and_needs_a_game():
    specs = all_specs()
    request = request_from_args(["--game", "breakout", "--seats", "human,bot:easy", "--guided"], specs)
    assert request.guided and request.controllers == ["human", "bot:easy"]
    assert not request_from_args(["--game", "breakout"], specs).guided
    with pytest.raises(UsageError, match="need --game"):
        request_from_args(["--guided"], specs)


@pytest.mark.parametrize("game_id", sorted(all_specs()))
def test_every_game_says_in_one_short_line_what_each_bot_level_does(game_id):
    help_lines = all_specs()[game_id].level_help
    assert set(help_lines) == {"easy", "normal", "hard"}
    for level, line in help_lines.items():
        assert line.endswith(".") and "\n" not in line and len(line) <= 80, (level, line)
    assert len(set(help_lines.values())) == 3, "each level reads differently"


def test_a_stage_count_with_a_special_meaning_reads_in_words():
    stages = next(option for option in all_specs()["leader-1"].options if option.key == "stages")
    assert stages.value_text(0) == "One race" and stages.value_text(1) == "One race"
    assert stages.value_text(3) == "3"
