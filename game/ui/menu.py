"""Base for screens made of widgets (launcher, setup, settings, pause, dialogs...).

Subclasses build their widgets in ``build()``; it runs on entering and again
whenever the UI scale changes or ``rebuild()`` is asked for (a seat added,
an option changed), keeping keyboard focus at the same place in the order.

A frame is drawn in two layers.  The backdrop (the table, titles, panels, fixed
labels; for an overlay the frozen screen below under its scrim) is composed
once per build and re-blitted; only the front (buttons and fields, the focus
ring, tooltips) is drawn each frame, mostly from cached widget images.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Hashable, Sequence

import pygame

from game.i18n import _

from . import draw
from .focus import Form
from .scene import Scene
from .theme import CANVAS_SIZE, HEADING_PX, MIN_FONT_PX, PALETTE, Theme
from .widgets import Button, Label, Panel, LabelRow, Widget

if TYPE_CHECKING:
    from game.app import App


class MenuScene(Scene):
    """A scene whose content is a :class:`Form` of widgets over the table."""

    def __init__(self, app: "App") -> None:
        super().__init__(app)
        self.form = Form()
        self._built_version = -1
        self._needs_rebuild = False
        self._backdrop: pygame.Surface | None = None
        self._backdrop_for: Hashable = None
        #: problems to tell the player (broken files, failed writes), shown together by ``show_messages``
        self.messages: list[str] = []

    @property
    def theme(self) -> Theme:
        return self.app.theme

    def build(self) -> None:
        """Create ``self.form``'s widgets; called again on rebuild."""

    #: False where a stray Enter must do nothing: the focus then waits until the player moves it
    focus_at_start = True

    def default_focus(self) -> Widget | None:
        """The widget to focus first (the main action)."""
        return None

    def rebuild(self) -> None:
        self._needs_rebuild = True

    def _do_build(self) -> None:
        old = self.form.focus_index() if self._built_version >= 0 else None
        keyboard = self.form.keyboard_mode
        # where the mouse is now: it may have moved while another screen was on top
        pointer = self.app.pointer
        self.form = Form()
        self.form.pointer = pointer
        self.form.keyboard_mode = keyboard
        self.build()
        if old is None:
            if self.focus_at_start:
                self.form.focus_first(self.default_focus())
        else:
            self.form.keep_focus_like(old)
        for widget in self.form.widgets:
            widget.hovered = widget.rect.collidepoint(pointer)
        self._built_version = self.theme.version
        self._needs_rebuild = False
        self._backdrop_for = None

    def on_enter(self) -> None:
        self._do_build()

    def on_pause(self) -> None:
        self.form.cover()

    def on_resume(self) -> None:
        self._do_build()

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.form.handle_event(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.on_back()

    def on_back(self) -> None:
        """Esc with nothing focused that wants it."""

    def update(self, dt: float) -> None:
        if self._needs_rebuild or self._built_version != self.theme.version:
            self._do_build()
        self.form.update(dt)

    # --- drawing ---------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.blit_backdrop(surface)
        self.draw_front(surface)

    def backdrop_key(self) -> Hashable:
        """What the backdrop shows besides the built widgets (e.g. a setting drawn as a sample)."""
        return None

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """Everything that stays put until the next build: background, then the leading static widgets."""
        self.draw_background(surface)
        for widget in self.form.widgets[:self.static_count()]:
            if widget.visible:
                widget.draw(surface, self.theme)

    def draw_front(self, surface: pygame.Surface) -> None:
        """What may change from one frame to the next: the other widgets, focus ring and tooltip."""
        self.form.draw(surface, self.theme, first=self.static_count())

    def draw_background(self, surface: pygame.Surface) -> None:
        if self.opaque:
            surface.blit(self.theme.table_texture(surface.get_size()), (0, 0))
        else:
            draw.scrim(surface)

    def static_count(self) -> int:
        """How many widgets at the start of the form never change once built (panels, labels)."""
        count = 0
        for widget in self.form.widgets:
            if not widget.static:
                break
            count += 1
        return count

    def covers_canvas(self) -> bool:
        """Opaque menus paint the table; an overlay covers the canvas once its backdrop holds the screen below."""
        return self.opaque or self._backdrop_ready(CANVAS_SIZE)

    def _backdrop_ready(self, size: tuple[int, int]) -> bool:
        return self._backdrop is not None and self._backdrop_for == (self.backdrop_key(), size)

    def blit_backdrop(self, surface: pygame.Surface) -> None:
        """Compose the backdrop when the build or its key changed, then blit it.

        An overlay composes on a frame where the manager has drawn the scenes
        below it (they are frozen while it is on top), so it starts from a copy.
        """
        size = surface.get_size()
        if not self._backdrop_ready(size):
            if self._backdrop is None or self._backdrop.get_size() != size:
                self._backdrop = pygame.Surface(size, 0, surface)
            if not self.opaque:
                self._backdrop.blit(surface, (0, 0))
            self.draw_backdrop(self._backdrop)
            self._backdrop_for = (self.backdrop_key(), size)
        assert self._backdrop is not None
        surface.blit(self._backdrop, (0, 0))

    def show_messages(self) -> None:
        """Problems found are told once, together, in a dialog."""
        if self.messages:
            text = "\n\n".join(self.messages)
            self.messages = []
            self.app.manager.push(self.app.scenes.dialog(_("Please note"), text, [(_("OK"), lambda: None)]))

    # --- building helpers ----------------------------------------------------------
    def button_row(self, specs: Sequence[tuple[str, Callable[[], None], dict]], centre_x: int, y: int, *,
                   width: int = 200, gap: int = 18, height: int = 50) -> list[Button]:
        """Buttons side by side, centred on ``centre_x``; their labels share one size (the largest at which
        every label fits), so that a long word never stands out shrunk beside its neighbours."""
        total = len(specs) * width + (len(specs) - 1) * gap
        x = centre_x - total // 2
        buttons = []
        for label, action, options in specs:
            buttons.append(self.form.add(Button((x, y, width, height), label, action, **options)))  # type: ignore[arg-type]
            x += width + gap
        LabelRow(buttons)
        return buttons

    def button_column(self, specs: Sequence[tuple[str, Callable[[], None], dict]], x: int, y: int, *,
                      width: int = 320, gap: int = 14, height: int = 50) -> list[Button]:
        buttons = []
        for label, action, options in specs:
            buttons.append(self.form.add(Button((x, y, width, height), label, action, **options)))  # type: ignore[arg-type]
            y += height + gap
        return buttons


def screen_title(surface: pygame.Surface, theme: Theme, title: str, subtitle: str = "", y: int = 44,
                 bottom: int | None = None) -> None:
    """A big title on the felt with a quiet subtitle under it: one line, smaller when it is long.

    A subtitle too long for one line even at the smallest size (long words, a large interface)
    takes two; with ``bottom`` (where the screen's content begins) the title then gets smaller so
    that both stay above it.
    """
    width = surface.get_width() - 80
    lines, sub_px = [subtitle], draw.fitting_size(theme, subtitle, width, 20) if subtitle else None
    if subtitle and sub_px is None:
        lines, sub_px = draw.wrap_to_fit(theme, subtitle, width, 2, 20)
    title_px = 44
    if bottom is not None and sub_px is not None:
        room = bottom - y - 4 - len(lines) * theme.font(sub_px).get_linesize()
        title_px = draw.size_for_height(theme, title_px, room, smallest=24)
    title_px = draw.fitting_size(theme, title, width, title_px) or MIN_FONT_PX
    centre = surface.get_width() // 2
    draw.text(surface, theme, title, (centre + 2, y + 3), size=title_px, colour=(0, 0, 0), align="midtop")
    draw.text(surface, theme, title, (centre, y), size=title_px, colour=PALETTE.on_felt, align="midtop")
    if sub_px is None:
        return
    line_y = y + theme.font(title_px).get_linesize() + 4
    for line in lines:
        draw.text(surface, theme, line, (centre, line_y), size=sub_px, colour=PALETTE.on_felt_soft, align="midtop")
        line_y += theme.font(sub_px).get_linesize()


class DialogScene(MenuScene):
    """A modal question over a dimmed screen: a title, a message, a row of buttons.

    Esc picks the last button (by convention the safe "Cancel"/"Back").
    """

    opaque = False

    def __init__(self, app: "App", title: str, message: str,
                 buttons: Sequence[tuple[str, Callable[[], None]]], *, primary: int = 0, width: int = 620) -> None:
        super().__init__(app)
        self.title = title
        self.message = message
        self.buttons = list(buttons)
        self.primary = primary
        self.width = width
        self._primary_button: Button | None = None

    def choose(self, action: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            self.app.manager.pop(self)
            action()
        return run

    def build(self) -> None:
        lines = draw.wrap(self.theme, self.message, self.width - 60, 20)
        height = 150 + len(lines) * draw.line_height(self.theme, 20) + 40
        rect = pygame.Rect(0, 0, self.width, height)
        rect.center = (640, 340)
        self.panel = self.form.add(Panel(rect, self.title, title_size=HEADING_PX - 2))
        inner = self.panel.inner
        self.form.add(Label((inner.x, inner.y + 6, inner.width, inner.height - 80), self.message))
        specs = [(label, self.choose(action), {"primary": i == self.primary}) for i, (label, action) in
                 enumerate(self.buttons)]
        room = (self.width - 60 - 16 * (len(specs) - 1)) // max(1, len(specs))
        widest = max((self.theme.font(22).size(label)[0] + 16 + 12 for label, _action in self.buttons), default=0)
        width = min(room, max(220, widest))  # as wide as the longest label asks, as far as the card allows
        buttons = self.button_row(specs, rect.centerx, rect.bottom - 78, width=width)
        self._primary_button = buttons[self.primary] if buttons else None

    def default_focus(self) -> Widget | None:
        return self._primary_button

    def on_back(self) -> None:
        if self.buttons:
            self.choose(self.buttons[-1][1])()
