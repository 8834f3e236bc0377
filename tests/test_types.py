"""The static type check (mypy.ini) passes, and the games' typed views catch a misspelt key.

``python -m mypy`` from the repository root checks the core, every game's ``views.py`` and the engines
listed in mypy.ini.  A view is data a scene, a guide or a bot reads by key; typed, a renamed key fails here
rather than on a player's screen.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run_mypy(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mypy", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=180)


def test_the_type_check_passes():
    result = run_mypy()
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_misspelt_view_key_is_found(tmp_path):
    program = tmp_path / "misspelt.py"
    program.write_text("\n".join([
        "from game.games.breakout.views import BreakoutView",
        "from game.games.breaking_away.views import BreakingAwayView",
        "from game.games.breakaway_rider.views import BreakawayRiderView",
        "def read(a: BreakoutView, b: BreakingAwayView, c: BreakawayRiderView) -> object:",
        "    return a['wal'], b['riders'][0]['progres'], c['hands']",
    ]))
    result = run_mypy("--cache-dir", str(tmp_path / "cache"), str(program))
    assert result.returncode == 1, result.stdout + result.stderr
    for key in ('"wal"', '"progres"', '"hands"'):
        assert f"has no key {key}" in result.stdout, result.stdout
