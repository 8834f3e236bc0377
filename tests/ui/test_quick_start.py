"""A start without arguments shows the launcher frame the last such start kept before the app loads:
exactly the frame the app draws, only for the very start it was kept for (settings, saved games,
language, build, screen), and a missing, damaged or stale file costs nothing but that head start.
A very first start shows the frame shipped for its language the same way."""
from __future__ import annotations

import os
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from game import quick_start
from game.ui import picture_cache

ROOT = Path(__file__).resolve().parents[2]

#: run in a process of its own: whether the kept frame was shown, and a checksum of the window's pixels
SHOW = """
import sys, zlib
sys.path.insert(0, sys.argv[1])
from game.quick_start import show_kept_launcher
shown = show_kept_launcher()
import pygame
window = pygame.display.get_surface()
print(shown, zlib.crc32(window.get_buffer().raw) if shown else 0)
"""


def environment(home: Path, language: str = "en") -> dict[str, str]:
    return {**os.environ, "BREAKAWAY_BOX_HOME": str(home), "LANGUAGE": language, "SDL_VIDEODRIVER": "dummy",
            "SDL_AUDIODRIVER": "dummy"}


def start_and_quit(home: Path, *arguments: str, language: str = "en") -> None:
    """A start as a player makes it, the launcher shown for a few frames and quit."""
    result = subprocess.run([sys.executable, str(ROOT / "main.py"), "--frames", "3", *arguments], cwd=ROOT,
                            capture_output=True, text=True, env=environment(home, language), timeout=120)
    assert result.returncode == 0, result.stderr


def show_kept(home: Path, language: str = "en") -> tuple[bool, int]:
    result = subprocess.run([sys.executable, "-c", SHOW, str(ROOT)], capture_output=True, text=True,
                            env=environment(home, language), timeout=120, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    shown, checksum = result.stdout.split()[-2:]
    return shown == "True", int(checksum)


def settings_saved(home: Path) -> Path:
    """A returning player's user folder (settings saved): no start of it shows a shipped first frame."""
    (home / "config").mkdir(parents=True)
    (home / "config" / "settings.json").write_text('{"ui_scale": 1.0}', encoding="utf-8")
    return home


def kept_file(home: Path) -> Path:
    return home / "cache" / quick_start.FILE_NAME


def kept_pixels_checksum(home: Path) -> int:
    content = kept_file(home).read_bytes()
    width, height = (int(n) for n in content.split(b"\n")[1].split(b"\t")[-1].split(b"x"))
    return zlib.crc32(content[-width * height * 4:])


def test_the_folder_is_the_user_cache_folder_platformdirs_names(monkeypatch):
    import platformdirs
    monkeypatch.delenv("BREAKAWAY_BOX_HOME", raising=False)
    assert quick_start.first_frame_folder() == Path(platformdirs.user_cache_dir(quick_start.APP_NAME,
                                                                                appauthor=False))


def test_the_next_plain_start_shows_the_frame_the_app_draws_before_loading_it(tmp_path):
    home = settings_saved(tmp_path / "home")
    assert show_kept(home) == (False, 0)  # nothing kept yet
    start_and_quit(home)
    shown, checksum = show_kept(home)
    assert shown and checksum == kept_pixels_checksum(home)
    written = kept_file(home).stat().st_mtime_ns
    start_and_quit(home)  # the app drew the very frame kept: the file is left as it is
    assert kept_file(home).stat().st_mtime_ns == written


def test_a_start_with_arguments_keeps_nothing_and_shows_nothing(tmp_path):
    home = tmp_path / "home"
    start_and_quit(home, "--lang", "de")
    assert not kept_file(home).exists()


@pytest.mark.parametrize("change", ["settings", "saved game", "language"])
def test_the_frame_is_shown_only_to_the_start_it_was_kept_for(tmp_path, change):
    home = settings_saved(tmp_path / "home")
    start_and_quit(home)
    language = "en"
    if change == "settings":
        (home / "config").mkdir(parents=True, exist_ok=True)
        (home / "config" / "settings.json").write_text('{"ui_scale": 1.25}', encoding="utf-8")
    elif change == "saved game":
        (home / "data" / "saves").mkdir(parents=True, exist_ok=True)
        (home / "data" / "saves" / "autosave-breakout.json").write_text("{}", encoding="utf-8")
    else:
        language = "de"
    assert show_kept(home, language) == (False, 0)


@pytest.mark.parametrize("damage", ["truncated", "garbage", "empty"])
def test_a_damaged_file_is_not_shown_and_the_next_start_keeps_a_good_one(tmp_path, damage):
    home = settings_saved(tmp_path / "home")
    start_and_quit(home)
    path = kept_file(home)
    good = path.read_bytes()
    path.write_bytes({"truncated": good[:-1000], "garbage": b"\x00" * 5000, "empty": b""}[damage])
    assert show_kept(home) == (False, 0)
    start_and_quit(home)
    assert path.read_bytes() == good


def test_a_kept_frame_that_no_longer_matches_what_the_app_draws_is_kept_again(tmp_path):
    """A change the key cannot see (a source file edited in place) shows the old frame once, then the new."""
    home = tmp_path / "home"
    start_and_quit(home)
    path = kept_file(home)
    good = path.read_bytes()
    stale = good[:-4000] + bytes(4000)  # the same key, other pixels at the bottom
    path.write_bytes(stale)
    assert show_kept(home)[0]
    start_and_quit(home)
    assert path.read_bytes() == good


def test_the_record_inside_is_the_picture_cache_layout(tmp_path):
    home = tmp_path / "home"
    start_and_quit(home)
    lines = kept_file(home).read_bytes().split(b"\n", 3)
    assert lines[0] == quick_start.MAGIC and lines[2] == picture_cache.MAGIC


def test_a_display_that_will_not_open_leaves_the_start_to_the_app(tmp_path):
    home = tmp_path / "home"
    start_and_quit(home)
    result = subprocess.run([sys.executable, "-c", SHOW, str(ROOT)], capture_output=True, text=True, cwd=ROOT,
                            env={**environment(home), "SDL_VIDEODRIVER": "no-such-driver"}, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split()[-2:] == ["False", "0"]


#: SHOW with the shipped first frame read from another file (a damaged or stale copy)
SHOW_SHIPPED_FROM = """
import sys
sys.path.insert(0, sys.argv[1])
from pathlib import Path
from game import quick_start
quick_start.shipped_frame_path = lambda *args: Path(sys.argv[2])
""" + SHOW


def show_shipped_from(home: Path, shipped: Path, language: str) -> tuple[bool, int]:
    result = subprocess.run([sys.executable, "-c", SHOW_SHIPPED_FROM, str(ROOT), str(shipped)], capture_output=True,
                            text=True, env=environment(home, language), timeout=120, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    shown, checksum = result.stdout.split()[-2:]
    return shown == "True", int(checksum)


@pytest.mark.parametrize("language", ["en", "de", "fr", "it"])
def test_a_very_first_start_shows_the_frame_shipped_for_its_language_that_the_app_then_draws(tmp_path, language):
    home = tmp_path / "home"
    shown, checksum = show_kept(home, language)
    assert shown, "nothing kept yet: the frame shipped for a very first start"
    assert not (home / "config").exists() and not (home / "data").exists(), "looking made no user folder"
    start_and_quit(home, language=language)
    assert checksum == kept_pixels_checksum(home), "the shipped frame is exactly the first frame the app draws"


@pytest.mark.parametrize("change", ["settings", "saved game"])
def test_the_shipped_frame_is_shown_only_to_a_very_first_start(tmp_path, change):
    home = tmp_path / "home"
    if change == "settings":
        (home / "config").mkdir(parents=True)
        (home / "config" / "settings.json").write_text('{"language": "de"}', encoding="utf-8")
    else:
        (home / "data" / "saves").mkdir(parents=True)
        (home / "data" / "saves" / "autosave-breakout.json").write_text("{}", encoding="utf-8")
    assert show_kept(home) == (False, 0)


@pytest.mark.parametrize("language", ["en", "de"])  # English as it is, German packed
@pytest.mark.parametrize("damage", ["truncated", "garbage", "empty", "missing", "another version"])
def test_a_damaged_or_stale_shipped_frame_is_not_shown(tmp_path, damage, language):
    good_path = quick_start.shipped_frame_path(language)
    good = good_path.read_bytes()
    shipped = tmp_path / "first_frame.picture"
    if damage == "another version":
        version_at = b"'shipped first frame', '"
        if language == "en":
            shipped.write_bytes(good.replace(version_at, version_at + b"0.", 1))
        else:
            head, about, packed = good.split(b"\n", 2)
            record = zlib.decompress(packed).replace(version_at, version_at + b"0.", 1)
            shipped.write_bytes(b"\n".join((head, about, zlib.compress(record))))
        assert shipped.read_bytes() != good
    elif damage != "missing":
        shipped.write_bytes({"truncated": good[:-1000], "garbage": b"\x00" * 5000, "empty": b""}[damage])
    assert show_shipped_from(tmp_path / "home", shipped, language) == (False, 0)
    assert show_shipped_from(tmp_path / "home", good_path, language)[0], "the good one is shown"


def test_the_shipped_frame_waits_for_a_screen_that_holds_the_default_window():
    assert quick_start._default_window_fits("dummy", [])
    assert quick_start._default_window_fits("x11", [(1920, 1080)])
    assert not quick_start._default_window_fits("x11", [(1366, 700)])
    assert not quick_start._default_window_fits("x11", [])


def test_the_user_folders_are_the_ones_platformdirs_names(monkeypatch):
    import platformdirs
    from game.core import paths
    monkeypatch.delenv("BREAKAWAY_BOX_HOME", raising=False)
    assert quick_start.user_settings_file().parent == Path(platformdirs.user_config_dir(paths.APP_NAME,
                                                                                        appauthor=False))
    assert quick_start.user_saves_folder().parent == Path(platformdirs.user_data_dir(paths.APP_NAME,
                                                                                     appauthor=False))
