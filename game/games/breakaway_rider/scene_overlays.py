"""The stage table: shown over the Breakaway Rider table after every stage.

An overlay: the table stays visible, frozen, under a scrim, with the stage's
last cards still on the piles, and nothing moves (no bot decides, the next
stage is not dealt) until it is closed.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Mapping

import pygame

from game.i18n import _
from game.ui import draw
from game.ui.menu import MenuScene
from game.ui.theme import HEADING_PX, PALETTE, SMALL_PX, darker, hex_colour, lighter, readable_on
from game.ui.widgets import Button, Widget

from .scene_art import JERSEY_SPRITE
from .scene_panels import fitting_paragraph, signed

if TYPE_CHECKING:
    from game.app import App

    from .scene import BreakawayRiderScene

#: seconds a stage table stays up when only bots ride (nobody is there to press Enter)
BOTS_ONLY_TABLE_SECONDS = 3.0
BAND_HEIGHT = 86
#: the width of each stage's column of scores
STAGE_COLUMN = 86


def _band(surface: pygame.Surface, theme, panel: pygame.Rect, colour: tuple[int, ...], title: str,
          subtitle: str) -> pygame.Rect:
    band = pygame.Rect(panel.x + 8, panel.y + 8, panel.width - 16, BAND_HEIGHT)
    pygame.draw.rect(surface, colour, band, border_top_left_radius=8, border_top_right_radius=8)
    pygame.draw.line(surface, PALETTE.card_edge, band.bottomleft, band.bottomright, 2)
    ink = readable_on(colour)
    draw.text(surface, theme, title, (band.centerx, band.y + 30), size=HEADING_PX + 4, colour=ink, align="center")
    if subtitle:
        draw.text(surface, theme, draw.fit(theme, subtitle, band.width - 30, 20), (band.centerx, band.y + 64),
                  size=20, colour=ink, align="center")
    return band


class StageTableScene(MenuScene):
    """Between stages and after the last one: every stage's scores and the totals."""

    opaque = False

    def __init__(self, app: "App", match_scene: "BreakawayRiderScene", result: Mapping[str, Any],
                 on_close: Callable[[], None]) -> None:
        super().__init__(app)
        self.match_scene = match_scene
        self.stage = int(result["stage"])
        self.stages_total = int(result["stages_total"])
        self.stage_results: list[Mapping[str, Any]] = list(result["stage_results"])
        self.totals: list[int] = list(result["totals"])
        self.jersey = int(result["jersey"])
        self.on_close = on_close
        self.age = 0.0
        self.bots_only = not match_scene.match.humans()
        self._continue: Button | None = None
        self.panel = pygame.Rect(0, 0, 0, 0)

    @property
    def final(self) -> bool:
        return self.stage >= self.stages_total

    def standings(self) -> list[int]:
        """Seats by total, best first (seat order breaks ties)."""
        return sorted(range(len(self.totals)), key=lambda s: (-self.totals[s], s))

    def build(self) -> None:
        rows = len(self.totals)
        self.panel = pygame.Rect(0, 0, 760, BAND_HEIGHT + 196 + rows * 42 + (0 if self.final else 22))
        self.panel.center = (640, 384)
        label = _("Final standings") if self.final else _("Start stage {number}").format(number=self.stage + 1)
        self._continue = Button((0, 0, 300, 50), label, self.close, primary=True, size=22)
        self._continue.rect.midbottom = (self.panel.centerx, self.panel.bottom - 22)
        self.form.add(self._continue)

    def default_focus(self) -> Widget | None:
        return self._continue

    def close(self) -> None:
        self.app.manager.pop(self)
        self.on_close()

    def on_back(self) -> None:
        if self.match_scene.watching:  # a replay has no pause menu: Esc just closes the table
            self.close()
        else:
            self.app.manager.push(self.app.scenes.pause(self.match_scene))

    def update(self, dt: float) -> None:
        super().update(dt)
        self.age += dt
        if self.bots_only and (self.app.instant or self.age >= BOTS_ONLY_TABLE_SECONDS
                               * max(0.3, self.app.settings.animation_factor)):
            self.close()

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        super().draw_backdrop(surface)
        theme = self.theme
        scene = self.match_scene
        draw.cardboard(surface, self.panel, radius=14)
        title = _("Stage {stage} of {stages} is over").format(stage=self.stage, stages=self.stages_total)
        colour = hex_colour(scene.match.seats[self.jersey].colour)
        _band(surface, theme, self.panel, tuple(colour), title,
              _("{name} finishes in the yellow jersey: +1").format(name=scene.seat_name(self.jersey)))
        left, right = self.panel.x + 50, self.panel.right - 50
        # the stages' columns end clear of the total's heading, however long the language makes it
        last = min(right - 110, right - theme.font(SMALL_PX).size(_("Total"))[0] - 8 - (STAGE_COLUMN - 6) // 2)
        columns = [last - STAGE_COLUMN * (self.stages_total - 1 - i) for i in range(self.stages_total)]
        y = self.panel.y + BAND_HEIGHT + 26
        draw.text(surface, theme, _("Rider"), (left + 40, y), size=SMALL_PX, colour=PALETTE.ink_soft)
        draw.text(surface, theme, _("Total"), (right, y), size=SMALL_PX, colour=PALETTE.ink_soft, align="topright")
        for number, x in enumerate(columns, start=1):
            heading = _("Stage {number}").format(number=number)
            if draw.fitting_size(theme, heading, STAGE_COLUMN - 6, SMALL_PX) is None:
                heading = str(number)  # a large UI scale: the stage's number alone heads its column
            heading, size = draw.shrink_to_fit(theme, heading, STAGE_COLUMN - 6, SMALL_PX)
            draw.text(surface, theme, heading, (x, y), size=size, colour=PALETTE.ink_soft, align="midtop")
        y += 32
        best = max(self.totals)
        for seat in self.standings():
            row = pygame.Rect(left - 14, y, right - left + 28, 36)
            if self.totals[seat] == best:
                pygame.draw.rect(surface, lighter(PALETTE.accent, 0.6), row, border_radius=8)
            chip = pygame.Rect(left, row.centery - 12, 24, 24)
            draw.team_marker(surface, chip, scene.match.seats[seat].colour, marked=self.app.settings.colour_blind)
            name = draw.text(surface, theme, draw.fit(theme, scene.seat_name(seat), columns[0] - chip.right - 90, 22),
                             (chip.right + 12, row.centery), size=22, colour=PALETTE.ink, align="midleft")
            if seat == self.jersey:
                jersey = scene.art.image(JERSEY_SPRITE, (30, 28))
                surface.blit(jersey, jersey.get_rect(midleft=(name.right + 10, row.centery)))
            for number, x in enumerate(columns):
                if number < len(self.stage_results):
                    score = int(self.stage_results[number]["scores"][seat])
                    tone = PALETTE.good if score > 0 else (PALETTE.danger if score < 0 else PALETTE.ink)
                    draw.text(surface, theme, signed(score), (x, row.centery), size=22, colour=tone, align="center")
                else:
                    draw.text(surface, theme, "\u00b7", (x, row.centery), size=22, colour=PALETTE.ink_faint,
                              align="center")
            draw.text(surface, theme, signed(self.totals[seat]), (right, row.centery), size=24,
                      colour=PALETTE.ink, align="midright")
            y += 42
        note = (_("The highest total wins the race.") if self.final
                else _("A stage scores +1 for the yellow jersey, 0 without penalty minutes, minus one for each "
                       "minute. Minutes start again at 0."))
        # between the last row and the button: a smaller size before any of it would be cut
        room = pygame.Rect(self.panel.x + 40, y + 8, self.panel.width - 80, self.panel.bottom - 78 - (y + 8))
        words, size = fitting_paragraph(theme, (note,), room, largest=SMALL_PX)
        draw.paragraph(surface, theme, words, room, size=size, colour=PALETTE.ink_soft, align="center")
        pygame.draw.line(surface, darker(PALETTE.card, 0.15), (left, self.panel.y + BAND_HEIGHT + 50),
                         (right, self.panel.y + BAND_HEIGHT + 50), 1)
