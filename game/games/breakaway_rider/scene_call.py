"""The shared climb call: one short public "Any climb?" for everyone at a hot-seat screen.

Right after the breakaway rider's speed card, the engine asks every other
rider in seat order whether to lay a climb card.  Handing the screen round for
that (a curtain for each player, on every play) would make hot-seat play
unbearable, and asking only the players who hold a climb card would tell
everyone who holds one.  So when several players share the screen, the scene
asks once, in public, where the hand would be: no hand is drawn and every
player sees the same question.  The call is a short window that closes by
itself: nobody has to press anything for the race to ride on, and it stays
open just as long whether anyone holds a climb card or not, so neither
closing nor waiting tells anybody anything.  A player who wants to climb
presses their number or clicks their name before the bar runs out; Enter (or
the button) rides on at once for a table that is in a hurry.

A claim is never checked in public: any asked player may claim, and every
claim closes the call the same way, so pressing someone else's number teaches
nothing about their hand.  The scene then gives the engine the answers in seat
order: a pass for every player who did not claim (bots still decide for
themselves in between, and a bot's climb closes the window, as in the rules),
and when the claimant's turn to answer comes, the screen goes to them through
their curtain.  Behind it they see their hand and choose "Lay the climb" or
"No climb" (without a climb card they are told so there, and only "No climb"
is offered).  Everyone else learns only whether a climb was laid: a claimant
without the card looks just like a holder who changed their mind.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Hashable, Sequence

import pygame

from game.i18n import _
from game.ui import draw
from game.ui.theme import PALETTE, SMALL_PX, Theme, lighter
from game.ui.widgets import Button

if TYPE_CHECKING:
    from .scene import BreakawayRiderScene

#: seconds before the call takes input, so a key still held from the last play cannot answer it
GUARD_SECONDS = 0.5
#: seconds the call stays open (the guard included) before it closes by itself with no climb; the same
#: for every call, whoever holds what
CALL_SECONDS = 4.0
CONFIRM_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
#: blits a cached layer: (surface, name, rect, key, paint(image, rect))
Layer = Callable[[pygame.Surface, str, pygame.Rect, Hashable, Callable[[pygame.Surface, pygame.Rect], Any]], None]
#: the sizes a claim button's name may take, largest first (a long name in a narrow button gets a smaller one)
LABEL_SIZES = (20, 18, 16, 14)
MARGIN = 20
#: between the claim buttons, and before the ride-on button
GAP = 8
RIDE_GAP = 14
RIDE_ON_WIDTH = 168
RIDE_ON_PX = 20
BUTTON_HEIGHT = 48
TITLE_PX = 26
#: where the explanation starts, under the title
TEXT_TOP = 46


class ClimbCall:
    """The question, its countdown, its buttons and its answer (the claiming seat, or None: nobody claims)."""

    def __init__(self, scene: "BreakawayRiderScene", asked: Sequence[int], rider: int, pace: int,
                 rect: pygame.Rect) -> None:
        self.scene = scene
        self.asked = list(asked)
        self.rider = rider
        self.pace = pace
        self.rect = rect
        self.age = 0.0
        theme = scene.theme
        ride_on = _("Ride on (Enter)")
        # the ride-on button as wide as its words need (never narrower than usual, at most half the call)
        ride_width = min(max(RIDE_ON_WIDTH, theme.font(RIDE_ON_PX).size(ride_on)[0] + 32),
                         (rect.width - 2 * MARGIN) // 2)
        room = rect.width - 2 * MARGIN - ride_width - RIDE_GAP
        width = min(200, (room - GAP * (len(self.asked) - 1)) // max(1, len(self.asked)))
        y = rect.bottom - BUTTON_HEIGHT - 12
        names = [scene.seat_name(seat) for seat in self.asked]
        # a button holds the player's name (the colour chip goes beside it when there is room); the number
        # that claims sits on a key cap on the button's corner, like the numbers on the hand's cards
        size = next((size for size in LABEL_SIZES if all(theme.font(size).size(name)[0] <= width - 16
                                                          for name in names)), LABEL_SIZES[-1])
        self.claims: list[Button] = []
        x = rect.x + MARGIN
        for seat, name in zip(self.asked, names):
            self.claims.append(Button((x, y, width, BUTTON_HEIGHT), name, self._claimer(seat), size=size))
            x += width + GAP
        self.ride_on = Button((rect.right - MARGIN - ride_width, y, ride_width, BUTTON_HEIGHT), ride_on,
                              self.answer_none, primary=True, size=RIDE_ON_PX)

    @property
    def ready(self) -> bool:
        """Past the guard: keys and clicks count."""
        return self.age >= GUARD_SECONDS

    @property
    def left(self) -> float:
        """The share of the call's time still to run, 1 at the start and 0 when it closes."""
        return max(0.0, 1.0 - self.age / CALL_SECONDS)

    @property
    def buttons(self) -> list[Button]:
        return [*self.claims, self.ride_on]

    def _claimer(self, seat: int) -> Callable[[], None]:
        return lambda: self.claim(seat)

    def claim(self, seat: int) -> None:
        """Any asked seat may claim, and every claim closes the call alike: whether the claimant holds a
        climb card is asked only behind their curtain."""
        if self.ready:
            self.scene.answer_climb_call(seat)

    def answer_none(self) -> None:
        if self.ready:
            self.scene.answer_climb_call(None)

    def update(self, dt: float) -> None:
        """The call runs down and, unanswered, closes by itself: nobody climbs."""
        self.age += dt
        if self.age >= CALL_SECONDS and self.scene.climb_call is self:
            self.scene.answer_climb_call(None)

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

    # --- drawing ------------------------------------------------------------------------------------
    def lines(self, theme: Theme) -> tuple[str, list[str], int]:
        """The title, the explanation wrapped to the call's width and its size: every line is drawn above
        the countdown bar (a smaller size is taken before anything would be cut, and where even the smallest
        holds only part of it, the part that says how to answer: the rule is on the pace card too)."""
        rider = self.scene.seat_name(self.rider)
        title = draw.fit(theme, _("Any climb on {rider}'s {pace} km/h?").format(rider=rider, pace=self.pace),
                         self.text_width, TITLE_PX)
        wordings = (_("Climb: no passing and no slipstream until the breakaway rider's next turn. Holding a climb "
                      "card? Press your number or click your name before the bar runs out. Enter rides on at once."),
                    _("Holding a climb card? Press your number or click your name before the bar runs out. Enter "
                      "rides on at once."))
        room = self.bar_rect().y - 4 - self.text_top(theme, title)
        for words in wordings:
            for size in (SMALL_PX, *[s for s in LABEL_SIZES if s < SMALL_PX]):
                lines = draw.wrap(theme, words, self.text_width, size)
                if len(lines) * theme.font(size).get_linesize() <= room:
                    return title, lines, size
        return title, lines, size

    def text_top(self, theme: Theme, title: str) -> int:
        """Where the explanation starts: under the title, however tall the UI scale (or its accents) make it."""
        return max(self.rect.y + TEXT_TOP, self.rect.y + 12 + theme.font(TITLE_PX).size(title)[1] + 2)

    @property
    def text_width(self) -> int:
        return self.rect.width - 2 * MARGIN

    def bar_rect(self) -> pygame.Rect:
        """The countdown bar, across the call under the words."""
        return pygame.Rect(self.rect.x + MARGIN, self.ride_on.rect.y - 18, self.text_width, 6)

    def draw(self, surface: pygame.Surface, theme: Theme, layer: Layer) -> None:
        """The question (painted once per wording through ``layer``), the countdown, then the buttons."""
        key = (self.rider, self.pace, tuple(self.asked), self.scene.colour_blind)
        layer(surface, "climb call", self.rect, key, lambda image, rect: self._paint(image, rect, theme))
        bar = self.bar_rect()
        pygame.draw.rect(surface, lighter(PALETTE.danger, 0.55), bar, border_radius=3)
        if self.left > 0:
            pygame.draw.rect(surface, PALETTE.danger, (bar.x, bar.y, round(bar.width * self.left), bar.height),
                             border_radius=3)
        for button in self.buttons:
            button.draw(surface, theme)
        for button, seat in zip(self.claims, self.asked):
            # the player's colour just left of the name, where the button has room for it
            label, size = draw.shrink_to_fit(theme, button.label, button.rect.width - 16, button.size)
            label_width = theme.font(size).size(label)[0]
            lift = 3 if button.pressed else 0
            chip = pygame.Rect(0, 0, 18, 18)
            chip.midright = (button.rect.centerx - label_width // 2 - 6, button.rect.centery + lift)
            if chip.x >= button.rect.x + 4:
                draw.team_marker(surface, chip, self.scene.match.seats[seat].colour,
                                 marked=self.scene.colour_blind, radius=4)
            cap = self.key_cap(button)
            pygame.draw.rect(surface, PALETTE.ink, cap, border_radius=6)
            draw.text(surface, theme, str(seat + 1), cap.center, size=18, colour=PALETTE.card_light, align="center")

    @staticmethod
    def key_cap(button: Button) -> pygame.Rect:
        """The claiming number's key cap, on the button's top left corner."""
        cap = pygame.Rect(0, 0, 24, 22)
        cap.center = (button.rect.x + 14, button.rect.y + 1)
        return cap

    def _paint(self, image: pygame.Surface, rect: pygame.Rect, theme: Theme) -> None:
        draw.cardboard(image, rect, fill=lighter(PALETTE.danger, 0.8), edge=PALETTE.danger)
        title, lines, size = self.lines(theme)
        draw.text(image, theme, title, (rect.x + MARGIN, rect.y + 12), size=TITLE_PX, colour=PALETTE.ink)
        line_height = theme.font(size).get_linesize()
        for number, line in enumerate(lines):
            draw.text(image, theme, line, (rect.x + MARGIN, self.text_top(theme, title) - self.rect.y + rect.y
                                           + number * line_height), size=size, colour=PALETTE.ink_soft)
