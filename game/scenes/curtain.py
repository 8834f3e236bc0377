"""The hot-seat hand-off: nothing private is on screen until the next player says so.

It covers the whole table (opaque), names the player in their team colour and
waits for a click or Enter.  Its button is live at once and looks it; what it
ignores is input carried over from the previous player: the release of a mouse
press that began before the curtain, the second click of a double click that
played the last move (a press in its first instant, quicker than anyone could
aim at the button), and a lift key (Enter, Space) still held down from the last
move, until it is let go.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.ui import draw
from game.ui.scene import Scene
from game.ui.theme import PALETTE, darker, hex_colour, lighter, readable_on

if TYPE_CHECKING:
    from game.app import App
    from game.ui.match_scene import MatchScene

#: seconds a screen reached straight from a move (the results) ignores input, as it may be meant for the move
GUARD_SECONDS = 0.6
CARD_WIDTH, CARD_HEIGHT = 680, 360
#: the player's colour band across the card's top
BAND_HEIGHT = 86
#: under the words: the "Click or press Enter" pill and the card's edge
PILL_ROOM = 85
LIFT_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
#: a press this soon after the curtain came up is the rest of a double click on the table (when nothing
#: animates, the curtain follows the move's click at once)
DOUBLE_CLICK_SECONDS = 0.3


class CurtainScene(Scene):
    """"Pass to Anna — click when only Anna is looking"."""

    def __init__(self, app: "App", match_scene: "MatchScene", seat: int) -> None:
        super().__init__(app)
        self.match_scene = match_scene
        self.seat = seat
        self.player = match_scene.match.seats[seat]
        #: a left-button press began on the curtain (its release lifts it); one held from before does not
        self._press_began = False
        self.age = 0.0
        pressed = pygame.key.get_pressed()
        #: lift keys held down when the curtain came up: their repeats are the last move's, not a new press
        self._held_keys = {key for key in LIFT_KEYS if pressed[key]}
        #: the whole picture, painted again only for another look (colour-blind marks, interface size)
        self._picture: pygame.Surface | None = None
        self._picture_for: tuple[bool, int] | None = None

    def lift(self) -> None:
        self.app.manager.pop(self)
        self.match_scene.reveal_to(self.seat)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.manager.push(self.app.scenes.pause(self.match_scene))
        elif event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            self._press_began = self.app.instant or self.age >= DOUBLE_CLICK_SECONDS
        elif event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            if self._press_began:
                self.lift()
        elif event.type == pygame.KEYUP:
            self._held_keys.discard(event.key)
        elif event.type == pygame.KEYDOWN and event.key in LIFT_KEYS and event.key not in self._held_keys:
            self.lift()

    def update(self, dt: float) -> None:
        self.age += dt

    def covers_canvas(self) -> bool:
        return True

    def draw(self, surface: pygame.Surface) -> None:
        key = (self.app.settings.colour_blind, self.app.theme.version)
        if self._picture is None or self._picture_for != key or self._picture.get_size() != surface.get_size():
            self._picture = pygame.Surface(surface.get_size(), 0, surface)
            self.paint(self._picture)
            self._picture_for = key
        surface.blit(self._picture, (0, 0))

    def paint(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        surface.blit(theme.table_texture(surface.get_size()), (0, 0))
        colour = hex_colour(self.player.colour)
        name = self.match_scene.seat_name(self.seat)
        ask = _("Click when only {name} is looking.").format(name=name)
        away = _("Everyone else, please look away: what only this player may see comes next.")
        # the card grows with the words (longer in some languages, larger at a larger interface size)
        words_height = (len(draw.wrap(theme, ask, CARD_WIDTH - 100, 26)) * draw.line_height(theme, 26) + 18
                        + len(draw.wrap(theme, away, CARD_WIDTH - 100, 20)) * draw.line_height(theme, 20))
        card = pygame.Rect(0, 0, CARD_WIDTH, max(CARD_HEIGHT, BAND_HEIGHT + 48 + words_height + PILL_ROOM))
        card.center = (surface.get_width() // 2, surface.get_height() // 2 - 10)
        draw.cardboard(surface, card, radius=16)
        band = pygame.Rect(card.x + 8, card.y + 8, card.width - 16, BAND_HEIGHT)
        pygame.draw.rect(surface, colour, band, border_top_left_radius=12, border_top_right_radius=12)
        pygame.draw.line(surface, PALETTE.card_edge, band.bottomleft, band.bottomright, 2)
        if self.app.settings.colour_blind:
            chip = pygame.Rect(0, 0, 40, 40)
            chip.midleft = (band.x + 26, band.centery)
            draw.team_marker(surface, chip, self.player.colour, marked=True)
            pygame.draw.rect(surface, lighter(colour, 0.5), chip.inflate(6, 6), 2, border_radius=9)
        ink = readable_on(colour)
        title, size = draw.shrink_to_fit(theme, _("Pass to {name}").format(name=name), band.width - 120, 40)
        draw.text(surface, theme, title, band.center, size=size, colour=ink, align="center")
        body = pygame.Rect(card.x + 50, band.bottom + 40, card.width - 100, words_height)
        used = draw.paragraph(surface, theme, ask, body, size=26, colour=PALETTE.ink, align="center")
        draw.paragraph(surface, theme, away, body.move(0, used + 18), size=20, colour=PALETTE.ink_soft, align="center")
        pill = pygame.Rect(0, 0, 360, 46)
        pill.center = (card.centerx, card.bottom - 48)
        face = PALETTE.accent
        pygame.draw.rect(surface, darker(face, 0.3), pill.move(0, 4), border_radius=23)
        pygame.draw.rect(surface, face, pill, border_radius=23)
        pygame.draw.rect(surface, darker(face, 0.45), pill, 2, border_radius=23)
        draw.text(surface, theme, _("Click or press Enter"), pill.center, size=20,
                  colour=PALETTE.ink, align="center")
        draw.key_hint(surface, theme, _("Esc: menu"), (surface.get_width() // 2, surface.get_height() - 24))
