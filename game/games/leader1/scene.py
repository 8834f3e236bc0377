"""Leader 1 on screen: the race drawn from its map, riders on their bases, the peloton, energy tables.

The board follows the front of the race (the rider moving, the peloton, or
the squares being chosen); the wheel zooms, dragging or Shift+arrows scroll
and F follows again.  When one of the viewer's riders decides, every square he
can reach is lit: green for the free part of his move, orange for paying
squares (with the cost on them), a red ring where a crack or fall is risked,
grey where he lacks the energy; pointing at one (or stepping to it with Tab or
Left/Right) shows the way, the cost and the odds, and a click or Enter rides.
Buttons under the board hold the other choices of the moment (pick a rider,
name the sprinter, pass, drop back, roll the peloton die, chase); their keys
are on them.  Every rider's energy table sits below; the viewer's kept feed
tiles are face up there and a click eats one; its parts explain themselves in
a tip under the mouse.  In a stage race a screen between stages sums up each
stage and waits for the players (``scene_stages``).

Keys: Tab / Shift+Tab or Left/Right choose a square, Enter rides; 1-3 and the
letters on the buttons press them; N picks your next rider in the peloton;
E eats your rider's smallest feed tile; G shows the general classification;
+/- or the wheel zoom; Shift+arrows scroll; F follows the race.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Callable

import pygame

from game.core.match import LogEntry, Match
from game.core.protocol import Action, Event, act
from game.i18n import Message, _, ngettext, words
from game.ui.anim import Tween, ease_in_out_cubic, linear
from game.ui.focus import TOOLTIP_DELAY, tooltip
from game.ui.match_scene import MatchScene
from game.ui.widgets import Button

from . import guide as hints
from .course import Course, course_for
from .guide import Colours, in_colours, rider_words
from .preview import MovePreview, reachable_squares
from .rules import Leader1State
from .rules_words import rider_type_word
from .scene_board import DEFAULT_ZOOM, ZOOMS, BoardGeometry
from .scene_cards import TeamCards
from .scene_panels import CARD_GAP, CARD_HEIGHT, HEADER_HEIGHT, SPECIALITY_TITLES, RiderIcons, ordinal, type_title
from .scene_road import RoadView
from .scene_stages import StageBreakScene, race_summary_lines, stage_summary
from .setup_facts import SEAT_COLOURS
from .views import Leader1View, RiderView

if TYPE_CHECKING:
    from game.app import App

Point = tuple[float, float]
BAR_HEIGHT = 58
SCROLL_STEP = 60
#: log lines about the race itself, marked with no player's colour (whoever's move brought them about)
RACE_LINES = frozenset({"stage_start", "peloton_move", "peloton_cost", "peloton_arrives", "bonus_lost",
                        "puncture_rolls", "stage_end", "game_over"})
CONFIRM_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
LETTER_KEYS = {pygame.K_p: "p", pygame.K_d: "d", pygame.K_r: "r", pygame.K_c: "c", pygame.K_s: "s"}


class RiderTrack:
    """A rider sliding along squares (a move, being swallowed, dropping back)."""

    def __init__(self, points: list[Point], tween: Tween) -> None:
        self.points = points
        self.tween = tween


class Leader1Scene(RoadView, TeamCards, MatchScene):
    """The board above, the choices in a bar below it, every rider's energy table at the bottom."""

    #: a guided game's hint goes over the log column, leaving the whole board to the camera
    hint_anchor = "log"
    #: the last view of a stage that has just ended, shown until its last moves have played out and the
    #: screen between stages comes up (the engine has already set up the next stage by then)
    _stage_view: Leader1View | None = None

    def __init__(self, app: "App", match: Match) -> None:
        super().__init__(app, match)
        state = match.state
        assert isinstance(state, Leader1State)
        self.icons = RiderIcons(self.assets, self.theme, SEAT_COLOURS)
        per_team = state.riders_per_player
        self.columns = min(state.num_seats, 4 if per_team > 2 else 5)
        rows = math.ceil(state.num_seats / self.columns)
        self.team_height = HEADER_HEIGHT + per_team * (CARD_HEIGHT + CARD_GAP)
        panel_height = rows * (self.team_height + CARD_GAP)
        table = self.table_rect
        self.cards_rect = pygame.Rect(table.x, table.bottom - panel_height + CARD_GAP, table.width,
                                      panel_height - CARD_GAP)
        self.bar_rect = pygame.Rect(table.x, self.cards_rect.y - BAR_HEIGHT - 4, table.width, BAR_HEIGHT)
        self.board_rect = pygame.Rect(table.x, table.y, table.width, self.bar_rect.y - 6 - table.y)
        self.zoom_index = DEFAULT_ZOOM
        self._stage_key = ""
        self.course: Course | None = None
        self.geometry: BoardGeometry | None = None
        self._layers: dict[int, pygame.Surface] = {}
        self.camera: Point = (0.0, 0.0)
        self.follow = True
        self._drag: tuple[int, int] | None = None
        self._dragged = False
        #: where the mouse is on the canvas (the lit square under it is worked out again each frame)
        self._pointer: tuple[int, int] | None = None
        #: the lit square a click on the board began on (a click rides only when it ends on the same one)
        self._pressed: int | None = None
        #: the mouse moved since the lit squares last changed: pointing at one is then aiming at it
        self._pointer_moved = False
        self.tracks: dict[int, RiderTrack] = {}
        self.peloton_tween: Tween | None = None
        self.peloton_shown: float = float(state.peloton)
        self.selected: int | None = None
        self.hover: int | None = None
        self.focus: int | None = None
        self.keyboard = False
        self.show_gc = False
        #: the stage whose road the board shows (the next one only once the last one's moves are seen)
        self._shown_stage = int(self.live_view["stage"])
        #: (viewer, view) of the last frame: what a move that ends a stage leaves on the board meanwhile
        self._view_before: tuple[int | None, dict[str, Any]] | None = None
        #: the screen between stages is up: no bot moves and no turn is handed over until it is closed
        self._between_stages = False
        self.peloton_face = state.last_roll
        self.events_face = ""
        self.events_note = ""
        self.rolling: dict[str, Tween] = {}
        self.clock = 0.0
        self.buttons: list[tuple[Button, str]] = []
        self._buttons_key: tuple[Any, ...] | None = None
        self._previews_key: tuple[Any, ...] | None = None
        self._previews: list[MovePreview] = []
        self._tile_rects: list[tuple[pygame.Rect, int, int]] = []
        self._card_rects: dict[int, pygame.Rect] = {}
        #: the energy tables' parts that explain themselves under the mouse: (where, what, its number)
        self._tip_spots: list[tuple[pygame.Rect, str, int]] = []
        #: the part under the mouse and for how long it has been there
        self._tip_at: tuple[pygame.Rect, str, int] | None = None
        self._tip_time = 0.0
        self._team_blits: list[tuple[pygame.Surface, pygame.Rect]] = []
        self._board_image: pygame.Surface | None = None
        self._riders_key: tuple[Any, Any] = (None, None)
        self._previews_look: tuple[Any, ...] = ()
        self._board_key: tuple[Any, ...] | None = None
        self._cards_key: tuple[Any, ...] | None = None
        self._squares_before: dict[int, int] = {}
        self._remember_positions()
        self._ensure_course()
        self.camera = self.focus_point()

    # --- the view and the course ---------------------------------------------------------------
    @property
    def view(self) -> Leader1View:
        """The game as the viewer sees it; just after a stage ended, still that stage's last picture."""
        frozen = self._stage_view
        return frozen if frozen is not None else self.live_view

    @property
    def live_view(self) -> Leader1View:
        """The game as the viewer sees it now (a stage that has just ended already gave way to the next)."""
        return MatchScene.view.fget(self)  # type: ignore[attr-defined]

    @property
    def can_act(self) -> bool:
        """Nobody chooses from a stage's last picture: the next stage's choices come with its board."""
        return super().can_act and self._stage_view is None and int(self.live_view["stage"]) == self._shown_stage

    def _ensure_course(self) -> None:
        view = self.view
        key = view["calendar"][self._shown_stage]
        if key != self._stage_key:
            self._stage_key = key
            self.course = course_for(key)
            self.geometry = BoardGeometry(self.course)
            self._layers = {}
            self.peloton_shown = float(view["peloton"])

    # --- what is shown ----------------------------------------------------------------------------
    def rider_point(self, rider_id: int) -> tuple[Point, float]:
        """Where a rider is drawn now (along his track while one plays) and his heading."""
        assert self.geometry is not None
        track = self.tracks.get(rider_id)
        if track is not None:
            return self.geometry.path_point(track.points, track.tween.value)
        rider = self.view["riders"][rider_id]
        if rider["place"] == "road":
            square = rider["square"]
            return self.geometry.square_centre(square), self.geometry.headings[square]
        if rider["place"] == "finished":
            return self.geometry.podium_point(self.finish_place(rider_id)), self.geometry.finish_heading
        return self.geometry.line_point(self.peloton_shown)

    def finish_place(self, rider_id: int) -> int:
        """A finished rider's place (0 = first) among those who have finished this stage."""
        order = [r for r in self.view["riders"] if r["place"] == "finished"]
        order.sort(key=lambda r: (r["finish_turn"], -r["finish_beyond"], r["finish_seq"]))
        return [r["id"] for r in order].index(rider_id)

    def peloton_polygons(self) -> list[list[tuple[float, float]]]:
        """The squares under the peloton (two rows of its line, the road's whole width), in screen pixels."""
        assert self.course is not None
        course = self.course
        index = round(self.peloton_shown)
        if index >= len(course.line) + 1 or self.view["peloton_arrived_turn"] >= 0 and self.peloton_tween is None:
            return []
        rear, front = course.line_grow(index - 1), min(course.line_grow(index), course.last_row)
        polygons = []
        for grow in range(max(0, rear), front + 1):
            for gid in course.squares_by_row[grow]:
                polygons.append([self.to_screen(p) for p in course.squares[gid].polygon])
        return polygons

    def preview_point(self, preview: MovePreview) -> Point:
        assert self.geometry is not None
        if preview.kind == "finish":
            return self.geometry.finish_point(preview.target - 1)
        if preview.kind == "rejoin":
            return self.geometry.square_centre(preview.path[-1])
        return self.geometry.square_centre(preview.target)

    def deciding_rider(self) -> int | None:
        """The viewer's rider whose move is being chosen now (None when no square is to be chosen)."""
        if not self.can_act:
            return None
        view = self.view
        if view["phase"] in ("ahead", "behind"):
            return view["current_rider"] if view["current_rider"] >= 0 else None
        if view["phase"] == "breakaway":
            mine = self.own_peloton_riders()
            if not mine:
                return None
            if self.selected not in mine:
                self.selected = mine[0]
            return self.selected
        return None

    def own_peloton_riders(self) -> list[int]:
        view = self.view
        if view["phase"] != "breakaway" or not view["breakaway_seats"]:
            return []
        seat = view["breakaway_seats"][0]
        return [r["id"] for r in view["riders"] if r["seat"] == seat and r["place"] == "peloton" and not r["dropping"]]

    def previews(self) -> list[MovePreview]:
        """The squares the deciding rider can reach, worked out from the view (nothing secret is needed)."""
        rider = self.deciding_rider()
        key = (id(self.match.state), len(self.match.history), self.viewer, rider)
        if key != self._previews_key:
            self._previews_key = key
            self._previews = []
            if rider is not None:
                state = Leader1State.from_view(self.view, 0)
                self._previews = reachable_squares(state, rider)
            self._previews_look = (rider, tuple((p.action, p.cost, p.allowed, p.risks) for p in self._previews))
            if self.focus is not None and self.focus >= len(self._previews):
                self.focus = None
        return self._previews

    def chosen(self) -> MovePreview | None:
        previews = self.previews()
        index = self.hover if self.hover is not None else (self.focus if self.keyboard else None)
        if index is not None and 0 <= index < len(previews):
            return previews[index]
        return None

    # --- hooks ------------------------------------------------------------------------------------------
    def prompt(self, view: Leader1View, viewer: int | None) -> str:
        phase = view["phase"]
        if phase == "setup":
            mine = [r for r in view["riders"] if r["seat"] == view["setup_seat"]]
            if len(mine) < view["riders_per_player"]:
                return _("pick a rider type (buttons below, or 1-3).")
            if len(mine) == 1:
                return _("make your rider sprinter or descender (1-2).")
            if not any(r["speciality"] == "sprinter" for r in mine):
                return _("choose your sprinter (buttons below).")
            return _("choose your descender (buttons below).")
        if phase in ("ahead", "behind"):
            rider = self.rider_words(view["riders"][view["current_rider"]])
            if not self.previews():
                return _("your {rider} is boxed in: press Stay.").format(rider=rider)
            return _("move your {rider}: click a lit square (Tab, Enter).").format(rider=rider)
        if phase == "breakaway":
            return _("attack: click a lit square (Tab, Enter), or Pass (P).")
        if phase == "pursuit":
            return _("roll the peloton die (R), or chase with +1 (C).")
        return ""

    def seat_name(self, seat: int) -> str:
        """The player's name; a seat named after its colour on the command line reads in the reader's language."""
        name = super().seat_name(seat)
        colour = self.match.seats[seat].colour
        for english, value in SEAT_COLOURS:
            if value == colour and name == english:
                return _(english)
        return name

    def log_text(self, entry: LogEntry) -> str:
        """The log line in the reader's language, each player called by the name chosen for him."""
        return self.words_for(entry.event.message)

    # --- riders by the colours their players chose -------------------------------------------------
    def chosen_colours(self) -> Colours:
        """The engine names riders (and players without a name) by their seat's default colour; where a
        player chose another colour, that one: default colour word -> chosen colour word (msgids)."""
        chosen: dict[str, str] = {}
        for seat, player in enumerate(self.match.seats):
            default = SEAT_COLOURS[seat % len(SEAT_COLOURS)][0]
            word = next((name for name, value in SEAT_COLOURS if value.lower() == player.colour.lower()), default)
            if word != default:
                chosen[default] = word
        return chosen

    def in_chosen_colours(self, text: "Message | str") -> "Message | str":
        """The engine's words with every rider (and unnamed player) in the colour his player chose."""
        return in_colours(text, self.chosen_colours())

    def words_for(self, text: "Message | str") -> str:
        """The engine's words in the reader's language: players by their names, riders in their colours."""
        return words(self.in_chosen_colours(text), self.seat_name)

    def rider_words(self, rider: RiderView) -> str:
        """A rider of the view by his name ("Sky rouleur"), in the colour his player chose."""
        return rider_words(rider, self.chosen_colours())

    def hint_guide(self) -> Callable[[Any, int], Any] | None:
        """The guide, told the colours the players chose so that its hints name riders as the table shows them."""
        colours = self.chosen_colours()
        return lambda view, seat: hints.guide(view, seat, colours)

    def log_seat(self, entry: LogEntry) -> int | None:
        """Whose colour marks a log line: the rider's player for a line about a rider, the peloton's leader
        for a new turn, nobody for the race's own lines (a new stage, the peloton riding on), whoever rolled."""
        data, kind = entry.event.data, entry.event.kind
        if kind in RACE_LINES:
            return None
        if kind == "turn":
            return int(data["leader"])
        rider = data.get("rider")
        if isinstance(rider, int) and not isinstance(rider, bool):
            seat = next((r["seat"] for r in self.view["riders"] if r["id"] == rider), None)
            if seat is not None:
                return int(seat)
        return super().log_seat(entry)

    def results_summary_lines(self) -> list[str]:
        state = self.match.state
        assert isinstance(state, Leader1State)
        view = self.view
        names = {r["id"]: self.rider_words(r) for r in view["riders"]}
        if state.is_stage_race:
            # the whole race: every stage, the energy carried between them, the general classification
            return race_summary_lines(view, self.rider_words) + [
                _("Score: the place of each player's best rider on the general classification (lower is better).")]
        lines = []
        for result in view["stage_results"][-1:]:
            order = result["finish_order"]
            if order:
                lines.append(_("Finish: {riders}").format(riders=", ".join(
                    _("{place} {rider}").format(place=ordinal(i), rider=names[r])
                    for i, r in enumerate(order[:4], start=1))))
            if result["breakaway_win"]:
                clear = result["winner_turns_clear"]
                lines.append(ngettext("A breakaway win, {count} turn clear of the peloton.",
                                      "A breakaway win, {count} turns clear of the peloton.", clear).format(count=clear))
            lines.append(ngettext("The race took {count} turn.", "The race took {count} turns.",
                                  result["turns"]).format(count=result["turns"]))
        lines.append(_("Score: the place of each player's best rider in the race (lower is better)."))
        return lines

    def recap_marks(self, entries: list[Any], view: Leader1View, viewer: int | None) -> list[pygame.Rect]:
        """Where the recapped moves changed the board, under the camera: squares left and reached, the peloton."""
        assert self.geometry is not None and self.course is not None
        geometry = self.geometry
        points: list[tuple[Point, float]] = []
        square_size = geometry.row_length * 0.9
        for entry in entries:
            kind, data = entry.event.kind, entry.event.data
            if kind == "move":
                start = int(data["from"])
                points.append((geometry.square_centre(start) if start >= 0 else
                               geometry.line_point(self.peloton_index_before(entry))[0], square_size))
                if data["kind"] == "finish":
                    points.append((geometry.finish_point(int(data["to"]) - 1), square_size))
                elif data["path"]:
                    points.append((geometry.square_centre(int(data["path"][-1])), square_size))
            elif kind in ("dropped", "punctured", "fallen") and int(data.get("square", -1)) >= 0:
                points.append((geometry.square_centre(int(data["square"])), square_size))
            elif kind == "peloton_move":
                points.append((geometry.line_point(int(data["to"]) - 0.5)[0], 2.2 * geometry.row_length))
        rects: list[pygame.Rect] = []
        for point, size in points:
            x, y = self.to_screen(point)
            half = max(14, size * self.zoom / 2)
            rect = pygame.Rect(round(x - half), round(y - half), round(2 * half), round(2 * half))
            if rect.colliderect(self.board_rect):
                clipped = rect.clip(self.board_rect)
                if clipped not in rects:
                    rects.append(clipped)
        return rects

    def peloton_index_before(self, entry: Any) -> float:
        """Where the peloton's front stood when a recapped rider broke away from it."""
        log = self.match.log
        position = next((i for i in range(len(log) - 1, -1, -1) if log[i] is entry), 0)
        for earlier in reversed(log[:position]):
            if earlier.event.kind == "peloton_move":
                return float(earlier.event.data["to"])
            if earlier.event.kind == "stage_start":
                break
        return 1.0

    def on_undo(self) -> None:
        self.tracks.clear()
        self.rolling.clear()
        self.peloton_tween = None
        self._stage_view = None
        self._between_stages = False
        self._shown_stage = int(self.live_view["stage"])
        self._ensure_course()
        self.peloton_shown = float(self.view["peloton"])
        self._remember_positions()
        self.follow = True

    def on_events(self, events: list[Event]) -> None:
        self.tracks = {k: t for k, t in self.tracks.items() if not t.tween.done}
        self.hover = None
        self._pointer_moved = False  # the next rider's squares: the camera goes to them first
        self.focus = None
        self.follow = True
        before = self._squares_before
        ended = next((int(e.data["stage"]) for e in events if e.kind == "stage_end"), None)
        new_stage = ended is not None and int(self.live_view["stage"]) != self._shown_stage
        if new_stage:
            # the stage's last moves play on its own road, then the screen between stages comes up
            last = self._view_before
            self._stage_view = last[1] if last is not None and last[0] == self.viewer else None
        for event in events:
            self._animate(event, before)
        if new_stage:
            self.anims.call(lambda: self._open_stage_break(int(ended)))  # type: ignore[arg-type]
        self._remember_positions()
        seat = self.match.current_seat
        if seat is not None and self.match.seats[seat].is_human and any(e.kind in ("turn", "stage_start")
                                                                         for e in events):
            self.anims.call(lambda: self.play_sound("turn_chime"))

    def _open_stage_break(self, stage: int) -> None:
        """The next stage's road at its start, at once, under the screen that sums up the stage just ended."""
        self._stage_view = None
        self._shown_stage = int(self.live_view["stage"])
        self.tracks.clear()
        self.peloton_tween = None
        self._ensure_course()
        self.peloton_shown = float(self.view["peloton"])
        self.follow = True
        self.camera = self.clamp_camera(self.focus_point())
        self._remember_positions()
        if not self.watching:
            self._between_stages = True
            self.app.manager.push(StageBreakScene(self.app, self, stage_summary(self.view, stage), self._stage_resumed))

    def _stage_resumed(self) -> None:
        self._between_stages = False

    def _remember_positions(self) -> None:
        self._squares_before = {r["id"]: r["square"] for r in self.view["riders"] if r["place"] == "road"}

    def _animate(self, event: Event, before: dict[int, int]) -> None:
        data = event.data
        kind = event.kind
        assert self.geometry is not None
        geometry = self.geometry
        if kind == "move":
            rider = int(data["rider"])
            if data["from"] < 0:
                start = geometry.line_point(self.peloton_shown if self.peloton_tween is None
                                            else self.peloton_tween.end_value)[0]
            else:
                start = geometry.square_centre(int(data["from"]))
            points = [start] + [geometry.square_centre(g) for g in data["path"]]
            if data["kind"] == "finish":
                points.append(geometry.finish_point(int(data["to"]) - 1))
                if self.view["riders"][rider]["place"] == "finished":
                    points.append(geometry.podium_point(self.finish_place(rider)))
            steps = max(1, len(points) - 1)
            tween = Tween(0.0, float(steps), 0.25 + 0.09 * steps, ease_in_out_cubic)
            self.tracks[rider] = RiderTrack(points, tween)
            self.anims.add(tween, on_start=lambda: self.play_sound("rider_whoosh", 0.7))
        elif kind == "risk":
            note = (_("Crack: {needed}+") if data["risk"] == "crack" else _("Fall: {needed}+")).format(
                needed=data["needed"])
            self._roll("events", str(data["roll"]), note)
        elif kind == "peloton_roll":
            self._roll("peloton", str(data["face"]), "")
        elif kind == "puncture_rolls":
            rolls = data["rolls"]
            if rolls:
                self._roll("events", str(min(r[1] for r in rolls)), _("Flat on 1"))
        elif kind == "peloton_move":
            tween = Tween(float(data["from"]), float(data["to"]), 0.3 + 0.12 * int(data["moves"]), ease_in_out_cubic,
                          on_update=self._set_peloton)
            self.peloton_tween = tween
            self.anims.add(tween, on_start=lambda: self.play_sound("rider_whoosh"),
                           on_done=self._peloton_done)
        elif kind == "absorbed":
            rider = int(data["rider"])
            square = before.get(rider)
            if square is not None:
                end = geometry.line_point(self.peloton_tween.end_value if self.peloton_tween else self.peloton_shown)
                tween = Tween(0.0, 1.0, 0.3, linear)
                self.tracks[rider] = RiderTrack([geometry.square_centre(square), end[0]], tween)
                self.anims.add(tween)
        elif kind in ("dropped", "punctured") and data.get("square", -1) >= 0 and int(data["rider"]) not in before:
            rider = int(data["rider"])
            rear = geometry.line_point((self.peloton_tween.end_value if self.peloton_tween else self.peloton_shown) - 1)
            tween = Tween(0.0, 1.0, 0.35, ease_in_out_cubic)
            self.tracks[rider] = RiderTrack([rear[0], geometry.square_centre(int(data["square"]))], tween)
            self.anims.add(tween)
        elif kind == "bonus_time":
            self.anims.call(lambda: self.play_sound("bell"))
        elif kind == "finish" and not data["in_peloton"]:
            self.anims.call(lambda: self.play_sound("bell", 0.6))
        elif kind == "stage_end":
            self.anims.call(lambda: self.play_sound("finish_fanfare"))
        elif kind in ("fallen", "cracked"):
            self.anims.call(lambda: self.play_sound("error", 0.6))
            self.anims.wait(0.25)

    def _set_peloton(self, value: float) -> None:
        self.peloton_shown = value

    def _peloton_done(self) -> None:
        self.peloton_tween = None
        self.peloton_shown = float(self.view["peloton"])

    def _roll(self, die: str, face: str, note: str) -> None:
        tween = Tween(0.0, 1.0, 0.6, linear)

        def begin() -> None:
            self.rolling[die] = tween
            self.play_sound("dice_roll")

        def end() -> None:
            self.rolling.pop(die, None)
            if die == "peloton":
                self.peloton_face = face
            else:
                self.events_face, self.events_note = face, note

        self.anims.add(tween, on_start=begin, on_done=end)
        self.anims.wait(0.3)

    def tumbling(self, die: str) -> str | None:
        """A changing face while a die tumbles."""
        tween = self.rolling.get(die)
        if tween is None:
            return None
        tick = int(tween.elapsed * 18)
        if die == "peloton":
            return ("3", "4", "5", "4", "red", "3", "5")[tick % 7]
        return str(tick * 5 % 12 + 1)

    def update_table(self, dt: float) -> None:
        self.clock += dt
        pointed = next((spot for spot in self._tip_spots if self._pointer is not None
                        and spot[0].collidepoint(self._pointer)), None)
        if pointed != self._tip_at:
            self._tip_at, self._tip_time = pointed, 0.0
        else:
            self._tip_time += dt
        if self._stage_view is None:
            self._view_before = (self.viewer, self.live_view)
        self._ensure_course()
        if self.peloton_tween is None and not self.anims.busy:
            self.peloton_shown = float(self.view["peloton"])
            self.tracks.clear()
        if self.follow and getattr(self, "recap", None) is None and not self.aiming():
            # (the recap's marks stay where they were drawn; a lit square being pointed at stays under the mouse)
            target = self.clamp_camera(self.focus_point())
            t = 1.0 if self.app.instant or self.animation_factor <= 0 else min(1.0, dt * 5)
            self.camera = (self.camera[0] + (target[0] - self.camera[0]) * t,
                           self.camera[1] + (target[1] - self.camera[1]) * t)
        if self._pointer is not None and not self.keyboard:
            # the preview card tells of the square under the mouse as this frame draws it, never of one
            # the board has since slid away from
            self.hover = self.preview_at(self._pointer)

    def arrange_table(self) -> None:
        self.arrange_cards(self.view, self.viewer)

    def aiming(self) -> bool:
        """The player points at a lit square or holds the button down on the board: the camera keeps still,
        so that the square clicked is the one whose preview he reads."""
        pointing = self._pointer is not None and self._pointer_moved and not self.keyboard
        return (pointing and self.preview_at(self._pointer) is not None) or (self._drag is not None and not self._dragged)

    # --- playing --------------------------------------------------------------------------------------------
    def ride(self, preview: MovePreview) -> None:
        if not preview.allowed:
            self.toast(self.words_for(preview.reason) or _("That move is not possible now."))
            self.play_sound("error")
            return
        self.play_move(preview.action)

    def eat(self, rider_id: int, value: int) -> None:
        self.play_move(act("feed", rider_id, value))

    def action_buttons(self) -> list[tuple[Button, str]]:
        """The choices of the moment besides the squares, as buttons with their keys."""
        view = self.view
        state_key = (id(self.match.state), len(self.match.history), self.viewer, self.can_act, self.selected,
                     self.theme.version)
        if state_key == self._buttons_key:
            return self.buttons
        self._buttons_key = state_key
        specs: list[tuple[str, Action, str, bool]] = []
        if self.can_act:
            legal = self.match.state.legal_actions()
            kinds = {r["id"]: r["kind"] for r in view["riders"]}
            phase = view["phase"]
            if phase == "setup":
                number = 0
                for action in legal:
                    number += 1
                    if action.kind == "pick":
                        label = f"{number}  {type_title(str(action.args[0]))}"
                    elif view["riders_per_player"] == 1:
                        label = f"{number}  {_(SPECIALITY_TITLES[str(action.args[1])])}"
                    else:
                        label = f"{number}  " + _("{speciality}: {rider_type}").format(
                            speciality=_(SPECIALITY_TITLES[str(action.args[1])]),
                            rider_type=rider_type_word(kinds[int(action.args[0])]))
                    specs.append((label, action, str(number), number == 1))
            elif phase == "breakaway":
                specs.append((_("Pass (P)"), act("pass"), "p", True))
                if self.selected is not None and act("drop", self.selected) in legal:
                    specs.append((_("Drop back: {rider_type} (D)").format(rider_type=rider_type_word(
                        kinds[self.selected])), act("drop", self.selected), "d", False))
            elif phase == "pursuit":
                specs.append((_("Roll the die (R)"), act("roll"), "r", True))
                specs.append((_("Chase: +1 (C)"), act("pursue"), "c", False))
            elif act("stay") in legal:
                specs.append((_("Stay: boxed in (S)"), act("stay"), "s", True))
        buttons = []
        x = self.bar_rect.x + 10
        for label, action, hotkey, primary in specs:
            width = max(130, self.theme.font(20).size(label)[0] + 36)
            rect = pygame.Rect(x, self.bar_rect.y + 8, width, 40)
            if rect.right > self.bar_rect.right - 10:
                break
            buttons.append((Button(rect, label, lambda a=action: self.play_move(a), primary=primary, size=20), hotkey))
            x = rect.right + 10
        self.buttons = buttons
        return buttons

    def enter_button(self) -> Button | None:
        """The button Enter presses now (ringed as the keyboard focus), unless a square is focused."""
        if not self.can_act or (self.keyboard and self.chosen() is not None):
            return None
        buttons = self.action_buttons()
        return buttons[0][0] if buttons else None

    # --- input -------------------------------------------------------------------------------------------------
    def preview_at(self, pos: tuple[int, int]) -> int | None:
        if not self.board_rect.collidepoint(pos):
            return None
        assert self.geometry is not None
        point = self.to_map(pos)
        best, best_distance = None, self.geometry.row_length * 0.8
        for index, preview in enumerate(self.previews()):
            distance = math.dist(point, self.preview_point(preview))
            if distance < best_distance:
                best, best_distance = index, distance
        return best

    def handle_table_event(self, event: pygame.event.Event, view: Leader1View, viewer: int | None) -> None:
        for button, _hotkey in self.action_buttons():
            if button.handle_event(event):
                return
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self._pointer = event.pos
        if event.type == pygame.MOUSEMOTION:
            self.keyboard = False
            self._pointer_moved = True
            if self._drag is not None:
                dx, dy = event.pos[0] - self._drag[0], event.pos[1] - self._drag[1]
                if abs(dx) + abs(dy) > 3:
                    self._dragged = True
                    self.follow = False
                    self.camera = self.clamp_camera((self.camera[0] - dx / self.zoom, self.camera[1] - dy / self.zoom))
                    self._drag = event.pos
            self.hover = self.preview_at(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            self.set_zoom(self.zoom_index + (1 if event.y > 0 else -1))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.board_rect.collidepoint(event.pos):
                self._drag = event.pos
                self._dragged = False
                self.keyboard = False
                self._pressed = self.hover = self.preview_at(event.pos)
            else:
                self.click_panel(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was_drag, self._drag = self._dragged, None
            pressed, self._pressed = self._pressed, None
            if not was_drag and self.board_rect.collidepoint(event.pos):
                # the square under the pointer as drawn, and the one the press began on: both the previewed one
                index = self.preview_at(event.pos)
                if index is not None and index == pressed:
                    self.focus = index
                    self.ride(self.previews()[index])
        elif event.type == pygame.KEYDOWN:
            self.handle_key(event)

    def click_panel(self, pos: tuple[int, int]) -> None:
        for rect, rider_id, value in self._tile_rects:
            if rect.collidepoint(pos):
                self.eat(rider_id, value)
                return
        for rider_id, rect in self._card_rects.items():
            if rect.collidepoint(pos) and rider_id in self.own_peloton_riders():
                self.selected = rider_id
                self.focus = None
                return

    def set_zoom(self, index: int) -> None:
        self.zoom_index = max(0, min(len(ZOOMS) - 1, index))
        self.camera = self.clamp_camera(self.camera)

    def handle_key(self, event: pygame.event.Event) -> None:
        key = event.key
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        scroll = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
        previews = self.previews()
        if key in scroll and (shift or not previews or key in (pygame.K_UP, pygame.K_DOWN)):
            dx, dy = scroll[key]
            self.follow = False
            self.camera = self.clamp_camera((self.camera[0] + dx * SCROLL_STEP / self.zoom,
                                             self.camera[1] + dy * SCROLL_STEP / self.zoom))
            return
        if key in (pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT) and previews:
            backwards = key == pygame.K_LEFT or (key == pygame.K_TAB and shift)
            self.keyboard = True
            self.hover = None
            if self.focus is None:
                self.focus = len(previews) - 1 if backwards else 0
            else:
                self.focus = (self.focus + (-1 if backwards else 1)) % len(previews)
            self.follow = True
            return
        if key in CONFIRM_KEYS:
            chosen = self.chosen() if self.keyboard else None
            if chosen is not None:
                self.ride(chosen)
                return
            target = self.enter_button()
            if target is not None:
                target.activate()
            elif previews:
                self.keyboard = True
                self.focus = 0
            return
        if key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.set_zoom(self.zoom_index + 1)
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.set_zoom(self.zoom_index - 1)
        elif key in (pygame.K_f, pygame.K_HOME):
            self.follow = True
        elif key == pygame.K_g:
            self.show_gc = not self.show_gc
        elif key == pygame.K_n:
            mine = self.own_peloton_riders()
            if mine:
                current = mine.index(self.selected) if self.selected in mine else -1
                self.selected = mine[(current + 1) % len(mine)]
                self.focus = None
        elif key == pygame.K_e:
            self.eat_smallest()
        else:
            wanted = event.unicode.lower() if event.unicode else LETTER_KEYS.get(key, "")
            for button, hotkey in self.action_buttons():
                if hotkey == wanted:
                    button.activate()
                    return

    def eat_smallest(self) -> None:
        """E: the viewer's deciding (or first) rider eats his smallest kept tile."""
        if not self.can_act:
            return
        tiles = self.view["my_tiles"]
        order = [self.deciding_rider()] + [int(k) for k in tiles]
        for rider_id in order:
            if rider_id is not None and tiles.get(str(rider_id)):
                self.eat(rider_id, min(tiles[str(rider_id)]))
                return
        self.toast(_("None of your riders holds a feed tile."), "info")

    # --- drawing ----------------------------------------------------------------------------------------------
    def draw_table(self, surface: pygame.Surface, view: Leader1View, viewer: int | None) -> None:
        self._ensure_course()
        self.draw_board(surface, view)
        self.draw_bar(surface, view)
        self.draw_cards(surface)
        if self.show_gc:
            self.draw_gc(surface, view)
        elif self._tip_at is not None and self._tip_time >= TOOLTIP_DELAY and self.recap is None:
            rect, kind, number = self._tip_at
            # kept on the table: the log column is drawn after it
            table = self.table_rect
            # in the table's lower half the note goes above the part it explains, leaving it in sight
            edge = rect.top if rect.centery > table.centery else rect.bottom
            tooltip(surface.subsurface(table), self.theme, self.tip_words(kind, number),
                    (rect.centerx - table.x, edge - table.y))

    def is_animating(self) -> bool:
        return self.anims.busy or self._between_stages
