"""Paint the launcher as a player's very first start shows it, to ship in ``assets/pictures``.

    python tools/make_start_pictures.py           # write the pictures
    python tools/make_start_pictures.py --check   # exit 1 when a shipped picture is missing or stale

A first start has no picture kept in the user cache yet: it shows the shipped ones (raw pixels, read
straight into the window in about a millisecond; a PNG takes ~8 ms to decode) instead of painting the
title, the tiles and their art (~20 ms and the art's decoding) and the buttons' words.  Made for English at the default interface scale, the first start of most
players; other scales are painted at their first start and kept in the cache as before.
The whole first frame ships too, laid out as the frame a start keeps (``game.quick_start``): a very
first start shows it before the app loads, as a returning player's start shows the kept one.  The other
languages ship that first frame alone, packed (the app paints their launcher after it, and keeps it).
Run it after changing the launcher's art, its words in any language, or the code that paints it.
"""
from __future__ import annotations

import argparse
import io
import os
import sys
import tempfile
import zlib
from pathlib import Path
from typing import TYPE_CHECKING, Iterator

if TYPE_CHECKING:
    import pygame

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

FOLDER = ROOT / "assets" / "pictures"
#: (language, interface scale) of the shipped pictures: what a first start on an English system uses
SHIPPED = (("en", 1.0),)
#: the other languages ship their whole first frame alone, packed (~0.4 MB instead of 3.7; unpacked in a
#: few milliseconds, far less than painting), at the default scale: their first start shows it before
#: the app loads, and the app paints the launcher (and keeps it) after it
FRAME_ONLY_SCALE = 1.0
#: the smoothscale code the title art is scaled with on every x86-64 processor (pygame-ce's default
#: there); ARM machines scale with NEON, so their first start paints the launcher (and keeps it)
SHIPPED_SMOOTHSCALE = "SSE2"


class NotCheckableHere(Exception):
    """This machine cannot scale as the shipped pictures' machines do: it paints instead of showing them."""


def painted_launcher(language: str, ui_scale: float) -> list[tuple[str, str, str, "pygame.Surface"]]:
    """(name, variant, key, picture) of what a first start shows (no saves, default settings but the
    scale): the launcher's backdrop, the band of its buttons at rest and, at the default scale, the
    whole first frame (shown before the app loads: ``game.quick_start``)."""
    import pygame

    from game.app import App
    from game.quick_start import SHIPPED_FRAME, shipped_frame_key
    from game.core.settings import Settings, save_settings
    from game.games import all_specs
    from game.scenes.launcher import LauncherScene
    from game.ui.picture_cache import LAUNCHER, LAUNCHER_FRONT
    from game.ui.theme import CANVAS_SIZE

    backend = pygame.transform.get_smoothscale_backend()
    try:
        pygame.transform.set_smoothscale_backend(SHIPPED_SMOOTHSCALE)  # whatever was set in this process
    except ValueError:
        raise NotCheckableHere(f"this processor scales with {backend}, not {SHIPPED_SMOOTHSCALE}") from None
    user_folder = os.environ.get("BREAKAWAY_BOX_HOME")
    with tempfile.TemporaryDirectory() as home:
        os.environ["BREAKAWAY_BOX_HOME"] = home
        if ui_scale != Settings().ui_scale:
            save_settings(Settings(ui_scale=ui_scale))
        app = App(all_specs(), instant=True, language=language)
        try:
            app.go_to_launcher()
            scene = app.manager.top
            assert isinstance(scene, LauncherScene)
            backdrop = pygame.Surface(CANVAS_SIZE, 0, app.canvas)
            scene.paint_backdrop(backdrop)
            front = scene.front_at_rest_picture(CANVAS_SIZE)
            assert front is not None, "a first start's launcher has its buttons at rest"
            variant = scene.prebuilt_variant()
            pictures = [(LAUNCHER, variant, scene.shown_key(CANVAS_SIZE), backdrop), (LAUNCHER_FRONT, variant, *front)]
            if ui_scale == Settings().ui_scale:
                whole = backdrop.copy()
                whole.blit(front[1], scene.front_band(CANVAS_SIZE))
                pictures.append((SHIPPED_FRAME, variant, shipped_frame_key(language, ui_scale, CANVAS_SIZE), whole))
            return pictures
        finally:
            app.assets.finish_prefetch()
            pygame.quit()
            pygame.transform.set_smoothscale_backend(backend)
            if user_folder is None:
                del os.environ["BREAKAWAY_BOX_HOME"]
            else:
                os.environ["BREAKAWAY_BOX_HOME"] = user_folder


def shipped_frame_about() -> bytes:
    """The line of the shipped first frame before its picture: the caption, blank user folders, the size."""
    from game.app import window_title
    from game.quick_start import DEFAULT_WINDOW

    return "\t".join((window_title(), "", "", "{}x{}".format(*DEFAULT_WINDOW))).encode("utf-8") + b"\n"


def load_shipped(name: str, variant: str, key: str, packed: bool, into: "pygame.Surface") -> bool:
    """Read a shipped picture into ``into`` as the app does; the first frame as ``game.quick_start`` does."""
    from game.quick_start import MAGIC, PACKED_MAGIC, SHIPPED_FRAME
    from game.ui.picture_cache import load_prebuilt, prebuilt_path, read_picture_record

    if name != SHIPPED_FRAME:
        return load_prebuilt(name, variant, key, into)
    magic = PACKED_MAGIC if packed else MAGIC
    try:
        with prebuilt_path(name, variant).open("rb") as file:
            if file.readline(len(magic) + 1) != magic + b"\n" or file.readline(4096) != shipped_frame_about():
                return False
            record = io.BytesIO(zlib.decompress(file.read())) if packed else file
            return read_picture_record(record, key, into)
    except (OSError, zlib.error):
        return False


def save_shipped(name: str, variant: str, key: str, packed: bool, picture: "pygame.Surface") -> Path:
    """Write a picture to ship, in the usual 32-bit layout; the first frame in the kept first frame's layout
    (its picture record packed with zlib when ``packed``)."""
    import pygame

    from game.quick_start import MAGIC, PACKED_MAGIC, SHIPPED_FRAME
    from game.ui.picture_cache import USUAL_MASKS, picture_record, prebuilt_path, save_prebuilt

    if name != SHIPPED_FRAME:
        return save_prebuilt(name, variant, key, picture, FOLDER)
    usual = pygame.Surface(picture.get_size(), 0, 32, USUAL_MASKS)
    usual.blit(picture, (0, 0))
    path = FOLDER / prebuilt_path(name, variant).name
    record = picture_record(key, usual)
    if packed:
        path.write_bytes(PACKED_MAGIC + b"\n" + shipped_frame_about() + zlib.compress(record, 9))
    else:
        path.write_bytes(MAGIC + b"\n" + shipped_frame_about() + record)
    return path


def shipped_pictures() -> Iterator[tuple[str, str, str, "pygame.Surface", bool]]:
    """(name, variant, key, picture, packed) of every picture to ship."""
    from game.i18n import LANGUAGES
    from game.quick_start import SHIPPED_FRAME

    for language, ui_scale in SHIPPED:
        for name, variant, key, picture in painted_launcher(language, ui_scale):
            yield name, variant, key, picture, False
    for language in sorted(set(LANGUAGES) - {language for language, _ in SHIPPED}):
        for name, variant, key, picture in painted_launcher(language, FRAME_ONLY_SCALE):
            if name == SHIPPED_FRAME:
                yield name, variant, key, picture, True


def stale_pictures() -> list[str]:
    """The shipped pictures that are missing or differ from what painting gives now: file name and why."""
    import pygame

    from game.ui.picture_cache import prebuilt_path
    stale = []
    for name, variant, key, picture, packed in shipped_pictures():
        pygame.display.init()
        try:
            shipped = pygame.Surface(picture.get_size(), 0, pygame.display.set_mode((16, 16)))
            if not load_shipped(name, variant, key, packed, shipped):
                stale.append(f"{prebuilt_path(name, variant).name} (missing, or shows other words or sizes: "
                             f"painted for {key})")
            elif pygame.image.tobytes(shipped, "RGB") != pygame.image.tobytes(picture, "RGB"):
                stale.append(f"{prebuilt_path(name, variant).name} (other pixels)")
        finally:
            pygame.quit()
    return stale


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="only check that the shipped pictures are current")
    args = parser.parse_args()
    if args.check:
        try:
            stale = stale_pictures()
        except NotCheckableHere as exc:
            print(f"not checked: {exc}")
            return 0
        if stale:
            print(f"stale: {', '.join(stale)}; run python tools/make_start_pictures.py", file=sys.stderr)
            return 1
        print("the shipped start pictures are current")
        return 0
    import pygame

    FOLDER.mkdir(parents=True, exist_ok=True)
    for old in FOLDER.iterdir():
        old.unlink()
    for name, variant, key, picture, packed in shipped_pictures():
        pygame.display.init()
        try:
            print(save_shipped(name, variant, key, packed, picture).relative_to(ROOT))
        finally:
            pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
