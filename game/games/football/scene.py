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

import math
from dataclasses import dataclass, field as dataclass_field
from typing import TYPE_CHECKING, Any, Callable

import pygame

from game.core.match import Match
from game.core.protocol import Action, Event, IllegalAction, act
from game.i18n import N_, Message, _, ngettext, words
from game.ui import draw, hud
from game.ui.match_scene import HEADER_KEYS, MatchScene
from game.ui.theme import CANVAS_SIZE, MIN_FONT_PX, PALETTE, SMALL_PX, darker, hex_colour, lighter, readable_on
from game.ui.widgets import Button

from . import board, field
from .cards import TEAMS
from .guide import guide_with_advice
from .scene_art import (CHALK, MAROON, NAVY, ROW_GAP, CardArt, PictureCache, card_areas, row_height, rows_height,
                        scaled, sprite_anchor, word_wrap)
from .scene_halftime import BUTTON_ROOM, HalfTime, first_half, paint_halftime
from .scene_layout import DECK_CARD, END_ZONE_WIDTH, HAND_CARD, TABLE_CARD, FootballLayout
from .scene_show import DEAD_BALL_PHASES, Picture, Slot, TableShow
from .scene_words import (STORY_PRIORITY, breakaway_choice_words, challenge_words, corner_in_use, defense_preview,
                          field_goal_label, formation_plays, odds_lines, offense_preview, penalty_choice_words,
                          percent, play_name, story_text)

if TYPE_CHECKING:
    from game.app import App

Point = tuple[float, float]
#: phases in which the coach at the screen picks one of its cards
HAND_PHASES = ("offense_call", "defense_call", "kick_discard", "retrieve", "clock_discard")
CALL_PHASES = ("offense_call", "defense_call")
CONFIRM_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
ROTATE_KEYS = (pygame.K_r, pygame.K_a)
HAND_SPIN_SECONDS = 0.28
BUTTON_HEIGHT = 42
BUTTON_GAP = 10
#: (label size, padding, space before the key) from roomy to tight, the first that fits the bar is used
BUTTON_STYLES = ((20, 30, "  "), (18, 22, " "), (18, 14, " "))
LAST_PLAY_VEIL = (14, 36, 29, 95)
FIELD_MARGIN = 10
DOWN_TAG_PX = 18
#: the scoreboard's middle box (quarter and down) and a team's score box
MIDDLE_WIDTH = 210
SCORE_BOX = (58, 46)
#: room the possession ball takes beside a team's name on the scoreboard
BALL_ROOM = 34


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
#: the hint over the hand while a discard pays for an announced play
PAY_FOR_HINTS: dict[str, str] = {
    "punt": N_("Discard an offense card to pay for the punt: click it (or use the arrows and Enter)."),
    "coffin": N_("Discard an offense card to pay for the coffin-corner punt: click it (or use the arrows and "
                 "Enter)."),
    "fieldgoal": N_("Discard an offense card to pay for the field goal: click it (or use the arrows and Enter)."),
    "hailmary": N_("Discard an offense card to pay for the Hail Mary: click it (or use the arrows and Enter)."),
    "kneel": N_("Discard an offense card to pay for the kneel: click it (or use the arrows and Enter)."),
    "play": N_("Discard an offense card to pay for the play: click it (or use the arrows and Enter)."),
}


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


@dataclass
class Choice:
    """A button in the bar: what it plays, its key, and what it means."""

    label: str
    action: Action
    key: int
    help: str
    button: Button = dataclass_field(init=False)
    enabled: bool = True
    reason: str = ""


class FootballScene(MatchScene):
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

    def hand_mode(self, view: dict[str, Any]) -> bool:
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

        def ask(view: dict[str, Any], seat: int) -> Any:
            hint, advice = guide_with_advice(view, seat, suggested)
            if advice is not None and advice.kind == "call" and view["phase"] in CALL_PHASES:
                self.suggested_calls[step] = advice
            return hint
        return ask

    def prompt(self, view: dict[str, Any], viewer: int | None) -> str:
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

    def draw_header(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
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

    def recap_marks(self, entries: list, view: dict[str, Any], viewer: int | None) -> list[pygame.Rect]:
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

    def hand_cards(self, view: dict[str, Any]) -> tuple[str, list[int]]:
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

    def card_action(self, view: dict[str, Any], card: int, end: int) -> Action:
        phase = view["phase"]
        if phase in CALL_PHASES:
            return act("call", card, end)
        if phase == "retrieve":
            return act("retrieve", card)
        return act("discard", card)

    def pick(self, view: dict[str, Any], index: int, end: int | None = None) -> None:
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

    def turn_round(self, view: dict[str, Any], index: int) -> None:
        side, cards = self.hand_cards(view)
        if view["phase"] not in CALL_PHASES or not 0 <= index < len(cards):
            return
        card = cards[index]
        self.ends[(side, card)] = 3 - self.top_end(side, card)
        self.spins[(side, card)] = 0.0
        self.play_sound("card_flick", 0.5)

    # --- the choice buttons ------------------------------------------------------------------------------
    def current_choices(self, view: dict[str, Any]) -> list[Choice]:
        key = (len(self.match.history), self.viewer, self.ready(), view["phase"], self.theme.version)
        if key != self._choices_key:
            self.choices = self.build_choices(view) if self.ready() else []
            self._place_buttons(self.choices, primary=view["phase"] not in HAND_PHASES)
            self._choices_key = key
            self.button_focus = 0
            self.hover_button = None
        return self.choices

    def build_choices(self, view: dict[str, Any]) -> list[Choice]:
        phase = view["phase"]
        help_text = odds_lines(view)
        odds = board.button_odds(view)
        c: list[Choice] = []
        if phase == "toss":
            c = [Choice(_("Receive"), act("receive"), pygame.K_r, _("Receive the opening kickoff: your offense starts.")),
                 Choice(_("Kick"), act("kick"), pygame.K_k, _("Kick off: the other team's offense starts."))]
        elif phase == "kickoff":
            c = [Choice(_("Kick off"), act("kickoff"), pygame.K_k, help_text["kickoff"]),
                 Choice(_("Onside kick {chance}").format(chance=percent(odds["onside"])), act("onside"), pygame.K_o,
                        help_text["onside"])]
        elif phase == "offense_call" and not view["two_point"]:
            c = [Choice(_("Punt"), act("punt"), pygame.K_p, help_text["punt"])]
            if view["options"]["coffin_corner"]:
                c.append(Choice(_("Coffin punt"), act("coffin"), pygame.K_c, help_text["coffin"]))
            hail_mary = (_("Hail Mary {chance}").format(chance=percent(odds["hailmary"]))
                         if field.hail_mary_allowed(view["ball"]) else _("Hail Mary"))
            time_out = _("Time out ({count})").format(count=view["timeouts"][view["to_move"]])
            c += [Choice(field_goal_label(view), act("fieldgoal"), pygame.K_f, help_text["fieldgoal"]),
                  Choice(hail_mary, act("hailmary"), pygame.K_h, help_text["hailmary"]),
                  Choice(_("Kneel"), act("kneel"), pygame.K_k, help_text["kneel"]),
                  Choice(time_out, act("timeout"), pygame.K_t, help_text["timeout"])]
        elif phase == "defense_call" and not view["two_point"]:
            c = [Choice(_("Time out ({count})").format(count=view["timeouts"][view["to_move"]]), act("timeout"),
                        pygame.K_t, _("Time out: the offense must take a card back, so its clock runs longer."))]
        elif phase in ("offense_audible", "defense_audible"):
            keep, turn, turn_type = self.audible_words(view)
            restricted = (phase == "offense_audible" and not view["two_point"]
                          and field.restricted_pass(turn_type, view["ball"]))
            audible = (_("Audible to {play} (penalty!)") if restricted else _("Audible to {play}")).format(play=turn)
            audible_help = (_("Audible: turn the card round and run {play} instead. It is not allowed here: a yard "
                              "line lost, the down replayed.") if restricted else
                            _("Audible: turn the card round and run {play} instead.")).format(play=turn)
            c = [Choice(_("Keep {play}").format(play=keep), act("keep"), pygame.K_k,
                        _("Keep the call: {play}.").format(play=keep)),
                 Choice(audible, act("audible"), pygame.K_a, audible_help)]
        elif phase == "ice":
            c = [Choice(_("Let them kick {chance}").format(chance=percent(odds["fieldgoal"])), act("noice"),
                        pygame.K_n, help_text["noice"]),
                 Choice(_("Ice the kicker: {chance}").format(chance=percent(odds["fieldgoal_iced"])), act("ice"),
                        pygame.K_i, help_text["ice"])]
        elif phase == "breakaway_choice":
            value, event = breakaway_choice_words(view)
            c = [Choice(_("Breakaway value"), act("breakaway"), pygame.K_b, _("Take the {value}.").format(value=value)),
                 Choice(_("Play event"), act("event"), pygame.K_e, _("Take the {event}.").format(event=event))]
        elif phase == "challenge":
            flag, stand = challenge_words(view)
            flags_left = 1 if view["flags"][view["to_move"]] else 0
            c = [Choice(_("Let it stand"), act("nochallenge"), pygame.K_n, _("Let it stand: {result}.").format(
                        result=stand)),
                 Choice(ngettext("Throw the flag ({count} left)", "Throw the flag ({count} left)",
                                 flags_left).format(count=flags_left), act("challenge"), pygame.K_c,
                        ngettext("Throw the flag: {result}. You have {count} flag left, none after it.",
                                 "Throw the flag: {result}. You have {count} flags left.",
                                 flags_left).format(result=flag, count=flags_left))]
        elif phase == "penalty":
            accept, decline = penalty_choice_words(view)
            c = [Choice(_("Accept"), act("accept"), pygame.K_a, _("Accept: {result}.").format(result=accept)),
                 Choice(_("Decline"), act("decline"), pygame.K_d, _("Decline: {result}.").format(result=decline))]
        elif phase == "conversion":
            c = [Choice(_("Extra point {chance}").format(chance=percent(odds["extrapoint"])), act("extrapoint"),
                        pygame.K_x, help_text["extrapoint"]),
                 Choice(_("Go for two"), act("twopoint"), pygame.K_2, help_text["twopoint"])]
        state = self.match.state
        for choice in c:
            try:
                state.check(choice.action)
            except IllegalAction as exc:
                choice.enabled, choice.reason = False, str(exc)
        return c

    def audible_words(self, view: dict[str, Any]) -> tuple[str, str, str]:
        """(the play called now, the play at the other end, the other end's play type in English) of the coach's
        face-down card."""
        commit = view["commit"]
        seat = view["to_move"]
        if not commit:
            return _("the call"), _("the other end"), ""
        card, end = commit["card"], commit["end"]
        team = TEAMS[self.team(seat)]
        if seat == view["offense"]:
            chosen = team.offense_card(card)
            return play_name(chosen.play(end)), play_name(chosen.play(3 - end)), chosen.play(3 - end).play_type
        defense = team.defense_card(card)
        return _(defense.play(end).name), _(defense.play(3 - end).name), defense.play(3 - end).name

    def _place_buttons(self, choices: list[Choice], primary: bool) -> None:
        """Right-aligned in the bar; the first is the default (Enter) outside the hand.

        Many buttons (all the kicks with the optional rules on) get a smaller label and less padding.
        """
        bar = self.layout.bar
        for px, padding, spacer in BUTTON_STYLES:
            font = self.theme.font(px)
            labels = [f"{choice.label}{spacer}[{self.key_name(choice.key)}]" for choice in choices]
            widths = [font.size(label)[0] + padding for label in labels]
            if sum(widths) + BUTTON_GAP * (len(widths) - 1) <= bar.width:
                break
        x = bar.right
        for choice, label, width in reversed(list(zip(choices, labels, widths))):
            x -= width
            rect = pygame.Rect(x, bar.centery - BUTTON_HEIGHT // 2 - 3, width, BUTTON_HEIGHT)
            choice.button = Button(rect, label, lambda a=choice.action: self.play(a), size=px,
                                   primary=primary and choice is choices[0], enabled=choice.enabled,
                                   tooltip=choice.help, disabled_reason=choice.reason)
            x -= BUTTON_GAP

    @staticmethod
    def key_name(key: int) -> str:
        return pygame.key.name(key).upper()

    # --- input ---------------------------------------------------------------------------------------------
    def card_at(self, view: dict[str, Any], pos: tuple[int, int]) -> tuple[int, int] | None:
        """(index, end) of the play under the pointer in the hand (the end is the half pointed at)."""
        if not self.hand_mode(view):
            return None
        side, cards = self.hand_cards(view)
        for index, rect in enumerate(self.layout.hand_rects(len(cards))):
            if rect.collidepoint(pos):
                top = self.top_end(side, cards[index])
                return index, top if pos[1] < rect.centery else 3 - top
        return None

    def handle_table_event(self, event: pygame.event.Event, view: dict[str, Any], viewer: int | None) -> None:
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

    def handle_key(self, event: pygame.event.Event, view: dict[str, Any], choices: list[Choice]) -> None:
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

    def tab(self, view: dict[str, Any], choices: list[Choice], step: int) -> None:
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

    def move_focus(self, event: pygame.event.Event, view: dict[str, Any], choices: list[Choice], hand: bool) -> None:
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
    def draw_table(self, surface: pygame.Surface, view: dict[str, Any], viewer: int | None) -> None:
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

    def hand_key(self, view: dict[str, Any], choices: list[Choice]) -> tuple[Any, ...]:
        side, cards = self.hand_cards(view)
        focus = self.focus_index if self.keyboard and self.focus_zone == "cards" else None
        return (side, tuple(cards), tuple(self.top_end(side, c) for c in cards), self.hover, focus,
                tuple(self.info_lines(view, side, cards, choices)), view["phase"], view["ball"], view["to_move"],
                self.theme.version)

    def table_key(self, view: dict[str, Any], pic: Picture) -> tuple[Any, ...]:
        seats = tuple(slot.seat if (slot := pic.slots.get(side)) is not None else None
                      for side in ("offense", "defense"))
        layers = min(4, pic.gd_count // 12 + 1) if pic.gd_count else 0
        return (seats, pic.offense, pic.gd_purpose, layers, tuple(board.team_labels(view)), self.theme.version)

    def paint_table(self, surface: pygame.Surface, view: dict[str, Any], pic: Picture) -> None:
        """What changes only between plays: the slot labels and places, the Game Day deck."""
        self.draw_cards_on_table(surface, view, pic)

    # --- the scoreboard ----------------------------------------------------------------------------------
    def scoreboard_layer(self, view: dict[str, Any], pic: Picture) -> pygame.Surface:
        labels = board.team_labels(view)
        key = (tuple(pic.score), pic.quarter, tuple(pic.cards_left), tuple(pic.timeouts), tuple(pic.flags),
               pic.offense, pic.down_text, pic.phase, tuple(labels), self.colour_blind, view["phase"] == "over",
               self.theme.version)
        if key != self._scoreboard_key or self._scoreboard is None:
            self._scoreboard = self.paint_scoreboard(view, pic, labels)
            self._scoreboard_key = key
        return self._scoreboard

    def paint_scoreboard(self, view: dict[str, Any], pic: Picture, labels: list[str]) -> pygame.Surface:
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

    def paint_team_block(self, surface: pygame.Surface, view: dict[str, Any], pic: Picture, labels: list[str],
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
    def draw_field(self, surface: pygame.Surface, view: dict[str, Any], pic: Picture) -> None:
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

    # --- the hand --------------------------------------------------------------------------------------------
    def paint_hand(self, surface: pygame.Surface, view: dict[str, Any], choices: list[Choice]) -> None:
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

    def draw_info(self, surface: pygame.Surface, view: dict[str, Any], side: str, cards: list[int],
                  choices: list[Choice]) -> None:
        rect = self.layout.info.copy()
        lines = self.info_lines(view, side, cards, choices)
        rows, _overflow = self.info_layout(lines, rect.width - 24, self.info_room(len(cards)))
        line_height = max(row_height(self.theme, size) for _, size, _ in rows) if rows else 0
        used = rows_height(self.theme, [text for text, _, _ in rows], rows[0][1]) if rows else 0
        rect.height = max(rect.height, used + 4)
        draw.cardboard(surface, rect, fill=PALETTE.card_light, lifted=False, inner_line=False, radius=8)
        y = rect.y + (rect.height - used) // 2
        for shown, size, index in rows:
            colour = PALETTE.ink if index == 0 else PALETTE.ink_soft
            draw.text(surface, self.theme, shown, (rect.x + 12, y), size=size, colour=colour)
            y += line_height

    def info_room(self, count: int) -> int:
        """How tall the box over the hand may grow: down to the cards (a raised card included)."""
        rects = self.layout.hand_rects(count)
        top = rects[0].y if rects else self.layout.bar.y
        return max(self.layout.info.height, top - 6 - 4 - self.layout.info.y)

    def fitted_info(self, lines: list[str], width: int, height: int) -> list[tuple[str, int, int]] | None:
        """The info lines as drawn, (words, size, which line) a row: whole and wrapped between words at the
        largest size (down to 14 px) that fits ``height``, so a formation's six plays or a defense's whole
        preview stay readable; None when even that does not fit."""
        def measure() -> tuple[tuple[str, int, int], ...] | None:
            for px in range(SMALL_PX, MIN_FONT_PX - 1, -1):
                rows: list[tuple[str, int, int]] = []
                for index, line in enumerate(lines):
                    wrapped = word_wrap(self.theme, line, width, 8, px, px)
                    if wrapped is None:
                        break
                    rows += [(text, px, index) for text in wrapped[0]]
                else:
                    if rows_height(self.theme, [text for text, _, _ in rows], px) + 4 <= height:
                        return tuple(rows)
            return None
        found = self.theme.layout(("football info", tuple(lines), width, height), measure)
        return None if found is None else list(found)

    def info_layout(self, lines: list[str], width: int, height: int) -> tuple[list[tuple[str, int, int]], list[str]]:
        """(the rows the box over the hand shows, the lines told elsewhere): both lines when they fit, else the
        first, the second going beside the buttons or into a note by the pointed card."""
        lines = lines[:2]
        rows = self.fitted_info(lines, width, height)
        if rows is not None:
            return rows, []
        if len(lines) == 2:  # one flowing paragraph, the second line's own rows quieter
            rows = self.fitted_info([" ".join(lines)], width, height)
            if rows is not None:
                first_words = len(lines[0].split())
                marked: list[tuple[str, int, int]] = []
                seen = 0
                for text, px, _index in rows:
                    marked.append((text, px, 0 if seen < first_words else 1))
                    seen += len(text.split())
                return marked, []
        rows = self.fitted_info(lines[:1], width, height)
        if rows is not None:
            return rows, lines[1:]
        # the first line as much as the box holds, the whole of both in the note
        return [(draw.fit(self.theme, lines[0], width, MIN_FONT_PX), MIN_FONT_PX, 0)], lines

    def draw_info_overflow(self, surface: pygame.Surface, view: dict[str, Any], choices: list[Choice]) -> None:
        """The info line the box over the hand has no room for: left of the buttons when the bar has room,
        else in a note by the pointed card or button (a hint nobody points at waits for the pointer)."""
        side, cards = self.hand_cards(view)
        lines = self.info_lines(view, side, cards, choices)
        _rows, overflow = self.info_layout(lines, self.layout.info.width - 24, self.info_room(len(cards)))
        if not overflow:
            return
        bar = self.layout.bar
        width = (choices[0].button.rect.x if choices else bar.right) - bar.x - 20
        fitted = self.bar_rows(tuple(overflow), width) if width > 120 else None
        if fitted is not None:
            words = self.bar_words(tuple(fitted[0]), fitted[1], width)
            surface.blit(words, words.get_rect(midleft=(bar.x + 6, bar.centery - 2)))
            return
        pointed = self.pointed_choice(choices)
        if pointed is not None and (self.hover_button is not None or self.focus_zone == "buttons"):
            self.draw_note(surface, "\n".join(overflow), pointed.button.rect, above=True)
            return
        index = self.hover[0] if self.hover is not None else (
            self.focus_index if self.keyboard and self.focus_zone == "cards" else None)
        rects = self.layout.hand_rects(len(cards))
        if index is not None and index < len(rects):
            card = rects[index]
            self.draw_note(surface, "\n".join(overflow), card, above=card.centery > bar.y - HAND_CARD[1])

    def draw_note(self, surface: pygame.Surface, words: str, near: pygame.Rect, *, above: bool,
                  warning: bool = False) -> None:
        """A dark note with ``words`` (each line wrapped) just above or below ``near``, kept on the table."""
        width = min(620, self.table_rect.width - 24)
        rows = [row for line in words.split("\n") for row in draw.wrap(self.theme, line, width - 24, SMALL_PX)]
        line_height = row_height(self.theme, SMALL_PX)
        rect = pygame.Rect(0, 0, max(self.theme.font(SMALL_PX).size(row)[0] for row in rows) + 24,
                           line_height * len(rows) - ROW_GAP + 16)
        if above:
            rect.midbottom = (near.centerx, near.y - 6)
        else:
            rect.midtop = (near.centerx, near.bottom + 6)
        rect.clamp_ip(self.table_rect.inflate(-8, -8))
        draw.shadow(surface, rect, 8, 4)
        pygame.draw.rect(surface, (34, 30, 26), rect, border_radius=8)
        pygame.draw.rect(surface, PALETTE.danger if warning else PALETTE.accent, rect, 2, border_radius=8)
        y = rect.y + 8
        for row in rows:
            draw.text(surface, self.theme, row, (rect.x + 12, y), size=SMALL_PX, colour=PALETTE.card_light)
            y += line_height

    def info_lines(self, view: dict[str, Any], side: str, cards: list[int], choices: list[Choice]) -> list[str]:
        """Two lines over the hand: what the pointed play or button does, else what to do and the keys."""
        if self.hover_button is not None and self.hover_button < len(choices):
            choice = choices[self.hover_button]
            return [choice.help, choice.reason or _("Click to choose, or press the key in brackets.")]
        if self.keyboard and self.focus_zone == "buttons" and choices:
            choice = choices[min(self.button_focus, len(choices) - 1)]
            return [choice.help, choice.reason or _("Enter chooses it; Tab goes back to the cards.")]
        phase = view["phase"]
        seat = view["to_move"]
        team = self.team(seat)
        pointed: tuple[int, int] | None = None
        if self.hover is not None and self.hover[0] < len(cards):
            pointed = (cards[self.hover[0]], self.hover[1])
        elif self.keyboard and cards and self.focus_index < len(cards):
            card = cards[self.focus_index]
            pointed = (card, self.top_end(side, card) if phase in CALL_PHASES else 1)
        offense_seat = view["offense"]
        formation = (view["calls"][offense_seat] or {}).get("formation") if phase == "defense_call" else None
        if pointed is not None and phase in CALL_PHASES:
            card, end = pointed
            if side == "offense":
                return offense_preview(team, card, end, view["ball"], view["two_point"])
            return defense_preview(team, card, end, self.team(offense_seat), formation)
        if pointed is not None:
            card = TEAMS[team].offense_card(pointed[0])
            said = (_("Take back this card: {top} / {bottom} ({formation}).") if phase == "retrieve" else
                    _("Discard this card: {top} / {bottom} ({formation})."))
            return [said.format(top=play_name(card.ends[0]), bottom=play_name(card.ends[1]), formation=card.formation),
                    _("Click it (or Enter) to choose it.")]
        keys = _("Point at a play to read it, click it to call it face down (keys: 1-9 or arrows, R turns, Enter).")
        latest = self.show.pic.story[-1] if self.show.pic.story else ""
        if phase == "offense_call":
            if view["two_point"]:
                return [_("Two-point try from their 10: any of your 15 cards, one untimed play."), keys]
            where = _("Your ball, {down} {spot}.").format(down=board.down_and_distance(view),
                                                           spot=field.on_yard_line(view["ball"], "your").render())
            # what just happened, else (too long for the box: the story and the log tell it) where the ball is
            room = self.info_room(len(cards))
            told = latest and self.fitted_info([latest], self.layout.info.width - 24, room) is not None
            return [latest if told else where, keys]
        if phase == "defense_call":
            plays = formation_plays(self.team(offense_seat), formation) if formation else []
            pairs = " · ".join(f"{play_name(a)} / {play_name(b)}" for a, b in zip(plays[::2], plays[1::2]))
            return [_("{team} shows {formation}: {plays}").format(team=self.team_label(offense_seat),
                                                                   formation=formation, plays=pairs),
                    _("Point at a defense to see what it does to these plays; click it to call it (R turns, Enter).")]
        if phase == "retrieve":
            return [_("Time out: choose the offense card to take back from your discard pile."),
                    _("Click a card, or use the arrows and Enter.")]
        if phase == "clock_discard":
            count = view["pending"].get("count", 1)
            other = 1 - seat
            return [ngettext("{team} has {theirs} offense cards left and you {yours}: discard {count} more to match "
                             "the clock.", "{team} has {theirs} offense cards left and you {yours}: discard {count} "
                             "more to match the clock.", count).format(
                        team=self.team_label(other), theirs=view["hand_counts"][other], yours=view["hand_counts"][seat],
                        count=count),
                    _("Click a card, or use the arrows and Enter.")]
        announced = str(view["pending"].get("announce", ""))
        help_line = odds_lines(view).get(announced, "")
        pay_for = PAY_FOR_HINTS.get(announced, PAY_FOR_HINTS["play"])
        return [_(pay_for), help_line]

    # --- the cards on the table --------------------------------------------------------------------------------
    def draw_cards_on_table(self, surface: pygame.Surface, view: dict[str, Any], pic: Picture) -> None:
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

    def slot_image(self, view: dict[str, Any], slot: Slot) -> pygame.Surface:
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
        """Dims a card of the play before and stamps it 'LAST PLAY' (one picture for every such card)."""
        def paint() -> pygame.Surface:
            veil = pygame.Surface(size, pygame.SRCALPHA)
            veil.fill(LAST_PLAY_VEIL)
            stamp = self.theme.text(*draw.shrink_to_fit(self.theme, _("LAST PLAY"), size[0] - 24, SMALL_PX), CHALK)
            plate = stamp.get_rect().inflate(16, 6)
            plate.midbottom = (size[0] // 2, size[1] - 3)  # on the card's foot, whole
            pygame.draw.rect(veil, (30, 34, 40), plate, border_radius=8)
            pygame.draw.rect(veil, CHALK, plate, 2, border_radius=8)
            veil.blit(stamp, stamp.get_rect(center=plate.center))
            return veil
        return self.still.get(("last", size), paint)

    def draw_slot(self, surface: pygame.Surface, view: dict[str, Any], slot: Slot) -> None:
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

    def draw_peek(self, surface: pygame.Surface, view: dict[str, Any], slot: Slot, target: pygame.Rect) -> None:
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

    # --- the story and the bar -----------------------------------------------------------------------------------
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

    def cached_bar_text(self, view: dict[str, Any], choices: list[Choice]) -> tuple[str, ...]:
        key = (len(self.match.history), self.viewer, self.hover_button, self.keyboard, self.button_focus,
               self.anims.busy, self.can_act, len(choices))
        if self._bar_text is None or self._bar_text[0] != key:
            self._bar_text = (key, tuple(self.bar_text(view, choices, False)))
        return self._bar_text[1]

    def bar_text(self, view: dict[str, Any], choices: list[Choice], hand: bool) -> list[str]:
        """The words beside the buttons: the pointed button's meaning, else what the choice is about."""
        if hand:
            return []
        if self.hover_button is not None and self.hover_button < len(choices):
            choice = choices[self.hover_button]
            return [choice.help] + ([choice.reason] if choice.reason else [])
        if self.keyboard and choices:
            return [choices[min(self.button_focus, len(choices) - 1)].help]
        if choices:
            return self.bar_context(view) or [choice.help for choice in choices]
        seat = view["to_move"]
        if view["phase"] == "over":
            return [board.prompt(view)]
        if seat is None:
            return []
        if self.anims.busy:
            return [_("Click or press Enter to hurry the animation.")]
        if self.match.seats[seat].is_human and seat != self.viewer:
            coach = self.coach_name(seat)
            if coach is None:
                return [_("{team} decides next.").format(team=self.team_label(seat))]
            return [_("{coach} ({team}) decides next.").format(coach=coach, team=self.team_label(seat))]
        return [board.prompt(view)]

    def bar_context(self, view: dict[str, Any]) -> list[str]:
        """One line of context for choices whose buttons already say what they do."""
        phase = view["phase"]
        seat = view["to_move"]
        other = 1 - seat
        if phase in ("offense_audible", "defense_audible"):
            call = view["calls"][other] or {}
            if phase == "offense_audible":
                shown = _("{team} shows the {formation} formation.")
            elif call.get("audible"):
                shown = _("{team} shows the {formation} formation and called an audible.")
            else:
                shown = _("{team} shows the {formation} formation and kept its call.")
            return [shown.format(team=self.team_label(other), formation=call.get("formation", "?"))]
        if phase == "kickoff":
            return [_("You scored: kick off, or gamble on an onside kick from midfield to keep the ball.")]
        if phase == "ice":
            odds = board.button_odds(view)
            return [_("{team} tries a field goal from distance {distance}: {chance}, or {iced} if you ice the "
                      "kicker.").format(team=self.team_label(other), distance=odds["fieldgoal_distance"],
                                        chance=percent(odds["fieldgoal"]), iced=percent(odds["fieldgoal_iced"]))]
        return []

    def bar_rows(self, lines: tuple[str, ...], width: int) -> tuple[list[str], int] | None:
        """The help beside the buttons as drawn: every line whole, wrapped between words, at the largest size
        (down to 14 px) at which all of them fit the bar's height; None when even the smallest does not."""
        height = self.layout.bar.height
        for px in range(SMALL_PX, MIN_FONT_PX - 1, -1):
            room = (height + ROW_GAP) // row_height(self.theme, px)
            rows: list[str] = []
            for line in lines:
                wrapped = word_wrap(self.theme, line, width, room, px, px)
                if wrapped is None:
                    break
                rows += wrapped[0]
            else:
                if len(rows) <= room and rows_height(self.theme, rows, px) <= height:
                    return rows, px
        return None

    def bar_words(self, rows: tuple[str, ...], px: int, width: int) -> pygame.Surface:
        """The help left of the buttons, painted once per wording."""
        return self.words.get(("bar", rows, px, width), lambda: self._paint_bar_words(rows, px, width))

    def _paint_bar_words(self, rows: tuple[str, ...], px: int, width: int) -> pygame.Surface:
        line_height = row_height(self.theme, px)
        surface = pygame.Surface((max(1, width), self.layout.bar.height), pygame.SRCALPHA)
        y = (surface.get_height() - rows_height(self.theme, rows, px)) // 2
        for row in rows:
            draw.text(surface, self.theme, row, (0, y), size=px, colour=PALETTE.on_felt)
            y += line_height
        return surface

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

    def draw_buttons(self, surface: pygame.Surface, choices: list[Choice], hand: bool) -> None:
        for index, choice in enumerate(choices):
            choice.button.draw(surface, self.theme)
            if self.keyboard and index == self.button_focus and (not hand or self.focus_zone == "buttons"):
                choice.button.draw_focus(surface)

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
        layer = pygame.Surface(band.size, pygame.SRCALPHA)
        colour: tuple[int, ...] = PALETTE.card_light
        if banner.seat is not None:
            colour = lighter(hex_colour(self.match.seats[banner.seat].colour), 0.6)
        edge = {"good": PALETTE.good, "bad": PALETTE.danger}.get(banner.mood, PALETTE.card_edge)
        draw.cardboard(layer, layer.get_rect().inflate(-4, -4), fill=colour, edge=edge, lifted=False,
                       inner_line=False)
        layer.blit(text, text.get_rect(center=layer.get_rect().center))
        layer.set_alpha(alpha)
        scale = 0.85 + 0.15 * appear
        if scale < 1:
            layer = pygame.transform.smoothscale_by(layer, scale)
        draw.shadow(surface, band.inflate(-6, -6), 10, 5, alpha // 3)
        surface.blit(layer, layer.get_rect(center=band.center))
