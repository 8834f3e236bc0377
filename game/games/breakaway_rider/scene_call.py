"""The shared climb call: one public "Any climb?" for everyone at a hot-seat screen.

Right after the breakaway rider's speed card, the engine asks every other
rider in seat order whether to lay a climb card.  Handing the screen round for
that (a curtain for each player, on every play) would make hot-seat play
unbearable, and asking only the players who hold a climb card would tell
everyone who holds one.  So when several players share the screen, the scene
asks once, in public, where the hand would be: no hand is drawn, every player
sees the same question, and passing looks the same whether or not a player
holds a climb card.  A holder who wants to climb presses their number or
clicks their name; anyone rides on with Enter.  The scene then gives the
engine each player's answer in seat order (bots still decide for themselves
in between, and the first climb closes the window, as in the rules).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Hashable, Sequence

import pygame

from game.ui import draw
from game.ui.theme import PALETTE, SMALL_PX, Theme, lighter
from game.ui.widgets import Button

if TYPE_CHECKING:
    from .scene import BreakawayRiderScene

#: seconds before the call takes input, so a key still held from the last play cannot answer it
GUARD_SECONDS = 0.5
CONFIRM_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
#: blits a cached layer: (surface, name, rect, key, paint(image, rect))
Layer = Callable[[pygame.Surface, str, pygame.Rect, Hashable, Callable[[pygame.Surface, pygame.Rect], Any]], None]


class ClimbCall:
    """The question, its buttons and its answer (the claiming seat, or None: nobody climbs)."""

    def __init__(self, scene: "BreakawayRiderScene", asked: Sequence[int], rider: int, pace: int,
                 rect: pygame.Rect, *, instant: bool) -> None:
        self.scene = scene
        self.asked = list(asked)
        self.rider = rider
        self.pace = pace
        self.rect = rect
        self.instant = instant
        self.age = 0.0
        self.refusal = ""
        gap = 14
        ride_width = 264
        room = rect.width - 48 - ride_width - gap
        width = min(200, (room - gap * (len(self.asked) - 1)) // max(1, len(self.asked)))
        y = rect.bottom - 66
        self.claims: list[Button] = []
        x = rect.x + 24
        for seat in self.asked:
            self.claims.append(Button((x, y, width, 48), f"{seat + 1}: {scene.seat_name(seat)}",
                                      self._claimer(seat), size=20))
            x += width + gap
        self.ride_on = Button((rect.right - 24 - ride_width, y, ride_width, 48), "No climb: ride on (Enter)",
                              self.answer_none, primary=True, size=20)

    @property
    def ready(self) -> bool:
        return self.instant or self.age >= GUARD_SECONDS

    @property
    def buttons(self) -> list[Button]:
        return [*self.claims, self.ride_on]

    def _claimer(self, seat: int) -> Callable[[], None]:
        return lambda: self.claim(seat)

    def claim(self, seat: int) -> None:
        if self.ready and not self.scene.answer_climb_call(seat):
            self.refusal = f"{self.scene.seat_name(seat)} holds no climb card: the question stays open."

    def answer_none(self) -> None:
        if self.ready:
            self.scene.answer_climb_call(None)

    def update(self, dt: float) -> None:
        self.age += dt

    def handle_event(self, event: pygame.event.Event) -> None:
        for button in self.buttons:
            if button.handle_event(event):
                return
        if event.type != pygame.KEYDOWN:
            return
        if event.key in CONFIRM_KEYS:
            self.answer_none()
        elif event.unicode and event.unicode.isdigit() and int(event.unicode) - 1 in self.asked:
            self.claim(int(event.unicode) - 1)

    def draw(self, surface: pygame.Surface, theme: Theme, layer: Layer) -> None:
        """The question (painted once per wording through ``layer``), then its buttons."""
        key = (self.rider, self.pace, self.refusal, tuple(self.asked), self.scene.colour_blind)
        layer(surface, "climb call", self.rect, key, lambda image, rect: self._paint(image, rect, theme))
        for button in self.buttons:
            button.draw(surface, theme)
        for button, seat in zip(self.claims, self.asked):
            # the player's colour just left of the label, where the button has room for it
            label_width = theme.font(button.size).size(draw.fit(theme, button.label, button.rect.width - 16,
                                                                button.size))[0]
            chip = pygame.Rect(0, 0, 18, 18)
            chip.midright = (button.rect.centerx - label_width // 2 - 8,
                             button.rect.centery + (3 if button.pressed else 0))
            if chip.x >= button.rect.x + 6:
                draw.team_marker(surface, chip, self.scene.match.seats[seat].colour,
                                 marked=self.scene.colour_blind, radius=4)

    def _paint(self, image: pygame.Surface, rect: pygame.Rect, theme: Theme) -> None:
        draw.cardboard(image, rect, fill=lighter(PALETTE.danger, 0.8), edge=PALETTE.danger)
        rider = self.scene.seat_name(self.rider)
        title = draw.text(image, theme, f"Any climb on {rider}'s {self.pace} km/h?", (rect.x + 24, rect.y + 14),
                          size=26, colour=PALETTE.ink)
        draw.text(image, theme, "(climb holders only)", (title.right + 14, title.bottom - 3), size=SMALL_PX,
                  colour=PALETTE.ink_soft, align="bottomleft")
        explain = (f"A climb laid on {rider}'s pile: no passing and no slipstream until {rider}'s next turn. "
                   "Hands stay hidden: a holder who wants to climb presses their number or clicks their name; "
                   "otherwise anyone rides on.")
        draw.paragraph(image, theme, self.refusal or explain, pygame.Rect(rect.x + 24, rect.y + 48, rect.width - 48,
                       48), size=SMALL_PX, colour=PALETTE.danger if self.refusal else PALETTE.ink_soft, max_lines=2)
