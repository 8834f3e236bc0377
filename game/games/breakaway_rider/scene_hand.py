"""Breakaway Rider's hand zone and action panel: a part of ``BreakawayRiderScene`` (scene.py).

The tray with the hand at the screen and the pointed card's preview bubble, and the panel that says
what Enter or the button does now and what it would do.  Both are painted once per look.
"""
from __future__ import annotations

from typing import Any

import pygame

from game.i18n import _, ngettext
from game.ui import draw
from game.ui.theme import MIN_FONT_PX, PALETTE, SMALL_PX, darker
from game.ui.widgets import Button

from .cards import CLIMB, HAND_SIZE, SLOWEST_SPEED, SPRINT, Card
from .rules import CLIMB_WINDOW, PLAY, Resolution, preview_play
from .scene_panels import TONE_COLOURS, fitting_paragraph
from .scene_show import RESULT_TONE, Shown, short_result
from .views import BreakawayRiderView

#: hand cards a number key can pick (1-9)
KEYED_CARDS = 9


class HandZone:
    """The hand zone and the action panel, drawn from the view and the scene's choices (drawing changes nothing)."""

    def draw_hand_zone(self, surface: pygame.Surface, view: BreakawayRiderView, shown: Shown) -> None:
        """The tray with the hand at the screen (painted once per look), then the pointed card's preview."""
        hand = shown.hand if shown.hand_of == self.viewer and self.viewer is not None else None
        resting = self.show.shown is None
        cards = tuple(hand) if hand else ()
        rects = self.hand_rects(list(cards)) if resting else self.layout.hand_rects(len(cards))
        raised = self.raised_cards(list(cards)) if resting else set()
        rings = tuple(i for i in sorted(raised) if cards[i] == CLIMB or (cards[i] == SPRINT and i != self.hover))
        just = view["just_drawn"][0] if resting and view["just_drawn"] and hand else None
        new_index = max((i for i, c in enumerate(cards) if c == just), default=None) if just is not None else None
        focus = self.focus if resting and self.focus_shown(view, list(cards)) else None
        face_down = shown.face_down if hand is not None else 0
        caps = self.key_caps(rects) if resting and hand and self.can_act and view["phase"] == PLAY else []
        key = (hand is None, self.shared_screen, cards, tuple(r.topleft for r in rects), rings, new_index, focus,
               face_down, len(caps))
        self.panels.blit_cached(surface, "hand", self.layout.hand_area, key,
                                lambda image, area: self._paint_hand(image, area, hand, rects, rings, new_index,
                                                                     focus, face_down, caps))
        if resting and hand and view["phase"] == PLAY:
            pointed = self.hover if self.hover is not None else focus if self.keyboard else None
            if pointed is not None and pointed < len(cards) and isinstance(cards[pointed], int):
                self.draw_bubble(surface, view, int(cards[pointed]), rects[pointed])

    def focus_shown(self, view: BreakawayRiderView, hand: list[Card]) -> bool:
        """The card Enter would play is ringed whenever the player at the screen may play one."""
        return (self.can_act and view["phase"] == PLAY and self.focus < len(hand)
                and isinstance(hand[self.focus], int))

    @staticmethod
    def key_caps(rects: list[pygame.Rect]) -> list[pygame.Rect]:
        """The key that picks each hand card, as a key cap in the middle of its top band (between the corner
        number and the bicycle): the keys count the cards as they lie, left to right, so the number on a
        card is always the key that takes it."""
        caps = []
        for rect in rects[:KEYED_CARDS]:
            cap = pygame.Rect(0, 0, 24, 22)
            cap.center = (rect.centerx, rect.top + 14)
            caps.append(cap)
        return caps

    def _paint_hand(self, image: pygame.Surface, area: pygame.Rect, hand: list[Card] | None,
                    rects: list[pygame.Rect], rings: tuple[int, ...], new_index: int | None,
                    focus: int | None, face_down: int, caps: list[pygame.Rect]) -> None:
        shift = (area.x - self.layout.hand_area.x, area.y - self.layout.hand_area.y)
        tray = area.inflate(0, -4)
        pygame.draw.rect(image, darker(PALETTE.felt, 0.3), tray, border_radius=16)
        pygame.draw.rect(image, PALETTE.felt_light, tray, 2, border_radius=16)
        if hand is None:
            for rect in self.layout.hand_rects(6):
                pygame.draw.rect(image, darker(PALETTE.felt, 0.45), rect.move(shift), border_radius=8)
            if self.shared_screen and not self.watching:
                message = _("Hands stay hidden while everyone is at the screen.")
            elif self.match.humans() or self.watching:
                message = _("Hands stay hidden in this view.")
            else:
                message = _("Only bots ride: every hand stays hidden.")
            room = tray.inflate(-40, -24)
            text, size = fitting_paragraph(self.theme, (message,), room, largest=20)
            height = len(draw.wrap(self.theme, text, room.width, size)) * draw.line_height(self.theme, size)
            draw.paragraph(image, self.theme, text, room.move(0, (room.height - height) // 2), size=size,
                           colour=PALETTE.on_felt_soft, align="center")
            return
        if not hand:
            for rect in self.layout.hand_rects(HAND_SIZE)[:face_down]:
                self.art.card(image, None, rect.move(shift))
            if not face_down:
                draw.text(image, self.theme, _("Your cards are on their way..."), tray.center, size=20,
                          colour=PALETTE.on_felt_soft, align="center")
            return
        for index, (card, rect) in enumerate(zip(hand, rects)):
            rect = rect.move(shift)
            self.art.card(image, card, rect)
            if index in rings:
                pygame.draw.rect(image, PALETTE.accent, rect.inflate(6, 6), 4, border_radius=10)
            if index == new_index:
                # TRANSLATORS: Breakaway Rider: a tag on the card just drawn
                label = self.theme.text(_("new"), 14, PALETTE.card_light)
                tag = label.get_rect(bottomright=(rect.right - 8, rect.bottom - 6))
                pygame.draw.rect(image, PALETTE.good, tag.inflate(10, 4), border_radius=6)
                image.blit(label, tag)
        if focus is not None:
            pygame.draw.rect(image, PALETTE.focus, rects[focus].move(shift).inflate(10, 10), 3, border_radius=12)
        for number, cap in enumerate(caps, start=1):
            cap = cap.move(shift)
            pygame.draw.rect(image, darker(PALETTE.ink, 0.2), cap.move(0, 2), border_radius=6)
            pygame.draw.rect(image, PALETTE.ink if number - 1 != focus else PALETTE.focus, cap, border_radius=6)
            draw.text(image, self.theme, str(number), cap.center, size=18, colour=PALETTE.card_light, align="center")

    def preview(self, view: BreakawayRiderView, speed: int | None) -> Resolution | None:
        if self.viewer is None or view["phase"] == "over" or view["hand"] is None:
            return None
        climb = int(self.climb_chosen and view["jersey"] == self.viewer)
        sprints = self.sprints_chosen if speed is not None else 0
        return preview_play(view, self.viewer, SLOWEST_SPEED if speed is None else speed, sprints, climb)

    def preview_words(self, result: Resolution, speed: int | None) -> str:
        words = short_result(result.category, result.effective, result.minutes_change or None, result.on_climb)
        if speed is None or result.effective != speed:
            return _("{speed} km/h: {result}").format(speed=result.effective, result=words)
        return words

    def draw_bubble(self, surface: pygame.Surface, view: BreakawayRiderView, speed: int, rect: pygame.Rect) -> None:
        result = self.preview(view, speed)
        if result is None:
            return
        text = self.preview_words(result, speed)
        colour = TONE_COLOURS.get(RESULT_TONE.get(result.category, "neutral"), PALETTE.ink)
        label = self.theme.text(text, SMALL_PX, colour)
        box = label.get_rect().inflate(20, 12)
        box.midbottom = (rect.centerx, rect.y - 8)
        box.clamp_ip(self.layout.hand_zone.inflate(0, 40))
        draw.shadow(surface, box, 8, 3, 70)
        pygame.draw.rect(surface, PALETTE.card_light, box, border_radius=8)
        pygame.draw.rect(surface, colour, box, 2, border_radius=8)
        tip = (rect.centerx, box.bottom + 7)
        pygame.draw.polygon(surface, colour, [(tip[0] - 7, box.bottom - 1), (tip[0] + 7, box.bottom - 1), tip])
        surface.blit(label, label.get_rect(center=box.center))

    def draw_action_panel(self, surface: pygame.Surface, view: BreakawayRiderView, shown: Shown) -> None:
        """What Enter or the button does now, and what it would do (painted once per text)."""
        lines, buttons = self.action_lines(view, shown)
        self.panels.blit_cached(surface, "action", self.layout.action, lines,
                                lambda image, rect: self._paint_action(image, rect, lines))
        for button in buttons:
            button.draw(surface, self.theme)

    def action_lines(self, view: BreakawayRiderView, shown: Shown) -> tuple[tuple[tuple[str, str, Any], ...],
                                                                             list[Button]]:
        """The panel's lines as (style, text, colour) and the buttons under them."""
        if view["phase"] == "over":
            return (("words", _("The race is over."), PALETTE.ink),), []
        hand = shown.hand if shown.hand_of == self.viewer and self.viewer is not None else None
        if not hand or self.show.shown is not None:
            return (("words", self.waiting_words(view), PALETTE.ink_soft),), []
        if view["phase"] == CLIMB_WINDOW and self.can_act:
            title = _("{rider} set the pace at {pace}.").format(rider=self.seat_name(view["turn_seat"]),
                                                               pace=view["pace"])
            if draw.fitting_size(self.theme, title, self.layout.action.width - 28, SMALL_PX) is None:
                title = _("The pace is {pace} km/h.").format(pace=view["pace"])  # a long name: the words that fit
            if not view["can_climb"]:  # a claim made at the shared call by a player without the card
                return ((("title", title, PALETTE.ink_soft), ("question", _("No climb card."), PALETTE.ink)),
                        [self.pass_button])
            return ((("title", title, PALETTE.ink_soft), ("question", _("Lay your climb?"), PALETTE.ink)),
                    [self.climb_button, self.pass_button])
        speed = self.chosen_speed(hand)
        result = self.preview(view, speed)
        sprints, extras = self.sprints_chosen, bool(self.sprints_chosen or self.climb_chosen)
        title = _("Keys: 1-7  S  C  Enter") if self.can_act else _("If you played it now")
        if extras and speed is not None:
            if sprints and self.climb_chosen:
                title = ngettext("with {count} sprint and the climb", "with {count} sprints and the climb",
                                 sprints).format(count=sprints)
            elif sprints:
                title = ngettext("with {count} sprint", "with {count} sprints", sprints).format(count=sprints)
            else:
                title = _("with the climb")
        card = _("stall: no speed card") if speed is None else _("{speed} km/h").format(speed=speed)
        lines = [("title", title, PALETTE.accent_dark if extras else PALETTE.ink_soft), ("card", card, PALETTE.ink)]
        if result is not None:
            lines.append(("result", self.preview_words(result, speed),
                          TONE_COLOURS.get(RESULT_TONE.get(result.category, "neutral"), PALETTE.ink)))
        if not self.can_act:
            return tuple(lines), []
        return tuple(lines), [self.play_button]

    def _paint_action(self, image: pygame.Surface, panel: pygame.Rect, lines: tuple[tuple[str, str, Any], ...]) -> None:
        """Each line at the largest size that keeps it whole inside the panel (at a larger UI scale the
        words get smaller before anything would be cut or run into the buttons)."""
        theme = self.theme
        draw.cardboard(image, panel, fill=PALETTE.card)
        inner = panel.inflate(-28, 0)
        title_bottom = panel.y + 12
        for style, text, colour in lines:
            if style == "words":
                room = pygame.Rect(inner.x, panel.y + 14, inner.width, panel.height - 28)
                words, size = fitting_paragraph(theme, (text,), room, largest=20)
                draw.paragraph(image, theme, words, room, size=size, colour=colour)
            elif style == "title":
                words, size = draw.shrink_to_fit(theme, text, inner.width, SMALL_PX)
                title_bottom = draw.text(image, theme, words, (inner.x, panel.y + 12), size=size, colour=colour).bottom
            elif style == "question":  # between the title and the climb buttons
                room = self.climb_button.rect.y - self.layout.action.y + panel.y - 4 - (title_bottom + 2)
                size = next((size for size in range(24, MIN_FONT_PX - 1, -1)
                             if theme.font(size).get_height() <= room
                             and theme.font(size).size(text)[0] <= inner.width), MIN_FONT_PX)
                draw.text(image, theme, text, (inner.x, title_bottom + 2), size=size, colour=colour)
            elif style == "card":
                words, size = draw.shrink_to_fit(theme, text, inner.width, 24)
                draw.text(image, theme, words, (inner.x, panel.y + 34), size=size, colour=colour)
            else:  # the result, above the Play button: smaller before it would touch the button
                top = panel.y + 66
                button_top = self.play_button.rect.y - self.layout.action.y + panel.y
                room = pygame.Rect(inner.x, top, inner.width, button_top - 4 - top)
                words, size = fitting_paragraph(theme, (text,), room, largest=20)
                draw.paragraph(image, theme, words, room, size=size, colour=colour)

    def waiting_words(self, view: BreakawayRiderView) -> str:
        """Whose move the table waits for, while the hand at the screen cannot play."""
        seat = view["to_move"]
        if seat is None:
            return _("The race is over.")
        rider = self.seat_name(view["turn_seat"])
        if view["phase"] == CLIMB_WINDOW:
            return _("Climb window: the others may lay a climb card on {rider}'s pile.").format(rider=rider)
        if not self.match.seats[seat].is_human and not self.watching:  # in a replay it is just their turn
            return _("{name} is choosing a card.").format(name=self.seat_name(seat))
        return _("{name}'s turn.").format(name=self.seat_name(seat))
