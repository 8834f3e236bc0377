"""The standalone app builds from build.spec, tells its version and plays headless from the built executable;
start-up imports no rules engine it can defer."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game import __version__
from game.core.spec import GameSpec
from game.games import all_specs

ROOT = Path(__file__).resolve().parents[1]


#: files the building process leaves beside the build: why it failed, and that it has ended
BUILD_FAILED, BUILD_ENDED = "build-failed.txt", "build-ended"
#: what a build does not need from the source folder
NOT_BUILT = {".git", ".venv", ".pytest_cache", "tests", "docs", "dist", "build"}


def source_copy(folder: Path) -> Path:
    """The source tree copied to ``folder``: the build compiles the catalogs in its tree, and tests running
    beside it (pytest-xdist's other workers) read the ones in this tree."""
    def left_out(where: str, names: list[str]) -> set[str]:
        return {name for name in names if name == "__pycache__" or (Path(where) == ROOT and name in NOT_BUILT)}
    shutil.copytree(ROOT, folder, ignore=left_out, dirs_exist_ok=True)
    return folder


@pytest.fixture(scope="session")
def built_app(tmp_path_factory) -> Path:
    """The app built once per test run: by the first process to ask for it (pytest-xdist's workers share
    the run's folder), while the others wait for it."""
    shared = tmp_path_factory.getbasetemp()
    if "PYTEST_XDIST_WORKER" in os.environ:
        shared = shared.parent
    out = shared / "built-app"
    exe = out / "dist" / "BreakawayBox" / ("BreakawayBox.exe" if os.name == "nt" else "BreakawayBox")
    failed, ended = out / BUILD_FAILED, out / BUILD_ENDED
    try:
        out.mkdir()
    except FileExistsError:
        return wait_for_build(out, exe)
    try:
        source = source_copy(out / "source")
        result = subprocess.run(
            [sys.executable, "-m", "PyInstaller", "build.spec", "--noconfirm", "--log-level", "WARN",
             "--distpath", str(out / "dist"), "--workpath", str(out / "work")],
            cwd=source, capture_output=True, text=True, timeout=900)
        problem = "" if result.returncode == 0 else result.stderr[-3000:]
    except BaseException as exc:
        failed.write_text(f"the build stopped: {exc!r}", encoding="utf-8")
        raise
    if problem or not exe.is_file():
        failed.write_text(problem or f"no {exe.name} after the build", encoding="utf-8")
    ended.touch()
    assert not problem, problem
    assert exe.is_file()
    return exe


def wait_for_build(out: Path, exe: Path, seconds: float = 900) -> Path:
    """The app another process is building in ``out``, once its build has ended."""
    failed, ended = out / BUILD_FAILED, out / BUILD_ENDED
    deadline = time.monotonic() + seconds
    while not (ended.exists() or failed.exists()):
        assert time.monotonic() < deadline, f"the app was not built within {seconds} s"
        time.sleep(0.25)
    assert not failed.exists(), failed.read_text(encoding="utf-8")
    assert exe.is_file()
    return exe


def run(exe: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run([str(exe), *args], capture_output=True, text=True, timeout=300, env=env)


def test_source_app_tells_its_version():
    result = subprocess.run([sys.executable, str(ROOT / "main.py"), "--version"], capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"Breakaway Box {__version__}"


def test_a_spec_can_leave_its_engine_unimported_until_used(tmp_path, monkeypatch):
    """GameSpec.state_class may be a loader: the launcher never calls it, setting up a game does, once."""
    engine = tmp_path / "lazy_engine_for_test.py"
    engine.write_text("from tests.fixture_game import HighCardState as LazyState\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    loads = []

    def load_engine() -> type:
        loads.append(1)
        from lazy_engine_for_test import LazyState
        return LazyState

    spec = GameSpec(id="lazy", title="Lazy", pitch="", state_class=load_engine, min_seats=2, max_seats=2,
                    default_seats=2)
    assert spec.players_label == "2 players" and "lazy_engine_for_test" not in sys.modules
    state = spec.create(2, {}, seed=3)
    assert type(state).__name__ == "HighCardState" and spec.state_class is type(state)
    assert loads == [1]
    sys.modules.pop("lazy_engine_for_test", None)


def test_the_first_launcher_frame_imports_no_rules_engine_bot_or_game_scene():
    """Start-up time: every game's engine, bots and table wait until that game is set up or played."""
    script = ("import sys, tempfile, os\n"
              "os.environ['BREAKAWAY_BOX_HOME'] = tempfile.mkdtemp()\n"
              "from game.games import all_specs\n"
              "from game.app import App\n"
              "app = App(all_specs())\n"
              "app.go_to_launcher()\n"
              "app.step()\n"
              "print(' '.join(sorted(m for m in sys.modules if m.startswith('game.games.'))))\n")
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120,
                            env=env)
    assert result.returncode == 0, result.stderr
    loaded = result.stdout.split()
    heavy = [name for name in loaded if name.rsplit(".", 1)[-1] in ("rules", "bots", "guide", "cards")
             or "scene" in name.rsplit(".", 1)[-1]]
    assert not heavy, f"imported before the first launcher frame: {heavy}"


def test_a_returning_players_first_launcher_frame_loads_only_what_it_shows(tmp_path):
    """From the second start on the launcher is read from its kept (or shipped) picture: no match or protocol
    module, no game data beyond the setup facts, no logging, and no thread decoding art."""
    script = ("import sys, threading, os\n"
              f"os.environ['BREAKAWAY_BOX_HOME'] = {str(tmp_path)!r}\n"
              "from game.games import all_specs\n"
              "from game.app import App\n"
              "app = App(all_specs())\n"
              "app.go_to_launcher()\n"
              "app.step()\n"
              "print(threading.active_count(), ' '.join(sorted(sys.modules)))\n")
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    runs = [subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120,
                           env=env) for _ in range(2)]
    assert all(run.returncode == 0 for run in runs), runs[-1].stderr
    shipped = (ROOT / "assets" / "pictures" / "launcher-en-1.0.picture").is_file()
    assert shipped or list((tmp_path / "cache").glob("launcher-*.picture")), \
        "the first start shows the launcher's shipped picture or keeps the one it painted"
    threads, *loaded = runs[1].stdout.split()
    assert threads == "1", "a returning player's first frame runs no worker thread"
    deferred = {"game.core.match", "game.core.protocol", "game.core.replay", "game.core.records", "logging"}
    early = sorted(deferred & set(loaded))
    early += [name for name in loaded if name.startswith("game.games.")
              and name.rsplit(".", 1)[-1] not in ("spec", "setup_facts") and name.count(".") > 2]
    assert not early, f"imported before a returning player's first launcher frame: {early}"


def test_built_app_tells_its_version(built_app):
    result = run(built_app, "--version")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"Breakaway Box {__version__}"


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


def test_built_app_carries_every_language(built_app):
    """Compiled catalogs, translated rules help, and Babel's number formats for these languages only."""
    internal = built_app.parent / "_internal"
    for code in ("de", "fr", "it"):
        assert (internal / "game" / "locale" / code / "LC_MESSAGES" / "messages.mo").is_file(), code
        assert (internal / "babel" / "locale-data" / f"{code}.dat").is_file(), code
    source = {p.relative_to(ROOT) for p in (ROOT / "game" / "games").glob("*/rules_help*.md")}
    bundled = {p.relative_to(internal) for p in (internal / "game" / "games").glob("*/rules_help*.md")}
    assert source <= bundled, f"rules help missing from the build: {sorted(source - bundled)[:5]}"
    assert not (internal / "babel" / "locale-data" / "ja.dat").exists(), "every Babel locale was bundled"
    result = run(built_app, "--lang", "de", "--game", "chess")
    assert result.returncode == 2 and "unbekanntes Spiel" in result.stderr, result.stderr


def test_built_app_starts_in_german(built_app, tmp_path):
    """--lang de from the build: the help and argparse's own words, an error line, and the launcher drawn
    with the German catalog read from the bundle (its picture differs from the English one)."""
    result = run(built_app, "--lang", "de", "--help")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Aufruf: breakaway-box"), result.stdout[:200]
    assert "Optionen:" in result.stdout and "diese Hilfe anzeigen und beenden" in result.stdout
    assert "Seed für eine wiederholbare Partie" in result.stdout
    result = run(built_app, "--lang", "de", "--frames", "many")
    assert result.returncode == 2
    assert "Fehler: Argument --frames: ungültiger Wert für int: 'many'" in result.stderr, result.stderr
    pictures = {}
    for code in ("en", "de"):
        pictures[code] = tmp_path / f"launcher-{code}.png"
        env_home = tmp_path / f"home-{code}"
        result = subprocess.run([str(built_app), "--lang", code, "--headless", "--screenshot", str(pictures[code]),
                                 "--frames", "3"], capture_output=True, text=True, timeout=300,
                                env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
                                     "BREAKAWAY_BOX_HOME": str(env_home)})
        assert result.returncode == 0, result.stderr
        assert pictures[code].stat().st_size > 10_000
    assert pictures["en"].read_bytes() != pictures["de"].read_bytes(), "the launcher drew no German words"


def test_built_app_hyphenates_in_every_language(built_app, tmp_path):
    """pyphen's dictionaries for the app's languages only, and a table drawn in German (its log and panels
    wrap, hyphenated from the German dictionary) from the build."""
    from game.ui.draw import HYPHENATION_DICTIONARIES
    dictionaries = built_app.parent / "_internal" / "pyphen" / "dictionaries"
    bundled = {path.name for path in dictionaries.glob("hyph_*.dic")}
    assert bundled == {f"hyph_{code}.dic" for code in HYPHENATION_DICTIONARIES.values()}
    shot = tmp_path / "rider-de.png"
    result = subprocess.run([str(built_app), "--lang", "de", "--game", "breakaway-rider", "--seats",
                             "human,bot:easy,bot:easy", "--seed", "3", "--headless", "--screenshot", str(shot),
                             "--frames", "40"], capture_output=True, text=True, timeout=300,
                            env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
                                 "BREAKAWAY_BOX_HOME": str(tmp_path / "home")})
    assert result.returncode == 0, result.stderr
    assert shot.stat().st_size > 10_000
    assert list((tmp_path / "home" / "cache").glob("hyphenation-de_DE-*")), \
        "the German dictionary was not read from the bundle (its parsed patterns are kept once read)"


def test_a_plain_start_reads_no_command_line_parser():
    """Double-clicking the app passes no arguments: the launcher opens without importing argparse."""
    script = ("import sys\n"
              "from game.cli import LaunchRequest, request_from_args\n"
              "from game.games import all_specs\n"
              "print(request_from_args([], all_specs()) == LaunchRequest(), 'argparse' in sys.modules)\n")
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["True", "False"]
