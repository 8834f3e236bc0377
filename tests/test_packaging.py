"""The standalone app builds from build.spec and plays headless from the built executable."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.games import all_specs

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def built_app(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("build")
    result = subprocess.run(
        [sys.executable, "-m", "PyInstaller", "build.spec", "--noconfirm", "--log-level", "WARN",
         "--distpath", str(out / "dist"), "--workpath", str(out / "work")],
        cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert result.returncode == 0, result.stderr[-3000:]
    exe = out / "dist" / "BreakawayBox" / ("BreakawayBox.exe" if os.name == "nt" else "BreakawayBox")
    assert exe.is_file()
    return exe


def run(exe: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run([str(exe), *args], capture_output=True, text=True, timeout=300, env=env)


def test_built_app_lists_the_games(built_app):
    result = run(built_app, "--list")
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == list(all_specs())


def test_built_app_bundles_assets_and_maps(built_app):
    internal = built_app.parent / "_internal"
    for folder in ("assets", "maps"):
        source = {p.relative_to(ROOT / folder) for p in (ROOT / folder).rglob("*") if p.is_file()}
        bundled = {p.relative_to(internal / folder) for p in (internal / folder).rglob("*") if p.is_file()}
        assert source <= bundled, f"{folder} files missing from the build: {sorted(source - bundled)[:5]}"


@pytest.mark.parametrize("game_id", list(all_specs()))
def test_built_app_plays_every_game_headless(built_app, game_id):
    spec = all_specs()[game_id]
    result = run(built_app, "--game", game_id, "--autoplay", "--headless", "--seed", "4",
                 "--seats", ",".join(["bot:easy"] * spec.default_seats))
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout.strip().splitlines()[-1])
    assert data["game"] == game_id and data["seed"] == 4
