"""The launcher on screen before the app has loaded, at a start without arguments (a double-click).

Such a start opens on the launcher, and the launcher looks the same at every start until something
it shows changes.  After it, the app keeps its first frame in the user cache under a key made of
what that frame depends on and what can be read without loading the app: the build (the
executable, or the source folders), the settings file's bytes, the saved games, the language
environment and the screen's size.  The next start whose key is the same opens the window and shows
that frame before it imports the rest of the app; the app then draws the same frame itself.

The frame the app draws is compared with the one kept, so a key that missed a change (a source file
edited in place) costs one start a frame shown ~30 ms before the right one, and the right one is kept.
A missing, stale or damaged file only means the app draws the first frame itself, as it always could.

A very first start has kept nothing yet: when nothing in the user folders can change the launcher (no
settings file, no saved game) and the default window fits the screen, it shows the first frame shipped
for the system's language in ``assets/pictures`` (``tools/make_start_pictures.py``, in the layout of
the kept one; packed but for English) under a key of what it shows (version, language, size and the
drawing code), and the app draws the same frame itself after it; the tests check the pixels agree.

Imports no more than a bare pygame-ce window does, plus ``game.ui.picture_cache`` for the pixels.
"""
from __future__ import annotations

import io
import os
import sys
import time
import zlib
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO, Callable

if TYPE_CHECKING:
    from threading import Thread

    import pygame

#: the first line of the file, before the window's caption, the user folders and the picture record
MAGIC = b"BreakawayBox first frame 1"
#: the first line of a file whose picture record is packed with zlib (a shipped frame of a language
#: other than English: a tenth of the size, unpacked in a few milliseconds)
PACKED_MAGIC = MAGIC + b", packed"
FILE_NAME = "first_frame.picture"
#: what the app prints at its first frame when asked (the benchmark reads it): printed for this frame
REPORT_FIRST_FRAME = "BREAKAWAY_BOX_REPORT_FIRST_FRAME"
APP_NAME = "BreakawayBox"
_ROOT = Path(__file__).resolve().parents[1]
#: folders of the source tree the launcher is drawn from: a file added, removed or saved by renaming
#: (as most editors save) changes the folder's time
SOURCE_FOLDERS = ("game", "game/ui", "game/scenes", "game/core", "game/locale", "assets", "assets/pictures",
                  "assets/sprites")
#: the window a very first start opens (the default settings' size), and the interface scale of the
#: first frames shipped for it
DEFAULT_WINDOW = (1280, 720)
#: the shipped first frame's file is named like the shipped pictures: ``first_frame-en-1.0.picture``
SHIPPED_FRAME = "first_frame"
SHIPPED_UI_SCALE = 1.0


def first_frame_folder() -> Path:
    """Where the first frame is kept: the user cache folder (both the start and the app use this)."""
    return _user_folder("cache")


#: per kind of user folder: the XDG variable and its default under the home folder (Linux), the folder
#: under ~/Library (macOS) and the one under the app's folder in LOCALAPPDATA (Windows)
_USER_FOLDERS = {"config": ("XDG_CONFIG_HOME", ".config", "Application Support", ""),
                 "data": ("XDG_DATA_HOME", ".local/share", "Application Support", ""),
                 "cache": ("XDG_CACHE_HOME", ".cache", "Caches", "Cache")}


def _user_folder(kind: str) -> Path:
    """The user's config, data or cache folder (``kind``) as platformdirs names it (``game.core.paths``)
    on Linux, macOS and Windows, worked out without importing platformdirs and without making it."""
    home = os.environ.get("BREAKAWAY_BOX_HOME")
    if home:
        return Path(home) / kind
    variable, default, mac_folder, windows_folder = _USER_FOLDERS[kind]
    if sys.platform == "win32":
        local = os.environ.get("LOCALAPPDATA") or str(Path.home() / "AppData" / "Local")
        return Path(local) / APP_NAME / windows_folder  # an empty name adds nothing
    if sys.platform == "darwin":
        return Path.home() / "Library" / mac_folder / APP_NAME
    return Path(os.environ.get(variable, "").strip() or str(Path.home() / default)) / APP_NAME


def user_settings_file() -> Path:
    """Where the app keeps its settings (``game.core.settings.settings_path``)."""
    return _user_folder("config") / "settings.json"


def user_saves_folder() -> Path:
    """Where the app keeps saved games (``game.core.saves.saves_dir``)."""
    return _user_folder("data") / "saves"


def shipped_frame_path(language: str, ui_scale: float = SHIPPED_UI_SCALE) -> Path:
    """The first frame shipped for a very first start in that language at that interface scale."""
    return _resource_root() / "assets" / "pictures" / f"{SHIPPED_FRAME}-{language}-{ui_scale}.picture"


def shipped_frame_key(language: str, ui_scale: float, size: tuple[int, int]) -> str:
    """What a shipped first frame shows that a start can tell without loading the app: the version (and
    with it the games and their words), the language, the scale, the window's size and the drawing code."""
    from game import __version__
    from game.ui.picture_cache import painting_code

    return repr(("shipped first frame", __version__, painting_code(), language, ui_scale, tuple(size)))


def _stamp(path: Path | str) -> tuple[int, int] | None:
    try:
        status = os.stat(path)
    except OSError:
        return None
    return status.st_size, status.st_mtime_ns


def _listing(folder: str) -> tuple[tuple[str, int, int], ...]:
    try:
        with os.scandir(folder) as entries:
            return tuple(sorted((entry.name, entry.stat().st_size, entry.stat().st_mtime_ns) for entry in entries))
    except OSError:
        return ()


def start_key(settings_file: str, saves_folder: str, desktop: list[tuple[int, int]]) -> str:
    """Everything the launcher's first frame depends on that a start can read before it loads the app."""
    from game import __version__

    if getattr(sys, "frozen", False):
        build: object = _stamp(sys.executable)
    else:
        build = tuple(_stamp(_ROOT / folder) for folder in (*SOURCE_FOLDERS, "main.py"))
    try:
        with open(settings_file, "rb") as file:
            settings: int | None = zlib.crc32(file.read())
    except OSError:
        settings = None
    language = tuple(os.environ.get(name, "") for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"))
    return repr((__version__, sys.version_info[:3], build, settings_file, settings, saves_folder,
                 _listing(saves_folder), language, tuple(desktop)))


def show_kept_launcher() -> bool:
    """Open the window and show the kept first frame if it was kept for this very start, else the shipped
    one if this is the very first start it was made for; True if shown.  Anything in the way (no file,
    another start's, a damaged one, a display that will not open) leaves the window to the app, which
    opens it and draws the launcher as always."""
    return _shown(first_frame_folder() / FILE_NAME, _kept_key) or _shown_shipped()


def _shown(path: Path, key_for: Callable[[str, str, tuple[int, int]], str | None]) -> bool:
    """Whether the frame in ``path`` was shown (see ``_show_frame``); nothing in the way ever raises."""
    import pygame

    try:
        return _show_frame(path, key_for)
    except (OSError, ValueError, UnicodeDecodeError, zlib.error, pygame.error):
        return False


def _shown_shipped() -> bool:
    """Whether the frame shipped for a very first start in the system's language was shown."""
    try:
        if not _nothing_kept_changes_the_launcher():
            return False
    except OSError:
        return False
    from game.i18n import system_language  # the app asks the same when no settings choose a language

    language = system_language()

    def shipped_key(settings: str, saves: str, size: tuple[int, int]) -> str | None:
        return _shipped_key(language, size)

    return _shown(shipped_frame_path(language), shipped_key)


def _kept_key(settings: str, saves: str, size: tuple[int, int]) -> str | None:
    import pygame

    return start_key(settings, saves, pygame.display.get_desktop_sizes())


def _shipped_key(language: str, size: tuple[int, int]) -> str | None:
    """The shipped frame's key when this start opens the window it was made for, else None."""
    import pygame

    if size != DEFAULT_WINDOW or not _default_window_fits(pygame.display.get_driver(),
                                                          pygame.display.get_desktop_sizes()):
        return None
    return shipped_frame_key(language, SHIPPED_UI_SCALE, size)


def _default_window_fits(driver: str, desktops: list[tuple[int, int]]) -> bool:
    """Whether the app opens its default window at its own size (``game.app.fitted_window_size``): on a
    screen at least that large, or with no screen (the dummy driver, which caps nothing)."""
    if driver == "dummy":
        return True
    return bool(desktops) and desktops[0][0] >= DEFAULT_WINDOW[0] and desktops[0][1] >= DEFAULT_WINDOW[1]


def _nothing_kept_changes_the_launcher() -> bool:
    """No settings file (so the default language, scale and window) and no saved game (no game to
    continue): the launcher a very first start draws."""
    return not user_settings_file().exists() and not _listing(str(user_saves_folder()))


def _show_frame(path: Path, key_for: Callable[[str, str, tuple[int, int]], str | None]) -> bool:
    """Open the window and show the frame in ``path`` when its key is ``key_for(settings file, saves
    folder, window size)`` as the file names them."""
    import pygame

    from game.ui.picture_cache import MAGIC as PICTURE_MAGIC
    from game.ui.picture_cache import read_picture_record

    with path.open("rb") as file:
        magic = file.readline(len(PACKED_MAGIC) + 1)
        if magic not in (MAGIC + b"\n", PACKED_MAGIC + b"\n"):
            return False
        caption, settings, saves, size = file.readline(4096).decode("utf-8").rstrip("\n").split("\t")
        width, height = (int(number) for number in size.split("x"))
        pygame.display.init()
        key = key_for(settings, saves, (width, height))
        if key is None:
            return False
        record: BinaryIO = io.BytesIO(zlib.decompress(file.read())) if magic == PACKED_MAGIC + b"\n" else file
        start = record.tell()
        line = key.encode("utf-8") + b"\n"
        if record.readline(len(PICTURE_MAGIC) + 1) != PICTURE_MAGIC + b"\n" or record.readline(len(line)) != line:
            return False  # kept for another start
        record.seek(start)
        pygame.display.set_caption(caption)
        try:  # before the window opens, as the app does (else pygame-ce loads its own icon)
            pygame.display.set_icon(pygame.image.load(str(_resource_root() / "assets" / "icon.png")))
        except (OSError, pygame.error):
            pass
        window = pygame.display.set_mode((width, height), pygame.RESIZABLE)
        if not read_picture_record(record, key, window):
            return False
    pygame.display.flip()
    if os.environ.pop(REPORT_FIRST_FRAME, None):
        print(time.time(), time.process_time(), flush=True)
    return True


def _resource_root() -> Path:
    return Path(getattr(sys, "_MEIPASS", _ROOT))


def keep_first_frame(window: "pygame.Surface", caption: str, settings_file: Path,
                     saves_folder: Path) -> "Thread | None":
    """Keep the frame the app just drew as its first, for the next start; written on a worker
    thread (not a daemon: quitting waits for a whole file), and not at all when the same is kept."""
    import threading

    import pygame

    key = start_key(str(settings_file), str(saves_folder), pygame.display.get_desktop_sizes())
    content = frame_file(caption, str(settings_file), str(saves_folder), key, window)
    if content is None:
        return None
    writer = threading.Thread(target=_write_unless_same, args=(first_frame_folder() / FILE_NAME, content),
                              name="keep-first-frame")
    try:
        writer.start()
    except RuntimeError:
        return None
    return writer


def frame_file(caption: str, settings: str, saves: str, key: str, window: "pygame.Surface") -> bytes | None:
    """A first frame as the file holds it (kept, or shipped with blank user folders); None when the
    caption or a folder's name cannot be written on its line."""
    from game.ui.picture_cache import picture_record

    about = "\t".join((caption, settings, saves, "{}x{}".format(*window.get_size())))
    if "\n" in about or about.count("\t") != 3:
        return None
    return MAGIC + b"\n" + about.encode("utf-8") + b"\n" + picture_record(key, window)


def _write_unless_same(path: Path, content: bytes) -> None:
    """Write the file whole (a reader never sees half a frame), unless it holds this already."""
    from game.ui.picture_cache import write_file_atomically

    try:
        if path.stat().st_size == len(content) and path.read_bytes() == content:
            return
    except OSError:
        pass
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError:
        return
    write_file_atomically(path, content)
