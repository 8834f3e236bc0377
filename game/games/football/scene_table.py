"""Breakaway Football on screen: the scoreboard, the field and the cards on the table (a part of
``FootballScene``, scene.py)."""
from __future__ import annotations

import math

import pygame

from game.i18n import N_, _, ngettext
from game.ui import draw
from game.ui.theme import MIN_FONT_PX, PALETTE, SMALL_PX, darker, hex_colour, lighter, readable_on

from . import board
from .cards import TEAMS
from .scene_art import CHALK, card_areas, row_height, rows_height, scaled, sprite_anchor, word_wrap
from .scene_layout import DECK_CARD, END_ZONE_WIDTH, TABLE_CARD
from .scene_show import DEAD_BALL_PHASES, Picture, Point, Slot
from .scene_words import corner_in_use, play_name
from .views import FootballView

FIELD_MARGIN = 10
DOWN_TAG_PX = 18
LAST_PLAY_VEIL = (14, 36, 29, 95)
#: room around the ink of the 'LAST PLAY' stamp on its plate (across, up and down)
STAMP_PAD = (9, 3)
#: how far down a table card its lowest words reach (an offense card's lower end, a defense's 'lose to')
LOWEST_WORDS = max(scaled(area, TABLE_CARD).bottom for frame in ("play_card_frame", "defense_card_frame")
                   for area in card_areas(frame).values())
#: a team's score box on the scoreboard
SCORE_BOX = (58, 46)
#: room the possession ball takes beside a team's name on the scoreboard
BALL_ROOM = 34
#: what a Game Day card is drawn for, as the title over its place shows it
DRAW_PURPOSE_WORDS: dict[str, str] = {
    "play": N_("Game Day: play"), "kickoff": N_("Game Day: kickoff"), "onside kick": N_("Game Day: onside kick"),
    "punt": N_("Game Day: punt"), "punt return": N_("Game Day: punt return"),
    "blocked-punt return": N_("Game Day: blocked-punt return"), "free kick": N_("Game Day: free kick"),
    "free-kick return": N_("Game Day: free-kick return"), "field goal": N_("Game Day: field goal"),
    "extra point": N_("Game Day: extra point"), "Hail Mary": N_("Game Day: Hail Mary"),
    "breakaway": N_("Game Day: breakaway"),
}
#: what the scoreboard's middle says instead of the down while the ball is dead ("" for nothing)
DEAD_BALL_WORDS: dict[str, str] = {"conversion": N_("Try after TD"), "clock_discard": N_("Clock discards"),
                                   "kickoff": N_("Kickoff"), "toss": N_("Coin toss"), "over": ""}


class TableDrawing:
    """What ``FootballScene`` paints above the bar: the scoreboard, the field, the cards on the table, the story."""

    # --- the scoreboard ----------------------------------------------------------------------------------
    def scoreboard_layer(self, view: FootballView, pic: Picture) -> pygame.Surface:
        labels = board.team_labels(view)
        key = (tuple(pic.score), pic.quarter, tuple(pic.cards_left), tuple(pic.timeouts), tuple(pic.flags),
               pic.offense, pic.down_text, pic.phase, tuple(labels), self.colour_blind, view["phase"] == "over",
               self.theme.version)
        if key != self._scoreboard_key or self._scoreboard is None:
            self._scoreboard = self.paint_scoreboard(view, pic, labels)
            self._scoreboard_key = key
        return self._scoreboard

    def paint_scoreboard(self, view: FootballView, pic: Picture, labels: list[str]) -> pygame.Surface:
        rect = self.layout.scoreboard
        surface = pygame.Surface(rect.size)
        surface.blit(self.theme.table_texture(), (0, 0), rect)
        local = surface.get_rect()
        draw.cardboard(surface, local.inflate(-2, -4).move(0, -2), fill=(32, 36, 44), edge=(12, 14, 18),
                       lifted=False, inner_line=False)
        middle = self.quarter_box().move(-rect.x, -rect.y)
        pygame.draw.rect(surface, (18, 20, 26), middle, border_radius=8)
        pygame.draw.rect(surface, (70, 74, 84), middle, 2, border_radius=8)
        quarter = _("Final") if view["phase"] == "over" else pic.quarter
        dead_ball = DEAD_BALL_WORDS.get(pic.phase)
        down = pic.down_text if dead_ball is None else _(dead_ball) if dead_ball else ""
        quarter_px, down_px = self.middle_sizes(middle.height - 6)
        # smaller rather than cut ("1. Down, 20 Yards" at 130 %); the down is told in full on the field too
        quarter, quarter_px = draw.shrink_to_fit(self.theme, quarter, middle.width - 12, quarter_px)
        if view["two_point"] and dead_ball is None and not draw.fitting_size(self.theme, down, middle.width - 12,
                                                                             down_px):
            # TRANSLATORS: Football: the scoreboard's short word for a two-point try (the field tells it in full)
            down = _("2-pt try")
        down, down_px = draw.shrink_to_fit(self.theme, down, middle.width - 12, down_px)
        draw.text(surface, self.theme, quarter, (middle.centerx, middle.y + 3), size=quarter_px,
                  colour=(250, 210, 90), align="midtop")
        draw.text(surface, self.theme, down, (middle.centerx, middle.bottom - 3), size=down_px, colour=CHALK,
                  align="midbottom")
        for seat in (0, 1):
            self.paint_team_block(surface, view, pic, labels, seat, middle)
        return surface

    def middle_sizes(self, height: int) -> tuple[int, int]:
        """Sizes for the quarter and the down, one above the other in ``height`` (smaller at a big UI scale)."""
        for quarter_px, down_px in ((SMALL_PX, 20), (16, 18), (14, 16)):
            if self.theme.font(quarter_px).get_height() + self.theme.font(down_px).get_height() <= height:
                break
        return quarter_px, down_px

    def paint_team_block(self, surface: pygame.Surface, view: FootballView, pic: Picture, labels: list[str],
                         seat: int, middle: pygame.Rect) -> None:
        local = surface.get_rect()
        left = seat == 0
        colour = self.seat_colour(seat)
        badge_size = 50
        badge = self.assets.sprite(f"team_{self.team(seat).lower()}", (badge_size, badge_size))
        badge_rect = badge.get_rect(midleft=(8, local.centery - 2)) if left else badge.get_rect(
            midright=(local.right - 8, local.centery - 2))
        surface.blit(badge, badge_rect)
        score_box = pygame.Rect((0, 0), SCORE_BOX)
        if left:
            score_box.midright = (middle.x - 10, middle.centery)
        else:
            score_box.midleft = (middle.right + 10, middle.centery)
        pygame.draw.rect(surface, (12, 14, 18), score_box, border_radius=8)
        pygame.draw.rect(surface, colour, score_box, 2, border_radius=8)
        draw.text(surface, self.theme, str(pic.score[seat]), score_box.center, size=34, colour=(250, 210, 90),
                  align="center")
        name_x = badge_rect.right + 10 if left else badge_rect.x - 10
        align_top = "topleft" if left else "topright"
        chip = pygame.Rect(0, 0, 16, 16)
        # the name between its colour chip and the score, the possession ball beside it: smaller rather than cut
        name_room = (score_box.x - 8 - (name_x + 22) if left else name_x - 22 - (score_box.right + 8)) - BALL_ROOM
        name, name_px = draw.shrink_to_fit(self.theme, labels[seat], name_room, 20)
        name_top = 5 + (self.theme.font(20).get_ascent() - self.theme.font(name_px).get_ascent())
        name_rect = draw.text(surface, self.theme, name, (name_x + (22 if left else -22), name_top), size=name_px,
                              colour=CHALK, align=align_top)
        chip.midleft = (name_x, name_rect.centery) if left else (0, 0)
        if not left:
            chip.midright = (name_x, name_rect.centery)
        draw.team_marker(surface, chip, self.match.seats[seat].colour, marked=self.colour_blind, radius=4)
        if pic.offense == seat and pic.phase not in ("toss", "over"):
            ball = self.assets.sprite("football", (26, 18))
            spot = (name_rect.right + 8, name_rect.centery) if left else (name_rect.x - 8, name_rect.centery)
            surface.blit(ball, ball.get_rect(midleft=spot) if left else ball.get_rect(midright=spot))
        row_y = local.bottom - 20
        cards = ngettext("{count} card", "{count} cards", pic.cards_left[seat]).format(count=pic.cards_left[seat])
        x = name_x
        cards_rect = draw.text(surface, self.theme, cards, (x, row_y), size=SMALL_PX, colour=(200, 206, 214),
                               align="midleft" if left else "midright")
        x = cards_rect.right + 12 if left else cards_rect.x - 12
        step = 22 if left else -22
        token = self.assets.sprite("timeout_token", (20, 20))
        spent = token.copy()
        spent.set_alpha(55)
        for index in range(3):
            image = token if index < pic.timeouts[seat] else spent
            surface.blit(image, image.get_rect(midleft=(x, row_y)) if left else image.get_rect(midright=(x, row_y)))
            x += step
        flag = self.assets.sprite("challenge_flag" if pic.flags[seat] else "challenge_flag_spent", (24, 24))
        x += 6 if left else -6
        surface.blit(flag, flag.get_rect(midleft=(x, row_y - 2)) if left else flag.get_rect(midright=(x, row_y - 2)))

    # --- the field -------------------------------------------------------------------------------------------
    def draw_field(self, surface: pygame.Surface, view: FootballView, pic: Picture) -> None:
        layout = self.layout
        colours = [self.match.seats[s].colour for s in (0, 1)]
        teams = tuple(view["teams"])
        area = layout.field.inflate(FIELD_MARGIN * 2, FIELD_MARGIN * 2)
        felt = self.still.get(("field", teams, tuple(colours), self.colour_blind, area.size),
                              lambda: self._field_on_felt(area, list(teams), colours))
        surface.blit(felt, area)
        top, bottom = layout.field.y + 24, layout.field.bottom - 24
        if pic.show_ball and pic.flag_x is not None:
            x = round(layout.line_x(pic.flag_x))
            pygame.draw.line(surface, (246, 214, 60), (x, top), (x, bottom), 4)
        if pic.show_ball:
            x = round(layout.line_x(pic.ball_x))
            pygame.draw.line(surface, (70, 150, 235), (x, top), (x, bottom), 4)
        if pic.show_ball and pic.flag_x is not None:
            self.draw_anchored(surface, "first_down_flag", (30, 46), (layout.line_x(pic.flag_x), bottom + 4))
        if pic.penalty_flag is not None:
            self.draw_penalty_flag(surface, pic)
        if pic.show_ball:
            self.draw_marker(surface, pic)
        if pic.flight is not None:
            (x, y), lift = pic.flight.position()
            shade = pygame.Rect(0, 0, 24, 8)
            shade.center = (round(pic.flight.start[0] + (pic.flight.end[0] - pic.flight.start[0]) * pic.flight.t),
                            round(pic.flight.start[1] + (pic.flight.end[1] - pic.flight.start[1]) * pic.flight.t))
            pygame.draw.ellipse(surface, (20, 50, 25), shade)
            size = (round(32 * (1 + 0.6 * lift)), round(22 * (1 + 0.6 * lift)))
            ball = self.assets.sprite("football", size)
            ball = pygame.transform.rotate(ball, -40 * (pic.flight.t - 0.5))
            surface.blit(ball, ball.get_rect(center=(round(x), round(y))))
        if pic.coin is not None:
            self.draw_coin(surface, pic.coin)

    def _field_on_felt(self, area: pygame.Rect, teams: list[str], colours: list[str]) -> pygame.Surface:
        """The field with its shadow on the felt: one opaque picture."""
        picture = pygame.Surface(area.size)
        picture.blit(self.theme.table_texture(), (0, 0), area)
        field_rect = self.layout.field.move(-area.x, -area.y)
        draw.shadow(picture, field_rect, 6, 5, 80)
        picture.blit(self.art.field_layer(self.layout, teams, colours, self.colour_blind), field_rect)
        return picture

    def draw_anchored(self, surface: pygame.Surface, name: str, size: tuple[int, int], at: Point) -> pygame.Rect:
        image = self.assets.sprite(name, size)
        ax, ay = sprite_anchor(name)
        rect = image.get_rect(topleft=(round(at[0] - ax), round(at[1] - ay)))
        surface.blit(image, rect)
        return rect

    def draw_marker(self, surface: pygame.Surface, pic: Picture) -> None:
        layout = self.layout
        x = layout.line_x(pic.ball_x)
        base_y = layout.ball_y
        ball = self.assets.sprite("football", (30, 20))
        surface.blit(ball, ball.get_rect(center=(round(x), base_y)))
        marker = self.draw_anchored(surface, "ball_marker", (28, 42), (x, base_y - 8))
        if pic.phase in DEAD_BALL_PHASES or pic.flight is not None or self.anims.busy:
            return
        tag = self.theme.text(pic.down_text, DOWN_TAG_PX, readable_on(self.seat_colour(pic.offense)))
        plate = tag.get_rect().inflate(14, 6)
        direction = 1 if pic.offense == 0 else -1
        room = layout.field.inflate(-END_ZONE_WIDTH * 2, -6)
        ahead = plate.copy()
        if direction > 0:
            ahead.midleft = (marker.right + 4, marker.centery - 4)
        else:
            ahead.midright = (marker.x - 4, marker.centery - 4)
        if not room.contains(ahead.inflate(24, 0)):
            if direction > 0:
                ahead.midright = (marker.x - 4, marker.centery - 4)
            else:
                ahead.midleft = (marker.right + 4, marker.centery - 4)
        plate = ahead
        colour = self.seat_colour(pic.offense)
        pygame.draw.rect(surface, colour, plate, border_radius=7)
        pygame.draw.rect(surface, darker(colour, 0.45), plate, 2, border_radius=7)
        surface.blit(tag, tag.get_rect(center=plate.center))
        arrow_x = plate.right + 4 if direction > 0 else plate.x - 4
        if plate.centerx < marker.centerx and direction > 0 or plate.centerx > marker.centerx and direction < 0:
            arrow_x = plate.x - 13 if direction > 0 else plate.right + 13
        points = [(arrow_x, plate.centery - 6), (arrow_x + 9 * direction, plate.centery),
                  (arrow_x, plate.centery + 6)]
        pygame.draw.polygon(surface, colour, points)
        pygame.draw.polygon(surface, darker(colour, 0.45), points, 2)

    def draw_penalty_flag(self, surface: pygame.Surface, pic: Picture) -> None:
        t = pic.penalty_flag or 0.0
        layout = self.layout
        end = (layout.line_x(pic.ball_x) + 18, layout.ball_y + 20)
        start = (end[0] - 60, layout.field.y - 20)
        x = start[0] + (end[0] - start[0]) * t
        y = start[1] + (end[1] - start[1]) * t - 40 * 4 * t * (1 - t)
        cloth = pygame.Surface((22, 16), pygame.SRCALPHA)
        cloth.fill((250, 214, 40))
        pygame.draw.rect(cloth, (150, 120, 0), cloth.get_rect(), 2)
        pygame.draw.circle(cloth, (150, 120, 0), (11, 8), 3)
        cloth = pygame.transform.rotate(cloth, 360 * t)
        surface.blit(cloth, cloth.get_rect(center=(round(x), round(y))))

    def draw_coin(self, surface: pygame.Surface, t: float) -> None:
        centre = self.layout.coin_centre
        height = 70 * 4 * t * (1 - t)
        turns = 7 * t
        squash = abs(math.cos(turns * math.pi))
        heads = math.cos(turns * math.pi) >= 0 or t >= 1
        coin = self.assets.sprite("coin_heads" if heads else "coin_tails", (62, 62))
        width = max(2, round(62 * (squash if t < 0.98 else 1)))
        image = pygame.transform.smoothscale(coin, (width, 62))
        surface.blit(image, image.get_rect(center=(centre[0], round(centre[1] - height))))

    # --- the cards on the table --------------------------------------------------------------------------------
    def draw_cards_on_table(self, surface: pygame.Surface, view: FootballView, pic: Picture) -> None:
        layout = self.layout
        labels = board.team_labels(view)
        titles = {}
        for side in ("offense", "defense"):
            slot = pic.slots.get(side)
            seat = slot.seat if slot is not None else (pic.offense if side == "offense" else 1 - pic.offense)
            titles[side] = (_("{team} offense") if side == "offense" else _("{team} defense")).format(team=labels[seat])
        width = layout.slot("offense").width + 12
        # both titles at one size: the largest at which both fit ("Lightning defense" at 130 %)
        size = min(draw.fitting_size(self.theme, title, width, SMALL_PX) or MIN_FONT_PX for title in titles.values())
        for side, title in titles.items():
            slot_rect = layout.slot(side)
            self.slot_title(surface, draw.fit(self.theme, title, width, size), size,
                            {"midbottom": (slot_rect.centerx, slot_rect.y - 4)})
            self.draw_placeholder(surface, slot_rect, _("Offense card") if side == "offense" else _("Defense card"))
        gd_rect = layout.gameday_slot
        drawn_for = DRAW_PURPOSE_WORDS.get(pic.gd_purpose)
        purpose = _(drawn_for) if drawn_for else _("Game Day card")
        # over the card, else reaching over the deck (which stands lower), smaller rather than cut
        fitting = draw.fitting_size(self.theme, purpose, gd_rect.width + 20, SMALL_PX)
        if fitting is not None:
            self.slot_title(surface, purpose, fitting, {"midbottom": (gd_rect.centerx, gd_rect.y - 4)})
        else:
            purpose, fitting = draw.shrink_to_fit(self.theme, purpose, layout.deck.right - gd_rect.x + 6, SMALL_PX)
            self.slot_title(surface, purpose, fitting, {"bottomleft": (gd_rect.x - 6, gd_rect.y - 4)})
        self.draw_placeholder(surface, gd_rect, _("Game Day"))
        self.draw_deck(surface, pic)

    def slot_title(self, surface: pygame.Surface, words: str, px: int, place: dict[str, tuple[int, int]]) -> None:
        """A title over a place on the table, kept inside the table's picture (tall accents at 130 %)."""
        rendered = self.theme.text(words, px, PALETTE.on_felt)
        rect = rendered.get_rect(**place)
        rect.top = max(rect.top, self.table_region.top)
        surface.blit(rendered, rect)

    def draw_placeholder(self, surface: pygame.Surface, rect: pygame.Rect, words: str) -> None:
        pygame.draw.rect(surface, darker(PALETTE.felt, 0.25), rect, border_radius=12)
        pygame.draw.rect(surface, PALETTE.felt_light, rect, 2, border_radius=12)
        # on one line, smaller, or on two (an empty place has the room)
        wrapped = (word_wrap(self.theme, words, rect.width - 12, 1, SMALL_PX)
                   or word_wrap(self.theme, words, rect.width - 12, 2, SMALL_PX)
                   or ([draw.fit(self.theme, words, rect.width - 12, MIN_FONT_PX)], MIN_FONT_PX))
        rows, px = wrapped
        y = rect.centery - rows_height(self.theme, rows, px) // 2
        for row in rows:
            draw.text(surface, self.theme, row, (rect.centerx, y), size=px, colour=PALETTE.on_felt_soft,
                      align="midtop")
            y += row_height(self.theme, px)

    def draw_deck(self, surface: pygame.Surface, pic: Picture) -> None:
        rect = self.layout.deck
        back = self.art.gameday_back(DECK_CARD)
        layers = min(4, max(1, pic.gd_count // 12 + 1)) if pic.gd_count else 0
        for layer in range(layers):
            place = rect.move(-2 * layer, -2 * layer)
            if layer == 0:
                draw.shadow(surface, place, 10, 5, 70)
            surface.blit(back, place)
        if not layers:
            self.draw_placeholder(surface, rect, _("Empty"))

    def slot_image(self, view: FootballView, slot: Slot) -> pygame.Surface:
        team = self.team(slot.seat)
        if not slot.face or slot.card is None or slot.end is None:
            if slot.side == "offense":
                return self.art.offense_back(slot.formation or _("Offense"), TABLE_CARD)
            return self.art.defense_back(slot.formation or _("Defense"), TABLE_CARD)
        if slot.side == "offense":
            return self.art.offense_face(team, slot.card, slot.end, TABLE_CARD, upright=False, dim_other=True)
        return self.art.defense_face(team, slot.card, slot.end, TABLE_CARD)

    def turned_back(self, slot: Slot, image: pygame.Surface) -> pygame.Surface:
        """A face-down card turned round by an audible: a half turn is a flip both ways (cheap, kept)."""
        return self.still.get(("turned", slot.side, slot.formation), lambda: pygame.transform.flip(image, True, True))

    def last_play_veil(self, size: tuple[int, int]) -> pygame.Surface:
        """Dims a card of the play before (one picture for every such card); its words stay readable."""
        def paint() -> pygame.Surface:
            veil = pygame.Surface(size, pygame.SRCALPHA)
            veil.fill(LAST_PLAY_VEIL)
            return veil
        return self.still.get(("last", size), paint)

    def last_play_stamp(self, card: pygame.Rect) -> tuple[pygame.Surface, pygame.Rect]:
        """The 'LAST PLAY' plate hung on the foot of a card of the play before, and where it goes: on the
        card's bottom edge, below the card's lowest words and above the story panel, so it covers no word."""
        top = card.y + LOWEST_WORDS + 1
        band = pygame.Rect(card.x, top, card.width, self.layout.story.top - 1 - top)

        def paint() -> pygame.Surface:
            words, px = draw.shrink_to_fit(self.theme, _("LAST PLAY"), card.width - 28, SMALL_PX)
            text = self.theme.text(words, px, CHALK)
            ink = text.get_bounding_rect()
            while ink.height + 2 * STAMP_PAD[1] > band.height and px > MIN_FONT_PX:
                px -= 1
                text = self.theme.text(words, px, CHALK)
                ink = text.get_bounding_rect()
            frame = pygame.Rect(0, 0, ink.width + 2 * STAMP_PAD[0], min(band.height, ink.height + 2 * STAMP_PAD[1]))
            # clear above and below the plate, so that the whole line the words stand on is on the picture
            stamp = pygame.Surface((frame.width, max(frame.height, text.get_height()) + 2 * abs(
                ink.centery - text.get_height() // 2)), pygame.SRCALPHA)
            frame.centery = stamp.get_height() // 2
            pygame.draw.rect(stamp, (30, 34, 40), frame, border_radius=frame.height // 2)
            pygame.draw.rect(stamp, CHALK, frame, 1, border_radius=frame.height // 2)
            stamp.blit(text, (STAMP_PAD[0] - ink.x, frame.centery - ink.centery))
            return stamp
        stamp = self.still.get(("last stamp", card.size, band.height), paint)
        return stamp, stamp.get_rect(center=(card.centerx, band.centery))

    def draw_slot(self, surface: pygame.Surface, view: FootballView, slot: Slot) -> None:
        """A play card in its place, flying in, flipping or turning round."""
        target = self.layout.slot(slot.side)
        if slot.glow and slot.fly >= 1:
            pulse = 0.5 + 0.5 * math.sin(self.clock * 5)
            pygame.draw.rect(surface, lighter(PALETTE.accent, 0.3 * pulse), target.inflate(14, 14), 5,
                             border_radius=16)
        if slot.fly >= 1 and slot.squash >= 1 and slot.angle in (0.0, 180.0):
            image = self.slot_image(view, slot)
            if slot.angle:
                image = self.turned_back(slot, image)
            place = image.get_rect(center=target.center)
            draw.shadow(surface, place, 12, 6, 80)
            surface.blit(image, place)
            if slot.last:
                surface.blit(self.last_play_veil(place.size), place)
                surface.blit(*self.last_play_stamp(place))
        else:
            centre: Point = (float(target.centerx), float(target.centery))
            scale = 1.0
            if slot.fly < 1 and slot.start is not None:
                t = slot.fly
                centre = (slot.start[0] + (centre[0] - slot.start[0]) * t,
                          slot.start[1] + (centre[1] - slot.start[1]) * t)
                scale = 0.6 + 0.4 * t
            image = self.slot_image(view, slot)
            width = max(2, round(image.get_width() * scale * slot.squash))
            height = round(image.get_height() * scale)
            if (width, height) != image.get_size():
                image = pygame.transform.smoothscale(image, (width, height))
            if slot.angle % 360:
                image = pygame.transform.rotate(image, slot.angle)
            place = image.get_rect(center=(round(centre[0]), round(centre[1])))
            if not slot.angle % 180:
                draw.shadow(surface, place, 12, 6, 80)
            surface.blit(image, place)
        if not slot.face and slot.fly >= 1 and slot.seat == self.viewer and view.get("commit"):
            self.draw_peek(surface, view, slot, target)

    def draw_peek(self, surface: pygame.Surface, view: FootballView, slot: Slot, target: pygame.Rect) -> None:
        """The coach's own face-down card carries a note of what it calls (only that coach sees it)."""
        commit = view["commit"]
        team = TEAMS[self.team(slot.seat)]
        if slot.side == "offense" and view["offense"] == slot.seat:
            called = play_name(team.offense_card(commit["card"]).play(commit["end"]))
        elif slot.side == "defense" and view["offense"] != slot.seat:
            called = _(team.defense_card(commit["card"]).play(commit["end"]).name)
        else:
            return
        title = self.theme.text(*draw.shrink_to_fit(self.theme, _("Your call"), target.width - 16, SMALL_PX),
                                PALETTE.ink_soft)
        called, called_px = draw.shrink_to_fit(self.theme, called, target.width - 16, 20)
        tag = self.theme.text(called, called_px, PALETTE.ink)
        plate = pygame.Rect(0, 0, max(title.get_width(), tag.get_width()) + 24,
                            title.get_height() + tag.get_height() + 12)
        plate.center = target.center
        draw.cardboard(surface, plate, fill=PALETTE.card_light, radius=8, inner_line=False)
        surface.blit(title, title.get_rect(midtop=(plate.centerx, plate.y + 5)))
        surface.blit(tag, tag.get_rect(midbottom=(plate.centerx, plate.bottom - 5)))

    def draw_gameday(self, surface: pygame.Surface, pic: Picture) -> None:
        if pic.gd_card is None:
            return
        slot = self.layout.gameday_slot
        deck = self.layout.deck
        t = pic.gd_fly
        if t >= 1 and pic.gd_squash >= 1 and pic.gd_face:
            image = self.art.gameday_face(pic.gd_card, TABLE_CARD)
            draw.shadow(surface, slot, 12, 6, 80)
            surface.blit(image, slot)
            self.draw_corner_in_use(surface, pic, slot)
            return
        centre = (deck.centerx + (slot.centerx - deck.centerx) * t, deck.centery + (slot.centery - deck.centery) * t)
        image = self.art.gameday_face(pic.gd_card, TABLE_CARD) if pic.gd_face else self.art.gameday_back(TABLE_CARD)
        scale = DECK_CARD[0] / TABLE_CARD[0] + (1 - DECK_CARD[0] / TABLE_CARD[0]) * t
        size = (max(2, round(TABLE_CARD[0] * scale * pic.gd_squash)), round(TABLE_CARD[1] * scale))
        if size != image.get_size():
            image = pygame.transform.smoothscale(image, size)
        place = image.get_rect(center=(round(centre[0]), round(centre[1])))
        if t < 1:
            big = self.assets.sprite("big_card_shadow", (place.width + 12, place.height + 12))
            surface.blit(big, big.get_rect(center=(place.centerx + 8, place.centery + 10)))
        else:
            draw.shadow(surface, place, 12, 6, 80)
        surface.blit(image, place)

    def draw_corner_in_use(self, surface: pygame.Surface, pic: Picture, card: pygame.Rect) -> None:
        """Ring the corner the last draw was read from (the field-goal value for a kick, and so on)."""
        reveal = self.view.get("reveal") or {}
        breakaway = reveal.get("breakaway", "") if pic.gd_purpose == "play" else ""
        corner = corner_in_use(pic.gd_purpose, breakaway)
        if not corner:
            return
        area = scaled(card_areas("gameday_card_frame")[corner], TABLE_CARD).move(card.topleft)
        pulse = 0.5 + 0.5 * math.sin(self.clock * 4)
        pygame.draw.rect(surface, PALETTE.ink, area.inflate(12, 12), 2, border_radius=10)
        pygame.draw.rect(surface, lighter(PALETTE.focus, 0.4 * pulse), area.inflate(8, 8), 4, border_radius=9)

    # --- the story and the banner --------------------------------------------------------------------------------
    def story_card(self, lines: tuple[str, ...]) -> pygame.Surface:
        """The story strip: the newest line of the play in full, the one before it quieter."""
        rect = self.layout.story
        return self.words.get(("story", lines, rect.size), lambda: self._paint_story(lines, rect.size))

    def _paint_story(self, lines: tuple[str, ...], size: tuple[int, int]) -> pygame.Surface:
        surface = pygame.Surface(size)
        surface.blit(self.theme.table_texture(), (0, 0), self.layout.story)
        rect = surface.get_rect()
        draw.cardboard(surface, rect, fill=PALETTE.card_light, lifted=False, inner_line=False, radius=8)
        if not lines:
            return surface
        rows = self.story_rows(lines, rect.width - 28, rect.height - 6)
        total = sum(row_height(self.theme, px) for _, px, _ in rows[:-1]) + rows_height(self.theme, [rows[-1][0]],
                                                                                         rows[-1][1])
        y = (rect.height - total) // 2
        for line, px, colour in rows:
            draw.text(surface, self.theme, line, (14, y), size=px, colour=colour)
            y += row_height(self.theme, px)
        return surface

    def story_rows(self, lines: tuple[str, ...], width: int, height: int) -> list[tuple[str, int, tuple[int, ...]]]:
        """The story's rows: the newest line whole at the largest size that fits (down to 14 px), the one
        before it quieter and smaller above it when there is room (the log keeps it in full anyway)."""
        def rows_of(line: str, px: int) -> list[str] | None:
            wrapped = word_wrap(self.theme, line, width, 8, px, px)
            return None if wrapped is None else wrapped[0]

        def height_of(count: int, px: int) -> int:
            return count * row_height(self.theme, px) + 2  # the last row's accents

        newest_sizes = range(20, MIN_FONT_PX - 1, -1)
        for px in newest_sizes:
            newest = rows_of(lines[-1], px)
            if newest is None or height_of(len(newest), px) > height:
                continue
            rows: list[tuple[str, int, tuple[int, ...]]] = [(line, px, PALETTE.ink) for line in newest]
            if len(lines) > 1:
                for older_px in range(min(SMALL_PX, px - 2), MIN_FONT_PX - 1, -1):
                    older = rows_of(lines[0], older_px)
                    if older is not None and height_of(len(older), older_px) + height_of(len(newest), px) <= height:
                        return [(line, older_px, PALETTE.ink_soft) for line in older] + rows
            return rows
        shown = draw.wrap(self.theme, lines[-1], width, MIN_FONT_PX)[:max(1, height // row_height(self.theme,
                                                                                            MIN_FONT_PX))]
        shown[-1] = draw.fit(self.theme, shown[-1] + "…", width, MIN_FONT_PX)
        return [(line, MIN_FONT_PX, PALETTE.ink) for line in shown]

    def draw_banner(self, surface: pygame.Surface, pic: Picture) -> None:
        banner = pic.banner
        if banner is None:
            return
        t = banner.t
        appear = min(1.0, t / 0.12)
        fade = min(1.0, (1 - t) / 0.2)
        alpha = int(255 * max(0.0, min(appear, fade)))
        if alpha <= 0:
            return
        size = 30
        text = self.theme.text(banner.text, size, PALETTE.ink)
        band = pygame.Rect(0, 0, text.get_width() + 70, 60)
        band.center = self.layout.field.center
        band.clamp_ip(self.table_rect)
        colour: tuple[int, ...] = PALETTE.card_light
        if banner.seat is not None:
            colour = lighter(hex_colour(self.match.seats[banner.seat].colour), 0.6)
        edge = {"good": PALETTE.good, "bad": PALETTE.danger}.get(banner.mood, PALETTE.card_edge)
        draw.popping_banner(surface, band, text, colour, alpha=alpha, appear=appear, edge=edge, inset=4)
