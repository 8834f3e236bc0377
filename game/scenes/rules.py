"""Rules help: the game's Markdown file on a scrolling cardboard page.

The file is ``<spec.rules_file>`` next to the module of the game's state class
(``game/games/<package>/rules_help.md``), also inside a frozen build; in another
language ``rules_help.<code>.md`` beside it when there is one (its headings end
in `` {#English heading}``, see ``game.ui.markdown``), else the English file.
A game without its file gets a clear message instead of an empty page.

``heading`` opens the page with that heading at the top (a rule link from the
log or a hint's "Why?"); a heading the page does not have opens it at the top.
The page is painted once into tall strips, so scrolling only blits them.
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.core.paths import resource_path
from game.core.spec import GameSpec
from game.i18n import SOURCE_LANGUAGE, _, language
from game.ui import draw, markdown
from game.ui.menu import MenuScene, screen_title
from game.ui.theme import PALETTE
from game.ui.widgets import Button, Widget

if TYPE_CHECKING:
    from game.app import App

PAGE = pygame.Rect(190, 112, 900, 500)
#: height of one pre-painted strip of the page
STRIP = 512
FADE = 24
#: room left above a heading the page is opened at (the top fade covers it)
HEADING_ROOM = 22
LINE_STEP = 40
SCROLL_KEYS = {pygame.K_UP: -LINE_STEP, pygame.K_DOWN: LINE_STEP, pygame.K_PAGEUP: -400,
               pygame.K_PAGEDOWN: 400, pygame.K_HOME: -10 ** 7, pygame.K_END: 10 ** 7}


def translated_name(file_name: str, code: str) -> str:
    """"rules_help.md" in German: "rules_help.de.md"."""
    path = Path(file_name)
    return file_name if code == SOURCE_LANGUAGE else str(path.with_name(f"{path.stem}.{code}{path.suffix}"))


def rules_path(spec: GameSpec, code: str | None = None) -> Path:
    """Where the spec's rules help lives: beside its state class's module, in ``code`` (default: the
    current language) when that translation exists, else in English."""
    module_name = spec.state_class.__module__
    module = sys.modules.get(module_name)
    module_file = getattr(module, "__file__", None)
    package = module_name.split(".")[:-1]
    code = language() if code is None else code
    names = list(dict.fromkeys([translated_name(spec.rules_file, code), spec.rules_file]))
    # the module's own folder first (a source checkout), then the bundled resources (a frozen build)
    folders = [Path(module_file).resolve().parent] if module_file else []
    folders.append(resource_path(*package))
    for folder in folders:
        for name in names:
            if (folder / name).is_file():
                return folder / name
    return resource_path(*package, spec.rules_file)


def read_rules(spec: GameSpec) -> tuple[str | None, Path]:
    """The rules text in the current language (None when it cannot be read) and where it was looked for."""
    path = rules_path(spec)
    try:
        return path.read_text(encoding="utf-8"), path
    except (OSError, UnicodeDecodeError):
        return None, path


class RulesScene(MenuScene):
    def __init__(self, app: "App", spec: GameSpec, heading: str | None = None) -> None:
        super().__init__(app)
        self.spec = spec
        self.heading = heading
        self.source, self.path = read_rules(spec)
        self.source_language = language()
        self.scroll = 0.0
        self.target = 0.0
        self.lines: list[markdown.Line] = []
        self.content_height = 0
        self._back: Button | None = None
        self._opened_at_heading = False
        #: strip index -> the page's picture there (painted when first shown, dropped on a new layout)
        self._strips: dict[int, pygame.Surface] = {}
        self._fades: dict[bool, pygame.Surface] = {}

    @property
    def body(self) -> pygame.Rect:
        return PAGE.inflate(-80, -56)

    def build(self) -> None:
        if self.source_language != language():  # the language was changed (Settings) while the page was open
            self.source, self.path = read_rules(self.spec)
            self.source_language = language()
        if self.source is not None:
            blocks = markdown.parse(self.source)
        else:
            missing = _("The rules help of {game} could not be found (looked for {file}). The rulebook in the box "
                        "explains the game; everything on screen also tells you what you may do at each moment."
                        ).format(game=self.spec.title, file=self.path.name)
            blocks = [markdown.Block("heading", _("No rules help yet"), 1), markdown.Block("paragraph", missing)]
        self.lines, self.content_height = markdown.layout(blocks, self.theme, self.body.width - 16,
                                                          self._sprite_size)
        self._strips.clear()
        if not self._opened_at_heading:
            self._opened_at_heading = True
            top = self.heading_top(self.heading) if self.heading else None
            if top is not None:  # just below the top fade, so the heading reads clearly
                self.scroll = self.target = max(0.0, min(self.max_scroll, float(top - HEADING_ROOM)))
        self._back = self.form.add(Button((640 - 110, PAGE.bottom + 14, 220, 50), _("Back"), self.on_back,
                                          primary=True))

    def default_focus(self) -> Widget | None:
        return self._back

    def _sprite_size(self, name: str) -> tuple[int, int]:
        """A picture's sprite size (a missing sprite measures as the assets' stand-in)."""
        return self.app.assets.sprite(name).get_size()

    def heading_top(self, heading: str) -> int | None:
        """Where ``heading`` starts on the page (None: the page has no such heading)."""
        wanted = markdown.heading_key(heading)
        for line in self.lines:
            if line.anchor and markdown.heading_key(line.anchor) == wanted:
                return line.y
        return None

    @property
    def max_scroll(self) -> float:
        return max(0.0, self.content_height - self.body.height)

    def scroll_by(self, amount: float) -> None:
        self.target = max(0.0, min(self.max_scroll, self.target + amount))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * LINE_STEP * 1.5)
            return
        if event.type == pygame.KEYDOWN and event.key in SCROLL_KEYS:
            self.scroll_by(SCROLL_KEYS[event.key])
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
            self.scroll_by(-400 if event.mod & pygame.KMOD_SHIFT else 400)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and self._scrollbar().collidepoint(event.pos):
            share = (event.pos[1] - self.body.y) / max(1, self.body.height)
            self.target = max(0.0, min(self.max_scroll, share * self.max_scroll))
            return
        super().handle_event(event)

    def on_back(self) -> None:
        self.app.manager.pop(self)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.scroll += (self.target - self.scroll) * min(1.0, dt * 14)
        if abs(self.target - self.scroll) < 0.5:
            self.scroll = self.target

    def _scrollbar(self) -> pygame.Rect:
        return pygame.Rect(PAGE.right - 26, self.body.y, 12, self.body.height)

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """The table, the title and the empty page: drawn once; the text is blitted over it every frame."""
        surface.blit(self.theme.table_texture(surface.get_size()), (0, 0))
        screen_title(surface, self.theme, _("{game}: how to play").format(game=self.spec.title), y=34)
        draw.cardboard(surface, PAGE, fill=PALETTE.card_light, radius=8)

    def draw_front(self, surface: pygame.Surface) -> None:
        body = self.body
        self.draw_page(surface, body)
        if self.max_scroll > 0:
            bar = self._scrollbar()
            pygame.draw.rect(surface, PALETTE.card_dark, bar, border_radius=6)
            share = body.height / self.content_height
            knob_h = max(30, int(bar.height * share))
            top = bar.y + int((bar.height - knob_h) * (self.scroll / self.max_scroll))
            pygame.draw.rect(surface, PALETTE.accent, (bar.x, top, bar.width, knob_h), border_radius=6)
            draw.key_hint(surface, self.theme, _("Wheel, arrows or Page Up/Down to scroll   Esc: back"),
                          (640, 712))
        else:
            draw.key_hint(surface, self.theme, _("Esc: back"), (640, 712))
        super().draw_front(surface)

    def draw_page(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        """The strips in view at the current scroll position, and fades where the text goes on."""
        clip = surface.get_clip()
        surface.set_clip(body.inflate(0, 8))
        offset = round(self.scroll)
        first = max(0, (offset - 4) // STRIP)
        last = (offset + body.height + 4) // STRIP
        for index in range(first, last + 1):
            if index * STRIP > self.content_height:
                break
            surface.blit(self._strip(index, body.width), (body.x, body.y + index * STRIP - offset))
        surface.set_clip(clip)
        self._draw_fades(surface, body)

    def _strip(self, index: int, width: int) -> pygame.Surface:
        strip = self._strips.get(index)
        if strip is None:
            strip = self._strips[index] = self._paint_strip(index, width)
        return strip

    def _paint_strip(self, index: int, width: int) -> pygame.Surface:
        """Every line reaching into the strip, on the page's paper."""
        strip = pygame.Surface((width, STRIP))
        strip.fill(PALETTE.card_light)
        top = index * STRIP
        for line in self.lines:
            if line.y + max(line.height, 1) < top or line.y > top + STRIP:
                continue
            y = line.y - top
            if line.rule:
                pygame.draw.line(strip, line.colour, (0, y), (width - 16, y), 2)
                continue
            if line.sprite:
                picture = self.app.assets.sprite(line.sprite, line.sprite_size)
                strip.blit(picture, (line.x, y))
                continue
            if line.marker:
                if line.marker == "•":
                    pygame.draw.circle(strip, PALETTE.accent_dark, (line.x - 16, y + 11), 4)
                else:
                    draw.text(strip, self.theme, line.marker, (line.x - 8, y), size=line.size,
                              colour=PALETTE.accent_dark, align="topright")
            if line.text:
                draw.text(strip, self.theme, line.text, (line.x, y), size=line.size, colour=line.colour)
        return strip

    def _draw_fades(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        """Soft paper fades where text continues above or below the page."""
        for at_top, visible in ((True, self.scroll > 1), (False, self.scroll < self.max_scroll - 1)):
            if not visible:
                continue
            fade = self._fades.get(at_top)
            if fade is None or fade.get_width() != body.width + 20:
                fade = self._fades[at_top] = pygame.Surface((body.width + 20, FADE), pygame.SRCALPHA)
                for i in range(FADE):
                    alpha = int(255 * (1 - i / FADE)) if at_top else int(255 * (i / FADE))
                    fade.fill((*PALETTE.card_light, alpha), (0, i, body.width + 20, 1))
            surface.blit(fade, (body.x - 10, body.y - 4 if at_top else body.bottom - 20))
