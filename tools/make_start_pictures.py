"""Paint the launcher as a player's very first start shows it, to ship in ``assets/pictures``.

    python tools/make_start_pictures.py           # write the pictures
    python tools/make_start_pictures.py --check   # exit 1 when a shipped picture is missing or stale

A first start has no picture kept in the user cache yet: it shows the shipped ones (raw pixels, read
straight into the window in about a millisecond; a PNG takes ~8 ms to decode) instead of painting the
title, the tiles and their art (~20 ms and the art's decoding) and the buttons' words.  Made for English at the default interface scale, the first start of most
players; other languages and scales are painted at their first start and kept in the cache as before.
Run it after changing the launcher's art, its words in English, or the code that paints it.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

FOLDER = ROOT / "assets" / "pictures"
#: (language, interface scale) of the shipped pictures: what a first start on an English system uses
SHIPPED = (("en", 1.0),)
#: the smoothscale code the title art is scaled with on every x86-64 processor (pygame-ce's default
#: there); ARM machines scale with NEON, so their first start paints the launcher (and keeps it)
SHIPPED_SMOOTHSCALE = "SSE2"


class NotCheckableHere(Exception):
    """This machine cannot scale as the shipped pictures' machines do: it paints instead of showing them."""


def painted_launcher(language: str, ui_scale: float) -> list[tuple[str, str, str, "pygame.Surface"]]:
    """(name, variant, key, picture) of what a first start shows (no saves, default settings but the
    scale): the launcher's backdrop and the band of its buttons at rest."""
    import pygame

    from game.app import App
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
            return [(LAUNCHER, variant, scene.shown_key(CANVAS_SIZE), backdrop), (LAUNCHER_FRONT, variant, *front)]
        finally:
            app.assets.finish_prefetch()
            pygame.quit()
            pygame.transform.set_smoothscale_backend(backend)
            if user_folder is None:
                del os.environ["BREAKAWAY_BOX_HOME"]
            else:
                os.environ["BREAKAWAY_BOX_HOME"] = user_folder


def stale_pictures() -> list[str]:
    """The shipped pictures that are missing or differ from what painting gives now: file name and why."""
    import pygame

    from game.ui.picture_cache import load_prebuilt, prebuilt_path
    stale = []
    for language, ui_scale in SHIPPED:
        for name, variant, key, picture in painted_launcher(language, ui_scale):
            pygame.display.init()
            try:
                shipped = pygame.Surface(picture.get_size(), 0, pygame.display.set_mode((16, 16)))
                if not load_prebuilt(name, variant, key, shipped):
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

    from game.ui.picture_cache import save_prebuilt
    FOLDER.mkdir(parents=True, exist_ok=True)
    for old in FOLDER.iterdir():
        old.unlink()
    for language, ui_scale in SHIPPED:
        for name, variant, key, picture in painted_launcher(language, ui_scale):
            pygame.display.init()
            try:
                print(save_prebuilt(name, variant, key, picture, FOLDER).relative_to(ROOT))
            finally:
                pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
