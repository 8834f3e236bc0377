"""A short monkey test: random input on every screen for a few hundred frames, no exception.

The long run is ``python tools/monkey.py`` (20,000 frames a screen); a failure
here prints the same reproducing command.
"""
from __future__ import annotations

import pytest

import screen_monkey as monkey

FRAMES = 150
SCREENS = monkey.scene_names()


def test_every_kind_of_screen_is_driven():
    kinds = {name.split("/")[0] for name in SCREENS}
    assert {"launcher", "settings", "setup", "rules", "match-humans", "match-bots", "pause", "curtain",
            "results"} <= kinds
    games = {name.split("/")[1] for name in SCREENS if name.startswith("match-bots/")}
    assert len(games) == 5


@pytest.mark.parametrize("screen", SCREENS)
def test_random_input_raises_nothing(screen):
    report = monkey.run_scene(screen, FRAMES, seed=11)
    assert report.frames == FRAMES
    assert not report.exceptions, "\n\n".join(
        f"{e['error']} at frame {e['frame']}\n{e['traceback']}\nlast input: {e['last_events'][-8:]}\n"
        f"reproduce: {e['reproduce']}" for e in report.exceptions)
