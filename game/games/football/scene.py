"""Breakaway Football on screen: scoreboard, field, play cards, the Game Day card and the choices.

At the top the scoreboard (score, quarter, offense cards left, time outs and
challenge flags for both teams, down and distance); under it the field with a
line every 5 yards, the ball marker on the line of scrimmage and the red
first-down flag.  The bottom of the table shows either the coach's *hand* (when
that coach picks a card: a play to call, a card to discard or take back) or the
*table*: the two play cards face down, then flipped, the Game Day card flown
from its deck, and the story of the play.  Every choice the rulebook leaves to
a coach (receive or kick, onside, punt, field goal, Hail Mary, kneel, time out,
audible, icing, breakaway value or play event, challenge flag, penalty,
extra point or two) is a button in the bar at the foot, with the odds where the
rulebook gives them.

Keys: Left/Right/Up/Down or 1-9, 0 choose a card; R or A turns it round (the
play at the top is the one called); Enter calls it; Tab walks the buttons;
the letter in brackets on each button presses it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import pygame

from game.core.match import Match
from game.core.protocol import Action, Event, act
from game.i18n import N_, Message, _, ngettext, words
from game.ui import draw, hud
from game.ui.match_scene import HEADER_KEYS, MatchScene
from game.ui.theme import CANVAS_SIZE, MIN_FONT_PX, PALETTE, SMALL_PX
from game.ui.widgets import Button

from . import board, field
from .cards import TEAMS
from .guide import guide_with_advice
from .scene_art import CHALK, MAROON, NAVY, CardArt, PictureCache
from .scene_choices import BUTTON_HEIGHT, CALL_PHASES, HAND_PHASES, Choice, ChoiceBar
from .scene_halftime import BUTTON_ROOM, HalfTime, first_half, paint_halftime
from .scene_layout import HAND_CARD, FootballLayout
from .scene_show import Picture, TableShow
from .scene_table import TableDrawing
from .scene_words import STORY_PRIORITY, percent, story_text
from .views import FootballView

if TYPE_CHECKING:
    from game.app import App

Point = tuple[float, float]
CONFIRM_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
ROTATE_KEYS = (pygame.K_r, pygame.K_a)
HAND_SPIN_SECONDS = 0.28
#: the scoreboard's middle box (quarter and down)
MIDDLE_WIDTH = 210

#: what the coach at the screen decides, by phase (the phases with numbers in it are worded in ``prompt``)
YOUR_PROMPTS: dict[str, str] = {
    "defense_call": N_("call a defense: click it on a card."),
    "retrieve": N_("take an offense card back from your discard pile."),
    "offense_audible": N_("keep your call (K) or audible: turn the card round (A)?"),
    "defense_audible": N_("keep your call (K) or audible: turn the card round (A)?"),
    "toss": N_("you won the toss: receive (R) or kick (K)?"),
    "ice": N_("ice the kicker with a time out (I) or let them kick (N)?"),
    "breakaway_choice": N_("take the breakaway value (B) or the play event (E)?"),
    "challenge": N_("throw your flag (C: the card's play event is ignored) or let the play stand (N)?"),
    "penalty": N_("accept (A) or decline (D) the penalty?"),
}
#: what a discard pays for, by the announced play
PAY_FOR_PROMPTS: dict[str, str] = {
    "punt": N_("discard an offense card to pay for the punt."),
    "coffin": N_("discard an offense card to pay for the coffin-corner punt."),
    "fieldgoal": N_("discard an offense card to pay for the field goal."),
    "hailmary": N_("discard an offense card to pay for the Hail Mary."),
    "kneel": N_("discard an offense card to pay for the kneel."),
    "play": N_("discard an offense card to pay for the play."),
}


class FootballScene(TableDrawing, ChoiceBar, MatchScene):
    """Scoreboard and field on top, the hand or the table below, the log on the right."""

    #: a guided game's hint goes over the log column: the scoreboard and field fill the table's top
    hint_anchor = "log"
    #: the log tells a play's steps as the table shows them (the Game Day card face up, the score changed)
    log_follows_animation = True

    def __init__(self, app: "App", match: Match) -> None:
        super().__init__(app, match)
        self.layout = FootballLayout(self.table_rect)
        self.art = CardArt(self.assets, self.theme)
        view = self.view
        self.show = TableShow(self.anims, self.play_sound, self.team_label, self.line_point, self.card_origin,
                              self.layout.goal_post, view, self.story_from_log())
        #: (side, card) -> which end the coach has turned to the top (the end that would be called)
        self.ends: dict[tuple[str, int], int] = {}
        #: (side, card) -> seconds into the turn-round shown in the hand
        self.spins: dict[tuple[str, int], float] = {}
        self.hover: tuple[int, int] | None = None
        self.hover_button: int | None = None
        self.focus_index = 0
        self.focus_zone = "cards"
        self.button_focus = 0
        #: the focus ring shows once the keyboard is used and hides on mouse movement
        self.keyboard = False
        self.clock = 0.0
        #: seat -> where its last card left the hand (the card flies to the table from there)
        self.picked_from: dict[int, Point] = {}
        self.choices: list[Choice] = []
        self._choices_key: tuple[Any, ...] | None = None
        self._scoreboard: pygame.Surface | None = None
        self._scoreboard_key: tuple[Any, ...] | None = None
        self._view_seen: tuple[int, int | None] = (len(match.history), self.viewer)
        #: cached pictures of the bottom region: name -> (what it shows, the picture)
        self._layers: dict[str, tuple[tuple[Any, ...], pygame.Surface]] = {}
        #: the field on the felt, turned backs, the last-play veil; the story and help lines (a few, newest kept)
        self.still = PictureCache(self.theme, 16)
        self.words = PictureCache(self.theme, 24)
        self._bar_text: tuple[tuple[Any, ...], tuple[str, ...]] | None = None
        #: a guided game's suggested calls by the step they were suggested for (the audible hint compares)
        self.suggested_calls: dict[int, Action] = {}
        #: the halftime screen while it waits for the players (the second half's kickoff waits with it)
        self.halftime: HalfTime | None = None
        self.halftime_button = Button((0, 0, 300, BUTTON_HEIGHT + 4), "", self.close_halftime, primary=True)
        if view["phase"] == "toss" and not match.history:
            self.show.coin_toss(view["pending"]["winner"])

    # --- who is who ------------------------------------------------------------------------------
    def team_label(self, seat: int) -> str:
        return board.team_labels(self.view)[seat]

    def seat_name(self, seat: int) -> str:
        """A side's one name everywhere (header, log, recap, results, hand-off): its team's, as on the table."""
        return self.team_label(seat)

    def words_for(self, text: "Message | str") -> str:
        """The engine's words with each side called by its team, as the table calls it (never by a seat's
        colour name); a coach's own name is told where the coach is meant ("coached by Anna")."""
        return words(text)

    def coach_name(self, seat: int) -> str | None:
        """The name a coach's player chose, None for a seat still called by its default (a colour)."""
        name = self.match.seats[seat].name
        return None if name in self.spec.default_seat_names() else name

    def team(self, seat: int) -> str:
        return self.view["teams"][seat]

    def ready(self) -> bool:
        """The coach at the screen may decide now (nothing is still moving, no halftime screen is up)."""
        return self.can_act and not self.is_animating()

    def hand_mode(self, view: FootballView) -> bool:
        return self.ready() and view["phase"] in HAND_PHASES

    def line_point(self, x: float) -> Point:
        return (self.layout.line_x(x), float(self.layout.ball_y))

    def card_origin(self, seat: int, side: str) -> Point:
        """Where a card laid by ``seat`` comes from: its place in the hand, else that team's scoreboard end."""
        if seat in self.picked_from:
            return self.picked_from.pop(seat)
        board_rect = self.layout.scoreboard
        x = board_rect.x + board_rect.width * (0.2 if seat == 0 else 0.8)
        return (x, float(board_rect.bottom))

    def story_from_log(self) -> list[str]:
        """The last public lines worth telling, for a table drawn without animation (a load, an undo)."""
        lines = [story_text(entry.event) for entry in self.match.log_for(None) if entry.event.kind in STORY_PRIORITY]
        view = self.match.state.view(None)
        if not lines and view["phase"] == "toss":
            winner = view["pending"]["winner"]
            coach = self.coach_name(winner)
            said = (_("Coin toss: {team} ({coach}) wins it and chooses to receive the kickoff or to kick.") if coach
                    else _("Coin toss: {team} wins it and chooses to receive the kickoff or to kick."))
            lines = [said.format(team=board.team_labels(view)[winner], coach=coach)]
        return lines[-2:]

    # --- hooks --------------------------------------------------------------------------------------
    def hint_guide(self) -> Callable[[Any, int], Any] | None:
        """The guide, told which call it suggested for the card the coach has face down, and noting each call
        it suggests (so the audible hint that follows never praises a call the coach made instead)."""
        if not self.match.guided:
            return super().hint_guide()
        history = self.match.history
        step = len(history)
        seat = self.match.current_seat
        last_call = next((index for index in range(step - 1, -1, -1)
                          if history[index][0] == seat and history[index][1].kind == "call"), None)
        suggested = self.suggested_calls.get(last_call) if last_call is not None else None

        def ask(view: FootballView, seat: int) -> Any:
            hint, advice = guide_with_advice(view, seat, suggested)
            if advice is not None and advice.kind == "call" and view["phase"] in CALL_PHASES:
                self.suggested_calls[step] = advice
            return hint
        return ask

    def prompt(self, view: FootballView, viewer: int | None) -> str:
        if self.anims.busy:
            return _("watch the play (click to hurry it).")
        phase = view["phase"]
        pending = view["pending"]
        if phase == "offense_call":
            if view["two_point"]:
                return _("two-point try: click the play to call on any of your cards.")
            return _("call a play: click it on a card, or choose a kick below.")
        if phase == "kick_discard":
            pay_for = PAY_FOR_PROMPTS.get(str(pending.get("announce", "")), PAY_FOR_PROMPTS["play"])
            return _(pay_for)
        if phase == "clock_discard":
            count = pending.get("count", 1)
            return ngettext("discard {count} more offense card to match the clock.",
                            "discard {count} more offense cards to match the clock.", count).format(count=count)
        if phase == "kickoff":
            return _("kick off (K) or try an onside kick (O, {chance})?").format(chance=percent(field.onside_chance()))
        if phase == "conversion":
            return _("kick the extra point (X, {chance}) or go for two (2)?").format(
                chance=percent(field.extra_point_chance()))
        prompt = YOUR_PROMPTS.get(phase)
        return _(prompt) if prompt else board.prompt(view)

    def on_events(self, events: list[Event]) -> None:
        self._choices_key = None
        self.hover = None
        first = len(self.match.log) - len(events)
        self.show.play(events, self.view, lambda count: self.show_log_to(first + count),
                       self.open_halftime if self.halftime_screen_wanted() else None)
        self._view_seen = (len(self.match.history), self.viewer)

    def is_animating(self) -> bool:
        """Something must finish first: the animation, or the halftime screen and the kickoff waiting behind it."""
        return self.anims.busy or self.halftime is not None or self.show.waiting is not None

    # --- halftime --------------------------------------------------------------------------------------
    def halftime_screen_wanted(self) -> bool:
        """Halftime waits for the players when someone plays at this screen; bots alone (and a replay) play on
        after its banner."""
        return bool(self.match.humans()) and not self.watching

    def open_halftime(self) -> None:
        """The first half has been shown: its numbers on a screen until a player continues."""
        log = self.match.log
        end = max((index for index, entry in enumerate(log) if entry.event.kind == "halftime"), default=-1) + 1
        view = self.view
        self.halftime = first_half([entry for entry in log[:end] if entry.event.visible(None)],
                                   board.team_labels(view), [seat.colour for seat in self.match.seats],
                                   int(view["opening_receiver"]))
        self.play_sound("whistle")

    def close_halftime(self) -> None:
        """Continue: the second half's kickoff is shown."""
        if self.halftime is not None:
            self.halftime = None
            self.show.resume()

    def halftime_rects(self) -> tuple[pygame.Rect, pygame.Rect]:
        """(the halftime card, its Continue button) on the canvas: the card over the middle of the table."""
        card = self.halftime_card().get_rect(center=self.table_rect.center)
        card.clamp_ip(self.table_rect)
        button = pygame.Rect(0, 0, 320, BUTTON_HEIGHT + 4)
        button.midbottom = (card.centerx, card.bottom - (BUTTON_ROOM - button.height) // 2 - 4)
        return card, button

    def halftime_card(self) -> pygame.Surface:
        half = self.halftime
        assert half is not None
        return self.still.get(("halftime", half, self.colour_blind),
                              lambda: paint_halftime(self.theme, half, self.colour_blind))

    def draw_halftime(self, surface: pygame.Surface) -> None:
        card, button = self.halftime_rects()
        veil = self.still.get(("halftime veil", self.table_rect.size), lambda: self._veil(self.table_rect.size))
        surface.blit(veil, self.table_rect)
        draw.shadow(surface, card, 14, 8, 110)
        surface.blit(self.halftime_card(), card)
        self.halftime_button.rect = button
        label = _("Second half (Enter)")
        self.halftime_button.label, self.halftime_button.size = label, draw.shrink_to_fit(
            self.theme, label, button.width - 24, 22)[1]
        self.halftime_button.draw(surface, self.theme)

    @staticmethod
    def _veil(size: tuple[int, int]) -> pygame.Surface:
        veil = pygame.Surface(size, pygame.SRCALPHA)
        veil.fill((10, 24, 18, 150))
        return veil

    def draw_header(self, surface: pygame.Surface, view: FootballView) -> None:
        """At halftime nobody is deciding: the header says the game waits for the players (no bot thinks)."""
        if self.halftime is None:
            super().draw_header(surface, view)
            return
        hud.header(surface, self.theme, title=self.spec.title, name=None, colour_hex=None,
                   prompt=_("Halftime: the second half starts when you continue (Enter)."), marked=self.colour_blind,
                   thinking=None, hint=_(HEADER_KEYS))

    def halftime_event(self, event: pygame.event.Event) -> None:
        """Input while the halftime screen is up: its button, Enter or Space continue; nothing else plays."""
        if hasattr(event, "pos"):
            self.halftime_button.rect = self.halftime_rects()[1]
            self.halftime_button.handle_event(event)
        elif event.type == pygame.KEYDOWN and event.key in CONFIRM_KEYS:
            self.close_halftime()

    def on_undo(self) -> None:
        self.halftime = None
        self._choices_key = None
        self.show.reset(self.view, self.story_from_log())
        self._view_seen = (len(self.match.history), self.viewer)

    def update_table(self, dt: float) -> None:
        self.clock += dt
        for key in list(self.spins):
            self.spins[key] += dt
            if self.spins[key] >= HAND_SPIN_SECONDS * max(0.01, self.animation_factor):
                del self.spins[key]
        seen = (len(self.match.history), self.viewer)
        if seen != self._view_seen and not self.is_animating():
            self.show.sync(self.view)
            self._view_seen = seen
            self._choices_key = None

    def arrange_table(self) -> None:
        view = self.view
        self.current_choices(view)  # the buttons input uses, made ready to draw
        cards = self.hand_cards(view)[1]
        if self.hand_mode(view) and self.focus_index >= len(cards):  # the hand shrank under the keyboard's focus
            self.focus_index = max(0, len(cards) - 1)

    #: log entries that move the ball or the first-down flag, and those that change the score
    BALL_KINDS = frozenset({"drive", "play", "turnover", "downs", "kickoff", "onside", "punt", "return", "free_kick",
                            "penalty_enforced", "restricted_pass", "kneel", "hail_mary_result"})
    SCORE_KINDS = frozenset({"touchdown", "field_goal", "safety", "extra_point", "two_point"})
    CLOCK_KINDS = frozenset({"quarter_end", "halftime", "overtime", "game_end"})

    def recap_marks(self, entries: list, view: FootballView, viewer: int | None) -> list[pygame.Rect]:
        """Where the recap's entries changed the table: the ball's spot, the first-down flag, the scoreboard."""
        kinds = {entry.event.kind for entry in entries}
        layout = self.layout
        marks: list[pygame.Rect] = []
        if kinds & self.BALL_KINDS and view["phase"] not in ("toss", "over"):
            ball = board.ball_position(view)
            spot = pygame.Rect(0, 0, 48, 74)
            spot.center = (round(layout.line_x(ball["x"])), layout.ball_y - 14)
            marks.append(spot)
            if ball["first_down_x"] != ball["x"]:
                flag = pygame.Rect(0, 0, 40, layout.field.height - 20)
                flag.center = (round(layout.line_x(ball["first_down_x"])), layout.field.centery)
                marks.append(flag)
        scored = {entry.event.data.get("seat") for entry in entries if entry.event.kind in self.SCORE_KINDS}
        for seat in sorted(s for s in scored if s in (0, 1)):
            marks.append(self.score_box(seat))
        if kinds & self.CLOCK_KINDS:
            marks.append(self.quarter_box())
        return marks

    def toast_area(self) -> pygame.Rect:
        """A refusal drops down over the cards, below the scoreboard and the field: the score and the ball
        stay in view, and the words come where the coach was choosing."""
        top = self.layout.bottom.y
        return pygame.Rect(self.table_rect.x, top, self.table_rect.width, self.table_rect.bottom - top)

    def quarter_box(self) -> pygame.Rect:
        """The scoreboard's middle box (quarter and down), in canvas coordinates."""
        board_rect = self.layout.scoreboard
        middle = pygame.Rect(0, 0, MIDDLE_WIDTH, board_rect.height - 8)
        middle.center = (board_rect.centerx, board_rect.centery - 2)
        return middle

    def score_box(self, seat: int) -> pygame.Rect:
        """A team's score on the scoreboard, in canvas coordinates (as ``paint_team_block`` draws it)."""
        middle = self.quarter_box()
        box = pygame.Rect(0, 0, 58, 46)
        if seat == 0:
            box.midright = (middle.x - 10, middle.centery)
        else:
            box.midleft = (middle.right + 10, middle.centery)
        return box

    def results_summary_lines(self) -> list[str]:
        view = self.view
        labels = board.team_labels(view)
        lines = [_("Final score: {home} {home_score}, {away} {away_score}.").format(
                     home=labels[0], home_score=view["score"][0], away=labels[1], away_score=view["score"][1]),
                 _("Drives: {home} {home_drives}, {away} {away_drives}.").format(
                     home=labels[0], home_drives=view["drives"][0], away=labels[1], away_drives=view["drives"][1])]
        if view["quarter"] >= 5:
            lines.append(_("The game went to overtime (pro rules).") if view["options"]["overtime"] == "pro"
                         else _("The game went to overtime (sudden death)."))
        for seat in (0, 1):
            coach = self.coach_name(seat)
            if coach is not None:
                lines.append(_("{team} was coached by {coach}.").format(team=labels[seat], coach=coach))
        return lines

    # --- playing ---------------------------------------------------------------------------------------
    def play(self, action: Action) -> bool:
        """Submit for the coach at the screen; a click during an animation only hurries it."""
        if not self.play_move(action):
            return False
        self.hover = None
        self.focus_zone = "cards"
        return True

    def hand_cards(self, view: FootballView) -> tuple[str, list[int]]:
        """('offense' or 'defense', the cards the coach picks from now)."""
        phase = view["phase"]
        if phase == "defense_call":
            return "defense", list(range(1, len(TEAMS[self.team(view["to_move"])].defense) + 1))
        if phase == "offense_call" and view["two_point"]:
            return "offense", list(range(1, 16))
        if phase == "retrieve":
            return "offense", list(view["discard"] or [])
        return "offense", list(view["hand"] or [])

    def top_end(self, side: str, card: int) -> int:
        return self.ends.get((side, card), 1)

    def card_action(self, view: FootballView, card: int, end: int) -> Action:
        phase = view["phase"]
        if phase in CALL_PHASES:
            return act("call", card, end)
        if phase == "retrieve":
            return act("retrieve", card)
        return act("discard", card)

    def pick(self, view: FootballView, index: int, end: int | None = None) -> None:
        side, cards = self.hand_cards(view)
        if not 0 <= index < len(cards):
            return
        card = cards[index]
        chosen = end if end is not None else self.top_end(side, card)
        rect = self.layout.hand_rects(len(cards))[index]
        seat = view["to_move"]
        if view["phase"] in CALL_PHASES:
            self.picked_from[seat] = (float(rect.centerx), float(rect.centery))
        if not self.play(self.card_action(view, card, chosen)):
            self.picked_from.pop(seat, None)

    def turn_round(self, view: FootballView, index: int) -> None:
        side, cards = self.hand_cards(view)
        if view["phase"] not in CALL_PHASES or not 0 <= index < len(cards):
            return
        card = cards[index]
        self.ends[(side, card)] = 3 - self.top_end(side, card)
        self.spins[(side, card)] = 0.0
        self.play_sound("card_flick", 0.5)

    # --- input ---------------------------------------------------------------------------------------------
    def card_at(self, view: FootballView, pos: tuple[int, int]) -> tuple[int, int] | None:
        """(index, end) of the play under the pointer in the hand (the end is the half pointed at)."""
        if not self.hand_mode(view):
            return None
        side, cards = self.hand_cards(view)
        for index, rect in enumerate(self.layout.hand_rects(len(cards))):
            if rect.collidepoint(pos):
                top = self.top_end(side, cards[index])
                return index, top if pos[1] < rect.centery else 3 - top
        return None

    def handle_table_event(self, event: pygame.event.Event, view: FootballView, viewer: int | None) -> None:
        if self.halftime is not None:
            self.halftime_event(event)
            return
        choices = self.current_choices(view)
        for index, choice in enumerate(choices):
            if choice.button.handle_event(event):
                if event.type == pygame.MOUSEBUTTONUP:
                    self.button_focus = index
                return
        if event.type == pygame.MOUSEMOTION:
            self.keyboard = False
            self.hover = self.card_at(view, event.pos)
            self.hover_button = next((i for i, c in enumerate(choices) if c.button.rect.collidepoint(event.pos)),
                                     None)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.anims.busy:
                self.anims.finish_all()
                return
            spot = self.card_at(view, event.pos)
            if spot is not None:
                self.focus_index = spot[0]
                self.pick(view, spot[0], spot[1])
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            spot = self.card_at(view, event.pos)
            if spot is not None and view["phase"] in CALL_PHASES:
                self.focus_index = spot[0]
                self.turn_round(view, spot[0])
        elif event.type == pygame.KEYDOWN:
            self.handle_key(event, view, choices)

    def handle_key(self, event: pygame.event.Event, view: FootballView, choices: list[Choice]) -> None:
        key = event.key
        if self.anims.busy and key in CONFIRM_KEYS:
            self.anims.finish_all()
            return
        hand = self.hand_mode(view)
        if hand and key in ROTATE_KEYS and view["phase"] in CALL_PHASES:
            self.keyboard = True
            self.turn_round(view, self.focus_index)
            return
        for choice in choices:
            if key == choice.key or (key == pygame.K_r and choice.action == act("audible")):
                self.button_focus = choices.index(choice)
                self.play(choice.action)
                return
        if key == pygame.K_TAB:
            self.keyboard = True
            self.tab(view, choices, -1 if event.mod & pygame.KMOD_SHIFT else 1)
            return
        if key in CONFIRM_KEYS:
            self.keyboard = True
            if hand and self.focus_zone == "cards":
                self.pick(view, self.focus_index)
            elif choices:
                choice = choices[min(self.button_focus, len(choices) - 1)]
                if choice.enabled:
                    self.play(choice.action)
                else:
                    self.toast(choice.reason)
            return
        self.move_focus(event, view, choices, hand)

    def tab(self, view: FootballView, choices: list[Choice], step: int) -> None:
        if self.hand_mode(view) and self.focus_zone == "cards":
            if choices:
                self.focus_zone = "buttons"
                self.button_focus = 0 if step > 0 else len(choices) - 1
            return
        if not choices:
            self.focus_zone = "cards"
            return
        target = self.button_focus + step
        if self.hand_mode(view) and not 0 <= target < len(choices):
            self.focus_zone = "cards"
            return
        self.button_focus = target % len(choices)

    def move_focus(self, event: pygame.event.Event, view: FootballView, choices: list[Choice], hand: bool) -> None:
        key = event.key
        if hand and self.focus_zone == "cards":
            _, cards = self.hand_cards(view)
            if not cards:
                return
            columns = self.layout.hand_columns(len(cards))
            moves = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_UP: -columns, pygame.K_DOWN: columns}
            index = self.focus_index
            if key in moves:
                index = max(0, min(len(cards) - 1, index + moves[key]))
            elif event.unicode and event.unicode.isdigit():
                digit = int(event.unicode)
                index = 9 if digit == 0 else digit - 1
                if index >= len(cards):
                    return
            else:
                return
            self.keyboard = True
            if index != self.focus_index:
                self.play_sound("click", 0.4)
            self.focus_index = index
            return
        if choices and key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.keyboard = True
            self.focus_zone = "buttons"
            self.button_focus = (self.button_focus + (1 if key == pygame.K_RIGHT else -1)) % len(choices)

    # --- drawing --------------------------------------------------------------------------------------------
    def draw_table(self, surface: pygame.Surface, view: FootballView, viewer: int | None) -> None:
        pic = self.show.pic
        surface.blit(self.scoreboard_layer(view, pic), self.layout.scoreboard.topleft)
        self.draw_field(surface, view, pic)
        choices = self.current_choices(view)
        hand = self.hand_mode(view)
        region = self.bottom_region
        note: Choice | None = None  # a button whose meaning the bar has no room for, told over it
        if hand and self.spins:
            self.paint_hand(surface, view, choices)
        elif hand:
            key = self.hand_key(view, choices)
            surface.blit(self.layer("hand", key, lambda layer: self.paint_hand(layer, view, choices), region),
                         region, region)
        if hand:
            self.draw_info_overflow(surface, view, choices)
        else:
            lines = self.cached_bar_text(view, choices)
            key = self.table_key(view, pic)
            region = self.table_region
            surface.blit(self.layer("table", key, lambda layer: self.paint_table(layer, view, pic), region), region,
                         region)
            deck = self.layout.deck
            draw.text(surface, self.theme, _("Deck: {count}").format(count=pic.gd_count), (deck.centerx, deck.bottom + 8), size=SMALL_PX,
                      colour=PALETTE.on_felt, align="midtop")
            surface.blit(self.story_card(tuple(pic.story[-2:])), self.layout.story)
            note = self.draw_bar_text(surface, list(lines), choices)
            for side in ("offense", "defense"):
                slot = pic.slots.get(side)
                if slot is not None:
                    self.draw_slot(surface, view, slot)
            self.draw_gameday(surface, pic)
        self.draw_buttons(surface, choices, hand)
        if note is not None:
            self.draw_choice_note(surface, note)
        self.draw_banner(surface, pic)
        if self.halftime is not None:
            self.draw_halftime(surface)

    @property
    def bottom_region(self) -> pygame.Rect:
        """The part of the canvas the hand or the table covers (cached as one picture between changes)."""
        top = self.layout.bottom.y - 2
        return pygame.Rect(0, top, self.table_rect.right + 8, CANVAS_SIZE[1] - top)

    @property
    def table_region(self) -> pygame.Rect:
        """Where the table's still parts lie: the slot labels and places and the Game Day deck."""
        layout = self.layout
        area = layout.offense_slot.union(layout.deck).inflate(40, 0)
        return pygame.Rect(area.x, layout.bottom.y - 2, area.width, layout.offense_slot.bottom + 4 - layout.bottom.y)

    def layer(self, name: str, key: tuple[Any, ...], paint: Callable[[pygame.Surface], None],
              region: pygame.Rect) -> pygame.Surface:
        """A canvas-sized picture of ``region`` on the felt, painted again only when ``key`` changes."""
        entry = self._layers.get(name)
        if entry is not None and entry[0] == key:
            return entry[1]
        picture = entry[1] if entry is not None else pygame.Surface(CANVAS_SIZE)
        picture.blit(self.theme.table_texture(), region, region)
        paint(picture)
        self._layers[name] = (key, picture)
        return picture

    def hand_key(self, view: FootballView, choices: list[Choice]) -> tuple[Any, ...]:
        side, cards = self.hand_cards(view)
        focus = self.focus_index if self.keyboard and self.focus_zone == "cards" else None
        return (side, tuple(cards), tuple(self.top_end(side, c) for c in cards), self.hover, focus,
                tuple(self.info_lines(view, side, cards, choices)), view["phase"], view["ball"], view["to_move"],
                self.theme.version)

    def table_key(self, view: FootballView, pic: Picture) -> tuple[Any, ...]:
        seats = tuple(slot.seat if (slot := pic.slots.get(side)) is not None else None
                      for side in ("offense", "defense"))
        layers = min(4, pic.gd_count // 12 + 1) if pic.gd_count else 0
        return (seats, pic.offense, pic.gd_purpose, layers, tuple(board.team_labels(view)), self.theme.version)

    def paint_table(self, surface: pygame.Surface, view: FootballView, pic: Picture) -> None:
        """What changes only between plays: the slot labels and places, the Game Day deck."""
        self.draw_cards_on_table(surface, view, pic)

    # --- the hand and the bar's notes --------------------------------------------------------------------------------------------
    def paint_hand(self, surface: pygame.Surface, view: FootballView, choices: list[Choice]) -> None:
        side, cards = self.hand_cards(view)
        rects = self.layout.hand_rects(len(cards))
        calling = view["phase"] in CALL_PHASES
        checks_passes = view["phase"] == "offense_call" and not view["two_point"]
        hovered = self.hover if self.hover is not None and self.hover[0] < len(cards) else None
        team = self.team(view["to_move"])
        ball = view["ball"]
        for index, (card, rect) in enumerate(zip(cards, rects)):
            top = self.top_end(side, card) if calling else 1
            lifted = (hovered is not None and hovered[0] == index) or (
                self.keyboard and self.focus_zone == "cards" and index == self.focus_index)
            place = rect.move(0, -6) if lifted else rect
            if side == "offense":
                card_info = TEAMS[team].offense_card(card)
                warn = (checks_passes and field.restricted_pass(card_info.play(top).play_type, ball),
                        checks_passes and field.restricted_pass(card_info.play(3 - top).play_type, ball))
                image = self.art.offense_face(team, card, top, HAND_CARD, upright=True, warn=warn)
            else:
                image = self.art.defense_hand_face(team, card, top, HAND_CARD)
            spin = self.spins.get((side, card))
            if spin is not None:
                progress = min(1.0, spin / max(0.01, HAND_SPIN_SECONDS * self.animation_factor))
                old = (self.art.offense_face(team, card, 3 - top, HAND_CARD) if side == "offense"
                       else self.art.defense_hand_face(team, card, 3 - top, HAND_CARD))
                image = pygame.transform.rotate(old, 180 * progress)
            draw.shadow(surface, place, 8, 4, 70)
            surface.blit(image, image.get_rect(center=place.center))
            if hovered is not None and hovered[0] == index:
                if calling:
                    half = place.copy()
                    half.height //= 2
                    if hovered[1] != top:
                        half.y += half.height
                    pygame.draw.rect(surface, PALETTE.accent, half.inflate(2, 2), 3, border_radius=8)
                else:
                    pygame.draw.rect(surface, PALETTE.accent, place.inflate(4, 4), 3, border_radius=10)
            if self.keyboard and self.focus_zone == "cards" and index == self.focus_index:
                pygame.draw.rect(surface, PALETTE.focus, place.inflate(10, 10), 3, border_radius=12)
            if index < 10:
                number = self.theme.text(str((index + 1) % 10), 16, CHALK)
                bubble = pygame.Rect(0, 0, 22, 22)
                bubble.center = (place.x + 4, place.y + 4)
                draw.shadow(surface, bubble, 3, 1, 50)  # the badge is the number's own disc over the card's corner
                pygame.draw.circle(surface, NAVY if side == "offense" else MAROON, bubble.center, 11)
                pygame.draw.circle(surface, CHALK, bubble.center, 11, 2)
                surface.blit(number, number.get_rect(center=bubble.center))
        self.draw_info(surface, view, side, cards, choices)

    def draw_bar_text(self, surface: pygame.Surface, lines: list[str], choices: list[Choice]) -> Choice | None:
        """The words left of the buttons.  What does not fit there whole is told another way: a pointed or
        focused button's meaning in a note above it (the button returned, its note drawn over everything
        else once the buttons are), the meanings of all the buttons by pointing at them."""
        bar = self.layout.bar
        left = choices[0].button.rect.x if choices else bar.right
        width = left - bar.x - 20
        if not lines or width <= 120:
            return None
        fitted = self.bar_rows(tuple(lines), width)
        if fitted is None and choices:
            pointed = self.pointed_choice(choices)
            if pointed is not None:
                return pointed
            # the context (a formation shown, the score) is in the story above; the buttons explain themselves
            fitted = self.bar_rows((_("Point at a button to read what it does (or walk them with Tab)."),), width)
            if fitted is None:
                return None
        if fitted is None:  # no buttons: the newest line alone, as much of it as the bar holds
            fitted = ([draw.fit(self.theme, lines[-1], width, MIN_FONT_PX)], MIN_FONT_PX)
        rows, px = fitted
        words = self.bar_words(tuple(rows), px, width)
        surface.blit(words, words.get_rect(midleft=(bar.x + 6, bar.centery - 2)))
        return None

    def pointed_choice(self, choices: list[Choice]) -> Choice | None:
        """The button under the pointer, else the one the keyboard is on (its help is what the bar tells)."""
        if self.hover_button is not None and self.hover_button < len(choices):
            return choices[self.hover_button]
        if self.keyboard and choices:
            return choices[min(self.button_focus, len(choices) - 1)]
        return None

    def draw_choice_note(self, surface: pygame.Surface, choice: Choice) -> None:
        """A button's whole meaning (and why it is greyed) in a note above it, when the bar has no room."""
        words = choice.help + (f"\n{choice.reason}" if choice.reason else "")
        self.draw_note(surface, words, choice.button.rect, above=True, warning=not choice.enabled)

