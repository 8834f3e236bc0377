"""No screen draws text smaller than 14 px at 1280x720 (ART.md: numbers on pieces are the smallest).

Every screen of the monkey test is opened and driven for a few dozen frames of
random input (so hover, focus and previews draw too) while two things are
watched: every font created (the theme's or any other), and every rendered
text that is scaled afterwards (a label squeezed to fit).  Offenders are
listed with the screen, the size and the line of code that asked for it.
"""
from __future__ import annotations

import sys
import traceback
import weakref
from pathlib import Path

import pygame
import pytest

from game.ui.theme import MIN_FONT_PX

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))

import monkey  # noqa: E402

FRAMES = 40
ROOT = Path(__file__).resolve().parents[1]
#: pygame's default font draws smaller than its nominal size; the theme asks it for 1.5x
DEFAULT_FONT_FACTOR = 1.5


def _caller() -> str:
    """The first line of the app's own code outside the theme that led here."""
    for frame in reversed(traceback.extract_stack()[:-2]):
        path = Path(frame.filename)
        if ROOT / "game" in path.parents and path.name != "theme.py":
            return f"{path.relative_to(ROOT)}:{frame.lineno}"
    return "?"


class TextWatch:
    """Records fonts below the minimum and rendered text scaled below it."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.offenders: dict[str, str] = {}
        self.renders = 0
        self.rendered: weakref.WeakKeyDictionary[pygame.Surface, float] = weakref.WeakKeyDictionary()
        watch = self
        original_font = pygame.font.Font

        class WatchedFont(original_font):  # type: ignore[misc, valid-type]
            def __init__(self, file=None, size: int = 20, *args, **kwargs) -> None:
                super().__init__(file, size, *args, **kwargs)
                self.pixels = size / DEFAULT_FONT_FACTOR if file is None else size
                if self.pixels < MIN_FONT_PX - 0.01:
                    watch.offend(_caller(), f"a font of {self.pixels:.0f} px")

            def render(self, text, *args, **kwargs):
                surface = super().render(text, *args, **kwargs)
                watch.renders += 1
                watch.rendered[surface] = self.pixels
                return surface

        monkeypatch.setattr(pygame.font, "Font", WatchedFont)
        for name in ("scale", "smoothscale", "scale_by", "smoothscale_by", "rotozoom"):
            monkeypatch.setattr(pygame.transform, name, self._watched_scale(getattr(pygame.transform, name)))

    def offend(self, where: str, what: str) -> None:
        self.offenders.setdefault(where, what)

    def _watched_scale(self, scale):
        def watched(surface, *args, **kwargs):
            result = scale(surface, *args, **kwargs)
            pixels = self.rendered.get(surface) if isinstance(surface, pygame.Surface) else None
            if pixels is not None and surface.get_height() > 0:
                shown = pixels * result.get_height() / surface.get_height()
                if shown < MIN_FONT_PX - 0.5:
                    self.offend(_caller(), f"text rendered at {pixels:.0f} px and scaled to {shown:.1f} px")
            return result
        return watched


@pytest.mark.parametrize("screen", monkey.scene_names())
def test_no_text_below_14_px(screen, monkeypatch):
    watch = TextWatch(monkeypatch)
    report = monkey.run_scene(screen, FRAMES, seed=5)
    assert not report.exceptions, report.exceptions[0]["traceback"]
    assert watch.renders > 0, f"{screen} drew no text through pygame.font"
    assert not watch.offenders, f"text below {MIN_FONT_PX} px on {screen}:\n" + "\n".join(
        f"  {where}: {what}" for where, what in sorted(watch.offenders.items()))
