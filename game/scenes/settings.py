"""Settings: language, display, sound, animation speed, colour-blind markings, UI scale, the turn recap.

Every change takes effect at once and is written to the settings file right
away (so a crash later loses nothing); a file that cannot be written is
reported on screen and the settings still last until the app is closed.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import pygame

from game.core.settings import ANIMATION_SPEEDS, UI_SCALES, Settings
from game.core.spec import TEAM_COLOURS
from game.i18n import LANGUAGES, N_, _, catalog_problem, language
from game.ui import draw
from game.ui.menu import MenuScene, screen_title
from game.ui.theme import PALETTE, SMALL_PX
from game.ui.viewport import screen_size
from game.ui.widgets import Button, Cycle, Panel, Stepper, Toggle, Widget

if TYPE_CHECKING:
    from game.app import App

WINDOW_SIZES: tuple[tuple[int, int], ...] = ((1280, 720), (1366, 768), (1600, 900), (1920, 1080), (2560, 1440))
SPEED_WORDS = {"off": N_("Off (jump to the result)"), "fast": N_("Fast"), "normal": N_("Normal"), "slow": N_("Slow")}
COLOUR_BLIND_ROW = N_("Colour-blind markings")
#: rows of settings; each is a label over a line of help, with its control on the right
ROW_COUNT = 9
LABEL_PX = 22
#: room between rows; it shrinks (down to the smallest) when every row would not fit under the title
ROW_GAP = 10
SMALLEST_ROW_GAP = 2
PANEL_WIDTH = 1000
PANEL_PAD = 18
FIELD_WIDTH = 360
TITLE_TOP = 20
TITLE_SIZE = 44


class SettingsScene(MenuScene):
    def __init__(self, app: "App") -> None:
        super().__init__(app)
        self.problem: str | None = None
        self._back: Button | None = None

    @property
    def settings(self) -> Settings:
        return self.app.settings

    def changed(self, apply: Callable[[Any], None]) -> Callable[[Any], None]:
        """Wrap a setter: apply, save, and remember a failure to save."""
        def handler(value: Any) -> None:
            apply(value)
            self.problem = self.app.store_settings()
        return handler

    def build(self) -> None:
        """Rows as tall as their two lines of text at this UI scale (closer together when they would not
        fit between the title and the hint line); Back at the top left, as on the rules."""
        s = self.settings
        text_height = self.theme.font(LABEL_PX).get_linesize() + self.theme.font(SMALL_PX).get_linesize()
        title_bottom = TITLE_TOP + self.theme.font(TITLE_SIZE).get_linesize()
        bottom_room = 720 - self.theme.font(SMALL_PX).get_linesize() - 10
        room = bottom_room - (title_bottom + 8) - 2 * PANEL_PAD
        self.row_gap = max(SMALLEST_ROW_GAP, min(ROW_GAP, room // ROW_COUNT - text_height))
        row_height = text_height + self.row_gap
        height = ROW_COUNT * row_height + 2 * PANEL_PAD
        top = max(title_bottom + 8, title_bottom + (bottom_room - title_bottom - height) // 2)
        panel = Panel(pygame.Rect(640 - PANEL_WIDTH // 2, top, PANEL_WIDTH, height), "")
        self.form.add(panel)
        y, field_width = panel.rect.y + PANEL_PAD, FIELD_WIDTH
        field_x = panel.rect.right - 40 - field_width
        self.label_width = field_x - 20 - (panel.rect.x + 40)
        self.rows: list[tuple[str, str, int]] = []

        def row(label: str, help_text: str) -> pygame.Rect:
            top = y + len(self.rows) * row_height
            self.rows.append((label, help_text, top))
            return pygame.Rect(field_x, top + (row_height - 46) // 2, field_width, 46)

        screen = screen_size()
        sizes = [size for size in WINDOW_SIZES if screen is None or (size[0] <= screen[0] and size[1] <= screen[1])]
        current = (s.window_width, s.window_height)
        if current not in sizes:
            sizes.append(current)
        self.form.add(Cycle(row(_("Language"), _("every screen, at once")), list(LANGUAGES.items()), language(),
                            self.changed(self.app.set_language)))
        self.fullscreen_toggle = Toggle(row(_("Fullscreen"), _("F11 switches at any time")), "", s.fullscreen,
                                        self.changed(self.app.set_fullscreen))
        self.form.add(self.fullscreen_toggle)
        self.form.add(Cycle(row(_("Window size"), _("used when not fullscreen")),
                            [(size, f"{size[0]} x {size[1]}") for size in sizes], current,
                            lambda size: self.app.set_window_size(size)))
        self.form.add(Stepper(row(_("Volume"), _("sound effects")), round(s.volume * 100), 0, 100,
                              self.changed(lambda v: setattr(s, "volume", v / 100)), step=10, suffix=" %"))
        self.form.add(Toggle(row(_("Mute"), _("silence every sound")), "", s.muted,
                             self.changed(lambda v: setattr(s, "muted", v))))
        self.form.add(Cycle(row(_("Animation speed"), _("bots' moves follow it too")),
                            [(speed, _(SPEED_WORDS[speed])) for speed in ANIMATION_SPEEDS], s.animation_speed,
                            self.changed(lambda v: setattr(s, "animation_speed", v))))
        self.colour_blind_toggle = Toggle(row(_(COLOUR_BLIND_ROW), _("a shape on every team colour")), "",
                                          s.colour_blind, self.changed(lambda v: setattr(s, "colour_blind", v)))
        self.form.add(self.colour_blind_toggle)
        self.form.add(Cycle(row(_("Interface size"), _("larger text and buttons")),
                            [(scale, f"{round(scale * 100)} %") for scale in UI_SCALES], s.ui_scale,
                            self.changed(self._set_scale)))
        self.form.add(Toggle(row(_("Recap since your last turn"), _("what the others did, when your turn comes")), "",
                             s.recap_since_last_turn, self.changed(lambda v: setattr(s, "recap_since_last_turn", v))))
        self._back = self.form.add(Button((30, TITLE_TOP, 150, 50), _("Back"), self.on_back, primary=True,
                                          tooltip=_("Back to where you were (Esc).")))
        self.panel = panel

    def update(self, dt: float) -> None:
        if self.fullscreen_toggle.value != self.settings.fullscreen:  # F11 pressed on this screen
            self.fullscreen_toggle.value = self.settings.fullscreen
        super().update(dt)

    def _set_scale(self, scale: float) -> None:
        self.settings.ui_scale = scale
        self.app.apply_settings()

    def default_focus(self) -> Widget | None:
        return self.form.focusable()[0] if self.form.focusable() else None

    def on_back(self) -> None:
        self.app.manager.pop(self)

    def draw_background(self, surface: pygame.Surface) -> None:
        surface.blit(self.theme.table_texture(surface.get_size()), (0, 0))

    def backdrop_key(self) -> bool:
        return self.settings.colour_blind  # the sample chips show the markings

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """Title, panel, row labels and the colour sample; the controls are drawn in front."""
        self.draw_background(surface)
        screen_title(surface, self.theme, _("Settings"), y=TITLE_TOP)
        draw.key_hint(surface, self.theme, _("Changes apply at once and are kept for next time."), (640, 716))
        for widget in self.form.widgets[:self.static_count()]:
            widget.draw(surface, self.theme)
        label_height = self.theme.font(LABEL_PX).get_linesize()
        for label, help_text, top in self.rows:
            if label == _(COLOUR_BLIND_ROW):
                self.draw_sample(surface, top)
            shown, size = draw.shrink_to_fit(self.theme, label, self.label_width, LABEL_PX)
            draw.text(surface, self.theme, shown, (self.panel.rect.x + 40, top + self.row_gap // 2), size=size,
                      colour=PALETTE.ink)
            shown, size = draw.shrink_to_fit(self.theme, help_text, self.label_width, SMALL_PX)
            draw.text(surface, self.theme, shown, (self.panel.rect.x + 40, top + self.row_gap // 2 + label_height),
                      size=size, colour=PALETTE.ink_soft)
        for _label, _help, top in self.rows[1:]:
            pygame.draw.line(surface, PALETTE.card_dark, (self.panel.rect.x + 30, top),
                             (self.panel.rect.right - 30, top), 1)

    def shown_problem(self) -> str | None:
        """What went wrong, in the line under the panel: settings that could not be saved, or the chosen
        language's words that could not be loaded (the texts are English then, and it is said here)."""
        return self.problem or catalog_problem()

    def draw_front(self, surface: pygame.Surface) -> None:
        super().draw_front(surface)
        problem = self.shown_problem()
        if problem:
            lines, size = draw.wrap_to_fit(self.theme, problem, 1200, 1, SMALL_PX)
            draw.text(surface, self.theme, lines[0], (640, self.panel.rect.bottom + 4), size=size,
                      colour=PALETTE.accent, align="midtop")

    def draw_sample(self, surface: pygame.Surface, top: int) -> None:
        """Team chips as they will look, so the colour-blind markings can be judged here."""
        x = self.panel.rect.right - 40 - 84 - 16 - len(TEAM_COLOURS) * 28
        for _name, colour in TEAM_COLOURS:
            chip = pygame.Rect(x, 0, 24, 24)
            chip.centery = top + (self.rows[1][2] - self.rows[0][2]) // 2
            draw.team_marker(surface, chip, colour, marked=self.settings.colour_blind)
            x += 28
