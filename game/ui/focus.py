"""Keyboard focus, event routing and tooltips for a screen's widgets.

Tab / Shift+Tab walk the widgets in order; the arrow keys first ask the focused
widget (a choice changes its value) and otherwise move to the nearest widget
in that direction; Enter or Space activates.  The focus ring is shown once the
keyboard is used and hidden again on a mouse click, so mouse players never see
a stray ring.  A tooltip appears for the widget under the mouse after a short
hover, or for the focused one when steering by keyboard; never once the pointer
has left that widget, and never while another screen (a dialog) lies on top.
"""
from __future__ import annotations

from typing import Sequence

import pygame

from . import draw
from .theme import PALETTE, SMALL_PX, Theme
from .widgets import Widget

TOOLTIP_DELAY = 0.45
TOOLTIP_WIDTH = 360
TOOLTIP_LIST_WIDTH = 620
ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
DIRECTIONS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}


class Form:
    """The widgets of one screen, in focus order."""

    def __init__(self, widgets: Sequence[Widget] = ()) -> None:
        self.widgets: list[Widget] = list(widgets)
        self.focus: Widget | None = None
        self.keyboard_mode = False
        self.pointer = (-1, -1)
        self.hover_time = 0.0
        self.hover_widget: Widget | None = None
        #: a screen lies on top (only the top form is updated): no tooltip under it
        self.covered = False

    def add(self, widget: Widget) -> Widget:
        self.widgets.append(widget)
        return widget

    def focusable(self) -> list[Widget]:
        return [w for w in self.widgets if w.focusable and w.visible]

    def set_focus(self, widget: Widget | None) -> None:
        if self.focus is not None:
            self.focus.focused = False
        self.focus = widget
        if widget is not None:
            widget.focused = True

    def focus_first(self, prefer: Widget | None = None) -> None:
        """Focus ``prefer`` (e.g. the main button) or the first enabled widget."""
        candidates = self.focusable()
        if prefer is not None and prefer in candidates:
            self.set_focus(prefer)
            return
        enabled = [w for w in candidates if w.enabled]
        self.set_focus(enabled[0] if enabled else (candidates[0] if candidates else None))

    def keep_focus_like(self, old_index: int | None) -> None:
        """After rebuilding widgets, focus the one at the same position in the order."""
        candidates = self.focusable()
        if old_index is not None and candidates:
            self.set_focus(candidates[min(old_index, len(candidates) - 1)])

    def focus_index(self) -> int | None:
        candidates = self.focusable()
        return candidates.index(self.focus) if self.focus in candidates else None

    # --- events -----------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Route one event; True when a widget or the focus logic used it."""
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL):
            return self._mouse(event)
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _mouse(self, event: pygame.event.Event) -> bool:
        self.pointer = event.pos
        used = False
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.keyboard_mode = False
        for widget in reversed(self.widgets):
            if not widget.visible:
                continue
            if widget.handle_event(event):
                used = True
                if event.type == pygame.MOUSEBUTTONDOWN and widget.focusable and self.focus is not widget:
                    self.set_focus(widget)
                if event.type != pygame.MOUSEMOTION:
                    break
        return used

    def _key(self, event: pygame.event.Event) -> bool:
        focus = self.focus
        if focus is not None and focus.wants_key(event) and focus.handle_event(event):
            self.keyboard_mode = True
            return True
        if event.key == pygame.K_TAB:
            self.keyboard_mode = True
            self.move_linear(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if event.key in DIRECTIONS:
            self.keyboard_mode = True
            dx, dy = DIRECTIONS[event.key]
            if focus is None:
                self.focus_first()
                return True
            if dx and focus.nudge(dx):
                return True
            self.move_spatial(dx, dy)
            return True
        if event.key in ACTIVATE_KEYS and focus is not None:
            self.keyboard_mode = True
            focus.activate()
            return True
        return False

    def move_linear(self, step: int) -> None:
        candidates = self.focusable()
        if not candidates:
            return
        index = candidates.index(self.focus) if self.focus in candidates else -step
        self.set_focus(candidates[(index + step) % len(candidates)])

    def move_spatial(self, dx: int, dy: int) -> None:
        """Focus the nearest widget whose centre lies in the arrow's direction."""
        assert self.focus is not None
        origin = pygame.Vector2(self.focus.rect.center)
        best, best_score = None, float("inf")
        for widget in self.focusable():
            if widget is self.focus:
                continue
            delta = pygame.Vector2(widget.rect.center) - origin
            along = delta.x * dx + delta.y * dy
            if along <= 4:
                continue
            across = abs(delta.x * dy) + abs(delta.y * dx)
            score = along + 2.5 * across
            if score < best_score:
                best, best_score = widget, score
        if best is not None:
            self.set_focus(best)
        elif dy:
            self.move_linear(dy)

    def cover(self) -> None:
        """Another screen was pushed on top: this form's tooltip goes until it is on top again."""
        self.covered = True
        self.hover_widget, self.hover_time = None, 0.0

    # --- per frame --------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.covered = False
        hovered = None
        for widget in reversed(self.widgets):
            if widget.visible and widget.rect.collidepoint(self.pointer) and widget.tooltip_text():
                hovered = widget
                break
        if hovered is not self.hover_widget:
            self.hover_widget, self.hover_time = hovered, 0.0
        else:
            self.hover_time += dt
        for widget in self.widgets:
            widget.update(dt)

    def draw(self, surface: pygame.Surface, theme: Theme, first: int = 0) -> None:
        """Widgets from ``first`` on (the ones before may be in a cached backdrop), focus ring, tooltip."""
        for widget in self.widgets[first:]:
            if widget.visible:
                widget.draw(surface, theme)
        if self.keyboard_mode and self.focus is not None and self.focus.visible:
            self.focus.draw_focus(surface)
        self.draw_tooltip(surface, theme)

    def tooltip_target(self) -> Widget | None:
        if self.covered:
            return None
        if (self.hover_widget is not None and self.hover_time >= TOOLTIP_DELAY
                and self.hover_widget.rect.collidepoint(self.pointer)):
            return self.hover_widget
        if self.keyboard_mode and self.focus is not None and self.focus.tooltip_text():
            return self.focus
        return None

    def draw_tooltip(self, surface: pygame.Surface, theme: Theme) -> None:
        target = self.tooltip_target()
        if target is not None:
            anchor = self.pointer if target is self.hover_widget and not self.keyboard_mode else target.rect.midbottom
            tooltip(surface, theme, target.tooltip_text(), anchor, warning=not target.enabled)


def tooltip(surface: pygame.Surface, theme: Theme, content: str, anchor: tuple[int, int], *,
            warning: bool = False) -> None:
    """A small dark note below ``anchor`` (above it near the bottom), kept on screen."""
    # prose wraps in a narrow note; a list (one line per item) gets room to keep its items on one line
    lines = draw.wrap(theme, content, TOOLTIP_LIST_WIDTH if "\n" in content else TOOLTIP_WIDTH, SMALL_PX)
    line_height = theme.font(SMALL_PX).get_linesize()
    width = max(theme.font(SMALL_PX).size(line)[0] for line in lines) + 24
    height = line_height * len(lines) + 16
    screen = surface.get_rect()
    rect = pygame.Rect(0, 0, width, height)
    rect.midtop = (anchor[0], anchor[1] + 14)
    if rect.bottom > screen.bottom - 6:
        rect.midbottom = (anchor[0], anchor[1] - 14)
    rect.clamp_ip(screen.inflate(-12, -12))
    draw.shadow(surface, rect, 8, 4)
    pygame.draw.rect(surface, (34, 30, 26), rect, border_radius=8)
    pygame.draw.rect(surface, PALETTE.danger if warning else PALETTE.accent, rect, 2, border_radius=8)
    y = rect.y + 8
    for line in lines:
        draw.text(surface, theme, line, (rect.x + 12, y), size=SMALL_PX, colour=PALETTE.card_light)
        y += line_height
