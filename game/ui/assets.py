"""Sprites and sounds by name, loaded on first use and cached.

``assets/sprites/index.json`` maps names to rectangles on sheets::

    {"sheets": {"<sheet>": "<file>.png"},
     "sprites": {"<name>": {"sheet": "<sheet>", "rect": [x, y, w, h]}}}

Files are found through ``resource_path`` so a frozen build works.  ``prefetch``
decodes the sheets the first screen needs on a worker thread (PNG decoding
releases the GIL), so start-up overlaps it with importing and laying out.  A missing
index, sheet, sprite or sound is logged once and replaced by a clearly drawn
stand-in (sprites) or silence (sounds): art never stops a game.  Without an
audio device every sound is silent.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable

import pygame

from game.core.paths import resource_path

from .theme import PALETTE, Theme

if TYPE_CHECKING:
    from threading import Thread

    from game.core.settings import Settings

SpriteKey = tuple[str, tuple[int, int] | None, tuple[int, int, int] | None]


class Assets:
    """The asset cache; one per app."""

    def __init__(self, settings: "Settings", theme: Theme, root: Path | None = None) -> None:
        self.settings = settings
        self.theme = theme
        self.root = root if root is not None else resource_path("assets")
        self._index: dict[str, Any] | None = None
        self._sheets: dict[str, pygame.Surface | None] = {}
        self._sprites: dict[SpriteKey, pygame.Surface] = {}
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}
        self._audio: bool | None = None
        self._warned: set[str] = set()
        self._prefetch: "Thread | None" = None

    # --- sprites ------------------------------------------------------------------------
    def prefetch(self, names: Iterable[str]) -> None:
        """Start decoding the sheets holding these sprites on a worker thread.

        Every public method waits for it to finish first, so the caches are only
        ever touched by one thread at a time.
        """
        if self._prefetch is None:
            import threading
            self._prefetch = threading.Thread(target=self._decode_sheets, args=(tuple(names),),
                                              name="sprite-prefetch", daemon=True)
            self._prefetch.start()

    def _decode_sheets(self, names: tuple[str, ...]) -> None:
        table = self._sprite_table()
        sheets = {entry.get("sheet") for name in names if isinstance(entry := table.get(name), dict)}
        for sheet in sorted(str(sheet) for sheet in sheets):
            self._sheet(sheet)

    def finish_prefetch(self) -> None:
        """Wait for the worker (before pygame.quit: a decode must not outlive the image module)."""
        if self._prefetch is not None:
            self._prefetch.join()
            self._prefetch = None

    def has_sprite(self, name: str) -> bool:
        self.finish_prefetch()
        return name in self._sprite_table()

    def sprite(self, name: str, size: tuple[int, int] | None = None,
               tint: tuple[int, int, int] | None = None) -> pygame.Surface:
        """The named sprite, optionally scaled (smoothscale) and multiplied by ``tint``.

        Never fails: an unknown name gives a drawn stand-in of the same size.
        """
        key: SpriteKey = (name, tuple(size) if size else None, tuple(tint) if tint else None)  # type: ignore[assignment]
        cached = self._sprites.get(key)
        if cached is not None:
            return cached
        self.finish_prefetch()
        base = self._load_sprite(name)
        surface = base
        if size is not None and base.get_size() != tuple(size):
            surface = pygame.transform.smoothscale(base, size)
        if tint is not None:
            surface = surface.copy()
            surface.fill((*tint, 255), special_flags=pygame.BLEND_RGBA_MULT)
        self._sprites[key] = surface
        return surface

    def _sprite_table(self) -> dict[str, Any]:
        sprites = self._load_index().get("sprites", {})
        return sprites if isinstance(sprites, dict) else {}

    def _load_index(self) -> dict[str, Any]:
        if self._index is None:
            path = self.root / "sprites" / "index.json"
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
                if not isinstance(data, dict):
                    raise ValueError("the index is not a JSON object")
                self._index = data
            except (OSError, ValueError) as exc:
                self._warn(f"index:{path}", f"Sprite index {path} unusable ({exc}); drawing stand-ins.")
                self._index = {}
        return self._index

    def _load_sprite(self, name: str) -> pygame.Surface:
        key: SpriteKey = (name, None, None)
        if key in self._sprites:
            return self._sprites[key]
        entry = self._sprite_table().get(name)
        surface = None
        if isinstance(entry, dict):
            sheet = self._sheet(str(entry.get("sheet", "")))
            try:
                rect = pygame.Rect(entry["rect"])
                if sheet is not None and sheet.get_rect().contains(rect):
                    surface = _for_display(sheet.subsurface(rect))
            except (KeyError, TypeError, ValueError):
                surface = None
        if surface is None:
            self._warn(f"sprite:{name}", f"Sprite '{name}' is missing; drawing a stand-in.")
            surface = self._stand_in(name, _rect_size(entry))
        self._sprites[key] = surface
        return surface

    def _sheet(self, sheet: str) -> pygame.Surface | None:
        if sheet not in self._sheets:
            files = self._load_index().get("sheets", {})
            file_name = files.get(sheet) if isinstance(files, dict) else None
            image = None
            if file_name:
                path = self.root / "sprites" / str(file_name)
                try:
                    image = pygame.image.load(str(path))  # sprites are converted one by one as they are used
                except (OSError, pygame.error) as exc:
                    self._warn(f"sheet:{sheet}", f"Sprite sheet {path} could not be loaded ({exc}).")
            self._sheets[sheet] = image
        return self._sheets[sheet]

    def _stand_in(self, name: str, size: tuple[int, int]) -> pygame.Surface:
        """A card-coloured box with a cross and the name: obviously not final art."""
        surface = pygame.Surface(size, pygame.SRCALPHA)
        rect = surface.get_rect()
        surface.fill((*PALETTE.card_dark, 255))
        pygame.draw.rect(surface, PALETTE.danger, rect, 2)
        pygame.draw.line(surface, PALETTE.danger, rect.topleft, rect.bottomright, 2)
        pygame.draw.line(surface, PALETTE.danger, rect.bottomleft, rect.topright, 2)
        if size[0] >= 40 and size[1] >= 20:
            label = self.theme.font(14).render(name, True, PALETTE.ink)
            if label.get_width() > size[0] - 4:
                label = pygame.transform.smoothscale(label, (size[0] - 4, max(1, label.get_height() * (size[0] - 4)
                                                                                 // label.get_width())))
            surface.blit(label, label.get_rect(center=rect.center))
        return surface

    # --- sounds -------------------------------------------------------------------------
    def play(self, name: str, volume: float = 1.0) -> None:
        """Play ``assets/sounds/<name>.wav`` at the settings' volume; silent on any problem."""
        if self.settings.muted or self.settings.volume <= 0 or not self._audio_ready():
            return
        sound = self._sound(name)
        if sound is not None:
            sound.set_volume(max(0.0, min(1.0, self.settings.volume * volume)))
            sound.play()

    def _audio_ready(self) -> bool:
        if self._audio is None:
            try:
                if not pygame.mixer.get_init():
                    pygame.mixer.init()
                self._audio = True
            except pygame.error as exc:
                self._warn("audio", f"No audio device ({exc}); playing silently.")
                self._audio = False
        return self._audio

    def _sound(self, name: str) -> pygame.mixer.Sound | None:
        if name not in self._sounds:
            path = self.root / "sounds" / f"{name}.wav"
            try:
                self._sounds[name] = pygame.mixer.Sound(str(path))
            except (OSError, pygame.error, FileNotFoundError) as exc:
                self._warn(f"sound:{name}", f"Sound '{name}' unavailable ({exc}); skipping it.")
                self._sounds[name] = None
        return self._sounds[name]

    def _warn(self, key: str, message: str) -> None:
        if key not in self._warned:
            self._warned.add(key)
            log_warning(__name__, message)


def configure_logging() -> None:
    """Warnings go to stderr as ``breakaway-box: message``, unless the host set up logging itself.

    ``logging`` is imported here (after the first frame, or on the first warning)
    because start-up does not need it.
    """
    import logging
    if not logging.getLogger().handlers:
        logging.basicConfig(level=logging.WARNING, format="breakaway-box: %(message)s")


def log_warning(logger: str, message: str) -> None:
    import logging
    configure_logging()
    logging.getLogger(logger).warning(message)


def _for_display(image: pygame.Surface) -> pygame.Surface:
    """A copy in the window's pixel format (fast to blit), or a plain copy before there is a window."""
    return image.convert_alpha() if pygame.display.get_surface() is not None else image.copy()


def _rect_size(entry: Any) -> tuple[int, int]:
    try:
        w, h = int(entry["rect"][2]), int(entry["rect"][3])
        if w > 0 and h > 0:
            return (w, h)
    except (KeyError, TypeError, ValueError, IndexError):
        pass
    return (48, 48)
