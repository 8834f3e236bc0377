"""Breakout on screen: the red wall on its supports, knots in two colours, arrows at every slot end.

A player points at an arrow (or steers to it with the keys) to see what the
push would do — ghost knots where the pieces end up, the piece that would fall
out, a rope that would link for either colour — and clicks (or presses Enter)
to push.  Arrows that may not be used are greyed and say why.  Each player's
panel holds the supply, the pieces on the wall, how high the rope reaches and
the escapes; the characters wait at the foot of the wall, climb the linking
rope and stand on top once out.  Nothing is hidden, so there is no curtain.

Keys: Up/Down or 1-5 choose the slot, Left/Right the end, Tab walks every
arrow, Enter or Space pushes (or passes when you have no pieces), P passes.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from game.core.match import LogEntry, Match
from game.core.protocol import Action, Event, act
from game.i18n import N_, _, ngettext, words
from game.ui import draw
from game.ui.match_scene import MatchScene
from game.ui.theme import MIN_FONT_PX, PALETTE, SMALL_PX, darker, hex_colour, lighter
from game.ui.widgets import Button

from .rules import (
    COLOUR_NAMES, COVERINGS_TO_VOID, ESCAPES_TO_WIN, FROM_SIDE, PIECES_PER_COLOUR, ROUND_TURN_LIMIT, SIDES, SLOTS,
    SPACES, VOID_BY_COVERINGS,
)
from .scene_art import KnotArt
from .scene_layout import CHARACTER_SIZE, KNOT_SIZE, MINI_KNOT, TableLayout, with_shadow, wall_geometry
from .scene_preview import Preview, arrow_refusal, preview_push, rope_reach
from .scene_show import Shown, WallShow
from .views import BreakoutView

if TYPE_CHECKING:
    from game.app import App

Target = tuple[int, str]
#: every arrow in keyboard (Tab) order: slot 1 left, slot 1 right, slot 2 left...
ARROW_ORDER: tuple[Target, ...] = tuple((row, side) for row in range(SLOTS) for side in SIDES)
PASS_KEYS = (pygame.K_p,)
CONFIRM_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
#: which event of a move the caption repeats while a player watches, most telling first
NEWS_PRIORITY = ("game_over", "void", "escape", "covering", "insert", "pass")
#: how solid the preview's ghost knots are
GHOST_ALPHA = 195
#: canvas pixels kept between a panel's label and its value
LABEL_GAP = 10
#: a closed arrow's note: the widths tried in turn, and the most lines it holds
TIP_WIDTHS = (250, 310, 370)
TIP_LINES = 5


def of_total(count: int, total: int, compact: bool = False) -> str:
    """'3 of 13', as a panel's counters read; '3/13' where a long label leaves no room for the words."""
    if compact:
        return f"{count}/{total}"
    return _("{count} of {total}").format(count=count, total=total)


#: a player's panel counters: the label, and the total its value is counted against
IN_HAND, ROPE_HEIGHT, ESCAPED = N_("In hand"), N_("Rope height"), N_("Escaped")


class BreakoutScene(MatchScene):
    """The wall in the middle, Yellow's panel on the left, Blue's on the right, the log beside."""

    #: a guided game's hint goes over the log column: the players' panels and the escapees fill the table's top
    hint_anchor = "log"

    def __init__(self, app: "App", match: Match) -> None:
        super().__init__(app, match)
        self.layout = TableLayout(self.table_rect, wall_geometry())
        self.show = WallShow(self.layout, self.anims, self.play_sound, self.seat_name, self.view)
        self.art = KnotArt(self.assets, self.theme)
        #: the arrow under the mouse, and the one chosen with the keys
        self.hover: Target | None = None
        self.focus: Target = (0, "left")
        #: the focus ring shows once the keyboard is used, and hides on mouse movement
        self.keyboard = False
        #: the keys have steered since the last move: only then is the focused arrow's push previewed, so a
        #: move (the player's own or the opponent's) always shows the real wall, never a ghost over it
        self.aiming = False
        self.clock = 0.0
        self.pass_button = Button(pygame.Rect(0, 0, 150, 46), _("Pass"), self.pass_turn, primary=True, size=22)
        self.pass_button.rect.midright = (self.layout.caption.right - 14, self.layout.caption.centery - 2)
        self._previews: dict[tuple[Any, ...], Preview] = {}
        self._refusals: dict[tuple[Any, ...], str] = {}
        #: the left of the canvas up to the log, in canvas coordinates: the cached board is drawn on it
        self.board_area = pygame.Rect(0, 0, self.table_rect.right + 6, self.table_rect.bottom + 12)
        self._board: pygame.Surface | None = None
        self._wall_layer: pygame.Surface | None = None
        self._board_key: tuple[Any, ...] | None = None
        self._caption: pygame.Surface | None = None
        self._caption_key: tuple[Any, ...] | None = None
        self._colour_words = tuple(self._sprite_colour(seat) for seat in (0, 1))

    # --- who is who --------------------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        """The player's chosen name; a seat still called by its colour (as the command line names seats) is
        called by the colour in the reader's language."""
        name = super().seat_name(seat)
        return _(name) if name in COLOUR_NAMES else name

    def log_names(self, seat: int) -> str | None:
        """The names the log and the caption give the seats the engine's words speak of."""
        return self.seat_name(seat) if 0 <= seat < len(self.match.seats) else None

    def log_text(self, entry: LogEntry) -> str:
        return entry.event.render(self.log_names)

    def colour_word(self, seat: int) -> str:
        """'yellow' or 'blue': which knot and character sprites this seat uses."""
        return self._colour_words[seat]

    def _sprite_colour(self, seat: int) -> str:
        """The sprites follow the seat's colour, so the knots always match its chip and log colour."""
        colour = self.match.seats[seat].colour.lower()
        for name, value in self.spec.colours:
            if value.lower() == colour and name.lower() in ("yellow", "blue"):
                return name.lower()
        return ("yellow", "blue")[seat]

    def must_pass(self, view: BreakoutView) -> bool:
        return not view["over"] and view["supply"][view["to_move"]] == 0

    def ready(self) -> bool:
        """The human at the screen may play now (nothing is still moving)."""
        return self.can_act and not self.anims.busy

    # --- hooks ----------------------------------------------------------------------------------
    def prompt(self, view: BreakoutView, viewer: int | None) -> str:
        if self.must_pass(view):
            return _("You have no rope pieces left: press Enter or click Pass.")
        return _("Push a rope piece into a slot from either end.")

    def on_events(self, events: list[Event]) -> None:
        self._previews.clear()
        self._refusals.clear()
        self._stop_aiming()
        self.show.play(events, self.view)

    def on_undo(self) -> None:
        self._previews.clear()
        self._refusals.clear()
        self._stop_aiming()
        view = self.view
        self.show.reset(view, self.winning_escape())

    def winning_escape(self) -> dict[str, Any] | None:
        """The data of the escape that won the game (None while it goes on, or when it ended void)."""
        log = self.match.log
        if not self.match.is_over() or not log or log[-1].event.kind != "game_over":
            return None
        return next((dict(entry.event.data) for entry in reversed(log) if entry.event.kind == "escape"), None)

    def _stop_aiming(self) -> None:
        """After any move the wall is shown as it is: the ghost of a push comes back only when the player
        steers the keys again or moves the mouse onto an arrow (the focus ring stays, so Enter still
        pushes the arrow it rings)."""
        self.aiming = False
        self.hover = None

    def update_table(self, dt: float) -> None:
        self.clock += dt
        self.show.tick(dt)

    def results_summary_lines(self) -> list[str]:
        view = self.view
        lines = []
        for seat in (0, 1):
            count = view["escapes"][seat]
            who = self.seat_name(seat)
            colour = _(COLOUR_NAMES[seat])
            if who != colour:
                who = _("{name} ({colour} knots)").format(name=who, colour=colour)
            lines.append(_("{name}: {count} of {total} characters escaped.").format(name=who, count=count,
                                                                                   total=ESCAPES_TO_WIN))
        if view["void"]:
            if view["void_reason"] == VOID_BY_COVERINGS:
                lines.append(_("Void game: the wall was covered {limit} times in round {round} without an escape."
                               ).format(limit=COVERINGS_TO_VOID, round=view["round"]))
            else:
                lines.append(_("Void game: round {round} lasted {limit} turns without an escape.").format(
                    round=view["round"], limit=ROUND_TURN_LIMIT))
        rounds, turns = view["round"], view["moves"]
        lines.append(_("{rounds}, {turns} in all.").format(
            rounds=ngettext("{count} round", "{count} rounds", rounds).format(count=rounds),
            turns=ngettext("{count} turn", "{count} turns", turns).format(count=turns)))
        return lines

    def recap_marks(self, entries: list[LogEntry], view: BreakoutView, viewer: int | None) -> list[pygame.Rect]:
        """Where the moves since this player's last turn changed the table: the stretch of each slot
        that was pushed (the whole slot when a piece fell out), a new escapee on top of the wall, the
        covering counter.  An escape empties the wall, so pushes before it leave no mark."""
        slots: dict[int, pygame.Rect] = {}
        others: list[pygame.Rect] = []
        for entry in entries:
            event = entry.event
            data = event.data
            if event.kind == "insert":
                stretch = self.pushed_stretch(data)
                row = int(data["row"])
                slots[row] = slots[row].union(stretch) if row in slots else stretch
            elif event.kind == "escape":
                slots.clear()
                seat = int(data["seat"])
                others.append(self.character_rect(self.layout.top_spot(seat, int(data["character"]) - 1)))
            elif event.kind == "covering":
                others.append(self.layout.covering_badge.copy())
            elif event.kind == "pass":
                others.append(self.layout.panel(int(data["seat"])).copy())
        return list(slots.values()) + others

    def pushed_stretch(self, data: dict[str, Any]) -> pygame.Rect:
        """The spaces of a slot an insertion filled or slid pieces into (the whole slot if one fell out)."""
        row = int(data["row"])
        columns = {int(data["column"])} | {int(target) for _source, target, _owner in data["pushed"]}
        if data["ejected"] is not None:
            columns |= set(range(SPACES))
        rect = self.layout.cell_rect(row, min(columns))
        return rect.union(self.layout.cell_rect(row, max(columns))).inflate(4, 4)

    def character_rect(self, feet: tuple[float, float]) -> pygame.Rect:
        rect = pygame.Rect((0, 0), CHARACTER_SIZE)
        rect.midbottom = (round(feet[0]), round(feet[1]) + 2)
        return rect.inflate(8, 8)

    # --- playing --------------------------------------------------------------------------------
    def push(self, target: Target) -> bool:
        row, side = target
        return self.play(act("insert", side, row + 1))

    def pass_turn(self) -> None:
        self.play(act("pass"))

    def play(self, action: Action) -> bool:
        """Submit for the human at the screen; a click during an animation only hurries it to its end."""
        if not self.play_move(action):
            return False
        self.hover = None
        return True

    # --- input ----------------------------------------------------------------------------------
    def arrow_at(self, pos: tuple[int, int]) -> Target | None:
        for target in ARROW_ORDER:
            if self.layout.arrow_hit_rect(*target).collidepoint(pos):
                return target
        return None

    def handle_table_event(self, event: pygame.event.Event, view: BreakoutView, viewer: int | None) -> None:
        passing = self.must_pass(view) and self.can_act
        if passing and self.pass_button.handle_event(event):
            return
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.arrow_at(event.pos)
            self.keyboard = False
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            target = self.arrow_at(event.pos)
            if target is not None:
                self.focus = target
                self.push(target)
        elif event.type == pygame.KEYDOWN:
            self.handle_key(event, passing)

    def handle_key(self, event: pygame.event.Event, passing: bool) -> None:
        row, side = self.focus
        key = event.key
        if key in CONFIRM_KEYS:
            self.keyboard = True
            if passing:
                self.pass_turn()
            else:
                self.push(self.focus)
            return
        if key in PASS_KEYS:
            self.pass_turn()
            return
        moved: Target | None = None
        if key == pygame.K_UP:
            moved = (min(SLOTS - 1, row + 1), side)
        elif key == pygame.K_DOWN:
            moved = (max(0, row - 1), side)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            moved = (row, "left" if key == pygame.K_LEFT else "right")
        elif key == pygame.K_TAB:
            step = -1 if event.mod & pygame.KMOD_SHIFT else 1
            moved = ARROW_ORDER[(ARROW_ORDER.index(self.focus) + step) % len(ARROW_ORDER)]
        elif event.unicode and event.unicode in "12345":
            moved = (int(event.unicode) - 1, side)
        if moved is not None:
            self.keyboard = True
            self.aiming = True
            self.hover = None
            if moved != self.focus:
                self.play_sound("click", 0.4)
            self.focus = moved

    # --- what the pointer or the keys point at ----------------------------------------------------
    def chosen(self) -> Target | None:
        """The arrow whose push is previewed: the focused one once the keys steered since the last move,
        else the hovered one."""
        if self.keyboard:
            return self.focus if self.aiming else None
        return self.hover

    def refusal(self, view: BreakoutView, target: Target) -> str:
        """Why this arrow cannot be used now ("" when it can)."""
        seat = self.match.current_seat
        if seat is None:
            return _("The game is over.")
        if not self.can_act:
            return _("Please wait: it is {name}'s turn.").format(name=self.seat_name(seat))
        if self.anims.busy:
            return _("Wait for the last move to finish.")
        key = (len(self.match.history), target, self.theme.version)
        if key not in self._refusals:
            self._refusals[key] = arrow_refusal(view, seat, *target)
        return self._refusals[key]

    def preview(self, view: BreakoutView, target: Target) -> Preview:
        key = (len(self.match.history), target, self.theme.version)
        cached = self._previews.get(key)
        if cached is None:
            cached = preview_push(view, view["to_move"], target[0], target[1], self.seat_name)
            self._previews[key] = cached
        return cached

    # --- drawing -------------------------------------------------------------------------------------
    def draw_table(self, surface: pygame.Surface, view: BreakoutView, viewer: int | None) -> None:
        shown = self.show.current(view)
        # while the base's "since your last turn" recap is open, nothing is previewed under it
        recap_open = getattr(self, "recap", None) is not None
        target = self.chosen() if self.ready() and not recap_open else None
        reason = "" if target is None else self.refusal(view, target)
        preview = self.preview(view, target) if target is not None and not reason else None
        # by mouse, a closed arrow explains itself in a note beside it; by keys, in the caption
        lines, mood = self.caption_lines(view, preview, reason if self.keyboard else "")
        board = self.board_layer(view, shown)
        for region in self.layout.board_regions:
            surface.blit(board, region, region)
        surface.blit(self.caption_card(view, lines, mood), self.layout.caption)
        self.draw_knots(surface, shown, preview)
        self.draw_arrows(surface, view, target)
        self.draw_characters(surface, view, shown)
        self.draw_movers(surface)
        if self.must_pass(view) and self.can_act:
            self.pass_button.label = _("Pass")
            self.pass_button.draw(surface, self.theme)
            if self.keyboard:
                self.pass_button.draw_focus(surface)
        if self.show.covering_age < 1.2 and int(self.show.covering_age * 5) % 2 == 0:
            pygame.draw.rect(surface, PALETTE.accent, self.layout.covering_badge.inflate(8, 8), 4, border_radius=14)
        self.draw_banner(surface)
        if target is not None and reason and not self.keyboard and not view["over"]:
            self.draw_arrow_tip(surface, target, reason)

    def board_layer(self, view: BreakoutView, shown: Shown) -> pygame.Surface:
        """Felt, panels, badges and the wall: everything that changes only move by move."""
        key = (shown.supply[0], shown.supply[1], shown.escapes[0], shown.escapes[1], shown.coverings, shown.round,
               tuple(tuple(row) for row in shown.wall), shown.to_move, view["to_move"], view["over"], self.can_act,
               view["over"] and not self.anims.busy, self.colour_blind, self.theme.version)
        if key != self._board_key or self._board is None:
            if self._board is None:
                self._board = self.wall_layer().copy()
            layer = self._board
            # the panels and badges are opaque cards painted on their own patch of felt: no clearing needed
            for seat in (0, 1):
                self.draw_panel(layer, view, shown, seat)
            self.draw_round_badge(layer, view, shown)
            self.draw_covering_badge(layer, view, shown)
            self._board_key = key
        return self._board

    def wall_layer(self) -> pygame.Surface:
        """The felt with the wall and its trays: drawn once, the ground every board is drawn on."""
        if self._wall_layer is None:
            layer = pygame.Surface(self.board_area.size).convert()
            layer.blit(self.theme.table_texture(), (0, 0), self.board_area)
            self.draw_wall(layer)
            draw.shadow(layer, self.layout.caption, 10)
            self._wall_layer = layer
        return self._wall_layer

    def felt_patch(self, region: pygame.Rect) -> pygame.Surface:
        """An opaque copy of the bare table under ``region``: cards painted on it blit without blending."""
        return self.wall_layer().subsurface(region.clip(self.wall_layer().get_rect())).copy()

    def draw_wall(self, surface: pygame.Surface) -> None:
        layout = self.layout
        surface.blit(self.assets.sprite("wall", layout.wall.size), layout.wall)
        for side in SIDES:
            surface.blit(self.assets.sprite("support_tray", layout.tray_rect(side).size), layout.tray_rect(side))

    def knot(self, seat: int, size: int = KNOT_SIZE, alpha: int = 255) -> pygame.Surface:
        return self.art.knot(self.colour_word(seat), self.match.seats[seat].colour, size, self.colour_blind, alpha)

    def blit_centred(self, surface: pygame.Surface, image: pygame.Surface, centre: tuple[float, float]) -> None:
        surface.blit(image, image.get_rect(center=(round(centre[0]), round(centre[1]))))

    def draw_knots(self, surface: pygame.Surface, shown: Shown, preview: Preview | None) -> None:
        layout = self.layout
        highlight = self.show.highlight
        lit = set(highlight.lit()) if highlight is not None else set()
        if preview is not None and preview.escaper is not None:
            lit |= set(preview.path)
        glow_seat = highlight.seat if highlight is not None else (preview.escaper if preview is not None else None)
        for row, column in sorted(lit):
            glow = self.art.glow(self.colour_word(glow_seat if glow_seat is not None else 0), KNOT_SIZE + 18)
            self.blit_centred(surface, glow, layout.cell_centre(row, column))
        for row in range(SLOTS):
            if preview is not None and row == preview.row:
                continue
            for column, owner in enumerate(shown.wall[row]):
                if owner is not None:
                    self.blit_centred(surface, self.knot(owner), layout.cell_centre(row, column))
        if preview is not None:
            self.draw_preview_row(surface, shown, preview)

    def draw_preview_row(self, surface: pygame.Surface, shown: Shown, preview: Preview) -> None:
        """Ghost knots where the slot's pieces would end up, the new one ringed, a falling one marked."""
        layout = self.layout
        row = preview.row
        moved_to = {target for _source, target, _owner in preview.moved}
        entry = 0 if preview.side == "left" else len(preview.after) - 1
        pulse = 0.5 + 0.5 * math.sin(self.clock * 5)
        for column, owner in enumerate(preview.after):
            if owner is None:
                continue
            centre = layout.cell_centre(row, column)
            if column == entry or column in moved_to:
                self.blit_centred(surface, self.knot(owner, alpha=GHOST_ALPHA), centre)
            else:
                self.blit_centred(surface, self.knot(owner), centre)
        for source, target, _owner in preview.moved:
            self.draw_slide_mark(surface, layout.cell_centre(row, source), layout.cell_centre(row, target))
        ring = pygame.Rect(0, 0, KNOT_SIZE + 6, KNOT_SIZE + 6)
        ring.center = tuple(round(v) for v in layout.cell_centre(row, entry))
        pygame.draw.rect(surface, lighter(PALETTE.accent, 0.3 * pulse), ring, 3, border_radius=12)
        if preview.ejected_owner is not None:
            far = "right" if preview.side == "left" else "left"
            x, y = layout.outside(row, far)
            centre = (x, y + 34 + 4 * pulse)
            self.blit_centred(surface, self.knot(preview.ejected_owner, KNOT_SIZE - 8, alpha=170), centre)
            self.draw_drop_mark(surface, (centre[0], centre[1] + KNOT_SIZE / 2 + 4))

    def draw_slide_mark(self, surface: pygame.Surface, start: tuple[float, float], end: tuple[float, float]) -> None:
        """A chevron on the brick below, between a piece's old and new space, pointing the way it slides."""
        mid_x = (start[0] + end[0]) / 2
        y = start[1] + KNOT_SIZE / 2 + 8
        direction = 1 if end[0] > start[0] else -1
        points = [(mid_x - 6 * direction, y - 7), (mid_x + 5 * direction, y), (mid_x - 6 * direction, y + 7)]
        pygame.draw.lines(surface, darker(PALETTE.accent, 0.5), False, [(x + 1, y + 2) for x, y in points], 5)
        pygame.draw.lines(surface, PALETTE.accent, False, points, 4)

    def draw_drop_mark(self, surface: pygame.Surface, top: tuple[float, float]) -> None:
        x, y = top
        pygame.draw.polygon(surface, PALETTE.danger, [(x - 9, y), (x + 9, y), (x, y + 11)])
        pygame.draw.polygon(surface, darker(PALETTE.danger, 0.4), [(x - 9, y), (x + 9, y), (x, y + 11)], 2)

    def arrow_state(self, view: BreakoutView, target: Target) -> str:
        """'ready', 'blocked' (no immediate reversal), 'empty' (no pieces) or 'idle' (not this human's turn)."""
        if not self.ready():
            return "idle"
        if view["supply"][view["to_move"]] == 0:
            return "empty"
        blocked = view["blocked"]
        if blocked is not None and (blocked["row"], blocked["side"]) == target:
            return "blocked"
        return "ready"

    def draw_arrows(self, surface: pygame.Surface, view: BreakoutView, chosen: Target | None) -> None:
        for target in ARROW_ORDER:
            row, side = target
            rect = self.layout.arrow_rect(row, side)
            state = self.arrow_state(view, target)
            lifted = state == "ready" and target == chosen
            if lifted:
                glow = self.art.glow("yellow", rect.width + 26)
                self.blit_centred(surface, glow, rect.center)
            image = self.art.arrow(side, state, lifted, row + 1)
            surface.blit(image, image.get_rect(center=rect.center))
            if state == "blocked":
                self.draw_blocked_mark(surface, rect)
            if self.keyboard and target == self.focus and self.can_act:
                pygame.draw.rect(surface, PALETTE.focus, rect.inflate(14, 14), 3, border_radius=10)

    def draw_blocked_mark(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """A red no-entry sign on the arrow the no-reversal rule closes; it pulses when it appears."""
        age = self.show.blocked_age
        radius = 13 + (4 * max(0.0, 1 - age) * abs(math.sin(age * 9)) if age < 1 else 0)
        centre = (rect.centerx, rect.centery)
        pygame.draw.circle(surface, PALETTE.card_light, centre, radius + 2)
        pygame.draw.circle(surface, PALETTE.danger, centre, radius, 4)
        offset = radius * 0.7
        pygame.draw.line(surface, PALETTE.danger, (centre[0] - offset, centre[1] + offset),
                         (centre[0] + offset, centre[1] - offset), 4)

    def draw_characters(self, surface: pygame.Surface, view: BreakoutView, shown: Shown) -> None:
        """Escaped characters on top of the wall, the others waiting at its foot (nearest first climbs next)."""
        layout = self.layout
        for seat in (0, 1):
            word = self.colour_word(seat)
            escaped = shown.escapes[seat]
            for place in range(escaped):
                self.draw_character(surface, word, place + 1, layout.top_spot(seat, place))
            for number in range(escaped + 1, ESCAPES_TO_WIN + 1):
                place = number - escaped - 1
                if place == 0 and self.show.climbing == seat:
                    continue
                x, y = layout.foot_spot(seat, place)
                if place == 0 and shown.to_move == seat and not view["over"]:
                    y -= 3 * abs(math.sin(self.clock * 3))
                self.draw_character(surface, word, number, (x, y))

    def draw_character(self, surface: pygame.Surface, word: str, number: int, feet: tuple[float, float]) -> None:
        image = self.assets.sprite(f"character_{word}_{number}", CHARACTER_SIZE)
        shade = self.art.ground_shadow(CHARACTER_SIZE[0])
        surface.blit(shade, shade.get_rect(center=(round(feet[0]), round(feet[1]))))
        surface.blit(image, image.get_rect(midbottom=(round(feet[0]), round(feet[1]) + 2)))

    def draw_movers(self, surface: pygame.Surface) -> None:
        for mover in self.show.movers:
            if not mover.tween.started:
                continue
            position = mover.position()
            if mover.kind == "character":
                self.draw_character(surface, self.colour_word(mover.owner), mover.number, position)
            else:
                self.blit_centred(surface, self.knot(mover.owner), position)

    # --- panels ---------------------------------------------------------------------------------------
    def draw_panel(self, surface: pygame.Surface, view: BreakoutView, shown: Shown, seat: int) -> None:
        """The cached backdrop (card, name, labels) with this move's numbers, knots and pips on it."""
        rect = self.layout.panel(seat)
        lit, subtitle = self.panel_look(view, shown, seat)
        region = with_shadow(rect)
        surface.blit(self.panel_backdrop(seat, lit, subtitle), region)
        supply = shown.supply[seat]
        width = rect.width - 32
        self.draw_value(surface, rect, rect.y + 96, self.counter(_(IN_HAND), supply, PIECES_PER_COLOUR, width))
        empty = self.art.empty_cell(MINI_KNOT)
        for index in range(PIECES_PER_COLOUR):
            cell = self.layout.supply_cell(seat, index)
            surface.blit(self.knot(seat, MINI_KNOT) if index < supply else empty, cell)
        on_wall = sum(owner == seat for row in shown.wall for owner in row)
        y = self.counters_top(seat)
        self.draw_value(surface, rect, y, str(on_wall))
        reach = rope_reach(shown.wall, seat)
        self.draw_value(surface, rect, y + 32, self.counter(_(ROPE_HEIGHT), reach, SLOTS, width))
        self.draw_reach_pips(surface, rect, y + 60, reach, seat)
        # the final state once the game is over and its last move has played out (the kept table under the
        # results shows the winning rope, and the panel counts every escape the results count)
        escapes = view["escapes"][seat] if view["over"] and not self.anims.busy else shown.escapes[seat]
        self.draw_value(surface, rect, y + 90, self.counter(_(ESCAPED), escapes, ESCAPES_TO_WIN, width))

    def panel_look(self, view: BreakoutView, shown: Shown, seat: int) -> tuple[bool, str]:
        """Whether a player's panel is lit, and its subtitle.  Lit: the player whose move is being shown;
        once it has played out, the one to move.  Never both at once: while a move (an escape, say) plays
        out, the next player's panel waits quietly until the table is theirs."""
        player = self.match.seats[seat]
        lit = not view["over"] and shown.to_move == seat
        if not lit:
            if player.is_human:
                return False, _("Human player")
            return False, _("Bot ({level})").format(level=_(player.bot_level))
        if shown.to_move != view["to_move"]:
            return True, _("Moving")
        return True, _("Your move") if player.is_human and self.viewer == seat else _("To move")

    def counters_top(self, seat: int) -> int:
        return self.layout.supply_cell(seat, PIECES_PER_COLOUR - 1).bottom + 14

    def panel_backdrop(self, seat: int, lit: bool, subtitle: str) -> pygame.Surface:
        """A player's card with its ring, name, subtitle and labels: painted once per look, then blitted."""
        player = self.match.seats[seat]
        rect = self.layout.panel(seat)
        region = with_shadow(rect)
        key = ("breakout-panel", seat, lit, subtitle, player.name, player.colour, self.colour_blind,
               self.theme.version)

        def paint() -> pygame.Surface:
            image = self.felt_patch(region)
            local = rect.move(-region.x, -region.y)
            draw.cardboard(image, local, fill=PALETTE.card)
            if lit:
                pygame.draw.rect(image, PALETTE.accent, local.inflate(8, 8), 4, border_radius=14)
            chip = pygame.Rect(local.x + 16, local.y + 16, 30, 30)
            draw.team_marker(image, chip, player.colour, marked=self.colour_blind)
            draw.text(image, self.theme, draw.fit(self.theme, self.seat_name(seat), local.width - 72, 24),
                      (chip.right + 10, chip.centery), size=24, align="midleft")
            draw.text(image, self.theme, draw.fit(self.theme, subtitle, local.width - 32, SMALL_PX),
                      (local.x + 16, local.y + 56), size=SMALL_PX,
                      colour=PALETTE.accent_dark if lit else PALETTE.ink_soft)
            pygame.draw.line(image, PALETTE.card_edge, (local.x + 14, local.y + 84), (local.right - 14, local.y + 84),
                             2)
            y = self.counters_top(seat) - region.y
            width = local.width - 32
            for top, label, total in ((local.y + 96, _(IN_HAND), PIECES_PER_COLOUR), (y, _("On the wall"), None),
                                      (y + 32, _(ROPE_HEIGHT), SLOTS), (y + 90, _(ESCAPED), ESCAPES_TO_WIN)):
                size = (self.counter_fit(label, total, width)[0] if total is not None
                        else self.label_size(label, str(PIECES_PER_COLOUR), width))
                draw.text(image, self.theme, label, (local.x + 16, top), size=size, colour=PALETTE.ink_soft)
            return image
        return self.theme.image(key, paint)

    def counter_fit(self, label: str, total: int, width: int) -> tuple[int, bool]:
        """(label size, compact value) for a counter row: the label gets smaller first, then the value reads
        '5/5' instead of '5 of 5', so the label never runs into it ('Hauteur de corde' at 130 %)."""
        def measure() -> tuple[int, bool]:
            for compact in (False, True):
                room = width - self.theme.font(SMALL_PX).size(of_total(total, total, compact))[0] - LABEL_GAP
                size = draw.fitting_size(self.theme, label, room, SMALL_PX)
                if size is not None:
                    return size, compact
            return MIN_FONT_PX, True
        return self.theme.layout(("breakout counter", label, total, width), measure)

    def counter(self, label: str, count: int, total: int, width: int) -> str:
        """A counter's value as its row has room for it."""
        return of_total(count, total, self.counter_fit(label, total, width)[1])

    def label_size(self, label: str, widest_value: str, width: int) -> int:
        """The size at which a label still leaves a gap before its value on the right (at a large
        interface size "Rope height" would otherwise run into "0 of 5")."""
        room = width - self.theme.font(SMALL_PX).size(widest_value)[0] - LABEL_GAP
        return draw.fitting_size(self.theme, label, room, SMALL_PX) or MIN_FONT_PX

    def draw_value(self, surface: pygame.Surface, rect: pygame.Rect, y: int, value: str) -> None:
        draw.text(surface, self.theme, value, (rect.right - 16, y), size=SMALL_PX, colour=PALETTE.ink,
                  align="topright")

    def draw_reach_pips(self, surface: pygame.Surface, rect: pygame.Rect, y: int, reach: int, seat: int) -> None:
        """Five steps, one a slot, filled as high as the rope reaches from the bottom slot."""
        colour = self.seat_colour(seat)
        width = (rect.width - 32 - 4 * 6) // SLOTS
        for slot in range(SLOTS):
            pip = pygame.Rect(rect.x + 16 + slot * (width + 6), y, width, 12)
            if slot < reach:
                pygame.draw.rect(surface, colour, pip, border_radius=5)
                pygame.draw.rect(surface, darker(colour, 0.45), pip, 2, border_radius=5)
            else:
                pygame.draw.rect(surface, PALETTE.card_dark, pip, 2, border_radius=5)

    def badge(self, rect: pygame.Rect, key: tuple[Any, ...], paint_on: Any) -> pygame.Surface:
        """A badge card (with its shadow) painted once per ``key`` by ``paint_on(image, local_rect)``."""
        region = with_shadow(rect)

        def paint() -> pygame.Surface:
            image = self.felt_patch(region)
            local = rect.move(-region.x, -region.y)
            draw.cardboard(image, local, fill=PALETTE.card_light, inner_line=False)
            paint_on(image, local)
            return image
        return self.theme.image(("breakout-badge", *key, self.theme.version), paint)

    def draw_round_badge(self, surface: pygame.Surface, view: BreakoutView, shown: Shown) -> None:
        def paint_on(image: pygame.Surface, rect: pygame.Rect) -> None:
            title, title_size = draw.shrink_to_fit(self.theme, _("Round {round}").format(round=shown.round),
                                                   rect.width - 32, 26)
            draw.text(image, self.theme, title, (rect.x + 16, rect.y + 14), size=title_size)
            goal = ngettext("{count} escape wins", "{count} escapes win", ESCAPES_TO_WIN).format(count=ESCAPES_TO_WIN)
            if draw.fitting_size(self.theme, goal, rect.width - 32, SMALL_PX) is None:
                # TRANSLATORS: Breakout: the round badge's goal where "3 escapes win" is too long for it
                goal = _("Goal: {count}").format(count=ESCAPES_TO_WIN)
            goal, goal_size = draw.shrink_to_fit(self.theme, goal, rect.width - 32, SMALL_PX)
            draw.text(image, self.theme, goal, (rect.x + 16, rect.bottom - 14), size=goal_size,
                      colour=PALETTE.ink_soft, align="bottomleft")
        rect = self.layout.round_badge
        surface.blit(self.badge(rect, ("round", shown.round), paint_on), with_shadow(rect))

    def draw_covering_badge(self, surface: pygame.Surface, view: BreakoutView, shown: Shown) -> None:
        """How many times the wall was full this round, five pips (red when one more voids the game)."""
        coverings = shown.coverings

        def paint_on(image: pygame.Surface, rect: pygame.Rect) -> None:
            label = _("Covered")
            size = self.counter_fit(label, COVERINGS_TO_VOID, rect.width - 32)[0]
            draw.text(image, self.theme, label, (rect.x + 16, rect.y + 14), size=size, colour=PALETTE.ink_soft)
            draw.text(image, self.theme, self.counter(label, coverings, COVERINGS_TO_VOID, rect.width - 32),
                      (rect.right - 16, rect.y + 14), size=SMALL_PX, align="topright")
            width = (rect.width - 32 - 4 * 8) // COVERINGS_TO_VOID
            for index in range(COVERINGS_TO_VOID):
                pip = pygame.Rect(rect.x + 16 + index * (width + 8), rect.bottom - 34, width, 18)
                if index < coverings:
                    fill = PALETTE.danger if coverings >= COVERINGS_TO_VOID - 1 else PALETTE.accent
                    pygame.draw.rect(image, fill, pip, border_radius=6)
                    pygame.draw.rect(image, darker(fill, 0.4), pip, 2, border_radius=6)
                else:
                    pygame.draw.rect(image, PALETTE.card_dark, pip, 2, border_radius=6)
        rect = self.layout.covering_badge
        surface.blit(self.badge(rect, ("covering", coverings), paint_on), with_shadow(rect))

    # --- the caption under the wall --------------------------------------------------------------------
    def caption_lines(self, view: BreakoutView, preview: Preview | None, reason: str) -> tuple[list[str], str]:
        """What the caption says now, and its mood ('good', 'danger' or '')."""
        if view["over"]:
            return [words(self.match.outcome().note, self.log_names) or _("The game is over.")], ""
        if reason:
            return [reason], "danger"
        if preview is not None:
            return list(preview.lines), preview.mood
        if self.ready() and self.must_pass(view):
            return [_("You have no rope pieces left, so you pass until one of yours falls off the wall.")], ""
        if self.ready() and self.keyboard:
            row, side = self.focus
            return [_("Enter pushes into slot {slot} {from_side} (the ringed arrow).").format(
                        slot=row + 1, from_side=_(FROM_SIDE[side])),
                    _("Steer with 1-5, Up/Down and Left/Right to see the push first.")], ""
        if self.ready():
            return [_("Point at an arrow to preview the push; click it to push."),
                    _("Keys: 1-5 or Up/Down slot, Left/Right end, Enter push.")], ""
        last = self.last_news()
        seat = self.match.current_seat
        waiting = ""
        # a bot chooses while the table waits; in a replay nobody is choosing: the seat just plays next
        if seat is not None and not self.match.seats[seat].is_human and not self.watching:
            waiting = _("{name} is choosing a move.").format(name=self.seat_name(seat))
        elif seat is not None and seat != self.viewer:
            waiting = _("{name} plays next.").format(name=self.seat_name(seat))
        return [line for line in (last, waiting) if line], ""

    def last_news(self) -> str:
        """The most telling event of the last move, for the caption while a player watches."""
        if not self.match.log:
            return ""
        last_index = self.match.log[-1].index
        events = [entry.event for entry in self.match.log if entry.index == last_index]
        for kind in NEWS_PRIORITY:
            for event in events:
                if event.kind == kind:
                    return event.render(self.log_names)
        return events[0].render(self.log_names)

    def caption_card(self, view: BreakoutView, lines: list[str], mood: str) -> pygame.Surface:
        """The caption under the wall, drawn again only when its words change."""
        passing = self.must_pass(view) and self.can_act
        key = (tuple(lines), mood, passing, self.theme.version)
        if key != self._caption_key or self._caption is None:
            card = pygame.Surface(self.layout.caption.size, pygame.SRCALPHA)
            self.draw_caption(card, lines, mood, passing)
            self._caption, self._caption_key = card, key
        return self._caption

    def draw_caption(self, surface: pygame.Surface, lines: list[str], mood: str, passing: bool) -> None:
        rect = surface.get_rect()
        draw.cardboard(surface, rect, fill=PALETTE.card_light, lifted=False, inner_line=False)
        if mood:
            stripe = PALETTE.good if mood == "good" else PALETTE.danger
            pygame.draw.rect(surface, stripe, (rect.x + 2, rect.y + 2, 10, rect.height - 4),
                             border_top_left_radius=9, border_bottom_left_radius=9)
        text_rect = pygame.Rect(rect.x + 20, rect.y + 9, rect.width - 36, rect.height - 14)
        if passing:
            text_rect.width = self.pass_button.rect.x - self.layout.caption.x - text_rect.x - 12
        size, wrapped = self.caption_text(lines, text_rect)
        # accented capitals may render taller than the font's line: space lines by the tallest drawn
        line_height = max([self.caption_line_height(size)]
                          + [self.theme.text(line, size, PALETTE.ink).get_height() for line in wrapped])
        top = text_rect.y + max(0, (text_rect.height - line_height * len(wrapped)) // 2) - 2
        for index, line in enumerate(wrapped):
            draw.text(surface, self.theme, line, (text_rect.x, top + index * line_height), size=size)

    def caption_line_height(self, size: int) -> int:
        """A caption line's height: never less than the drawn text's, so lines never overlap."""
        font = self.theme.font(size)
        return max(font.get_linesize(), font.get_height())

    def caption_text(self, lines: list[str], rect: pygame.Rect) -> tuple[int, list[str]]:
        """The caption's size and wrapped lines: a little smaller where longer words (another language, a
        larger interface) would otherwise leave a sentence out; at the smallest size, cut, where even that fails."""
        for size in range(SMALL_PX, MIN_FONT_PX - 1, -2):
            max_lines = max(1, rect.height // self.caption_line_height(size))
            wrapped = [part for line in lines for part in draw.wrap(self.theme, line, rect.width, size)]
            if len(wrapped) <= max_lines:
                return size, wrapped
        return size, self.fit_lines(lines, rect.width, size, max_lines)

    def fit_lines(self, lines: list[str], width: int, size: int, max_lines: int) -> list[str]:
        """Wrap the caption's sentences; whole sentences that no longer fit are left out, the first is cut."""
        fitted: list[str] = []
        for number, line in enumerate(lines):
            wrapped = draw.wrap(self.theme, line, width, size)
            if len(fitted) + len(wrapped) <= max_lines:
                fitted += wrapped
            elif number == 0:
                fitted = wrapped[:max_lines]
                fitted[-1] = draw.fit(self.theme, fitted[-1] + "…", width, size)
                break
        return fitted

    def draw_arrow_tip(self, surface: pygame.Surface, target: Target, reason: str) -> None:
        """Why a greyed arrow is greyed, in a small note beside it (over the panel on that side)."""
        rect = self.layout.arrow_rect(*target)
        # as narrow as reads well beside the wall; wider where a language needs more than five lines
        for width in TIP_WIDTHS:
            lines = draw.wrap(self.theme, reason, width - 24, SMALL_PX)
            if len(lines) <= TIP_LINES:
                break
        lines = lines[:TIP_LINES]
        line_height = self.theme.font(SMALL_PX).get_linesize()
        note = pygame.Rect(0, 0, width, line_height * len(lines) + 18)
        if target[1] == "left":
            note.midright = (rect.x - 10, rect.centery)
        else:
            note.midleft = (rect.right + 10, rect.centery)
        note.clamp_ip(self.table_rect)
        draw.cardboard(surface, note, fill=PALETTE.card_light, edge=PALETTE.danger, radius=8, inner_line=False)
        for index, line in enumerate(lines):
            draw.text(surface, self.theme, line, (note.x + 12, note.y + 9 + index * line_height), size=SMALL_PX)

    def draw_banner(self, surface: pygame.Surface) -> None:
        banner = self.show.banner
        if banner is None or not banner.tween.started:
            return
        t = banner.tween.progress
        appear = min(1.0, t / 0.12)
        fade = min(1.0, (1 - t) / 0.18)
        alpha = int(255 * max(0.0, min(appear, fade)))
        words_shown, size = draw.shrink_to_fit(self.theme, banner.text, self.table_rect.width - 70, 26)
        text = self.theme.text(words_shown, size, PALETTE.ink)
        band = pygame.Rect(0, 0, text.get_width() + 70, 64)
        band.center = (self.layout.wall.centerx, self.layout.wall.centery)
        band.clamp_ip(self.table_rect)
        colour: tuple[int, ...] = PALETTE.card_light
        if banner.seat is not None:
            colour = lighter(hex_colour(self.match.seats[banner.seat].colour), 0.55)
        draw.popping_banner(surface, band, text, colour, alpha=alpha, appear=appear)

