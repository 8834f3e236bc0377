"""Charts saved as PNG files in the player's pictures folder, under names that say what they show and when.

A name already taken gets -2, -3... (a file is created only if it does not exist yet, so nothing is ever
overwritten); a disk problem is told in words on the screen that asked, never a crash.
"""
from __future__ import annotations

import re
import time
from pathlib import Path
from typing import TYPE_CHECKING, Callable

import pygame

from game.core.paths import pictures_dir
from game.i18n import _

if TYPE_CHECKING:
    from game.ui.menu import MenuScene

#: what a file name may not contain (kept readable on every system)
_UNSAFE = re.compile(r"[^A-Za-z0-9_-]+")


def picture_stem(parts: tuple[str, ...], day: str) -> str:
    """'breakout-records-Anna-2024-05-03': what the picture shows, then the day; unsafe characters dropped."""
    words = [_UNSAFE.sub("-", part).strip("-")[:24] for part in parts]
    return "-".join([word for word in words if word] + [day])


def save_picture(picture: pygame.Surface, *parts: str) -> Path:
    """Write ``picture`` as a PNG into the pictures folder under a new name; OSError or pygame.error on a disk
    problem (a partly written file is removed)."""
    folder = pictures_dir()
    stem = picture_stem(parts, time.strftime("%Y-%m-%d"))
    number = 1
    while True:
        path = folder / (f"{stem}.png" if number == 1 else f"{stem}-{number}.png")
        number += 1
        try:
            handle = open(path, "xb")
        except FileExistsError:
            continue
        try:
            with handle:
                pygame.image.save(picture, handle, path.name)
        except BaseException:
            path.unlink(missing_ok=True)
            raise
        return path


def save_and_tell(scene: "MenuScene", paint: Callable[[], pygame.Surface], *parts: str) -> Path | None:
    """Paint a picture, save it and tell the player where it went (or why it could not be saved)."""
    try:
        path = save_picture(paint(), *parts)
    except OSError as exc:
        scene.messages.append(_("The picture could not be saved ({reason}).").format(
            reason=exc.strerror or exc.__class__.__name__))
    except pygame.error as exc:
        scene.messages.append(_("The picture could not be saved ({reason}).").format(reason=exc))
    else:
        scene.app.manager.push(scene.app.scenes.dialog(
            _("Picture saved"), _("The picture was saved as:\n\n{path}").format(path=path), [(_("OK"), lambda: None)]))
        return path
    scene.show_messages()
    return None
