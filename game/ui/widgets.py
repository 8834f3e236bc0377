"""The widget layer: buttons, labels, panels, toggles, choices, steppers, text.

Small and our own (pygame-gui would add ~41 MB of fonts to a frozen build: see "Traps
we measured" in docs/ARCHITECTURE.md).  Widgets know nothing about focus order or tooltips' placement:
:class:`game.ui.focus.Form` routes events, moves keyboard focus and shows
tooltips, so every screen works with the mouse or the keyboard alone.

A widget's ``handle_event`` returns True when it used the event.  ``activate``
is what Enter/Space does on the focused widget; ``nudge(-1|+1)`` is what
Left/Right do (change a value) and returns False when the widget has no value
to change, so the arrow moves focus instead.

Widgets whose picture depends on a few values (a button: its label, hover and
press) say so in ``look()``; they are painted once per look into a cached
image and re-blitted on later frames, since most frames change nothing.
"""
from __future__ import annotations

from typing import Any, Callable, Hashable, Sequence

import pygame

from game.i18n import _

from . import draw
from .theme import BODY_PX, MIN_FONT_PX, PALETTE, SMALL_PX, Theme, darker, hex_colour, lighter

LEFT_BUTTON = 1
WHEEL_LINES = 3
#: the colour left out when a cached widget image is blitted; no widget paints with it
CLEAR_KEY = (255, 0, 255)
#: room for a panel's title between its top margin and the line under it
TITLE_STRIP_HEIGHT = 34


def _is_click(event: pygame.event.Event) -> bool:
    return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and getattr(event, "button", 1) == LEFT_BUTTON


class Widget:
    """Base: a rectangle that may take focus, show hover, and carry a tooltip."""

    focusable = True
    #: never changes once built, so a screen may draw it once into its backdrop
    static = False

    def __init__(self, rect: pygame.Rect | Sequence[int], *, tooltip: str = "", enabled: bool = True,
                 disabled_reason: str = "") -> None:
        self.rect = pygame.Rect(rect)
        self.tooltip = tooltip
        self.enabled = enabled
        self.disabled_reason = disabled_reason
        self.hovered = False
        self.focused = False
        self.visible = True

    def tooltip_text(self) -> str:
        """Why a disabled widget is disabled, else its help."""
        if not self.enabled and self.disabled_reason:
            return self.disabled_reason
        return self.tooltip

    def handle_event(self, event: pygame.event.Event) -> bool:
        return False

    def activate(self) -> None:
        """Enter or Space while focused."""

    def nudge(self, step: int) -> bool:
        """Left/Right while focused; False when there is nothing to change."""
        return False

    def wants_key(self, event: pygame.event.Event) -> bool:
        """True when a focused widget takes this key itself (text fields take letters)."""
        return False

    def update(self, dt: float) -> None:
        pass

    def look(self) -> Hashable | None:
        """Everything the picture depends on besides the size and the UI scale; None: paint every frame."""
        return None

    def paint_area(self) -> pygame.Rect:
        """Where ``paint`` may draw: the rect with a margin, since in a short row a colour chip,
        a glyph or a button's shadow reaches past it (the margin stays see-through)."""
        return self.rect.inflate(8, 24)

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        """Paint, or re-blit the picture painted for the same look on an earlier frame.

        Surfaces with their own alpha (a fading layer) are painted directly:
        translucent colours would land differently on a cached opaque image.
        """
        look = self.look()
        if look is None or surface.get_flags() & pygame.SRCALPHA:
            self.paint(surface, theme, self.rect)
            return
        area = self.paint_area()
        image = theme.image((type(self), area.size, self.rect.move(-area.x, -area.y).topleft, look),
                            lambda: self._painted(surface, theme, area))
        surface.blit(image, area)

    def _painted(self, like: pygame.Surface, theme: Theme, area: pygame.Rect) -> pygame.Surface:
        image = pygame.Surface(area.size, 0, like)
        image.fill(CLEAR_KEY)
        self.paint(image, theme, self.rect.move(-area.x, -area.y))
        image.set_colorkey(CLEAR_KEY)
        return image

    def paint(self, surface: pygame.Surface, theme: Theme, rect: pygame.Rect) -> None:
        """Draw the widget with ``rect`` as its place (its own rect, or the same size in a cached image)."""

    def draw_focus(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, PALETTE.focus, self.rect.inflate(8, 8), 3, border_radius=12)


class Label(Widget):
    """Text on the table or on a panel; wraps when given a width.

    Static: a menu draws it once into its backdrop, so new text means building the screen again.
    """

    focusable = False
    static = True

    def __init__(self, rect: pygame.Rect | Sequence[int], text: str, *, size: int = BODY_PX,
                 colour: tuple[int, ...] = PALETTE.ink, align: str = "left", max_lines: int | None = None) -> None:
        super().__init__(rect)
        self.text = text
        self.size = size
        self.colour = colour
        self.align = align
        self.max_lines = max_lines

    def paint(self, surface: pygame.Surface, theme: Theme, rect: pygame.Rect) -> None:
        draw.paragraph(surface, theme, self.text, rect, size=self.size, colour=self.colour,
                       align=self.align, max_lines=self.max_lines)


class Panel(Widget):
    """A printed-cardboard board with a drop shadow and an optional title strip."""

    focusable = False
    static = True

    def __init__(self, rect: pygame.Rect | Sequence[int], title: str = "", *, fill: tuple[int, ...] = PALETTE.card,
                 title_size: int = 26) -> None:
        super().__init__(rect)
        self.title = title
        self.fill = fill
        self.title_size = title_size

    @property
    def inner(self) -> pygame.Rect:
        """The area below the title, inside the margins."""
        top = 58 if self.title else 20
        return pygame.Rect(self.rect.x + 20, self.rect.y + top, self.rect.width - 40, self.rect.height - top - 18)

    def paint(self, surface: pygame.Surface, theme: Theme, rect: pygame.Rect) -> None:
        draw.cardboard(surface, rect, fill=self.fill)
        if self.title:
            # the title strip keeps its height at every UI scale: a long or large title gets smaller
            size = draw.size_for_height(theme, self.title_size, TITLE_STRIP_HEIGHT)
            title, size = draw.shrink_to_fit(theme, self.title, rect.width - 44, size)
            draw.text(surface, theme, title, (rect.x + 22, rect.y + 16), size=size)
            y = rect.y + 50
            pygame.draw.line(surface, PALETTE.card_edge, (rect.x + 20, y), (rect.right - 20, y), 2)


class Button(Widget):
    """A cardboard plate that sinks when pressed.  ``primary`` gets the accent colour."""

    def __init__(self, rect: pygame.Rect | Sequence[int], label: str, on_click: Callable[[], None], *,
                 primary: bool = False, danger: bool = False, size: int = 22, **kwargs: Any) -> None:
        super().__init__(rect, **kwargs)
        self.label = label
        self.on_click = on_click
        self.primary = primary
        self.danger = danger
        self.size = size
        self.pressed = False
        #: the row whose labels share one size with this one's (see :class:`LabelRow`)
        self.row: LabelRow | None = None

    def activate(self) -> None:
        if self.enabled:
            self.on_click()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
            return False
        if not _is_click(event):
            return False
        inside = self.rect.collidepoint(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.pressed = inside and self.enabled
            return inside
        was_pressed, self.pressed = self.pressed, False
        if inside and was_pressed and self.enabled:
            self.on_click()
            return True
        return inside

    def colours(self) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        """(face, edge, ink) for the current state."""
        if not self.enabled:
            return (PALETTE.card_dark, darker(PALETTE.card_dark, 0.2), PALETTE.ink_faint)
        face = PALETTE.accent if self.primary else (PALETTE.danger if self.danger else PALETTE.card)
        if self.hovered:
            face = lighter(face, 0.18)
        ink = PALETTE.ink if not self.danger else PALETTE.card_light
        return (face, darker(face, 0.45), ink)

    def look(self) -> Hashable:
        return (self.colours(), self.pressed, self.enabled, self.label, self.size,
                self.row.labels() if self.row is not None else None)

    def label_size(self, theme: Theme) -> int:
        """The size the label is drawn from: its row's shared size, else its own."""
        return self.row.size(theme) if self.row is not None else self.size

    def paint(self, surface: pygame.Surface, theme: Theme, rect: pygame.Rect) -> None:
        plate, ink = self.paint_plate(surface, rect)
        label, size = draw.shrink_to_fit(theme, self.label, plate.width - 16, self.label_size(theme))
        draw.text(surface, theme, label, plate.center, size=size, colour=ink, align="center")

    def paint_plate(self, surface: pygame.Surface, rect: pygame.Rect) -> tuple[pygame.Rect, tuple[int, ...]]:
        """The plate without its label: (where the face is, the ink for what goes on it)."""
        face, edge, ink = self.colours()
        depth = 2 if self.pressed else 5
        base = rect.move(0, 5)
        pygame.draw.rect(surface, (0, 0, 0, 60), base.move(0, 3), border_radius=10)
        pygame.draw.rect(surface, darker(face, 0.3), base, border_radius=10)
        plate = rect.move(0, 5 - depth)
        pygame.draw.rect(surface, face, plate, border_radius=10)
        if self.enabled:
            surface.fill(lighter(face, 0.4), (plate.x + 10, plate.y + 2, plate.width - 20, 2))
        pygame.draw.rect(surface, edge, plate, 2, border_radius=10)
        return plate, ink


class LabelRow:
    """Buttons side by side whose labels share one size: the largest at which every label fits its button,
    so that a long word never stands shrunk beside its neighbours' full-size labels.  Measured when a
    button is first painted, not when the row is built (a launcher's first frame is a picture: it
    measures no text)."""

    def __init__(self, buttons: Sequence["Button"]) -> None:
        self.buttons = list(buttons)
        for button in self.buttons:
            button.row = self

    def labels(self) -> tuple[tuple[str, int, int], ...]:
        """(label, width, largest size) of every button: what the shared size depends on."""
        return tuple((button.label, button.rect.width, button.size) for button in self.buttons)

    def size(self, theme: Theme) -> int:
        labels = self.labels()
        return theme.layout(("label row", labels), lambda: min(
            draw.fitting_size(theme, label, width - 16, size) or MIN_FONT_PX for label, width, size in labels))


class Toggle(Widget):
    """An on/off switch with its label on the left."""

    def __init__(self, rect: pygame.Rect | Sequence[int], label: str, value: bool,
                 on_change: Callable[[bool], None], **kwargs: Any) -> None:
        super().__init__(rect, **kwargs)
        self.label = label
        self.value = value
        self.on_change = on_change

    def set(self, value: bool) -> None:
        if self.enabled and value != self.value:
            self.value = value
            self.on_change(value)

    def activate(self) -> None:
        self.set(not self.value)

    def nudge(self, step: int) -> bool:
        self.set(step > 0)
        return True

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
        elif _is_click(event) and event.type == pygame.MOUSEBUTTONDOWN and self.rect.collidepoint(event.pos):
            self.activate()
            return True
        return False

    def switch_rect(self, rect: pygame.Rect | None = None) -> pygame.Rect:
        rect = rect or self.rect
        return pygame.Rect(rect.right - 84, rect.centery - 16, 84, 32)

    def look(self) -> Hashable | None:
        # a label is antialiased onto whatever lies behind it, so only a bare switch is cached
        return None if self.label else (self.value, self.hovered, self.enabled)

    def paint_area(self) -> pygame.Rect:
        return super().paint_area().union(self.switch_rect())

    def paint(self, surface: pygame.Surface, theme: Theme, rect: pygame.Rect) -> None:
        if self.label:
            shown, size = draw.shrink_to_fit(theme, self.label, rect.width - 100, BODY_PX)
            draw.text(surface, theme, shown, (rect.x, rect.centery), size=size, colour=PALETTE.ink, align="midleft")
        track = self.switch_rect(rect)
        colour = PALETTE.good if self.value else PALETTE.ink_faint
        if not self.enabled:
            colour = PALETTE.card_dark
        elif self.hovered:
            colour = lighter(colour, 0.15)
        pygame.draw.rect(surface, colour, track, border_radius=16)
        pygame.draw.rect(surface, darker(colour, 0.4), track, 2, border_radius=16)
        word = _("On") if self.value else _("Off")
        knob_x = track.right - 16 if self.value else track.x + 16
        draw.text(surface, theme, word, (track.x + 24 if self.value else track.right - 26, track.centery),
                  size=SMALL_PX, colour=PALETTE.card_light, align="center")
        pygame.draw.circle(surface, PALETTE.card_light, (knob_x, track.centery), 12)
        pygame.draw.circle(surface, darker(colour, 0.4), (knob_x, track.centery), 12, 2)


class Cycle(Widget):
    """‹ choice › : Left/Right or a click on either half steps through the choices.

    ``swatches`` maps a value to a team colour drawn beside its text.
    """

    def __init__(self, rect: pygame.Rect | Sequence[int], choices: Sequence[tuple[Any, str]], value: Any,
                 on_change: Callable[[Any], None], *, swatches: dict[Any, str] | None = None,
                 skip: Callable[[Any], bool] | None = None, marked: bool = False, **kwargs: Any) -> None:
        super().__init__(rect, **kwargs)
        self.choices = list(choices)
        self.value = value
        self.on_change = on_change
        self.swatches = swatches or {}
        self.skip = skip
        self.marked = marked

    def index(self) -> int:
        for i, (value, _label) in enumerate(self.choices):
            if value == self.value:
                return i
        return 0

    def nudge(self, step: int) -> bool:
        if not self.enabled or not self.choices:
            return True
        i = self.index()
        for _step in range(len(self.choices)):
            i = (i + step) % len(self.choices)
            candidate = self.choices[i][0]
            if self.skip is None or not self.skip(candidate):
                if candidate != self.value:
                    self.value = candidate
                    self.on_change(candidate)
                return True
        return True

    def activate(self) -> None:
        self.nudge(1)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
        elif _is_click(event) and event.type == pygame.MOUSEBUTTONDOWN and self.rect.collidepoint(event.pos):
            self.nudge(-1 if event.pos[0] < self.rect.x + 44 else 1)
            return True
        elif event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(event.pos):
            self.nudge(-1 if event.y > 0 else 1)
            return True
        return False

    def text(self) -> str:
        return self.choices[self.index()][1] if self.choices else ""

    def look(self) -> Hashable:
        return (self.enabled, self.hovered, self.text(), self.swatches.get(self.value), self.marked)

    def paint(self, surface: pygame.Surface, theme: Theme, rect: pygame.Rect) -> None:
        face = PALETTE.card_light if self.enabled else PALETTE.card_dark
        if self.hovered and self.enabled:
            face = lighter(face, 0.3)
        pygame.draw.rect(surface, face, rect, border_radius=8)
        pygame.draw.rect(surface, PALETTE.card_edge, rect, 2, border_radius=8)
        ink = PALETTE.ink if self.enabled else PALETTE.ink_faint
        for x, points in ((rect.x + 18, ((8, -9), (0, 0), (8, 9))), (rect.right - 18, ((-8, -9), (0, 0), (-8, 9)))):
            offset = -4 if points[0][0] > 0 else 4
            pygame.draw.polygon(surface, PALETTE.ink_soft, [(x + dx + offset, rect.centery + dy) for dx, dy in points])
        label = self.text()
        swatch = self.swatches.get(self.value)
        width = rect.width - 64 - (32 if swatch else 0)
        label, size = draw.shrink_to_fit(theme, label, width, draw.size_for_height(theme, BODY_PX, rect.height - 2))
        text_width = theme.font(size).size(label)[0] + (32 if swatch else 0)
        x = rect.centerx - text_width // 2
        if swatch:
            chip = pygame.Rect(x, rect.centery - 12, 24, 24)
            draw.team_marker(surface, chip, swatch, marked=self.marked)
            x += 32
        draw.text(surface, theme, label, (x, rect.centery), size=size, colour=ink, align="midleft")


class Stepper(Widget):
    """[-] number [+] within limits; ``shown`` may put a number in words ("single race").

    A step that would show the same words again goes on to the next value, so
    every press changes what the player sees."""

    def __init__(self, rect: pygame.Rect | Sequence[int], value: int, minimum: int, maximum: int,
                 on_change: Callable[[int], None], *, step: int = 1, suffix: str = "",
                 shown: Callable[[int], str] | None = None, **kwargs: Any) -> None:
        super().__init__(rect, **kwargs)
        self.value = value
        self.minimum = minimum
        self.maximum = maximum
        self.on_change = on_change
        self.step = step
        self.suffix = suffix
        self.shown = shown or (lambda number: f"{number}{suffix}")

    def _next(self, value: int, step: int) -> int:
        return min(self.maximum, max(self.minimum, value + step * self.step))

    def can_step(self, step: int) -> bool:
        """True when a step that way shows something new."""
        value = self._next(self.value, step)
        while value != self.value and self.shown(value) == self.shown(self.value):
            following = self._next(value, step)
            if following == value:
                return False
            value = following
        return value != self.value

    def nudge(self, step: int) -> bool:
        if not (self.enabled and self.can_step(step)):
            return True
        value = self._next(self.value, step)
        while self.shown(value) == self.shown(self.value):
            value = self._next(value, step)
        self.value = value
        self.on_change(value)
        return True

    def activate(self) -> None:
        """Enter counts up and wraps round to the minimum, so one key reaches every value."""
        self.nudge(1 if self.value < self.maximum else -(self.maximum - self.minimum) // max(1, self.step))

    def minus_rect(self, rect: pygame.Rect | None = None) -> pygame.Rect:
        rect = rect or self.rect
        return pygame.Rect(rect.x, rect.y, 44, rect.height)

    def plus_rect(self, rect: pygame.Rect | None = None) -> pygame.Rect:
        rect = rect or self.rect
        return pygame.Rect(rect.right - 44, rect.y, 44, rect.height)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
        elif _is_click(event) and event.type == pygame.MOUSEBUTTONDOWN and self.rect.collidepoint(event.pos):
            if self.minus_rect().collidepoint(event.pos):
                self.nudge(-1)
            elif self.plus_rect().collidepoint(event.pos):
                self.nudge(1)
            return True
        elif event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(event.pos):
            self.nudge(1 if event.y > 0 else -1)
            return True
        return False

    def look(self) -> Hashable:
        return (self.value, self.minimum, self.maximum, self.enabled, self.hovered, self.shown(self.value))

    def paint(self, surface: pygame.Surface, theme: Theme, rect: pygame.Rect) -> None:
        pygame.draw.rect(surface, PALETTE.card_light, rect, border_radius=8)
        pygame.draw.rect(surface, PALETTE.card_edge, rect, 2, border_radius=8)
        for half, sign, active in ((self.minus_rect(rect), "−", self.can_step(-1)),
                                   (self.plus_rect(rect), "+", self.can_step(1))):
            face = PALETTE.accent if active and self.enabled else PALETTE.card_dark
            if active and self.hovered:
                face = lighter(face, 0.15)
            inner = half.inflate(-8, -8)
            pygame.draw.rect(surface, face, inner, border_radius=6)
            pygame.draw.rect(surface, darker(face, 0.4), inner, 2, border_radius=6)
            draw.text(surface, theme, sign, inner.center, size=24,
                      colour=PALETTE.ink if active else PALETTE.ink_faint, align="center")
        shown = self.shown(self.value)
        room = rect.width - self.minus_rect(rect).width - self.plus_rect(rect).width - 4
        words, size = draw.shrink_to_fit(theme, shown, room, 20)
        draw.text(surface, theme, words, rect.center, size=size, colour=PALETTE.ink, align="center")


class TextInput(Widget):
    """A one-line field for names and seeds; the caret blinks while focused."""

    def __init__(self, rect: pygame.Rect | Sequence[int], text: str, on_change: Callable[[str], None], *,
                 max_length: int = 16, placeholder: str = "", allowed: Callable[[str], bool] | None = None,
                 **kwargs: Any) -> None:
        super().__init__(rect, **kwargs)
        self.text = text
        self.on_change = on_change
        self.max_length = max_length
        self.placeholder = placeholder
        self.allowed = allowed or (lambda ch: ch.isprintable())
        self.caret = len(text)
        self.blink = 0.0

    def wants_key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_HOME, pygame.K_END, pygame.K_LEFT, pygame.K_RIGHT):
            return True
        return bool(getattr(event, "unicode", "")) and event.unicode.isprintable() and event.key != pygame.K_TAB

    def nudge(self, step: int) -> bool:
        self.caret = max(0, min(len(self.text), self.caret + step))
        self.blink = 0.0
        return True

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
            return False
        if _is_click(event) and event.type == pygame.MOUSEBUTTONDOWN and self.rect.collidepoint(event.pos):
            self.caret = len(self.text)
            return True
        if event.type != pygame.KEYDOWN or not self.focused or not self.enabled:
            return False
        text, caret = self.text, self.caret
        if event.key == pygame.K_BACKSPACE:
            if caret > 0:
                text, caret = text[:caret - 1] + text[caret:], caret - 1
        elif event.key == pygame.K_DELETE:
            text = text[:caret] + text[caret + 1:]
        elif event.key == pygame.K_HOME:
            caret = 0
        elif event.key == pygame.K_END:
            caret = len(text)
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            return self.nudge(-1 if event.key == pygame.K_LEFT else 1)
        elif self.wants_key(event):
            char = event.unicode
            if len(text) < self.max_length and self.allowed(char):
                text, caret = text[:caret] + char + text[caret:], caret + 1
        else:
            return False
        self.caret = caret
        self.blink = 0.0
        if text != self.text:
            self.text = text
            self.on_change(text)
        return True

    def update(self, dt: float) -> None:
        self.blink = (self.blink + dt) % 1.0

    def caret_shown(self) -> bool:
        return self.focused and self.blink < 0.55

    def look(self) -> Hashable:
        return (self.text, self.placeholder, self.focused, self.caret if self.caret_shown() else None)

    def paint(self, surface: pygame.Surface, theme: Theme, rect: pygame.Rect) -> None:
        face = PALETTE.card_light if not self.focused else (255, 252, 240)
        pygame.draw.rect(surface, face, rect, border_radius=6)
        pygame.draw.rect(surface, PALETTE.focus if self.focused else PALETTE.card_edge, rect, 2, border_radius=6)
        x = rect.x + 10
        size = draw.size_for_height(theme, BODY_PX, rect.height - 2)
        font = theme.font(size)
        start, shown = self.shown_text(font, rect.width - 20)
        if shown:
            draw.text(surface, theme, shown, (x, rect.centery), size=size, align="midleft")
        elif self.placeholder:
            draw.text(surface, theme, self.placeholder, (x, rect.centery), size=size, colour=PALETTE.ink_faint,
                      align="midleft")
        if self.caret_shown():
            caret_x = x + font.size(self.text[start:self.caret])[0]
            pygame.draw.line(surface, PALETTE.ink, (caret_x, rect.y + 9), (caret_x, rect.bottom - 9), 2)

    def shown_text(self, font: pygame.font.Font, room: int) -> tuple[int, str]:
        """Where the shown part of the text starts, and that part (all of it: fields are sized to fit)."""
        return 0, self.text


#: two clicks on the same row within this many seconds open it
DOUBLE_CLICK_SECONDS = 0.45


class ChoiceList(Widget):
    """A scrolling list of rows to choose from: Up/Down, Page Up/Down, Home/End or a click choose
    a row, the wheel scrolls, and a double click (or Enter) opens the chosen one.

    Subclasses set ``row_height``, ``header`` (room above the first row) and ``page`` (rows a
    Page key moves) and paint the rows; ``on_choose(index)`` hears every new choice and
    ``on_open(index)`` an opened row.
    """

    row_height = 40
    header = 0
    page = 6

    def __init__(self, rect: pygame.Rect | Sequence[int], items: Sequence[Any], *,
                 on_choose: Callable[[int], None] | None = None, on_open: Callable[[int], None] | None = None,
                 selected: int = 0) -> None:
        super().__init__(rect, tooltip="")
        self.items = list(items)
        self.on_choose = on_choose
        self.on_open = on_open
        self.selected = max(0, min(selected, len(self.items) - 1))
        self.top = 0
        self.clock = 0.0
        self._last_click = (-1, -10.0)
        self.keep_in_view()

    @property
    def body(self) -> pygame.Rect:
        return pygame.Rect(self.rect.x, self.rect.y + self.header, self.rect.width, self.rect.height - self.header)

    @property
    def visible_rows(self) -> int:
        return max(1, self.body.height // self.row_height)

    def select(self, index: int) -> None:
        if not self.items:
            return
        self.selected = max(0, min(len(self.items) - 1, index))
        self.keep_in_view()
        if self.on_choose is not None:
            self.on_choose(self.selected)

    def keep_in_view(self) -> None:
        if self.selected < self.top:
            self.top = self.selected
        elif self.selected >= self.top + self.visible_rows:
            self.top = self.selected - self.visible_rows + 1
        self.top = max(0, min(self.top, max(0, len(self.items) - self.visible_rows)))

    def scroll(self, rows: int) -> None:
        self.top = max(0, min(self.top + rows, max(0, len(self.items) - self.visible_rows)))

    def row_at(self, pos: tuple[int, int]) -> int | None:
        if not self.body.collidepoint(pos):
            return None
        index = self.top + (pos[1] - self.body.y) // self.row_height
        return index if index < len(self.items) else None

    def row_rect(self, index: int) -> pygame.Rect | None:
        """Where row ``index`` is drawn (None: scrolled out of view); room is kept for the scroll bar."""
        if not self.top <= index < self.top + self.visible_rows:
            return None
        body = self.body
        return pygame.Rect(body.x + 6, body.y + (index - self.top) * self.row_height + 3, body.width - 24,
                           self.row_height - 6)

    # --- input ------------------------------------------------------------------------------
    def keys(self) -> dict[int, int]:
        return {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -self.page, pygame.K_PAGEDOWN: self.page,
                pygame.K_HOME: -10 ** 6, pygame.K_END: 10 ** 6}

    def wants_key(self, event: pygame.event.Event) -> bool:
        """Up at the top and Down at the bottom move the focus on to the next widget instead."""
        if event.key == pygame.K_UP:
            return self.selected > 0
        if event.key == pygame.K_DOWN:
            return self.selected < len(self.items) - 1
        return event.key in self.keys()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
            return False
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(event.pos):
            self.scroll(-event.y)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", LEFT_BUTTON) == LEFT_BUTTON:
            index = self.row_at(event.pos)
            if index is None:
                return self.rect.collidepoint(event.pos)
            last_index, last_time = self._last_click
            self.select(index)
            if last_index == index and self.clock - last_time <= DOUBLE_CLICK_SECONDS:
                self._last_click = (-1, -10.0)
                self.activate()
            else:
                self._last_click = (index, self.clock)
            return True
        if event.type == pygame.KEYDOWN and self.focused and event.key in self.keys():
            self.select(self.selected + self.keys()[event.key])
            return True
        return False

    def activate(self) -> None:
        if self.items and self.on_open is not None:
            self.on_open(self.selected)

    def update(self, dt: float) -> None:
        self.clock += dt

    # --- drawing --------------------------------------------------------------------------------
    def draw_focus(self, surface: pygame.Surface) -> None:
        row = self.row_rect(self.selected) if self.items else None
        if row is not None:
            pygame.draw.rect(surface, PALETTE.focus, row.inflate(6, 2), 3, border_radius=10)

    def paint_selected_row(self, surface: pygame.Surface, row: pygame.Rect) -> None:
        pygame.draw.rect(surface, lighter(PALETTE.accent, 0.55), row, border_radius=8)
        pygame.draw.rect(surface, PALETTE.accent_dark, row, 2, border_radius=8)

    def paint_scrollbar(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """A thin bar at the right when the rows do not all fit (``rect``: where the list is painted)."""
        if len(self.items) <= self.visible_rows:
            return
        track = pygame.Rect(rect.right - 14, rect.y + self.header + 6, 6, rect.height - self.header - 12)
        pygame.draw.rect(surface, PALETTE.card_dark, track, border_radius=3)
        knob_h = max(24, int(track.height * self.visible_rows / len(self.items)))
        span = max(1, len(self.items) - self.visible_rows)
        top = track.y + int((track.height - knob_h) * self.top / span)
        pygame.draw.rect(surface, PALETTE.ink_soft, (track.x, top, 6, knob_h), border_radius=3)


def colour_of(hex_value: str) -> tuple[int, int, int]:
    """A seat's hex colour as an RGB tuple (for LogPanel chips)."""
    c = hex_colour(hex_value)
    return (c.r, c.g, c.b)
