"""Pictures kept between runs in the user cache folder, so that a screen which looks the same
at every start (the launcher's table, title and tiles) is one file read instead of a painting.

A picture is stored with the key it was painted for: the caller puts in it everything the
picture shows (text, scale, size, the art files) and ``source_stamp`` of the code that paints
it, so a new version, an edited source file or different art paints it again.  The last few
keys of a name are kept side by side (the launcher looks different with a game to continue), the
least recently shown going first.  A file that is missing, stale, truncated or unreadable is
simply painted again and rewritten; the cache never stops the app, and deleting the folder is
always safe.

A file holds a header line, the key, the size and pixel layout and then the raw pixels, read
straight into the surface in a fraction of a millisecond (a PNG of it would take several to decode).

The very first start has nothing kept yet, so the app ships its launcher as the player first sees
it (English, the default interface scale: ``tools/make_start_pictures.py``) in ``assets/pictures``,
in the same format: read straight into the window's surface when its pixel layout is the usual
32-bit one the pictures are made in, else read into a surface of that layout and blitted (~1 ms).
A shipped picture's key names only what it shows (no file times, which differ between copies of
the app); ``tests/ui/test_start_up.py`` checks that painting gives the same pixels, so a change to
the art or the code that paints it has the pictures made again.
"""
from __future__ import annotations

import os
import sys
import tempfile
import zlib
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

import pygame

from game.core.paths import cache_dir, resource_path

if TYPE_CHECKING:
    from threading import Thread

#: the first line of every picture file; a new layout of the file gets a new number
MAGIC = b"BreakawayBox picture 1"
SUFFIX = ".picture"
#: pictures kept of one name; painting another key drops the least recently shown
KEEP = 3
#: the launcher's static art (see LauncherScene.draw_backdrop), and its first frame's lower band with
#: the buttons at rest (LauncherScene.draw)
LAUNCHER = "launcher"
LAUNCHER_FRONT = "launcher_front"
#: the pixel layout shipped pictures are made in (32-bit XRGB, the usual window surface)
USUAL_MASKS = (0xFF0000, 0xFF00, 0xFF, 0)
#: pictures shipped with the app, inside its resources
PREBUILT_FOLDER = ("assets", "pictures")


def picture_path(name: str, key: str) -> Path:
    """The file for ``name`` painted for ``key`` (named by a checksum; the file holds the whole key)."""
    return cache_dir() / f"{name}-{zlib.crc32(key.encode('utf-8')):08x}{SUFFIX}"


def kept_pictures(name: str) -> list[Path]:
    """The files kept for ``name``, most recently shown first."""
    try:
        with os.scandir(cache_dir()) as entries:
            found = [(entry.stat().st_mtime_ns, entry.path) for entry in entries
                     if entry.name.startswith(name + "-") and entry.name.endswith(SUFFIX)]
    except OSError:
        return []
    return [Path(path) for _, path in sorted(found, reverse=True)]


def has_picture(name: str) -> bool:
    """Whether any picture of that name was kept (``load_picture`` checks it is the one wanted)."""
    return bool(kept_pictures(name))


def prebuilt_path(name: str, variant: str) -> Path:
    """The shipped picture of ``name`` for ``variant`` (e.g. ``en-1.0``: language and interface scale)."""
    return resource_path(*PREBUILT_FOLDER, f"{name}-{variant}{SUFFIX}")


def prebuilt_variant(language: str, ui_scale: float) -> str:
    """The part of a shipped picture's name a start can tell before anything is laid out."""
    return f"{language}-{ui_scale}"


def has_prebuilt(name: str, variant: str) -> bool:
    """Whether the app ships a picture of that name for this language and scale."""
    return prebuilt_path(name, variant).is_file()


def load_prebuilt(name: str, variant: str, key: str, into: pygame.Surface) -> bool:
    """Read the shipped picture into ``into`` when it was painted for ``key`` at ``into``'s size;
    False otherwise (``into`` may then hold part of it: the caller paints)."""
    return _read_picture(prebuilt_path(name, variant), key, into)


def save_prebuilt(name: str, variant: str, key: str, picture: pygame.Surface, folder: Path) -> Path:
    """Write a picture to ship into ``folder`` (``tools/make_start_pictures.py``), in the usual 32-bit layout."""
    usual = pygame.Surface(picture.get_size(), 0, 32, USUAL_MASKS)
    usual.blit(picture, (0, 0))
    path = folder / f"{name}-{variant}{SUFFIX}"
    path.write_bytes(_header(key, usual) + usual.get_buffer().raw)
    return path


def painting_code() -> tuple[object, ...]:
    """The pygame-ce, SDL, SDL_ttf, SDL_image and smoothscale code (SSE2 on every x86-64 processor, NEON
    on ARM ones) that draw, decode and scale a picture: part of a shipped picture's key, the same on
    every copy of the app on such machines."""
    return (pygame.version.ver, pygame.get_sdl_version(), pygame.font.get_sdl_ttf_version(),
            pygame.image.get_sdl_image_version(), pygame.transform.get_smoothscale_backend())


def source_stamp(*files: str | None) -> tuple[object, ...]:
    """Size and time of change of source files (``module.__file__``), and of the executable when
    frozen (a build keeps its modules inside it): part of a key, so that edited code paints again."""
    if getattr(sys, "frozen", False):
        files = (*files, sys.executable)
    stamp: list[object] = [pygame.version.ver]
    for file in files:
        try:
            status = os.stat(file) if file else None
        except OSError:
            status = None
        stamp.append((status.st_size, status.st_mtime_ns) if status else None)
    return tuple(stamp)


def folder_stamp(folder: Path) -> tuple[tuple[str, int, int], ...]:
    """Name, size and time of change of every file in a folder (art the picture shows)."""
    try:
        with os.scandir(folder) as entries:
            return tuple(sorted((entry.name, entry.stat().st_size, entry.stat().st_mtime_ns) for entry in entries
                                if entry.is_file()))
    except OSError:
        return ()


def load_picture(name: str, key: str, into: pygame.Surface) -> bool:
    """Read the kept picture straight into ``into``'s pixels when it was stored for ``key`` from a
    surface of the same size (and, to be read straight in, the same pixel layout: the window's).

    False when there is none or it does not fit; ``into`` may then hold part of it: the caller paints.
    """
    try:
        path = picture_path(name, key)
    except OSError:
        return False
    if not _read_picture(path, key, into):
        return False
    try:
        os.utime(path)  # recently shown: kept longest
    except OSError:
        pass  # dropped meanwhile by another start: the picture was read all the same
    return True


def _read_picture(path: Path, key: str, into: pygame.Surface) -> bool:
    """A picture file's pixels into ``into``: straight in when the layouts agree, through a surface
    of the file's layout when it is another 32-bit one of the same size."""
    try:
        with path.open("rb") as file:
            return read_picture_record(file, key, into)
    except OSError:
        return False


def read_picture_record(file: BinaryIO, key: str, into: pygame.Surface) -> bool:
    """A picture as a file holds it from where ``file`` stands (header, key, layout, pixels, the end)."""
    try:
        if file.readline(len(MAGIC) + 1) != MAGIC + b"\n":  # reads no more than it expects
            return False
        line = key.encode("utf-8") + b"\n"
        if file.readline(len(line)) != line:
            return False
        layout = _layout(into) + b"\n"
        stored = file.readline(len(layout) + 64)
        if stored == layout:
            target = into
        else:
            target = _surface_of_layout(stored, into.get_size())
            if target is None:
                return False
        pixels = target.get_view("0")  # the surface stays locked while this view lives
        try:
            if file.readinto(pixels) != pixels.length or file.read(1):
                return False
        finally:
            del pixels
    except (OSError, ValueError, pygame.error):
        return False
    if target is not into:
        into.blit(target, (0, 0))
    return True


def picture_record(key: str, picture: pygame.Surface) -> bytes:
    """``picture`` as a file holds it (what ``read_picture_record`` reads)."""
    return _header(key, picture) + picture.get_buffer().raw


def _surface_of_layout(layout: bytes, size: tuple[int, int]) -> pygame.Surface | None:
    """A surface laid out as a file says (32-bit, rows unpadded, the given size), else None."""
    numbers = [int(word) for word in layout.split()]
    if len(numbers) != 8 or tuple(numbers[:2]) != size or numbers[2] != 32 or numbers[3] != size[0] * 4:
        return None
    surface = pygame.Surface(size, 0, 32, numbers[4:])
    return surface if _layout(surface) + b"\n" == layout else None


def store_picture(name: str, key: str, picture: pygame.Surface) -> "Thread | None":
    """Keep ``picture`` for ``key``; the file is written on a worker thread, so the frame just
    painted is shown meanwhile.  The thread is not a daemon: quitting waits for a whole file.
    None when there is no cache folder to write to or no thread to write with (nothing is kept)."""
    import threading  # only when a picture is painted: a start from kept pictures runs no thread

    header = _header(key, picture)
    try:
        writer = threading.Thread(target=_write, args=(name, picture_path(name, key), header,
                                                       picture.get_buffer().raw), name=f"keep-picture-{name}")
        writer.start()
    except (OSError, RuntimeError):
        return None
    return writer


def _header(key: str, picture: pygame.Surface) -> bytes:
    if "\n" in key:
        raise ValueError("a picture key is one line")
    return b"\n".join((MAGIC, key.encode("utf-8"), _layout(picture), b""))


def _layout(surface: pygame.Surface) -> bytes:
    """Size and pixel layout: raw pixels are read straight into a surface laid out the same."""
    width, height = surface.get_size()
    numbers = (width, height, surface.get_bitsize(), surface.get_pitch(), *surface.get_masks())
    return " ".join(str(number) for number in numbers).encode("ascii")


def _write(name: str, path: Path, header: bytes, pixels: bytes) -> None:
    """Write the picture so a reader never sees half of it; then drop the least recently shown
    pictures of that name beyond KEEP."""
    if not write_file_atomically(path, header, pixels):
        return  # a folder we cannot write to: the picture is painted at every start instead
    for old in [kept for kept in kept_pictures(name) if kept != path][KEEP - 1:]:
        try:
            old.unlink()
        except OSError:
            pass


def write_file_atomically(path: Path, *parts: bytes) -> bool:
    """Write ``parts`` to a temporary file beside ``path`` and rename it over ``path``, so a reader
    never sees half a file; False (nothing changed) when the folder cannot be written to."""
    try:
        fd, temporary = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    except OSError:
        return False
    try:
        with os.fdopen(fd, "wb") as handle:
            for part in parts:
                handle.write(part)
        os.replace(temporary, path)
    except OSError:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        return False
    return True
