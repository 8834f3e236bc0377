"""A small but real MatchScene for the fixture game: hands, the trick, flying cards.

It exercises the base class the way the five games do: draws only from the
view, submits actions, animates events, and offers keyboard play (Left/Right
to choose a card, Enter to play it; 1-5 play a card directly).
"""
from __future__ import annotations

import dataclasses
from typing import Any

import pygame

from fixture_game import HIGH_CARD
from game.core.protocol import Event, act
from game.core.spec import GameSpec
from game.ui import draw
from game.ui.anim import Tween, ease_out_back
from game.ui.match_scene import MatchScene
from game.ui.theme import PALETTE, darker

CARD_SIZE = (80, 112)


class HighCardScene(MatchScene):
    """Your hand along the bottom, the other hands face down at the top, the trick in the middle."""

    def __init__(self, app, match) -> None:
        super().__init__(app, match)
        self.selected = 0
        self.hover: int | None = None
        #: card value -> tween of the card flying to the trick
        self.flights: dict[tuple[int, int], Tween] = {}

    # --- geometry -------------------------------------------------------------------
    def hand_rects(self, count: int) -> list[pygame.Rect]:
        gap = 16
        total = count * CARD_SIZE[0] + max(0, count - 1) * gap
        x = self.table_rect.centerx - total // 2
        y = self.table_rect.bottom - CARD_SIZE[1] - 24
        return [pygame.Rect(x + i * (CARD_SIZE[0] + gap), y, *CARD_SIZE) for i in range(count)]

    def trick_rect(self, position: int, seats: int) -> pygame.Rect:
        total = seats * (CARD_SIZE[0] + 24) - 24
        x = self.table_rect.centerx - total // 2 + position * (CARD_SIZE[0] + 24)
        return pygame.Rect(x, self.table_rect.centery - CARD_SIZE[1] // 2 - 10, *CARD_SIZE)

    def seat_badge_rect(self, seat: int, seats: int) -> pygame.Rect:
        width = 200
        total = seats * width + (seats - 1) * 16
        x = self.table_rect.centerx - total // 2 + seat * (width + 16)
        return pygame.Rect(x, self.table_rect.y + 12, width, 92)

    # --- hooks ------------------------------------------------------------------------
    def prompt(self, view: dict[str, Any], viewer: int | None) -> str:
        if view["trick"]:
            return f"Play a card: beat {max(card for _, card in view['trick'])} to take the trick."
        return "Lead a card: the highest card takes the trick."

    def handle_table_event(self, event: pygame.event.Event, view: dict[str, Any], viewer: int | None) -> None:
        hand = view["hand"] or []
        if event.type == pygame.MOUSEMOTION:
            self.hover = next((i for i, r in enumerate(self.hand_rects(len(hand))) if r.collidepoint(event.pos)), None)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for index, rect in enumerate(self.hand_rects(len(hand))):
                if rect.collidepoint(event.pos):
                    self.play(hand[index])
        elif event.type == pygame.KEYDOWN and hand:
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                step = -1 if event.key == pygame.K_LEFT else 1
                self.selected = (self.selected + step) % len(hand)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.play(hand[min(self.selected, len(hand) - 1)])
            elif event.unicode.isdigit() and 1 <= int(event.unicode) <= len(hand):
                self.play(hand[int(event.unicode) - 1])

    def play(self, card: int) -> None:
        if self.submit(act("play", card)):
            self.selected = 0

    def on_events(self, events: list[Event]) -> None:
        for event in events:
            if event.kind == "play":
                seat, card = event.data["seat"], event.data["card"]
                start = (float(self.table_rect.centerx), float(self.table_rect.bottom))
                if seat != self.viewer:
                    badge = self.seat_badge_rect(seat, self.match.state.num_seats)
                    start = (float(badge.centerx), float(badge.bottom))
                flight = Tween(start, (0.0, 0.0), 0.35, ease_out_back)
                self.flights[(seat, card)] = flight
                self.anims.add(flight, on_start=lambda: self.play_sound("card_deal"),
                               on_done=lambda key=(seat, card): self.flights.pop(key, None))
            elif event.kind == "trick":
                self.anims.wait(0.6)

    def on_undo(self) -> None:
        self.flights.clear()
        self.selected = 0

    def results_summary_lines(self) -> list[str]:
        won = self.match.state.tricks_won  # type: ignore[attr-defined]
        return [f"{self.seat_name(seat)} took {count} trick{'s' if count != 1 else ''}." for seat, count in
                enumerate(won)]

    # --- drawing ----------------------------------------------------------------------
    def draw_table(self, surface: pygame.Surface, view: dict[str, Any], viewer: int | None) -> None:
        seats = view["num_seats"]
        for seat in range(seats):
            self.draw_badge(surface, view, seat)
        mat = self.table_rect.inflate(-160, 0)
        mat.height = CARD_SIZE[1] + 70
        mat.centery = self.table_rect.centery - 10
        pygame.draw.rect(surface, darker(PALETTE.felt, 0.25), mat, border_radius=18)
        pygame.draw.rect(surface, PALETTE.felt_light, mat, 2, border_radius=18)
        for position, (seat, card) in enumerate(view["trick"]):
            target = self.trick_rect(position, seats)
            flight = self.flights.get((seat, card))
            rect = target.copy()
            if flight is not None and flight.started:
                sx, sy = flight.start_value  # type: ignore[misc]
                t = min(1.0, max(0.0, flight.ease(flight.progress)))
                rect.center = (int(sx + (target.centerx - sx) * t), int(sy + (target.centery - sy) * t))
            elif flight is not None:
                continue
            self.draw_card(surface, rect, card, self.match.seats[seat].colour)
        if not view["trick"]:
            draw.text(surface, self.theme, "The trick is empty", mat.center, colour=PALETTE.on_felt_soft,
                      align="center")
        hand = view["hand"]
        if hand is None:
            draw.text(surface, self.theme, "Hands are hidden", (self.table_rect.centerx, self.table_rect.bottom - 80),
                      colour=PALETTE.on_felt_soft, align="center")
            return
        for index, (rect, card) in enumerate(zip(self.hand_rects(len(hand)), hand)):
            if self.can_act and index in (self.hover, self.selected):
                rect = rect.move(0, -14)
            self.draw_card(surface, rect, card, None)
        draw.text(surface, self.theme, f"{self.seat_name(viewer)}'s hand" if viewer is not None else "",
                  (self.table_rect.centerx, self.table_rect.bottom - 10), size=18, colour=PALETTE.on_felt_soft,
                  align="midbottom")

    def draw_badge(self, surface: pygame.Surface, view: dict[str, Any], seat: int) -> None:
        rect = self.seat_badge_rect(seat, view["num_seats"])
        draw.cardboard(surface, rect, fill=PALETTE.card)
        chip = pygame.Rect(rect.x + 12, rect.y + 12, 26, 26)
        draw.team_marker(surface, chip, self.match.seats[seat].colour, marked=self.colour_blind)
        draw.text(surface, self.theme, draw.fit(self.theme, self.seat_name(seat), rect.width - 60),
                  (chip.right + 10, chip.centery), align="midleft")
        draw.text(surface, self.theme, f"{view['hand_counts'][seat]} cards   {view['tricks_won'][seat]} tricks",
                  (rect.x + 12, rect.bottom - 14), size=18, colour=PALETTE.ink_soft, align="bottomleft")
        if seat == self.match.current_seat:
            pygame.draw.rect(surface, PALETTE.accent, rect.inflate(8, 8), 3, border_radius=14)

    def draw_card(self, surface: pygame.Surface, rect: pygame.Rect, value: int, colour: str | None) -> None:
        draw.cardboard(surface, rect, fill=PALETTE.card_light, radius=8)
        if colour is not None:
            band = pygame.Rect(rect.x + 6, rect.y + 6, rect.width - 12, 10)
            draw.team_marker(surface, band, colour, radius=3)
        draw.text(surface, self.theme, str(value), (rect.x + 10, rect.y + 20), size=18, colour=PALETTE.ink)
        draw.text(surface, self.theme, str(value), rect.center, size=40, colour=PALETTE.ink, align="center")


def high_card_spec() -> GameSpec:
    """The fixture game with this scene and the rules help beside this file."""
    return dataclasses.replace(HIGH_CARD, scene=lambda: HighCardScene, rules_file="ui/high_card_rules.md")
