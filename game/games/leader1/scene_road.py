"""Leader 1 on screen: the camera and the road with its riders, peloton and move previews (a part of
``Leader1Scene``, scene.py)."""
from __future__ import annotations

import math
from typing import Any, Callable

import pygame

from game.i18n import _, ngettext
from game.ui import draw
from game.ui.theme import PALETTE, darker

from .preview import MovePreview
from .scene_board import FELT_BELOW, ZOOMS, Point, paint_board
from .scene_panels import dice_panel, mix, number_badge, paint_band, preview_lines
from .scene_words import phase_title, place_word
from .views import Leader1View

#: the squares a move may reach: free, paying, out of reach; the ring of a risky one; the peloton's band
FREE_COLOUR = (120, 200, 120)
PAYING_COLOUR = (240, 168, 60)
BLOCKED_COLOUR = (150, 150, 150)
RISK_RING = (214, 40, 30)
PELOTON_BAND = (62, 64, 72)
#: the title panel's margin above and below its two lines (the phase, the peloton token), and between them
TITLE_PAD = 6
TITLE_LINE_GAP = 1
#: room around a cached panel picture for its shadow
PANEL_MARGIN = 8
#: screen pixels the camera may look past the race's edge, so a rider there clears the corner panels
CAMERA_SLACK = 160
#: screen pixels the camera keeps between the deciding rider and the board's edge
RIDER_INSET = 80


class RoadView:
    """The camera over the road and what ``Leader1Scene`` draws on it: riders, peloton, the squares a rider
    may reach."""

    # --- the camera --------------------------------------------------------------------------------------
    @property
    def zoom(self) -> float:
        return ZOOMS[self.zoom_index]

    def layer(self) -> pygame.Surface:
        if self.zoom_index not in self._layers:
            assert self.course is not None and self.geometry is not None
            self._layers = {self.zoom_index: paint_board(self.course, self.geometry, self.zoom, self.assets,
                                                         self.theme)}
        return self._layers[self.zoom_index]

    def to_screen(self, point: Point) -> tuple[float, float]:
        zoom = self.zoom
        return (self.board_rect.centerx + (point[0] - self.camera[0]) * zoom,
                self.board_rect.centery + (point[1] - self.camera[1]) * zoom)

    def to_map(self, pos: tuple[int, int]) -> Point:
        zoom = self.zoom
        return (self.camera[0] + (pos[0] - self.board_rect.centerx) / zoom,
                self.camera[1] + (pos[1] - self.board_rect.centery) / zoom)

    def clamp_camera(self, point: Point) -> Point:
        assert self.geometry is not None
        bounds = self.geometry.bounds
        half_w = (self.board_rect.width / 2 - CAMERA_SLACK) / self.zoom
        half_h = (self.board_rect.height / 2 - CAMERA_SLACK) / self.zoom
        x = min(max(point[0], bounds.left + half_w), bounds.right - half_w) if bounds.width > 2 * half_w \
            else bounds.centerx
        y = min(max(point[1], bounds.top + half_h), bounds.bottom - half_h) if bounds.height > 2 * half_h \
            else bounds.centery
        return (x, y)

    def focus_point(self) -> Point:
        """What the camera follows: a moving piece, the squares being chosen, else the front of the race."""
        assert self.geometry is not None
        for rider_id, track in self.tracks.items():
            if track.tween.started and not track.tween.done:
                return self.rider_point(rider_id)[0]
        if self.peloton_tween is not None and self.peloton_tween.started and not self.peloton_tween.done:
            return self.geometry.line_point(self.peloton_shown)[0]
        previews = self.previews()
        if previews:
            # the middle of the rider and every square he may reach, so that all of it is in view
            points = [self.preview_point(p) for p in previews]
            rider = self.deciding_rider()
            xs, ys = [x for x, _ in points], [y for _, y in points]
            centre = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
            if rider is not None and self.view["riders"][rider]["place"] == "road":
                # all of it when it fits; else keep the rider well inside and let the far squares go
                x, y = self.rider_point(rider)[0]
                xs.append(x)
                ys.append(y)
                centre = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
                reach_x = max(0.0, self.board_rect.width / 2 - RIDER_INSET) / self.zoom
                reach_y = max(0.0, self.board_rect.height / 2 - RIDER_INSET) / self.zoom
                centre = (min(max(centre[0], x - reach_x), x + reach_x), min(max(centre[1], y - reach_y), y + reach_y))
            return centre
        view = self.view
        current = view["current_rider"]
        if current >= 0 and view["riders"][current]["place"] == "road":
            return self.geometry.square_centre(view["riders"][current]["square"])
        front = self.geometry.line_point(min(self.peloton_shown, len(self.geometry.line_points) - 1))[0]
        road = [r for r in view["riders"] if r["place"] == "road"]
        if view["phase"] in ("ahead", "over") and road:
            lead = max(road, key=lambda r: self.course.squares[r["square"]].grow)  # type: ignore[union-attr]
            return self.geometry.square_centre(lead["square"])
        return front

    # --- the road ----------------------------------------------------------------------------------------
    def draw_board(self, surface: pygame.Surface, view: Leader1View) -> None:
        """The board as painted for this camera position and game moment, then only what moves, then overlays."""
        rect = self.board_rect
        key = self.board_key()
        if key != self._board_key or self._board_image is None:
            self._board_key = key
            if self._board_image is None:
                self._board_image = pygame.Surface(surface.get_size(), 0, surface)
            self.paint_still_board(self._board_image, view)
        surface.blit(self._board_image, rect, rect)
        moving = self.moving_riders()
        if moving or self.peloton_moving():
            previous_clip = surface.get_clip()
            surface.set_clip(rect.inflate(-6, -6))
            if self.peloton_moving():
                paint_band(surface, self.peloton_polygons(), PELOTON_BAND, rect)
                self.draw_peloton(surface, view)
            self.draw_riders(surface, view, moving)
            surface.set_clip(previous_clip)
        self.draw_board_overlays(surface, view)

    def board_key(self) -> tuple[Any, ...]:
        """Everything the still board shows: where the riders and the peloton stand, the lit squares, the camera.

        Made of what is drawn rather than of the game's history, so a pass, a roll or a feed tile
        eaten leaves the picture as it is.
        """
        view = self.view
        if self._riders_key[0] is not view:
            self._riders_key = (view, tuple((r["place"], r["square"], r["fallen"], r["punctured"], r["finish_seq"])
                                            for r in view["riders"]) + (view["current_rider"], view["phase"],
                                                                        view["peloton_arrived_turn"]))
        peloton = None if self.peloton_moving() else self.peloton_shown
        self.previews()
        return (self._riders_key[1], self._previews_look, self._stage_key, self.zoom_index,
                round(self.camera[0] * self.zoom), round(self.camera[1] * self.zoom), self.hover, self.focus,
                self.keyboard, self.selected, self.colour_blind, peloton, frozenset(self.moving_riders()),
                tuple((k, t.tween.started) for k, t in self.tracks.items()))

    def moving_riders(self) -> set[int]:
        return {rider_id for rider_id, track in self.tracks.items() if track.tween.started and not track.tween.done}

    def peloton_moving(self) -> bool:
        tween = self.peloton_tween
        return tween is not None and tween.started and not tween.done

    def paint_still_board(self, surface: pygame.Surface, view: Leader1View) -> None:
        """The race under the camera with everything that stands still on it (into the board cache)."""
        assert self.geometry is not None and self.course is not None
        rect = self.board_rect
        layer = self.layer()
        bounds = self.geometry.bounds
        zoom = self.zoom
        area = pygame.Rect(round((self.camera[0] - bounds.x) * zoom - rect.width / 2),
                           round((self.camera[1] - bounds.y) * zoom - rect.height / 2), rect.width, rect.height)
        shown = area.clip(layer.get_rect())
        if shown.size != area.size:
            surface.fill(FELT_BELOW, rect)
        surface.blit(layer, (rect.x + shown.x - area.x, rect.y + shown.y - area.y), shown)
        previous_clip = surface.get_clip()
        surface.set_clip(rect)
        if not self.peloton_moving():
            paint_band(surface, self.peloton_polygons(), PELOTON_BAND, rect)
        self.draw_previews(surface)
        if not self.peloton_moving():
            self.draw_peloton(surface, view)
        self.draw_riders(surface, view, None)
        surface.set_clip(previous_clip)
        pygame.draw.rect(surface, darker(PALETTE.wood, 0.2), rect, 3, border_radius=4)

    def draw_previews(self, surface: pygame.Surface) -> None:
        assert self.course is not None
        previews = self.previews()
        if not previews:
            return
        chosen = self.chosen()
        for preview in previews:
            if preview.kind == "square":
                square = self.course.squares[preview.target]
                points = [self.to_screen(p) for p in square.polygon]
                base = (40, 40, 40) if square.fall else (118, 120, 126)
            else:
                points = []
                base = (118, 120, 126)
            colour = BLOCKED_COLOUR if not preview.allowed else (PAYING_COLOUR if preview.paying or preview.crossed
                                                                  else FREE_COLOUR)
            fill = mix(base, colour, 0.75)
            centre = self.to_screen(self.preview_point(preview))
            if points:
                pygame.draw.polygon(surface, fill, points)
                pygame.draw.polygon(surface, darker(colour, 0.4), points, 2)
            else:
                pygame.draw.circle(surface, fill, centre, max(9, self.zoom * 6))
                pygame.draw.circle(surface, darker(colour, 0.4), centre, max(9, self.zoom * 6), 2)
            if preview.risks:
                pygame.draw.circle(surface, RISK_RING, centre, max(8, self.zoom * 5), 3)
            # TRANSLATORS: the label of the spot where a rider rejoins the peloton, on the board: a short word
            label = str(preview.cost) if preview.kind != "rejoin" else _("in")
            if preview.kind == "finish":
                label = f"+{preview.target}"
            text = self.theme.text(label, 14, PALETTE.ink)
            surface.blit(text, text.get_rect(center=(round(centre[0]), round(centre[1]))))
        if chosen is not None:
            self.draw_path(surface, chosen)

    def draw_path(self, surface: pygame.Surface, preview: MovePreview) -> None:
        assert self.geometry is not None and self.course is not None
        rider = self.deciding_rider()
        if rider is None:
            return
        start = self.rider_point(rider)[0]
        points = [self.to_screen(start)] + [self.to_screen(self.geometry.square_centre(g)) for g in preview.path]
        if preview.kind == "finish":
            points.append(self.to_screen(self.preview_point(preview)))
        if len(points) > 1:
            pygame.draw.lines(surface, (250, 250, 250), False, points, 3)
        for index, point in enumerate(points[1:], start=1):
            free = index <= preview.free
            pygame.draw.circle(surface, FREE_COLOUR if free else PAYING_COLOUR, point, 5)
            pygame.draw.circle(surface, PALETTE.ink, point, 5, 1)
        end = points[-1]
        pygame.draw.circle(surface, PALETTE.focus if self.keyboard else (255, 255, 255), end,
                           max(12, self.zoom * 7), 3)

    def draw_peloton(self, surface: pygame.Surface, view: Leader1View) -> None:
        assert self.geometry is not None
        point, heading = self.geometry.line_point(self.peloton_shown - 0.5)
        x, y = self.to_screen(point)
        sprite = self.assets.sprite("peloton")
        two_rows = 2 * self.geometry.row_length * self.zoom
        width = round(min(54 * self.zoom * 0.95, two_rows * sprite.get_width() / sprite.get_height(), 150))
        height = round(sprite.get_height() * width / sprite.get_width())
        angle = -(round(heading / 6) * 6 % 360) - 90
        # the riders actually in the bunch, in their teams' colours, on its stand
        inside = [r for r in view["riders"] if r["place"] == "peloton"]
        colours = tuple(self.match.seats[r["seat"]].colour for r in inside)
        turned = self.theme.image(("leader1-peloton", width, angle, colours), lambda: pygame.transform.rotate(
            self.icons.peloton(width, height, colours), angle))
        surface.blit(turned, turned.get_rect(center=(round(x), round(y))))
        view_box = surface.get_clip()
        if inside and view_box.collidepoint(x, y):  # scrolled out of sight, the bunch needs no label
            # beside the road: the squares ahead of the bunch are where attackers land
            label = self.theme.text(ngettext("{count} in the peloton", "{count} in the peloton", len(inside)).format(
                count=len(inside)), 14, PALETTE.card_light)
            across = math.radians(heading + 90)
            side = (math.cos(across), math.sin(across))
            reach = 2.2 * self.geometry.row_length * self.zoom + abs(side[0]) * (label.get_width() / 2 + 6) + \
                abs(side[1]) * (label.get_height() / 2 + 4)
            box = label.get_rect(center=(round(x + side[0] * reach), round(y + side[1] * reach)))
            box.clamp_ip(view_box.inflate(-16, -8))  # near the view's edge the label stays whole inside it
            pygame.draw.rect(surface, (30, 30, 34), box.inflate(10, 4), border_radius=6)
            surface.blit(label, box)

    def draw_riders(self, surface: pygame.Surface, view: Leader1View, only: set[int] | None) -> None:
        """The riders on the road (``only``: just these, the moving ones; None: all but the moving ones)."""
        length = max(24, round(self.geometry.row_length * self.zoom * 1.25)) if self.geometry else 30
        current = view["current_rider"]
        sliding = self.moving_riders() if only is None else only
        for rider in view["riders"]:
            if (rider["id"] in sliding) != (only is not None):
                continue
            moving = rider["id"] in self.tracks
            if rider["place"] in ("peloton", "out") and not moving:
                continue
            if rider["place"] == "finished" and not moving and self.view["phase"] == "setup":
                continue
            point, heading = self.rider_point(rider["id"])
            x, y = self.to_screen(point)
            if not self.board_rect.inflate(60, 60).collidepoint(x, y):
                continue
            colour = self.match.seats[rider["seat"]].colour
            faded = rider["fallen"] and not moving
            image = self.icons.rider(colour, rider["kind"], length, heading + (50 if faded else 0),
                                     badge=self.badge(rider), faded=faded)
            if rider["id"] == current and not moving:
                pygame.draw.circle(surface, PALETTE.accent, (round(x), round(y)), length * 0.62, 3)
            surface.blit(image, image.get_rect(center=(round(x), round(y))))
            if rider["punctured"] and not moving:
                draw.text(surface, self.theme, place_word("flat"), (round(x), round(y - length * 0.6)), size=14,
                          colour=PALETTE.danger, align="midbottom")

    def draw_board_overlays(self, surface: pygame.Surface, view: Leader1View) -> None:
        """The turn and token box, the dice, the pointed move's card: each a picture painted once per look."""
        rect = self.board_rect
        turn = view["turn_in_stage"]
        phase = phase_title(view["phase"])
        if turn and len(view["calendar"]) > 1:
            title = _("Stage {stage}/{stages} - Turn {turn}: {phase}").format(
                stage=view["stage"] + 1, stages=len(view["calendar"]), turn=turn, phase=phase)
        elif turn:
            title = _("Turn {turn}: {phase}").format(turn=turn, phase=phase)
        else:
            title = phase
        leader = view["leader_seat"]
        look = (title, self.seat_name(leader), self.match.seats[leader].colour, leader + 1, self.colour_blind)
        # as wide as its words need (longer in German and Italian, or at a larger UI scale), up to half the board
        font = self.theme.font(18)
        wanted = max(font.size(title)[0] + 20, font.size(self.token_words(look[1]))[0] + 40)
        # and as tall as its two lines are (a larger interface size, accented capitals)
        height = max(56, TITLE_PAD + 2 * draw.line_height(self.theme, 18) + TITLE_LINE_GAP + TITLE_PAD)
        title_box = pygame.Rect(rect.x + 8, rect.y + 8, min(max(330, wanted), rect.width // 2 - 8), height)
        self.blit_panel(surface, ("leader1-title",) + look, title_box,
                        lambda image, box: self.paint_title(image, box, *look))
        faces = (self.tumbling("peloton") or self.peloton_face, self.tumbling("events") or self.events_face,
                 self.events_note)
        # each die's label is whole under it: the panel widens for longer words ("Événements", "Einbruch: 11+")
        labels = (_("Peloton"), self.events_note or _("Events"))
        half = max(85, max(self.theme.font(14).size(label)[0] for label in labels) + 12)
        self.blit_panel(surface, ("leader1-dice",) + faces, pygame.Rect(rect.right - 8 - 2 * half, rect.y + 8,
                                                                        2 * half, 82),
                        lambda image, box: dice_panel(image, self.theme, box, self.assets, *faces))
        card = None
        chosen = self.chosen()
        rider = self.deciding_rider()
        if chosen is not None and rider is not None:
            # a sentence wider than the board goes on as many lines as it needs (refusals run long in French)
            room = rect.width - 16 - 24
            sentences = preview_lines(self.rider_words(view["riders"][rider]), chosen, self.words_for)
            lines = tuple((part, colour) for text, colour in sentences for part in draw.wrap(self.theme, text, room, 18))
            width = max(self.theme.font(18).size(text)[0] for text, _colour in lines) + 24
            card = self.preview_card_rect(rider, chosen, min(width, rect.width - 16), 24 * len(lines) + 4)
            self.blit_panel(surface, ("leader1-preview", card.size, lines), card,
                            lambda image, box: self.paint_preview(image, box, lines))
        hint = _("Wheel: zoom   Drag: scroll") if self.follow else _("Wheel: zoom   Drag: scroll   F: follow the race")
        hint_box = self.theme.font(14).size(hint)
        plate = pygame.Rect(rect.right - 16 - hint_box[0], rect.bottom - 9 - hint_box[1], hint_box[0] + 12,
                            hint_box[1] + 6)
        if card is None or not card.colliderect(plate):
            # on a plate of its own: the map's words (a peloton's count, a square's) may lie under the corner
            draw.cardboard(surface, plate, fill=PALETTE.felt_dark, edge=PALETTE.felt_light, radius=6, lifted=False,
                           inner_line=False)
            draw.text(surface, self.theme, hint, (rect.right - 10, rect.bottom - 6), size=14,
                      colour=PALETTE.on_felt, align="bottomright")

    def preview_card_rect(self, rider: int, chosen: MovePreview, width: int, height: int) -> pygame.Rect:
        """The pointed move's card: the board's bottom-left corner, or bottom-right when the rider or the
        square would be under it."""
        rect = self.board_rect
        spots = [self.to_screen(self.rider_point(rider)[0]), self.to_screen(self.preview_point(chosen))]
        left = pygame.Rect(rect.x + 8, rect.bottom - 8 - height, width, height)
        right = pygame.Rect(rect.right - 8 - width, rect.bottom - 28 - height, width, height)
        for card in (left, right):
            if not any(card.inflate(36, 36).collidepoint(x, y) for x, y in spots):
                return card
        return left

    def blit_panel(self, surface: pygame.Surface, key: tuple[Any, ...], box: pygame.Rect,
                   paint: Callable[[pygame.Surface, pygame.Rect], None]) -> None:
        """A cardboard panel painted once per ``key`` (with room for its shadow) and blitted at ``box``."""
        margin = PANEL_MARGIN

        def painted() -> pygame.Surface:
            image = pygame.Surface((box.width + 2 * margin, box.height + 2 * margin), pygame.SRCALPHA)
            paint(image, pygame.Rect(margin, margin, box.width, box.height))
            return image

        surface.blit(self.theme.image(key + (box.size,), painted), (box.x - margin, box.y - margin))

    def paint_title(self, image: pygame.Surface, box: pygame.Rect, title: str, leader_name: str, colour: str,
                    number: int, marked: bool) -> None:
        draw.cardboard(image, box, radius=8)
        title, px = draw.shrink_to_fit(self.theme, title, box.width - 20, 18)
        draw.text(image, self.theme, title, (box.x + 10, box.y + TITLE_PAD), size=px)
        token_y = box.y + TITLE_PAD + draw.line_height(self.theme, px) + TITLE_LINE_GAP
        token, px = draw.shrink_to_fit(self.theme, self.token_words(leader_name), box.width - 40, 18)
        chip = pygame.Rect(box.x + 10, token_y + draw.line_height(self.theme, px) // 2 - 7, 14, 14)
        draw.team_marker(image, chip, colour, radius=7)
        if marked:
            number_badge(image, self.theme, chip.center, str(number), colour)
        draw.text(image, self.theme, token, (box.x + 30, token_y), size=px, colour=PALETTE.ink_soft)

    @staticmethod
    def token_words(leader_name: str) -> str:
        return _("Peloton token: {name}").format(name=leader_name)

    def paint_preview(self, image: pygame.Surface, card: pygame.Rect,
                      lines: tuple[tuple[str, tuple[int, int, int]], ...]) -> None:
        draw.cardboard(image, card, radius=8)
        for index, (text, colour) in enumerate(lines):
            draw.text(image, self.theme, draw.fit(self.theme, text, card.width - 20, 18),
                      (card.x + 12, card.y + 4 + 24 * index), size=18, colour=colour)
