"""Breaking Away on screen, its drawing: the track, the riders, the boards, the sheets and the decision panel.

The painting half of :class:`~game.games.breaking_away.scene.BreakingAwayScene`, mixed into it: it reads
the scene's state (its layout, the view, what input and the update worked out) and changes none of it
but the pictures it memoises.
"""
from __future__ import annotations

import dataclasses
import math

import pygame

from game.i18n import N_, _, ngettext
from game.ui import draw
from game.ui.theme import PALETTE, SMALL_PX, lighter

from .data import LAP
from .preview import MovePreview
from .scene_art import GHOST_ALPHA, TrackPainter
from .scene_decision import DecisionContent, paint_decision, retire_button_rect, title_room_beside
from .scene_layout import STANDINGS_ROW, STANDINGS_TITLE, Spot, group_sizes
from .scene_panels import (
    BoardLine, SheetGeometry, SheetRow, StandingRow, board_lines, legend_text, paint_boards, paint_sheet,
    paint_standings, sheet_rows, standing_row_rect,
)
from .scene_words import ordinal, preview_lines, race_progress, shared_places
from .views import BreakingAwayView

#: a factor's landing marker on the track
MARKER_RADIUS = 12

#: the Madison's lap-line tag sits at the top of the infield, above the boards
BOARD_GAP_MADISON = 30

#: a team's sheet before the start, as the points panel and the waiting card say it
SHEET_SEALED, SHEET_FILLING, SHEET_WAITING = N_("sealed"), N_("filling in"), N_("waiting")


class RaceDrawing:
    """How the race table is drawn (see the module's docstring); the scene supplies the state."""

    def felt(self, rect: pygame.Rect) -> pygame.Surface:
        """The bare table under ``rect``."""
        return self.theme.table_texture().subsurface(rect)

    def allocation_ground(self, rect: pygame.Rect) -> pygame.Surface:
        """The table under the sheet form: felt and track."""
        ground = self.theme.table_texture().subsurface(rect).copy()
        ground.blit(self.track_layer(), (self.layout.track.x - rect.x, self.layout.track.y - rect.y))
        return ground

    def track_layer(self) -> pygame.Surface:
        if self._track_layer is None:
            painter = TrackPainter(self.theme, self.circuit, self.layout, self.placer)
            self._track_layer = painter.paint(self.theme.table_texture(), madison=self.madison)
        return self._track_layer

    def draw_table(self, surface: pygame.Surface, view: BreakingAwayView, viewer: int | None) -> None:
        surface.blit(self.track_layer(), self.layout.track)
        if view["phase"] == "allocate":
            self.draw_standings(surface, view)
            self.draw_allocation(surface, view)
            return
        self.draw_boards(surface, view)
        factor = self.chosen_factor(view)
        self.draw_relief_choices(surface, view)
        self.draw_chosen_path(surface, view, factor)
        self.draw_riders(surface, view)
        self.draw_landing_marks(surface, view, factor)
        self.draw_bubbles(surface)
        self.draw_banner(surface)
        self.draw_standings(surface, view)
        self.draw_sheet(surface, view, factor)
        self.draw_decision(surface, view, factor)
        if self.hover_rider is not None and not self.keyboard:
            self.draw_rider_card(surface, view, self.hover_rider)

    def board_content(self, view: BreakingAwayView) -> tuple[list[BoardLine], tuple[str, str, str]]:
        """The boards and the progress words, worked out once per state (and per crossing still being ridden)."""
        key = (self._view_key, tuple(sorted(self.show.pending)))
        if self._boards is None or self._boards[0] != key:
            lines = board_lines(view, self.rider_colour, self.show.hidden_crossings)
            self._boards = (key, lines, race_progress(view, self.names))
        return self._boards[1], self._boards[2]

    def draw_boards(self, surface: pygame.Surface, view: BreakingAwayView) -> None:
        rect = self.layout.infield
        lines, progress = self.board_content(view)
        gap = BOARD_GAP_MADISON if self.madison else 0
        key = (tuple(lines), progress, self.colour_blind)
        image = self.panels.get("boards", key, lambda image: paint_boards(image, self.theme, lines, progress,
                                                                          self.colour_blind, gap),
                                lambda: self.track_layer().subsurface(rect.move(-self.layout.track.x,
                                                                                -self.layout.track.y)))
        surface.blit(image, rect)
        for index, line in enumerate(lines):
            flash = self.show.flashes.get(line.key)
            if flash is not None:
                board = self.board_rect(index, len(lines))
                glow = float(flash.value)  # type: ignore[arg-type]
                pygame.draw.rect(surface, lighter(PALETTE.accent, 0.5 * (1 - glow)), board.inflate(8, 8),
                                 max(2, round(6 * glow)), border_radius=11)

    def board_rect(self, index: int, count: int) -> pygame.Rect:
        """The ``index``-th line's board in the infield (as paint_boards lays them out)."""
        rect = self.layout.infield
        top = rect.y + 26 + (BOARD_GAP_MADISON if self.madison else 0)
        width = (rect.width - 8 * (count - 1)) // max(1, count)
        return pygame.Rect(rect.x + index * (width + 8), top, width, rect.bottom - top)

    def draw_relief_choices(self, surface: pygame.Surface, view: BreakingAwayView) -> None:
        """Madison placement: the free spots beside the track, the one pointed at (or chosen) lit."""
        if view["phase"] != "place" or self._choosing_starter(view) or not self.can_act:
            return
        free = self.free_relief_squares(view)
        pointed = self.pointed_relief(view)
        for square in free:
            spot = self.placer.relief(square)
            lit = square == pointed
            pygame.draw.circle(surface, PALETTE.accent if lit else PALETTE.on_felt_soft,
                               (round(spot.x), round(spot.y)), 9 if lit else 5, 0 if lit else 2)
        if pointed in free:
            team = view["place_queue"][0]
            resting = next((r for r in view["riders"] if r["seat"] == team and r["status"] == "resting"), None)
            if resting is not None:
                self.art.draw(surface, self.placer.relief(pointed), self.colour(team), resting["id"],
                              marked=self.colour_blind, alpha=GHOST_ALPHA)

    def draw_chosen_path(self, surface: pygame.Surface, view: BreakingAwayView, chosen: int | None) -> None:
        """The squares the chosen factor rides over, under the riders."""
        if chosen is None or not self.can_act or self.anims.busy or self.confirming:
            return
        preview, _ = self.preview(view, chosen)
        self.draw_path(surface, preview.start, preview.land)

    def draw_landing_marks(self, surface: pygame.Surface, view: BreakingAwayView, chosen: int | None) -> None:
        """Every factor's landing square as a numbered marker; the chosen one as a ghost rider with its path."""
        allowed = self.allowed(view)
        if not allowed or not self.can_act or self.anims.busy or self.confirming:
            return
        for factor in allowed:
            if factor == chosen:
                continue
            _, spot = self.preview(view, factor)
            centre = self.marker_point(view, factor)
            if centre != (round(spot.x), round(spot.y)):
                pygame.draw.line(surface, PALETTE.accent_dark, centre, spot.pos, 2)
                pygame.draw.circle(surface, PALETTE.accent_dark, (round(spot.x), round(spot.y)), 3)
            pygame.draw.circle(surface, (*PALETTE.card_light, 255), centre, MARKER_RADIUS)
            pygame.draw.circle(surface, PALETTE.accent_dark, centre, MARKER_RADIUS, 2)
            draw.text(surface, self.theme, str(factor), centre, size=14, colour=PALETTE.ink, align="center")
        if chosen is not None:
            preview, spot = self.preview(view, chosen)
            rider = view["to_move"]
            self.art.draw(surface, spot, self.rider_colour(rider), rider, marked=self.colour_blind,
                          alpha=GHOST_ALPHA, shadow=False)
            self.draw_callout(surface, spot, preview)

    def draw_path(self, surface: pygame.Surface, start: int, land: int) -> None:
        """The squares the chosen factor rides over, as a dotted trail along the middle of the track."""
        for progress in range(start + 1, land):
            x, y = self.placer.across(progress, 0.5)
            pygame.draw.circle(surface, PALETTE.accent, (round(x), round(y)), 3)

    def draw_callout(self, surface: pygame.Surface, spot: Spot, preview: MovePreview) -> None:
        """A tag beside the ghost, off the track: the points the move would score and the factor it would earn."""
        parts = []
        if preview.points:
            parts.append(ngettext("+{count} pt", "+{count} pts", preview.points).format(count=preview.points))
        if preview.replacement is not None:
            word = _("bonus {factor}") if preview.reason == "breakaway" else _("then {factor}")
            parts.append(word.format(factor=preview.replacement))
        elif preview.finishes:
            parts.append(_("finishes"))
        label = self.theme.text(" · ".join(parts), SMALL_PX, PALETTE.ink)
        tag = label.get_rect().inflate(14, 8)
        tag.center = self.callout_point(preview.square, tag.size)
        fill = lighter(PALETTE.accent, 0.35) if preview.points else PALETTE.card_light
        pygame.draw.line(surface, PALETTE.accent_dark, (round(spot.x), round(spot.y)), tag.center, 2)
        pygame.draw.rect(surface, fill, tag, border_radius=7)
        pygame.draw.rect(surface, PALETTE.accent_dark, tag, 2, border_radius=7)
        surface.blit(label, label.get_rect(center=tag.center))

    def callout_point(self, square: int, size: tuple[int, int]) -> tuple[int, int]:
        """Just outside the track beside ``square``, pushed back over its edge where the table ends."""
        (ix, iy), (ox, oy) = self.placer.across(square, 0.0), self.placer.across(square, 1.0)
        length = math.hypot(ox - ix, oy - iy) or 1.0
        ux, uy = (ox - ix) / length, (oy - iy) / length
        reach = abs(ux) * size[0] / 2 + abs(uy) * size[1] / 2 + 8
        tag = pygame.Rect(0, 0, *size)
        tag.center = (round(ox + ux * reach), round(oy + uy * reach))
        tag.clamp_ip(self.layout.track)
        return tag.center

    def draw_riders(self, surface: pygame.Surface, view: BreakingAwayView) -> None:
        """The bunch first (bodies, then every number on top), then the riders on the move over it;
        the one to move (or proposed for retirement) ringed."""
        to_move = view["to_move"] if view["phase"] == "move" else None
        vote = view["vote"]
        marked_rider = vote["rider"] if vote else None
        show = self.show
        still, moving = [], []
        for rider in show.spots:
            spot = show.spot(rider)
            if spot is not None:
                (moving if rider in show.journeys or rider in show.leaving else still).append((rider, spot))
        for rider, spot in still:
            if rider in (to_move, marked_rider):
                pulse = 0.5 + 0.5 * math.sin(self.clock * 5)
                colour = PALETTE.danger if rider == marked_rider else PALETTE.accent
                pygame.draw.circle(surface, lighter(colour, 0.3 * pulse), (round(spot.x), round(spot.y)),
                                   round(20 + 2 * pulse), 3)
            self.art.draw(surface, spot, self.rider_colour(rider), rider, marked=self.colour_blind,
                          number_disc=False)
        if self.colour_blind:
            for rider, spot in still:
                self.art.draw_pattern(surface, spot, self.rider_colour(rider), rider)
        for rider, spot in still:
            self.art.draw_number(surface, spot, self.rider_colour(rider), rider)
        for rider, spot in moving:
            self.art.draw(surface, spot, self.rider_colour(rider), rider, marked=self.colour_blind,
                          alpha=show.alpha(rider))

    def draw_bubbles(self, surface: pygame.Surface) -> None:
        fills = {"slipstream": (206, 232, 210), "alone": PALETTE.card_light, "breakaway": PALETTE.accent,
                 "overcrowded": PALETTE.card_dark, "change": PALETTE.focus}
        for bubble in self.show.bubbles:
            spot = self.show.spot(bubble.rider)
            if spot is None:
                continue
            t = float(bubble.tween.value)  # type: ignore[arg-type]
            rise = 10 * min(1.0, t * 4)
            alpha = 255 if t < 0.75 else int(255 * (1 - t) / 0.25)
            label = self.theme.text(bubble.text, 16, PALETTE.ink)
            tag = label.get_rect().inflate(10, 4)
            tag.midbottom = (round(spot.x), round(spot.y - 14 - rise))
            card = pygame.Surface(tag.size, pygame.SRCALPHA)
            pygame.draw.rect(card, fills.get(bubble.kind, PALETTE.card_light), card.get_rect(), border_radius=6)
            pygame.draw.rect(card, PALETTE.card_edge, card.get_rect(), 1, border_radius=6)
            card.blit(label, label.get_rect(center=card.get_rect().center))
            card.set_alpha(alpha)
            surface.blit(card, tag)

    def draw_banner(self, surface: pygame.Surface) -> None:
        if self.show.banner is None:
            return
        text, tween = self.show.banner
        t = float(tween.value)  # type: ignore[arg-type]
        alpha = int(255 * min(1.0, t * 6, (1 - t) * 4))
        label = self.theme.text(text, 30, PALETTE.ink)
        card = pygame.Surface(label.get_rect().inflate(40, 18).size, pygame.SRCALPHA)
        pygame.draw.rect(card, PALETTE.card_light, card.get_rect(), border_radius=12)
        pygame.draw.rect(card, PALETTE.accent, card.get_rect(), 3, border_radius=12)
        card.blit(label, label.get_rect(center=card.get_rect().center))
        card.set_alpha(max(0, alpha))
        surface.blit(card, card.get_rect(center=self.layout.infield.center))

    def draw_standings(self, surface: pygame.Surface, view: BreakingAwayView) -> None:
        """Teams by rank with their points (before the start: whose sheet is sealed); the team deciding now
        is ringed (over the cached picture)."""
        rect = self.layout.standings
        rows = self.standing_rows(view)
        if view["phase"] == "allocate":
            heading, title = _("Sheets"), _("Before the start")
        else:
            heading, title = _("Points"), _("Turn {turn}").format(turn=view["turn"])
        key = (rows, heading, title, self.colour_blind)
        image = self.panels.get("standings", key, lambda image: paint_standings(image, self.theme, heading, title,
                                                                                rows, self.colour_blind),
                                lambda: self.felt(rect))
        surface.blit(image, rect)
        deciding = self.match.current_seat
        for index, row in enumerate(rows):
            if row.seat == deciding:
                line = standing_row_rect(rect, rect.y + STANDINGS_TITLE + index * STANDINGS_ROW)
                pygame.draw.rect(surface, PALETTE.accent, line.inflate(2, 2), 2, border_radius=6)

    def standing_rows(self, view: BreakingAwayView) -> tuple[StandingRow, ...]:
        """The points panel's rows in the engine's order; places only once points (or laps) part the teams."""
        seats = range(view["num_seats"])
        if view["phase"] == "allocate":
            states = [self.sheet_state(view, seat) for seat in seats]
            return tuple(StandingRow(seat, seat, "", self.seat_label(seat), self.colour(seat), _(states[seat]), "",
                                     soft=states[seat] == SHEET_WAITING) for seat in seats)
        lost = self.laps_lost(view) if self.madison else [0] * view["num_seats"]
        points = [view["points"][seat] - self.show.hidden_points(seat) for seat in seats]
        places = shared_places([(lost[seat], -points[seat]) for seat in seats])
        rows = (StandingRow(seat, view["standings"][seat], places[seat], self.seat_label(seat), self.colour(seat),
                            str(points[seat]), ngettext("-{count} lap", "-{count} laps", lost[seat]).format(
                                count=lost[seat]) if lost[seat] else "")
                for seat in seats)
        return tuple(sorted(rows, key=lambda row: (row.rank, row.seat)))

    @staticmethod
    def sheet_state(view: BreakingAwayView, seat: int) -> str:
        """A team's sheet before the start (English msgid): sealed, being filled in, or waiting its turn."""
        if view["sealed"][seat]:
            return SHEET_SEALED
        return SHEET_FILLING if seat == view["setup_seat"] else SHEET_WAITING

    def seat_label(self, seat: int) -> str:
        """'Anna (Orange)', or just 'Orange' when the seat is named after its colour."""
        name, team = self.seat_name(seat), self.names.team(seat)
        if name in (team, self.names.teams[seat]):
            return team
        return _("{name} ({team})").format(name=name, team=team)

    def laps_lost(self, view: BreakingAwayView) -> list[int]:
        """Madison distance: whole laps each team is behind the team furthest on."""
        distance: dict[int, int] = {}
        for rider in view["riders"]:
            if rider["status"] in ("racing", "finished"):
                distance[rider["seat"]] = rider["progress"]
        front = max(distance.values(), default=0)
        return [(front - distance[s]) // LAP if s in distance else 0 for s in range(view["num_seats"])]

    def draw_sheet(self, surface: pygame.Surface, view: BreakingAwayView, factor: int | None) -> None:
        """The shown team's sheet; the row of the rider to move is marked over the cached picture
        (so a move repaints only the rows that changed), and lit inside it while the player chooses."""
        rect = self.layout.sheet
        seat = self.shown_sheet_seat(view)
        rows = self.sheet_rows(view, seat)
        open_factors = view["options"]["factors"] == "open"
        tabs = tuple((self.colour(s), s == seat) for s in range(view["num_seats"])) if open_factors else ()
        title = legend_text(self.names, seat, self.viewer, open_factors)
        playable = self.can_act and view["phase"] == "move" and not self.confirming
        painted = rows if playable else tuple(dataclasses.replace(row, to_move=False) for row in rows)
        key = (painted, title, tabs, factor if playable else None, playable, self.colour_blind, self.colour(seat))
        image = self.panels.get("sheet", key, lambda image: paint_sheet(image, self.theme, title, painted,
                                                                        self.colour(seat), tabs, factor, playable,
                                                                        self.colour_blind),
                                lambda: self.felt(rect))
        surface.blit(image, rect)
        if not playable:
            geometry = SheetGeometry(rect)
            for index, row in enumerate(rows):
                if row.to_move:
                    line = geometry.row(index)
                    pygame.draw.rect(surface, PALETTE.accent, line.inflate(2, 2), 2, border_radius=6)
                    pygame.draw.rect(surface, PALETTE.accent, (line.x, line.y, 5, line.height), border_radius=2)

    def sheet_rows(self, view: BreakingAwayView, seat: int) -> tuple[SheetRow, ...]:
        """A team's sheet rows, worked out once per state."""
        key = (self._view_key, seat)
        if self._sheet_rows is None or self._sheet_rows[0] != key:
            self._sheet_rows = (key, tuple(sheet_rows(view, seat)))
        return self._sheet_rows[1]

    def draw_decision(self, surface: pygame.Surface, view: BreakingAwayView, factor: int | None) -> None:
        panel = self.layout.decision
        buttons = self.decision_buttons(view)
        content = self.decision_content(view, factor)
        image = self.panels.get("decision", (content, self.colour_blind),
                                lambda image: paint_decision(image, self.theme, content, self.colour_blind),
                                lambda: self.felt(panel))
        surface.blit(image, panel)
        for index, button in enumerate(buttons):
            button.draw(surface, self.theme)
            if index == self.button_focus and (view["phase"] != "move" or self.confirming):
                button.draw_focus(surface)

    def decision_content(self, view: BreakingAwayView, chosen: int | None) -> DecisionContent:
        """What the decision panel says now."""
        phase = view["phase"]
        if phase == "over":
            return DecisionContent(_("The race is over."), (_("The results are on the table."),), line_budget=2)
        if not self.can_act:
            return self.waiting_content(view)
        if phase == "move":
            return self.move_content(view, chosen)
        if phase == "vote":
            vote = view["vote"]
            rider = self.rider_data(view, vote["rider"])
            return DecisionContent(_("May {rider} retire?").format(rider=self.rider_name(vote["rider"])),
                                   (_("{team} asks; every team must agree.").format(
                                       team=self.names.team(vote["proposer"])),
                                    _("He is on square {square}, lap {lap}.").format(square=rider["square"],
                                                                                    lap=rider["lap"] + 1)), 36)
        if phase == "change":
            seat = view["change_queue"][0]
            team = [r for r in view["riders"] if r["seat"] == seat]
            out = next(r for r in team if r["status"] == "racing")
            rest = next(r for r in team if r["status"] == "resting")
            takes_over = (_("{rider} would take over from {number} (overdue).") if view["overdue"][seat]
                          else _("{rider} would take over from {number}."))
            return DecisionContent(_("Change over on square {square}?").format(square=out["square"]),
                                   (takes_over.format(rider=self.rider_name(rest["id"]), number=out["id"]),), 36)
        if phase == "place" and self._choosing_starter(view):
            first, second = (r for r in view["riders"] if r["seat"] == view["place_queue"][0])
            return DecisionContent(_("{team}: who starts?").format(team=self.names.team(view["place_queue"][0])),
                                   (_("{first} is cyclist {first_rank}, {second} cyclist {second_rank}.").format(
                                       first=first["id"], first_rank=first["rank"], second=second["id"],
                                       second_rank=second["rank"]),
                                    _("The other rests beside the track.")), 36)
        if phase == "place":
            pointed = self.pointed_relief(view)
            chosen_square = (_("Beside square {square}.").format(square=pointed)
                             if pointed in self.free_relief_squares(view) else "")
            return DecisionContent(_("Park your relief rider"),
                                   (_("Click a free spot outside the track, or pick one with the arrows and Enter."),
                                    chosen_square), 36, line_budget=3)
        return DecisionContent(_("Your sheet"))

    def move_content(self, view: BreakingAwayView, chosen: int | None) -> DecisionContent:
        """The rider to move, a button per factor (keys 1-4), and the chosen factor's preview."""
        rider = view["to_move"]
        if self.confirming == "retire":
            return DecisionContent(_("Retire {rider}?").format(rider=self.rider_name(rider)),
                                   (_("Every other team must agree. If they do, he leaves the race for good."),),
                                   line_budget=2)
        data = self.rider_data(view, rider)
        factors = tuple((factor, factor == chosen) for factor in self.allowed(view))
        settled = len(view["order"]) <= 1
        lines = tuple(preview_lines(self.preview(view, chosen)[0], settled)[:3]) if chosen is not None else ()
        name = self.rider_name(rider)
        return DecisionContent(_("{rider} · square {square}").format(rider=name, square=data["square"]), lines, 94,
                               factors, title_room=title_room_beside(self.layout.decision, retire_button_rect(
                                   self.theme, self.layout.decision, _("Retire (R)"))) if self.may_retire(view) else 28,
                               short_title=_("{rider} · sq {square}").format(rider=name, square=data["square"]))

    def waiting_content(self, view: BreakingAwayView) -> DecisionContent:
        """Someone else decides: who, and (while riding) the riders still to move this turn."""
        phase = view["phase"]
        seat = self.match.current_seat
        who = self.seat_label(seat) if seat is not None else ""
        if phase == "move":
            chips = tuple((rider, self.rider_colour(rider)) for rider in view["order"])
            return DecisionContent(_("{rider} is moving").format(rider=self.rider_name(view["to_move"])),
                                   (_("Still to move this turn:"), _("{name} decides.").format(name=who)), 38,
                                   chips=chips, line_budget=3)
        if phase == "vote":
            vote = view["vote"]
            waiting = ", ".join(self.names.team(s) for s in vote["waiting"])
            return DecisionContent(_("Vote: may {rider} retire?").format(rider=self.rider_name(vote["rider"])),
                                   (_("Waiting for: {teams}.").format(teams=waiting),))
        if phase == "change":
            return DecisionContent(_("{name} may change over").format(name=who), (_("Waiting for the decision."),))
        if phase == "place":
            return DecisionContent(_("{name} places the team").format(name=who),
                                   (_("A starter on the line, a partner beside the track to take over later."),),
                                   line_budget=2)
        return DecisionContent(_("{name} decides").format(name=who))

    def draw_rider_card(self, surface: pygame.Surface, view: BreakingAwayView, rider: int) -> None:
        """Pointing at a rider: who he is, where, and his factors as far as the viewer may know them."""
        spot = self.show.spot(rider)
        data = next((r for r in view["riders"] if r["id"] == rider), None)
        if spot is None or data is None:
            return
        lines = [self.rider_name(rider)]
        if data["status"] == "racing":
            size = group_sizes(view["riders"])[data["progress"]]
            square, lap = data["square"], data["lap"] + 1
            lines.append(_("square {square}, lap {lap}, alone").format(square=square, lap=lap) if size == 1 else
                         _("square {square}, lap {lap}: {place} of {count} from the inside").format(
                             square=square, lap=lap, place=ordinal(data["slot"] + 1), count=size))
        elif data["status"] == "resting":
            lines.append(_("resting beside square {square}").format(square=data["relief_square"]))
        if data["factors"] is not None:
            lines.append(_("factors {values}").format(values=" ".join(map(str, data["factors"]))))
        else:
            known = " ".join(map(str, data["known"]))
            if data["hidden_sum"] is not None:
                hidden = _("{count} hidden (sum {total})").format(count=data["hidden_count"] or "?",
                                                                  total=data["hidden_sum"])
            else:
                hidden = _("hidden")
            lines.append(_("factors {known} + {hidden}").format(known=known, hidden=hidden) if known
                         else _("factors {hidden}").format(hidden=hidden))
        width = max(self.theme.font(SMALL_PX).size(line)[0] for line in lines) + 24
        card = pygame.Rect(0, 0, width, 22 * len(lines) + 14)
        card.midbottom = (round(spot.x), round(spot.y) - 24)
        card.clamp_ip(self.layout.track)
        draw.cardboard(surface, card, fill=PALETTE.card_light, radius=8)
        for index, line in enumerate(lines):
            draw.text(surface, self.theme, line, (card.x + 12, card.y + 8 + 22 * index), size=SMALL_PX,
                      colour=PALETTE.ink if index == 0 else PALETTE.ink_soft)

    def draw_allocation(self, surface: pygame.Surface, view: BreakingAwayView) -> None:
        """Before the start: the human's sheet form, or who is still filling in."""
        allocation = self.allocation_view(view)
        if allocation is not None:
            allocation.draw(surface, self.draw_sheet_rider, self.allocation_ground)
            return
        sealed = []
        for seat in range(view["num_seats"]):
            sealed.append((self.names.team(seat), self.colour(seat), self.sheet_state(view, seat)))
        card = pygame.Rect(0, 0, 560, 64 + 30 * len(sealed))
        card.center = self.layout.track.center
        draw.cardboard(surface, card)
        seat = view["setup_seat"]
        heading = _("{name} is filling in a movement log sheet").format(name=self.seat_label(seat))
        heading, size = draw.shrink_to_fit(self.theme, heading, card.width - 48, 20)
        draw.text(surface, self.theme, heading, (card.x + 24, card.y + 18 + (20 - size) // 2), size=size)
        for index, (name, colour, state) in enumerate(sealed):
            y = card.y + 56 + 30 * index
            chip = pygame.Rect(card.x + 24, y, 20, 20)
            draw.team_marker(surface, chip, colour, marked=self.colour_blind, radius=4)
            draw.text(surface, self.theme, _("{team}: {state}").format(team=name, state=_(state)),
                      (chip.right + 10, chip.centery), size=SMALL_PX,
                      colour=PALETTE.ink if state != SHEET_WAITING else PALETTE.ink_soft, align="midleft")

    def draw_sheet_rider(self, surface: pygame.Surface, centre: tuple[int, int], rider: int) -> None:
        portrait = self.art.portrait(self.rider_colour(rider), rider, self.colour_blind)
        surface.blit(portrait, portrait.get_rect(center=centre))
