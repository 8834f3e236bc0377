"""Breakaway Football's rules engine: two coaches, card clocks, the Game Day deck.

Phases (``phase``, who decides in brackets):

* ``toss`` (toss winner): ``receive`` or ``kick``; the kickoff then resolves at once.
* ``kickoff`` (scoring team): ``kickoff`` or ``onside``.
* ``offense_call`` (offense): ``call CARD END`` (face down), ``punt``, ``coffin``,
  ``fieldgoal``, ``hailmary``, ``kneel``, ``timeout``.  On a two-point try only
  ``call`` (any of the 15 cards, the down is untimed).
* ``kick_discard`` (offense): ``discard CARD`` pays for the announced punt, field
  goal, Hail Mary or kneel.
* ``retrieve`` (offense): ``retrieve CARD`` after either side's time out.
* ``defense_call`` (defense): ``call CARD END`` or ``timeout``.
* ``offense_audible`` then ``defense_audible``: ``audible`` (turn the card round) or ``keep``.
* ``ice`` (defense, optional rule): ``ice`` or ``noice`` before a field goal.
* ``breakaway_choice`` (the side with the breakaway): ``event`` or ``breakaway``.
* ``penalty`` (the side not penalized): ``accept`` or ``decline``.
* ``challenge`` (after the Game Day card of a play that is not a breakaway, each side a flag could help, with
  its flag ready: the defense, then the offense; an accepted penalty first): ``challenge`` or ``nochallenge``.
* ``conversion`` (scoring team): ``extrapoint`` or ``twopoint``.
* ``clock_discard`` (the team holding more offense cards after a drive): ``discard CARD``.
* ``over``.

Secrets: each seat's offense hand, discards and committed card.  The back of a
committed card (its formation) is public, as on the table.  The Game Day deck's
order is hidden; its discards are public.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable, Iterable, Mapping

from game.core.protocol import EVERYONE, REVEALS, Action, Event, GameState, IllegalAction, Outcome, act
from game.core.rng import Rng, shuffled
from game.i18n import N_, Message, PluralMessage, SeatName, message_from_json

from . import field
from .cards import (BLOCKED_ICON, DEFENSE, FUMBLE, FUMBLE_ICON, GAME_DAY_DECK, INTERCEPTION, MISS_ICON, OFFENSE,
                    OFFENSE_CARDS_PER_TEAM, RUN, TEAMS, TOUCHDOWN_ICON, TURNOVER_ICON, GameDayCard, Team,
                    game_day_card)
from .plays import (Matchup, PlayResult, compare, defense_breakaway_result, flag_sides, matching_penalty,
                    result_declined, result_with_event, result_without_event)
from .setup_facts import OVERTIME_RULES, PRO_OVERTIME, SUDDEN_DEATH, TEAM_NAMES

TOSS = "toss"
KICKOFF = "kickoff"
OFFENSE_CALL = "offense_call"
KICK_DISCARD = "kick_discard"
RETRIEVE = "retrieve"
DEFENSE_CALL = "defense_call"
OFFENSE_AUDIBLE = "offense_audible"
DEFENSE_AUDIBLE = "defense_audible"
ICE = "ice"
BREAKAWAY_CHOICE = "breakaway_choice"
CHALLENGE = "challenge"
PENALTY_CHOICE = "penalty"
CONVERSION = "conversion"
CLOCK_DISCARD = "clock_discard"
OVER = "over"

ANNOUNCEMENTS = ("punt", "coffin", "fieldgoal", "hailmary", "kneel")
TIME_OUTS_PER_HALF = 3
TIME_OUTS_IN_OVERTIME = 2
DOWNS = 4
LATE_HALF_CARDS = 5
#: sudden death plays overtime periods until someone scores; this many scoreless periods is a draw
MAX_SUDDEN_DEATH_PERIODS = 10

#: state attributes that every seat may see (the view copies them as they are)
PUBLIC_FIELDS: tuple[str, ...] = (
    "teams", "options", "score", "quarter", "phase", "to_move", "offense", "ball", "down", "target",
    "timeouts", "flags", "drives", "snaps", "opening_receiver", "gd_discard", "gd_card", "calls",
    "reveal", "pending", "after_clock", "two_point", "ot_drives", "note",
)
PRIVATE_FIELDS: tuple[str, ...] = ("hands", "discards", "commits", "gd_deck")


def _copy(value: Any) -> Any:
    """A deep copy of JSON-like data (much faster than copy.deepcopy for these small trees)."""
    if isinstance(value, list):
        return [_copy(v) if isinstance(v, (list, dict)) else v for v in value]
    if isinstance(value, dict):
        return {k: _copy(v) if isinstance(v, (list, dict)) else v for k, v in value.items()}
    return value


def absolute(seat: int, spot: int) -> int:
    """A spot as yard lines from seat 0's goal line, for drawing the field."""
    return spot if seat == 0 else field.GOAL_LINE - spot


# the words of a number of yard lines, a gain and a down are made once per value (messages are values):
# nearly every play's events name them
@lru_cache(maxsize=None)
def short(count: int) -> Message:
    """'1 yard line', '3 yard lines'."""
    return PluralMessage("{count} yard line", "{count} yard lines", count)


@lru_cache(maxsize=None)
def lines(count: int) -> Message:
    """'1 yard line (5 yards)', '3 yard lines (15 yards)': the board's unit with the football one beside it."""
    return PluralMessage("{count} yard line ({yards} yards)", "{count} yard lines ({yards} yards)", count,
                         yards=5 * count)


#: the corner icons spelled out
_CORNER_WORDS: dict[str, str] = {TOUCHDOWN_ICON: N_("touchdown"), FUMBLE_ICON: N_("fumble"),
                                 TURNOVER_ICON: N_("turnover"), BLOCKED_ICON: N_("blocked"),
                                 MISS_ICON: N_("missed kick")}


def corner_words(value: int | str) -> Message | str:
    """A corner value as the card prints it, icons spelled out."""
    icon = _CORNER_WORDS.get(str(value))
    return str(value) if icon is None else Message(icon)


@lru_cache(maxsize=None)
def yardage(gain: int) -> Message:
    """A play's result in words: a gain, no gain or a loss."""
    if gain > 0:
        return Message("{lines} gained", lines=lines(gain))
    if gain == 0:
        return Message("no gain")
    return Message("a loss of {lines}", lines=lines(-gain))


#: down and distance by down (1st to 4th): "3rd and 10", "1st and goal"; each language words it its own way
_DOWN_AND_YARDS = (N_("1st and {yards}"), N_("2nd and {yards}"), N_("3rd and {yards}"), N_("4th and {yards}"))
_DOWN_AND_GOAL = (N_("1st and goal"), N_("2nd and goal"), N_("3rd and goal"), N_("4th and goal"))
#: the periods by quarter; the fifth and later are overtime
_PERIODS = (N_("1st quarter"), N_("2nd quarter"), N_("3rd quarter"), N_("4th quarter"))


@lru_cache(maxsize=None)
def down_and_distance(down: int, yards: int | None) -> Message:
    """'3rd and 10', or '1st and goal' when ``yards`` is None."""
    if yards is None:
        goal = _DOWN_AND_GOAL[down - 1]
        return Message(goal)
    to_go = _DOWN_AND_YARDS[down - 1]
    return Message(to_go, yards=yards)


def period_words(quarter: int) -> Message:
    """'1st quarter' ... '4th quarter', then 'overtime'."""
    if quarter > 4:
        return Message("overtime")
    period = _PERIODS[quarter - 1]
    return Message(period)


def team_words(name: str) -> Message:
    """A team's name (proper names, unchanged in most languages)."""
    return Message(name)


#: both seats' labels by the two team names (at most 16 pairings)
_LABELS: dict[tuple[str, str], tuple[SeatName, SeatName]] = {}


class FootballState(GameState):
    """The whole game: score, clock, ball, hands, the Game Day deck and the phase."""

    game_id = "breakaway-football"
    has_secrets = True
    #: personal bests for the player records (see ``record_stats``)
    record_labels = {
        "win_margin": (N_("biggest win"), "max"),
        "points": (N_("most points in a game"), "max"),
    }

    def __init__(self) -> None:
        self.num_seats = 2
        self.teams: list[str] = ["Lightning", "Fire"]
        self.options: dict[str, Any] = {}
        self.score = [0, 0]
        self.quarter = 1
        self.phase = TOSS
        self.to_move: int | None = 0
        self.offense = 0
        self.ball = field.KICKOFF_TOUCHBACK_SPOT
        self.down = 1
        self.target = field.next_first_down_line(self.ball)
        self.timeouts = [TIME_OUTS_PER_HALF, TIME_OUTS_PER_HALF]
        self.flags = [True, True]
        self.drives = [0, 0]
        self.snaps = 0
        self.opening_receiver = 0
        self.gd_discard: list[int] = []
        self.gd_card: int | None = None
        self.calls: list[dict[str, Any] | None] = [None, None]
        self.reveal: dict[str, Any] | None = None
        self.pending: dict[str, Any] = {}
        self.after_clock: dict[str, Any] | None = None
        self.two_point = False
        self.ot_drives = 0
        #: the results note once the game is over, as message data (``Message.to_json``)
        self.note: dict[str, Any] = {}
        self.hands: list[list[int]] = [[], []]
        self.discards: list[list[int]] = [[], []]
        self.commits: list[dict[str, int] | None] = [None, None]
        self.gd_deck: list[int] = []
        self.rng = Rng(0)
        self._events: list[Event] = []
        #: the last reveal and its matchup, so that the steps of one play compare the two cards once
        self._revealed: tuple[dict[str, Any], Matchup] | None = None

    # --- creation ------------------------------------------------------------------------
    @classmethod
    def new(cls, num_seats: int, options: Mapping[str, Any], seed: int) -> "FootballState":
        if num_seats != 2:
            raise ValueError(Message("Breakaway Football is a game for two coaches."))
        state = cls()
        state.teams = [str(options.get("team_1", "Lightning")), str(options.get("team_2", "Fire"))]
        for team in state.teams:
            if team not in TEAMS:
                raise ValueError(Message("There is no team called {team}; choose one of {teams}.", team=team,
                                         teams=tuple(team_words(name) for name in TEAM_NAMES)))
        overtime = str(options.get("overtime", PRO_OVERTIME))
        if overtime not in OVERTIME_RULES:
            raise ValueError(Message("Overtime must be one of {rules}.", rules=OVERTIME_RULES))
        state.options = {
            "overtime": overtime,
            "late_half_incompletions": bool(options.get("late_half_incompletions", False)),
            "coffin_corner": bool(options.get("coffin_corner", False)),
            "ice_the_kicker": bool(options.get("ice_the_kicker", False)),
        }
        state.rng = Rng(seed)
        state.gd_deck = shuffled(state.rng, [card.number for card in GAME_DAY_DECK])
        state.hands = [list(range(1, OFFENSE_CARDS_PER_TEAM + 1)) for _ in range(2)]
        winner = state.rng.randrange(2)
        state.to_move = winner
        state.pending = {"winner": winner}
        return state

    # --- small helpers -------------------------------------------------------------------
    def team(self, seat: int) -> Team:
        return TEAMS[self.teams[seat]]

    def team_name(self, seat: int) -> Message:
        """The team's name; with the same team on both sides, the seat tells them apart."""
        name = team_words(self.teams[seat])
        if self.teams[0] == self.teams[1]:
            return Message("{team} (home)", team=name) if seat == 0 else Message("{team} (away)", team=name)
        return name

    def label(self, seat: int) -> SeatName:
        """The team in a message: its coach's name where the screen knows one, else the team's name.

        Made once per pairing of teams and shared by every event (messages are values, never changed).
        """
        teams = self.teams
        pairing = (teams[0], teams[1])
        labels = _LABELS.get(pairing)
        if labels is None:
            labels = _LABELS[pairing] = (SeatName(0, self.team_name(0)), SeatName(1, self.team_name(1)))
        return labels[seat]

    @property
    def defense(self) -> int:
        return 1 - self.offense

    def _say(self, text: Message, kind: str, data: Mapping[str, Any] | None = None, *, reveals: bool = False,
             visible_to: tuple[int, ...] | None = None) -> None:
        # every caller passes a dict of its own, so the event keeps it without a copy; the busiest events
        # (calls, audibles, discards, Game Day draws: seven in ten) append theirs directly, a call less each
        self._events.append(Event(text, kind, {} if data is None else data, visible_to, reveals))

    def _set_phase(self, phase: str, seat: int | None, pending: dict[str, Any] | None = None) -> None:
        self.phase = phase
        self.to_move = seat
        self.pending = pending or {}

    def _where(self, seat: int, spot: int) -> Message:
        return Message("{team} ball {spot}", team=self.label(seat), spot=field.on_yard_line(spot))

    def down_words(self) -> Message:
        """'3rd and 10', '1st and goal' or 'two-point try'."""
        if self.two_point:
            return Message("two-point try")
        return down_and_distance(self.down, None if self.target >= field.GOAL_LINE else 5 * (self.target - self.ball))

    def late_half(self) -> bool:
        return self.quarter in (2, 4) or self.quarter >= 5

    # --- whose decision ------------------------------------------------------------------
    def current_seat(self) -> int | None:
        return None if self.phase == OVER else self.to_move

    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_actions(self) -> list[Action]:
        if self.phase == OVER:
            return []
        return self._LEGAL[self.phase](self)

    def _legal_toss(self) -> list[Action]:
        return list(_FIXED_CHOICES["receive"])

    def _legal_kickoff(self) -> list[Action]:
        return list(_FIXED_CHOICES["kickoff"])

    def _legal_offense_call(self) -> list[Action]:
        o = self.offense
        if self.two_point:
            return _card_actions("call", range(1, OFFENSE_CARDS_PER_TEAM + 1))
        actions = _card_actions("call", self.hands[o])
        actions.append(_PUNT)
        if self.options["coffin_corner"]:
            actions.append(_COFFIN)
        if field.field_goal_distance(self.ball) <= field.LONGEST_FIELD_GOAL:
            actions.append(_FIELD_GOAL)
        if field.hail_mary_allowed(self.ball):
            actions.append(_HAIL_MARY)
        actions.append(_KNEEL)
        if self._may_call_time_out(o):
            actions.append(_TIME_OUT)
        return actions

    def _legal_kick_discard(self) -> list[Action]:
        return _card_actions("discard", self.hands[self.offense])

    def _legal_retrieve(self) -> list[Action]:
        return _card_actions("retrieve", self.discards[self.offense])

    def _legal_defense_call(self) -> list[Action]:
        actions = _card_actions("call", range(1, len(self.team(self.defense).defense) + 1))
        if not self.two_point and self._may_call_time_out(self.defense):
            actions.append(_TIME_OUT)
        return actions

    def _legal_offense_audible(self) -> list[Action]:
        return list(_FIXED_CHOICES["audible"])

    _legal_defense_audible = _legal_offense_audible

    def _legal_ice(self) -> list[Action]:
        return list(_FIXED_CHOICES["ice"])

    def _legal_breakaway_choice(self) -> list[Action]:
        return list(_FIXED_CHOICES["event"])

    def _legal_challenge(self) -> list[Action]:
        return list(_FIXED_CHOICES["challenge"])

    def _legal_penalty(self) -> list[Action]:
        return list(_FIXED_CHOICES["accept"])

    def _legal_conversion(self) -> list[Action]:
        return list(_FIXED_CHOICES["extrapoint"])

    def _legal_clock_discard(self) -> list[Action]:
        return _card_actions("discard", self.hands[self.pending["seat"]])

    def card_on_board(self, seat: int) -> int | None:
        """The offense card ``seat`` has in play, out of both hand and discards (None on a two-point try)."""
        if seat != self.offense or self.two_point:
            return None
        commit = self.commits[seat]
        if commit is not None:
            return commit["card"]
        if self.phase in (BREAKAWAY_CHOICE, CHALLENGE, PENALTY_CHOICE) and self.reveal is not None:
            return self.reveal["offense"]["card"]
        return None

    def _may_call_time_out(self, seat: int) -> bool:
        """A time out needs one left and an offense card in the discard pile to bring back."""
        return self.timeouts[seat] > 0 and bool(self.discards[self.offense])

    # --- refusing, in words --------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        """``GameState.apply`` with a listed call or two-way choice accepted inline (as ``check`` would)."""
        kind = action.kind
        if kind == "call":
            if self._call_is_listed(action):
                return self._apply(action)
        elif kind == "discard" or kind == "retrieve":
            if self._card_is_listed(action):
                return self._apply(action)
        else:
            choices = _PHASE_CHOICES.get(self.phase)
            if choices is not None and (action is choices[0] or action is choices[1]):
                return self._apply(action)
        return super().apply(action)

    def check(self, action: Action) -> None:
        if action.kind == "call" and self._call_is_listed(action):
            return
        legal = self.legal_actions()
        for candidate in legal:  # act() shares actions, so a listed one is usually this very object
            if candidate is action:
                return
        if action in legal:
            return
        raise IllegalAction(self._why_not(action))

    def _call_is_listed(self, action: Action) -> bool:
        """Whether legal_actions() lists this 'call CARD END', worked out without building the list."""
        args = action.args
        if len(args) != 2 or type(args[0]) is not int or type(args[1]) is not int or args[1] not in (1, 2):
            return False
        card = args[0]
        if self.phase == OFFENSE_CALL:
            return 1 <= card <= OFFENSE_CARDS_PER_TEAM if self.two_point else card in self.hands[self.offense]
        if self.phase == DEFENSE_CALL:
            return 1 <= card <= len(self.team(self.defense).defense)
        return False

    def _card_is_listed(self, action: Action) -> bool:
        """Whether legal_actions() lists this 'discard CARD' or 'retrieve CARD', without building the list."""
        args = action.args
        if len(args) != 1 or type(args[0]) is not int:
            return False
        phase, kind = self.phase, action.kind
        if kind == "discard":
            if phase == KICK_DISCARD:
                return args[0] in self.hands[self.offense]
            if phase == CLOCK_DISCARD:
                return args[0] in self.hands[self.pending["seat"]]
        elif phase == RETRIEVE:
            return args[0] in self.discards[self.offense]
        return False

    def _why_not(self, action: Action) -> Message:
        seat = self.to_move if self.to_move is not None else 0
        kind, args = action.kind, action.args
        if self.phase in (OFFENSE_CALL, DEFENSE_CALL) and kind == "call":
            if len(args) != 2 or not all(isinstance(a, int) for a in args):
                return Message("Call a play as 'call CARD END', e.g. 'call 7 1' (end 1 is the top of the card, "
                               "2 the bottom).")
            card, end = args
            if end not in (1, 2):
                return Message("A card has two ends: use end 1 (top) or 2 (bottom).")
            if self.phase == DEFENSE_CALL:
                return Message("Your defense cards are numbered 1 to {count}.", count=len(self.team(seat).defense))
            return Message("Offense card {card} is not in your hand; your hand holds {cards}.", card=card,
                           cards=self._list(self.hands[seat]))
        if kind == "timeout" and self.phase in (OFFENSE_CALL, DEFENSE_CALL):
            if self.two_point:
                return Message("There are no time outs on a two-point try.")
            if self.timeouts[seat] == 0:
                return Message("You have no time outs left in this half.")
            return Message("A time out brings back an offense card, and the offense has none in its discard pile.")
        if kind == "fieldgoal" and self.phase == OFFENSE_CALL and not self.two_point:
            return Message("A field goal needs the ball on the opponent's 45 or closer; the ball is {spot}.",
                           spot=field.on_yard_line(self.ball))
        if kind == "hailmary" and self.phase == OFFENSE_CALL and not self.two_point:
            return Message("No Hail Mary from the opponent's 15 or closer: it is a long pass.")
        if kind == "coffin" and self.phase == OFFENSE_CALL:
            return Message("Coffin-corner punts are an optional rule that is off in this game.")
        if kind == "discard" and self.phase in (KICK_DISCARD, CLOCK_DISCARD):
            return Message("Discard a card from your hand: {cards}.", cards=self._list(self.hands[seat]))
        if kind == "retrieve" and self.phase == RETRIEVE:
            return Message("Bring back a card from your discard pile: {cards}.", cards=self._list(self.discards[seat]))
        if kind == "onside" and self.phase == KICKOFF:
            return Message("An onside kick is only possible after a score.")
        legal = self.legal_actions()
        choices = _either(tuple(Message("'{action}'", action=a.text()) for a in legal[:6]))
        if len(legal) > 6:
            return Message("'{action}' is not possible now: {prompt} ({choices}, ...).", action=action.text(),
                           prompt=self._phase_prompt(), choices=choices)
        return Message("'{action}' is not possible now: {prompt} ({choices}).", action=action.text(),
                       prompt=self._phase_prompt(), choices=choices)

    @staticmethod
    def _list(cards: list[int]) -> tuple[int, ...] | Message:
        """Card numbers as a list ('3, 7, 12'), or 'nothing'."""
        return tuple(cards) if cards else Message("nothing")

    def _phase_prompt(self) -> Message:
        prompt = _PHASE_PROMPTS.get(self.phase)
        if prompt is None or self.to_move is None:
            return Message("the game is over")
        return Message(prompt, team=self.label(self.to_move))

    # --- moving --------------------------------------------------------------------------
    def _apply(self, action: Action) -> list[Event]:
        self._events = []
        self._ON[self.phase](self, action)
        events, self._events = self._events, []
        return events

    def _on_toss(self, action: Action) -> None:
        chooser = self.to_move
        assert chooser is not None
        receiver = chooser if action.kind == "receive" else 1 - chooser
        if self.quarter == 1:
            self.opening_receiver = receiver
        said = (Message("{team} won the toss and chose to receive.", team=self.label(chooser))
                if action.kind == "receive" else Message("{team} won the toss and chose to kick.", team=self.label(chooser)))
        self._say(said, "toss",
                  {"winner": chooser, "choice": action.kind, "receiver": receiver})
        self._kick_off(1 - receiver)

    def _on_kickoff(self, action: Action) -> None:
        kicker = self.pending["kicker"]
        if action.kind == "onside":
            self._onside_kick(kicker)
        else:
            self._kick_off(kicker)

    def _on_offense_call(self, action: Action) -> None:
        if action.kind == "call":
            self._commit(self.offense, int(action.args[0]), int(action.args[1]))
        elif action.kind == "timeout":
            self._time_out(self.offense)
        else:
            announced = _ANNOUNCEMENTS[action.kind]
            self._say(Message(announced, team=self.label(self.offense)), "announce",
                      {"seat": self.offense, "play": action.kind})
            self._set_phase(KICK_DISCARD, self.offense, {"announce": action.kind})

    def _on_kick_discard(self, action: Action) -> None:
        o = self.offense
        card = int(action.args[0])
        self._discard(o, card, for_clock=False)
        announced = self.pending["announce"]
        self.snaps += 1
        if announced in ("punt", "coffin"):
            self._punt(coffin=announced == "coffin")
        elif announced == "fieldgoal":
            if self.options["ice_the_kicker"] and self.timeouts[self.defense] > 0:
                self._set_phase(ICE, self.defense)
            else:
                self._field_goal(iced=False)
        elif announced == "hailmary":
            self._hail_mary()
        else:
            self._qb_kneel()

    def _on_retrieve(self, action: Action) -> None:
        o = self.offense
        card = int(action.args[0])
        self.discards[o].remove(card)
        self.hands[o].append(card)
        self.hands[o].sort()
        self._say(Message("{team} takes an offense card back into the hand.", team=self.label(o)), "retrieve",
                  {"seat": o, "hand": len(self.hands[o])})
        self._say(Message("You take back card {card} ({plays}).", card=card,
                          plays=self.team(o).offense_card(card).words()),
                  "retrieve_card",
                  {"seat": o, "card": card}, visible_to=(o,))
        back_to = self.pending["return_to"]
        self._set_phase(back_to, o if back_to == OFFENSE_CALL else self.defense)

    def _on_defense_call(self, action: Action) -> None:
        if action.kind == "timeout":
            self._time_out(self.defense)
        else:
            self._commit(self.defense, int(action.args[0]), int(action.args[1]))

    def _on_offense_audible(self, action: Action) -> None:
        self._audible_decision(self.offense, action.kind == "audible")
        self._set_phase(DEFENSE_AUDIBLE, self.defense)

    def _on_defense_audible(self, action: Action) -> None:
        self._audible_decision(self.defense, action.kind == "audible")
        self._reveal()

    def _on_ice(self, action: Action) -> None:
        iced = action.kind == "ice"
        if iced:
            d = self.defense
            self.timeouts[d] -= 1
            self._say(Message("{team} calls a time out to ice the kicker: the kick's card counts 1 less.",
                              team=self.label(d)), "ice",
                      {"seat": d, "timeouts": self.timeouts[d]})
        self._field_goal(iced=iced)

    def _on_breakaway_choice(self, action: Action) -> None:
        side = self.pending["side"]
        chooser = self.offense if side == OFFENSE else self.defense
        if action.kind == "breakaway":
            said = (Message("{team} takes the offense breakaway corner.", team=self.label(chooser)) if side == OFFENSE
                    else Message("{team} takes the defense breakaway corner.", team=self.label(chooser)))
            self._say(said, "breakaway_choice",
                      {"seat": chooser, "side": side, "choice": "breakaway"})
            if side == OFFENSE:
                self._offense_breakaway_run()
            else:
                self._finish_scrimmage(defense_breakaway_result(self._matchup(), self._current_card()))
        else:
            self._say(Message("{team} takes the Game Day play event.", team=self.label(chooser)), "breakaway_choice",
                      {"seat": chooser, "side": side, "choice": "event"})
            self._event_stage(offense_breakaway=side == OFFENSE, breakaway=True)

    def _on_challenge(self, action: Action) -> None:
        seat = self.pending["seat"]
        if action.kind == "challenge":
            self.flags[seat] = False
            self._say(Message("{team} throws the challenge flag: the play event is ignored.", team=self.label(seat)),
                      "challenge",
                      {"seat": seat})
            self._finish_scrimmage(result_without_event(self._matchup()))
        else:
            self._ask_challenge(list(self.pending.get("next", [])), bool(self.pending.get("penalty", False)))

    def _on_penalty(self, action: Action) -> None:
        chooser = self.pending["chooser"]
        breakaway = bool(self.pending.get("breakaway", False))
        if action.kind == "accept":
            self._say(Message("{team} accepts the penalty.", team=self.label(chooser)), "penalty_choice",
                      {"seat": chooser, "choice": "accept"})
            if breakaway:
                self._enforce_penalty()
            else:
                self._offer_challenge(penalty=True)
        else:
            self._say(Message("{team} declines the penalty: the play stands.", team=self.label(chooser)),
                      "penalty_choice",
                      {"seat": chooser, "choice": "decline"})
            offense_breakaway = breakaway and self._matchup().breakaway == OFFENSE
            self._finish_scrimmage(result_declined(self._matchup(), self._current_card(), offense_breakaway))

    def _on_conversion(self, action: Action) -> None:
        team = self.offense
        if action.kind == "twopoint":
            self.two_point = True
            self.ball = field.TWO_POINT_SPOT
            self._say(Message("{team} goes for two from the opponent's 10.", team=self.label(team)), "two_point_try",
                      {"seat": team})
            self._set_phase(OFFENSE_CALL, team)
            return
        card = self._draw("extra point")
        good = card.field_goal != MISS_ICON and int(card.field_goal) >= field.EXTRA_POINT_VALUE
        if good:
            self.score[team] += 1
        said = (Message("Extra point is good (field-goal corner {corner}, {needed} needed).",
                        corner=corner_words(card.field_goal), needed=field.EXTRA_POINT_VALUE) if good else
                Message("Extra point is missed (field-goal corner {corner}, {needed} needed).",
                        corner=corner_words(card.field_goal), needed=field.EXTRA_POINT_VALUE))
        self._say(said,
                  "extra_point", {"seat": team, "good": good, "card": card.number, "score": list(self.score)})
        self._after_conversion()

    def _on_clock_discard(self, action: Action) -> None:
        seat = self.pending["seat"]
        self._discard(seat, int(action.args[0]), for_clock=True)
        left = self.pending["count"] - 1
        if left > 0:
            self.pending = {"seat": seat, "count": left}
            return
        step = self.after_clock
        self.after_clock = None
        assert step is not None
        self._do(step)

    # --- calls, audibles, time outs ----------------------------------------------------------
    def _commit(self, seat: int, card: int, end: int) -> None:
        on_offense = seat == self.offense
        team = self.team(seat)
        if on_offense:
            if not self.two_point:
                self.hands[seat].remove(card)
            chosen = team.offense_card(card)
            play_words = chosen.play(end).words()
        else:
            chosen = team.defense_card(card)
            play_words = chosen.play(end).words()
        self.commits[seat] = {"card": card, "end": end}
        self.calls[seat] = {"formation": chosen.formation, "audible": None}
        side = "offense" if on_offense else "defense"
        said = (Message("{team} lays an offense card face down: {formation} formation.", team=self.label(seat),
                        formation=chosen.formation) if on_offense else
                Message("{team} lays a defense card face down: {formation} formation.", team=self.label(seat),
                        formation=chosen.formation))
        events = self._events
        events.append(Event(said, "call", {"seat": seat, "side": side, "formation": chosen.formation}, EVERYONE,
                            False))
        events.append(Event(Message("You call {play} (card {card}).", play=play_words, card=card), "call_private",
                            {"seat": seat, "card": card, "end": end}, (seat,), False))
        if on_offense:
            self._set_phase(DEFENSE_CALL, self.defense)
        else:
            self._set_phase(OFFENSE_AUDIBLE, self.offense)

    def _audible_decision(self, seat: int, audible: bool) -> None:
        call = self.calls[seat]
        commit = self.commits[seat]
        assert call is not None and commit is not None
        call["audible"] = audible
        if audible:
            commit["end"] = 3 - commit["end"]
            self._events.append(Event(Message("{team} calls an audible and turns the card round.",
                                              team=self.label(seat)), "audible", {"seat": seat, "audible": True},
                                      EVERYONE, False))
        else:
            self._events.append(Event(Message("{team} keeps the call.", team=self.label(seat)), "audible",
                                      {"seat": seat, "audible": False}, EVERYONE, False))

    def _time_out(self, seat: int) -> None:
        self.timeouts[seat] -= 1
        self._say(PluralMessage("Time out, {team} ({count} left): {offense} brings back an offense card.",
                                "Time out, {team} ({count} left): {offense} brings back an offense card.",
                                self.timeouts[seat], team=self.label(seat), offense=self.label(self.offense)),
                  "timeout",
                  {"seat": seat, "timeouts": self.timeouts[seat], "offense": self.offense})
        self._set_phase(RETRIEVE, self.offense, {"return_to": self.phase, "called_by": seat})

    def _discard(self, seat: int, card: int, for_clock: bool) -> None:
        """Pay for an announced kick or kneel, or (``for_clock``) match the other team's card clock."""
        self.hands[seat].remove(card)
        self.discards[seat].append(card)
        left = len(self.hands[seat])
        said = (PluralMessage("{team} discards an offense card to match the clock ({count} left).",
                              "{team} discards an offense card to match the clock ({count} left).", left,
                              team=self.label(seat)) if for_clock else
                PluralMessage("{team} discards an offense card to pay for the play ({count} left).",
                              "{team} discards an offense card to pay for the play ({count} left).", left,
                              team=self.label(seat)))
        events = self._events
        events.append(Event(said, "discard", {"seat": seat, "hand": left}, EVERYONE, False))
        events.append(Event(Message("You discard card {card} ({plays}).", card=card,
                                    plays=self.team(seat).offense_card(card).words()),
                            "discard_card", {"seat": seat, "card": card}, (seat,), False))

    # --- the Game Day deck ----------------------------------------------------------------------
    def _draw(self, purpose: str) -> GameDayCard:
        if not self.gd_deck:
            self.gd_deck = shuffled(self.rng, self.gd_discard)
            self.gd_discard = []
            self._say(Message("The Game Day deck is reshuffled."), "reshuffle", {"cards": len(self.gd_deck)})
        number = self.gd_deck.pop()
        self.gd_discard.append(number)
        self.gd_card = number
        card = game_day_card(number)
        told = _DRAW_TOLD.get((number, purpose))
        if told is None:
            sentence = _DRAW_PURPOSES[purpose]
            told = _DRAW_TOLD[(number, purpose)] = (
                Message(sentence, card=self._card_words(card, purpose)),
                {"card": number, "purpose": purpose, "event": card.event.describe(), "colour": card.event.colour,
                 "defense_breakaway": card.defense_breakaway, "offense_breakaway": card.offense_breakaway,
                 "punt": card.punt, "field_goal": card.field_goal})
        self._events.append(Event(told[0], "gameday", dict(told[1]), EVERYONE, REVEALS))
        return card

    @staticmethod
    def _card_words(card: GameDayCard, purpose: str) -> Message:
        """What the drawn card means for this draw: the play event, or only the corner being read."""
        if purpose == "play":
            return Message("{event}; breakaway corners: defense {defense}, offense {offense}",
                           event=card.event.describe_words(), defense=corner_words(card.defense_breakaway),
                           offense=corner_words(card.offense_breakaway))
        title = card.event.title_words
        if purpose in ("punt", "free kick"):
            return Message("{title}, punt corner {corner}", title=title, corner=corner_words(card.punt))
        if purpose in ("field goal", "extra point", "onside kick", "Hail Mary"):
            return Message("{title}, field-goal corner {corner}", title=title, corner=corner_words(card.field_goal))
        return Message("{title}, offense breakaway corner {corner}", title=title,
                       corner=corner_words(card.offense_breakaway))

    def _current_card(self) -> GameDayCard:
        assert self.gd_card is not None
        return game_day_card(self.gd_card)

    # --- kicks ------------------------------------------------------------------------------------
    def _kick_off(self, kicker: int) -> None:
        """One card settles kick and return: the offense breakaway corner read on the return table."""
        receiver = 1 - kicker
        card = self._draw("kickoff")
        value = card.offense_breakaway
        data = {"kicker": kicker, "receiver": receiver, "card": card.number, "value": value}
        if value == TOUCHDOWN_ICON:
            self._say(Message("{team} returns the kickoff all the way for a touchdown!", team=self.label(receiver)),
                      "kickoff",
                      {**data, "result": "touchdown", "to": absolute(receiver, field.GOAL_LINE)})
            self._touchdown(receiver)
        elif value == FUMBLE_ICON:
            spot = field.flip(field.TOUCHBACK_SPOT)
            self._say(Message("{team} fumbles the kickoff! {kicker} recovers on the opponent's 20: {down}.",
                              team=self.label(receiver), kicker=self.label(kicker), down=down_and_distance(1, None)),
                      "kickoff",
                      {**data, "result": "fumble", "to": absolute(kicker, spot)})
            self._start_drive(kicker, spot)
        else:
            spot = field.kickoff_return_spot(int(value))
            result = "touchback" if int(value) <= 0 else "return"
            where = self._where(receiver, spot)
            said = (Message("Touchback: {where}.", where=where) if result == "touchback" else
                    Message("Kick returned: {where}.", where=where))
            self._say(said, "kickoff",
                      {**data, "result": result, "to": absolute(receiver, spot)})
            self._start_drive(receiver, spot)

    def _onside_kick(self, kicker: int) -> None:
        receiver = 1 - kicker
        card = self._draw("onside kick")
        recovered = card.field_goal in field.ONSIDE_RECOVERY_VALUES
        winner = kicker if recovered else receiver
        self._say(Message("Onside kick from midfield: {team} recovers (field-goal corner {corner}; 8 or 9 keeps it for "
                          "the kicking team).", team=self.label(winner), corner=corner_words(card.field_goal)), "onside",
                  {"kicker": kicker, "recovered": recovered, "card": card.number,
                   "to": absolute(winner, field.ONSIDE_SPOT)})
        self._start_drive(winner, field.ONSIDE_SPOT)

    def _breakaway_chain(self, first: GameDayCard, start: int, gain: int) -> tuple[int, str]:
        """Add offense breakaway values card after card "until you pull a 0 (tackle) or a fumble icon".

        A -1 is added and the run goes on; a 0 ends it, a fumble icon ends it with a fumble where the runner
        got to, a TD icon or the goal line scores, and a runner driven back to his own goal line is down there.
        Returns the gain from ``start`` and how the run ended: "tackle", "touchdown" or "fumble".
        """
        card = first
        while True:
            value = card.offense_breakaway
            if value == TOUCHDOWN_ICON:
                return gain, "touchdown"
            if value == FUMBLE_ICON:
                return gain, "fumble"
            gain += int(value)
            if start + gain >= field.GOAL_LINE:
                return gain, "touchdown"
            if int(value) == 0 or start + gain <= 0:
                return gain, "tackle"
            card = self._draw("breakaway")

    def _return(self, receiver: int, start: int, gain: int, ending: str, what: str) -> None:
        """Finish a punt or free-kick return for ``receiver`` who caught the ball at ``start``
        (``what``: "punt", "blocked punt" or "free kick")."""
        kicker = 1 - receiver
        said = _RETURN_WORDS[what]
        if ending == "touchdown" or start + gain >= field.GOAL_LINE:
            sentence = said["touchdown"]
            self._say(Message(sentence, team=self.label(receiver)), "return",
                      {"seat": receiver, "result": "touchdown", "from": absolute(receiver, start),
                       "to": absolute(receiver, field.GOAL_LINE)})
            self._touchdown(receiver)
        elif ending == "fumble":
            spot = min(field.flip(start + gain), field.GOAL_LINE - 1)
            sentence = said["fumble"]
            self._say(Message(sentence, team=self.label(receiver), kicker=self.label(kicker),
                              where=self._where(kicker, spot)), "return",
                      {"seat": receiver, "result": "fumble", "from": absolute(receiver, start),
                       "to": absolute(kicker, spot)})
            self._proceed({"do": "possession", "team": kicker, "spot": spot}, drive_over=True)
        elif start + gain <= 0:
            sentence = said["safety"]
            self._say(Message(sentence, team=self.label(receiver)), "return",
                      {"seat": receiver, "result": "safety", "from": absolute(receiver, start),
                       "to": absolute(receiver, 0)})
            self._safety(receiver)
        else:
            spot = start + gain
            sentence = said["return"]
            self._say(Message(sentence, gain=yardage(gain), where=self._where(receiver, spot)), "return",
                      {"seat": receiver, "result": "return", "gain": gain, "from": absolute(receiver, start),
                       "to": absolute(receiver, spot)})
            self._proceed({"do": "possession", "team": receiver, "spot": spot}, drive_over=True)

    def _punt(self, coffin: bool) -> None:
        kicker, receiver = self.offense, self.defense
        card = self._draw("punt")
        if card.punt == BLOCKED_ICON:
            start = field.flip(self.ball)
            self._say(Message("The punt is BLOCKED! {team} picks it up and runs.", team=self.label(receiver)), "punt",
                      {"seat": kicker, "result": "blocked", "from": absolute(kicker, self.ball),
                       "to": absolute(receiver, start)})
            gain, ending = self._breakaway_chain(self._draw("blocked-punt return"), start, 0)
            self._return(receiver, start, gain, ending, "blocked punt")
            return
        distance = max(1, int(card.punt) - (2 if coffin else 0))
        landing = self.ball + distance
        if landing >= field.GOAL_LINE:
            where = self._where(receiver, field.TOUCHBACK_SPOT)
            said = (PluralMessage("The coffin-corner punt of {count} yard lines reaches the end zone: touchback, "
                                  "{where}.", "The coffin-corner punt of {count} yard lines reaches the end zone: "
                                  "touchback, {where}.", distance, where=where) if coffin else
                    PluralMessage("The punt of {count} yard lines reaches the end zone: touchback, {where}.",
                                  "The punt of {count} yard lines reaches the end zone: touchback, {where}.",
                                  distance, where=where))
            self._say(said, "punt",
                      {"seat": kicker, "result": "touchback", "distance": distance, "coffin": coffin,
                       "from": absolute(kicker, self.ball), "to": absolute(receiver, field.TOUCHBACK_SPOT)})
            self._proceed({"do": "possession", "team": receiver, "spot": field.TOUCHBACK_SPOT}, drive_over=True)
            return
        start = field.flip(landing)
        spot = field.on_yard_line(start, "their")
        said = (PluralMessage("The coffin-corner punt travels {count} yard lines, fielded by {team} {spot}.",
                              "The coffin-corner punt travels {count} yard lines, fielded by {team} {spot}.",
                              distance, team=self.label(receiver), spot=spot) if coffin else
                PluralMessage("The punt travels {count} yard lines, fielded by {team} {spot}.",
                              "The punt travels {count} yard lines, fielded by {team} {spot}.",
                              distance, team=self.label(receiver), spot=spot))
        self._say(said, "punt",
                  {"seat": kicker, "result": "kicked", "distance": distance, "coffin": coffin,
                   "from": absolute(kicker, self.ball), "to": absolute(receiver, start)})
        card = self._draw("punt return")
        value = card.offense_breakaway
        if value == TOUCHDOWN_ICON:
            self._return(receiver, start, 0, "touchdown", "punt")
        elif value == FUMBLE_ICON:
            self._return(receiver, start, 0, "fumble", "punt")
        else:
            self._return(receiver, start, int(value), "tackle", "punt")

    def _free_kick(self, kicker: int) -> None:
        """After a safety: a punt from the kicker's own 20 (never blocked), returned as a breakaway."""
        receiver = 1 - kicker
        card = self._draw("free kick")
        while card.punt == BLOCKED_ICON:
            card = self._draw("free kick")
        landing = field.FREE_KICK_SPOT + int(card.punt)
        start = field.flip(landing)
        self._say(PluralMessage("{team} free-kicks {count} yard lines from its own 20.",
                                "{team} free-kicks {count} yard lines from its own 20.", int(card.punt),
                                team=self.label(kicker)), "free_kick",
                  {"seat": kicker, "distance": card.punt, "from": absolute(kicker, field.FREE_KICK_SPOT),
                   "to": absolute(receiver, start)})
        gain, ending = self._breakaway_chain(self._draw("free-kick return"), start, 0)
        self._return(receiver, start, gain, ending, "free kick")

    @staticmethod
    def _kick_words(value: int | str, distance: int, iced: bool) -> Message:
        """'the card shows 7, 6 needed' (with icing: 'the card shows 7, 6 after icing, 6 needed')."""
        if value == MISS_ICON:
            return Message("the card shows a missed kick")
        if iced:
            return Message("the card shows {value}, {iced} after icing, {needed} needed", value=value,
                           iced=int(value) - 1, needed=distance)
        return Message("the card shows {value}, {needed} needed", value=value, needed=distance)

    def _field_goal(self, iced: bool) -> None:
        kicker = self.offense
        distance = field.field_goal_distance(self.ball)
        card = self._draw("field goal")
        value = card.field_goal
        good = value != MISS_ICON and int(value) - (1 if iced else 0) >= distance
        data = {"seat": kicker, "distance": distance, "value": value, "iced": iced, "good": good,
                "card": card.number}
        if good:
            self.score[kicker] += 3
            self._say(Message("Field goal {spot} is GOOD ({card}): {team} +3.", spot=field.from_yard_line(self.ball),
                              card=self._kick_words(value, distance, iced), team=self.label(kicker)), "field_goal", {**data, "score": list(self.score)})
            self._proceed({"do": "kickoff", "team": kicker, "after_score": True}, drive_over=True)
        else:
            spot = max(field.TOUCHBACK_SPOT, field.flip(self.ball))
            self._say(Message("Field goal {spot} is NO GOOD ({card}): {where}.", spot=field.from_yard_line(self.ball),
                              card=self._kick_words(value, distance, iced), where=self._where(self.defense, spot)),
                      "field_goal", {**data, "to": absolute(self.defense, spot)})
            self._proceed({"do": "possession", "team": self.defense, "spot": spot}, drive_over=True)

    # --- special plays -----------------------------------------------------------------------------
    def _hail_mary(self) -> None:
        o, d = self.offense, self.defense
        cards = field.hail_mary_cards(self.ball)
        self._say(PluralMessage("Hail Mary! Up to {count} Game Day card: a 9 completes it, a missed kick is a pick-six.",
                                "Hail Mary! Up to {count} Game Day cards: a 9 completes it, a missed kick is a "
                                "pick-six.", cards), "hail_mary", {"seat": o, "cards": cards})
        for _ in range(cards):
            card = self._draw("Hail Mary")
            if card.field_goal == field.HAIL_MARY_COMPLETION_VALUE:
                start = self.ball
                if start + field.HAIL_MARY_GAIN >= field.GOAL_LINE:
                    self._say(Message("The Hail Mary is CAUGHT in the end zone!"), "hail_mary_result",
                              {"seat": o, "result": "touchdown", "from": absolute(o, start),
                               "to": absolute(o, field.GOAL_LINE)})
                    self._touchdown(o)
                    return
                self._say(Message("The Hail Mary is CAUGHT: 10 yard lines and an offense breakaway!"),
                          "hail_mary_result",
                          {"seat": o, "result": "complete", "from": absolute(o, start),
                           "to": absolute(o, start + field.HAIL_MARY_GAIN)})
                gain, ending = self._breakaway_chain(self._draw("breakaway"), start, field.HAIL_MARY_GAIN)
                self._finish_scrimmage(PlayResult(gain, turnover=FUMBLE if ending == "fumble" else "",
                                                  touchdown=ending == "touchdown", how="Hail Mary"),
                                       played_card=False)
                return
            if card.field_goal == MISS_ICON:
                self._say(Message("The Hail Mary is INTERCEPTED and returned for a touchdown by {team}!",
                                  team=self.label(d)),
                          "hail_mary_result", {"seat": o, "result": "pick_six", "from": absolute(o, self.ball),
                                               "to": absolute(d, field.GOAL_LINE)})
                self._touchdown(d)
                return
        self._say(Message("The Hail Mary falls incomplete."), "hail_mary_result",
                  {"seat": o, "result": "incomplete", "from": absolute(o, self.ball), "to": absolute(o, self.ball)})
        self._finish_scrimmage(PlayResult(0, incomplete=True, how="Hail Mary"), played_card=False)

    def _qb_kneel(self) -> None:
        o = self.offense
        self._say(Message("{team} takes a knee: one yard line lost, no Game Day card.", team=self.label(o)), "kneel",
                  {"seat": o, "from": absolute(o, self.ball), "to": absolute(o, self.ball - 1)})
        self._finish_scrimmage(PlayResult(-1, how="QB kneel"), played_card=False)

    # --- the snap: reveal and Game Day card ----------------------------------------------------------
    def _matchup(self) -> Matchup:
        reveal = self.reveal
        assert reveal is not None
        revealed = self._revealed
        if revealed is not None and revealed[0] is reveal:
            return revealed[1]
        off, dfn = reveal["offense"], reveal["defense"]
        matchup = compare(self.team(self.offense).offense_card(off["card"]).play(off["end"]),
                          self.team(self.defense).defense_card(dfn["card"]).play(dfn["end"]))
        self._revealed = (reveal, matchup)
        return matchup

    def _reveal(self) -> None:
        o, d = self.offense, self.defense
        oc, dc = self.commits[o], self.commits[d]
        assert oc is not None and dc is not None
        off_play = self.team(o).offense_card(oc["card"]).play(oc["end"])
        def_play = self.team(d).defense_card(dc["card"]).play(dc["end"])
        m = compare(off_play, def_play)
        self.reveal = {
            "offense": {"seat": o, "card": oc["card"], "end": oc["end"], "play_type": off_play.play_type,
                        "kind": off_play.kind, "strength": off_play.strength,
                        "low_percentage": off_play.low_percentage},
            "defense": {"seat": d, "card": dc["card"], "end": dc["end"], "name": def_play.name,
                        "run_strength": def_play.run_strength, "pass_strength": def_play.pass_strength,
                        "prevent": def_play.prevent},
            "offense_value": m.offense_value, "defense_value": m.defense_value,
            "breakaway": m.breakaway, "base": m.base, "ball": self.ball,
        }
        self._revealed = (self.reveal, m)
        self.commits = [None, None]
        self.calls = [None, None]
        if not self.two_point:
            self.snaps += 1
        self._say(Message("Reveal: {play} against {defense} (run {run}, pass {passing}).", play=off_play.words(),
                          defense=Message(def_play.name), run=def_play.run_strength, passing=def_play.pass_strength),
                  "reveal",
                  {"offense": dict(self.reveal["offense"]), "defense": dict(self.reveal["defense"]),
                   "breakaway": m.breakaway}, reveals=True)
        if field.restricted_pass(off_play.play_type, self.ball):
            self._restricted_pass_penalty(off_play.play_type)
            return
        if m.breakaway:
            creator = o if m.breakaway == OFFENSE else d
            said = (Message("Offense breakaway: {defense} loses to {play}!", defense=Message(def_play.name),
                            play=Message(off_play.play_type)) if m.breakaway == OFFENSE else
                    Message("Defense breakaway: {defense} wins against {play}!", defense=Message(def_play.name),
                            play=Message(off_play.play_type)))
            self._say(said, "breakaway", {"side": m.breakaway, "seat": creator})
            self._earn_back_flag(creator)
        self._draw("play")
        if m.breakaway == OFFENSE:
            self._set_phase(BREAKAWAY_CHOICE, o, {"side": OFFENSE})
        elif m.breakaway == DEFENSE:
            self._set_phase(BREAKAWAY_CHOICE, d, {"side": DEFENSE})
        else:
            self._event_stage(offense_breakaway=False, breakaway=False)

    def _restricted_pass_penalty(self, play_type: str) -> None:
        """Long Pass inside the 15 or Medium Pass on the 5: lose a yard line, no play, replay the down."""
        o = self.offense
        if not self.two_point:
            self._return_play_card()
        before = self.ball
        self.ball -= 1
        self._say(Message("{play} is not allowed {spot}: penalty, one yard line lost, replay the down.",
                          play=Message(play_type), spot=field.on_yard_line(before)), "restricted_pass",
                  {"seat": o, "play_type": play_type, "from": absolute(o, before), "to": absolute(o, self.ball)})
        self._proceed({"do": "snap"}, drive_over=False)

    def _earn_back_flag(self, seat: int) -> None:
        """A team without its flag, tied or losing, wins it back by creating a breakaway."""
        if not self.flags[seat] and self.score[seat] <= self.score[1 - seat]:
            self.flags[seat] = True
            self._say(Message("{team} earns its challenge flag back.", team=self.label(seat)), "flag_earned",
                      {"seat": seat})

    def _offer_challenge(self, penalty: bool) -> None:
        """After the Game Day card of a play that is not a breakaway (and after a penalty was accepted), each side
        whose flag could help it and is ready may throw it: the defense first, then the offense."""
        sides = flag_sides(self._matchup(), self._current_card())
        self._ask_challenge([self.offense if side == OFFENSE else self.defense for side in sides], penalty)

    def _ask_challenge(self, seats: list[int], penalty: bool) -> None:
        """Ask the first of ``seats`` with its flag ready; when every one has let the play stand, resolve it with
        its event (the penalty, when one was accepted)."""
        for index, seat in enumerate(seats):
            if self.flags[seat]:
                self._set_phase(CHALLENGE, seat, {"seat": seat, "next": seats[index + 1:], "penalty": penalty})
                return
        if penalty:
            self._enforce_penalty()
        else:
            self._finish_scrimmage(result_with_event(self._matchup(), self._current_card()))

    def _event_stage(self, offense_breakaway: bool, breakaway: bool) -> None:
        """The play event of the Game Day card: a penalty to accept or decline, else the play's result (a play
        that is not a breakaway goes through the challenge window first)."""
        m = self._matchup()
        card = self._current_card()
        penalty = matching_penalty(card, m)
        if penalty is None:
            if breakaway:
                self._finish_scrimmage(result_with_event(m, card, offense_breakaway))
            else:
                self._offer_challenge(penalty=False)
            return
        penalized = self.offense if card.event.side == OFFENSE else self.defense
        chooser = 1 - penalized
        said = (Message("Flag on the play: {penalty} on {team} (accept or decline).", penalty=Message(penalty.name),
                        team=self.label(penalized)) if penalty.declinable else
                Message("Flag on the play: {penalty} on {team} (cannot be declined).", penalty=Message(penalty.name),
                        team=self.label(penalized)))
        self._say(said, "penalty",
                  {"seat": penalized, "penalty": card.event.penalty_key, "name": penalty.name,
                   "lines": penalty.lines, "declinable": penalty.declinable})
        if penalty.declinable:
            self._set_phase(PENALTY_CHOICE, chooser, {"chooser": chooser, "penalty": card.event.penalty_key,
                                                      "penalized": penalized, "breakaway": breakaway})
        elif breakaway:
            self._enforce_penalty()
        else:
            self._offer_challenge(penalty=True)

    def _enforce_penalty(self) -> None:
        """Move the ball (never onto a goal line: stop at the 5), then replay, lose the down or award a first down."""
        o = self.offense
        card = self._current_card()
        penalty = card.event.penalty
        assert penalty is not None
        before = self.ball
        if card.event.side == DEFENSE:
            self.ball = max(self.ball, min(self.ball + penalty.lines, field.PENALTY_LIMIT_FORWARD))
        else:
            self.ball = min(self.ball, max(self.ball - penalty.lines, field.PENALTY_LIMIT_BACK))
        moved = self.ball - before
        name = Message(penalty.name)
        if moved == 0:
            enforced = Message("{penalty}: no yardage (the ball stays put)", penalty=name)
        elif moved > 0:
            enforced = Message("{penalty}: {lines} forward", penalty=name, lines=lines(moved))
        else:
            enforced = Message("{penalty}: {lines} back", penalty=name, lines=lines(-moved))
        data = {"seat": o, "penalty": card.event.penalty_key, "from": absolute(o, before),
                "to": absolute(o, self.ball)}
        if self.two_point:
            if penalty.loss_of_down:
                self._say(Message("{penalty}: the two-point try fails.", penalty=enforced), "penalty_enforced", data)
                self._finish_two_point(False)
            else:
                self._say(Message("{penalty}: replay the try.", penalty=enforced), "penalty_enforced", data)
                self._proceed({"do": "snap"}, drive_over=False)
            return
        if penalty.replay_down:
            self._return_play_card()
        else:
            self._discard_play_card()
        if penalty.automatic_first_down or self.ball >= self.target:
            self._first_down()
            said = (Message("{penalty}, automatic first down.", penalty=enforced) if penalty.automatic_first_down
                    else Message("{penalty}, first down.", penalty=enforced))
        elif penalty.loss_of_down:
            self.down += 1
            said = Message("{penalty}, loss of down.", penalty=enforced)
        else:
            said = Message("{penalty}, replay the down.", penalty=enforced)
        self._say(said, "penalty_enforced", data)
        if self.down > DOWNS:
            self._turnover_on_downs()
        else:
            self._proceed({"do": "snap"}, drive_over=False)

    def _offense_breakaway_run(self) -> None:
        m = self._matchup()
        gain, ending = self._breakaway_chain(self._current_card(), self.ball, m.base)
        self._finish_scrimmage(PlayResult(gain, turnover=FUMBLE if ending == "fumble" else "",
                                          touchdown=ending == "touchdown", how="offense breakaway"))

    # --- the result of a scrimmage play --------------------------------------------------------------
    def _return_play_card(self) -> None:
        card = self.reveal["offense"]["card"] if self.reveal else None
        if card is not None and card not in self.hands[self.offense]:
            self.hands[self.offense].append(card)
            self.hands[self.offense].sort()

    def _discard_play_card(self) -> None:
        self.discards[self.offense].append(self.reveal["offense"]["card"])  # type: ignore[index]

    def _first_down(self) -> None:
        self.down = 1
        self.target = field.next_first_down_line(self.ball)

    def _narrate_play(self, result: PlayResult, played_card: bool) -> tuple[Message, ...]:
        """The play in words, clause by clause (shown joined by commas): the matchup, the breakaway or the plain
        gain, what the Game Day card did."""
        if not played_card:
            return (Message("Hail Mary") if result.how == "Hail Mary" else Message("QB kneel"),)
        m = self._matchup()
        parts = [m.words()]
        if m.breakaway == DEFENSE:
            parts.append(Message("defense breakaway"))
            if result.how == "defense breakaway":
                parts.append(Message("the defense stops it cold") if result.gain == 0
                             else Message("the defense breakaway throws it back {lines}", lines=short(-result.gain)))
        elif m.breakaway == OFFENSE:
            parts.append(Message("offense breakaway, {lines} to start", lines=short(m.base)))
            extra = result.gain - m.base
            if result.how == "offense breakaway" and not result.touchdown:
                if extra > 0:
                    parts.append(Message("the breakaway run adds {lines}", lines=short(extra)))
                elif extra == 0:
                    parts.append(Message("tackled on the next card"))
                else:
                    parts.append(Message("dragged back {lines}", lines=short(-extra)))
        else:
            parts.append(Message("a gain of {lines}", lines=short(m.base)) if m.base else Message("no gain"))
        if result.modifier > 0:
            parts.append(Message("the Game Day card adds {value}", value=result.modifier))
        elif result.modifier < 0:
            parts.append(Message("the Game Day card takes away {value}", value=-result.modifier))
        if result.how == "the play event does not match the play":
            parts.append(Message("the Game Day event is for a run, no effect") if self._current_card().event.kind == RUN
                         else Message("the Game Day event is for a pass, no effect"))
        if result.how.startswith("low-percentage"):
            parts.append(Message("the target pass is complete (green text)") if not result.incomplete
                         else Message("the target pass is incomplete (red text)"))
        return tuple(parts)

    def _finish_scrimmage(self, result: PlayResult, played_card: bool = True) -> None:
        """Move the ball and the downs after a play: score, turnover, first down or next down."""
        if self.two_point:
            success = not result.turnover and (result.touchdown or self.ball + result.gain >= field.GOAL_LINE)
            story = self._narrate_play(result, played_card)
            self._say(Message("{story}: the two-point try is GOOD.", story=story) if success else
                      Message("{story}: the two-point try fails.", story=story), "play",
                      {"seat": self.offense, "gain": result.gain, "result": "two_point",
                       "from": absolute(self.offense, self.ball),
                       "to": absolute(self.offense, min(field.GOAL_LINE, self.ball + max(result.gain, 0)))})
            self._finish_two_point(success)
            return
        o = self.offense
        if played_card:
            late_incomplete = (result.incomplete and self.options["late_half_incompletions"] and self.late_half()
                               and len(self.hands[o]) + 1 <= LATE_HALF_CARDS)
            if late_incomplete:
                self._return_play_card()
                self._say(Message("Late in the half, the incomplete pass keeps its card in the hand."), "late_incompletion",
                          {"seat": o})
            else:
                self._discard_play_card()
        start = self.ball
        story = self._narrate_play(result, played_card)
        spot = start + result.gain
        base = {"seat": o, "gain": result.gain, "from": absolute(o, start)}
        if result.turnover:
            self._turnover(result, story, spot)
            return
        if result.touchdown or spot >= field.GOAL_LINE:
            self._say(Message("{story}: TOUCHDOWN {team}!", story=story, team=self.label(o)), "play",
                      {**base, "result": "touchdown", "to": absolute(o, field.GOAL_LINE)})
            self._touchdown(o)
            return
        if spot <= 0:
            self._say(Message("{story}: tackled in the end zone, SAFETY!", story=story), "play",
                      {**base, "result": "safety", "to": absolute(o, 0)})
            self._safety(o)
            return
        self.ball = spot
        outcome = Message("incomplete pass") if result.incomplete else yardage(result.gain)
        if self.ball >= self.target:
            self._first_down()
            self._say(Message("{story}: {outcome}, FIRST DOWN {spot}.", story=story, outcome=outcome,
                              spot=field.on_yard_line(self.ball)), "play",
                      {**base, "result": "first_down", "incomplete": result.incomplete, "to": absolute(o, spot)})
            self._proceed({"do": "snap"}, drive_over=False)
            return
        self.down += 1
        if self.down > DOWNS:
            self._say(Message("{story}: {outcome}, short of the first-down line.", story=story, outcome=outcome), "play",
                      {**base, "result": "gain", "incomplete": result.incomplete, "to": absolute(o, spot)})
            self._turnover_on_downs()
            return
        self._say(Message("{story}: {outcome}; {down} {spot}.", story=story, outcome=outcome, down=self.down_words(),
                          spot=field.on_yard_line(self.ball)), "play",
                  {**base, "result": "gain", "incomplete": result.incomplete, "to": absolute(o, spot)})
        self._proceed({"do": "snap"}, drive_over=False)

    def _turnover(self, result: PlayResult, story: tuple[Message, ...], spot: int) -> None:
        """Fumbles change hands where the ball is; interceptions at the new spot, end zone = touchback."""
        o, d = self.offense, self.defense
        kind = result.turnover
        said = _TURNOVER_WORDS[kind]
        data = {"seat": o, "gain": result.gain, "from": absolute(o, self.ball), "turnover": kind}
        if kind == INTERCEPTION and spot >= field.GOAL_LINE:
            sentence = said["touchback"]
            self._say(Message(sentence, story=story, where=self._where(d, field.TOUCHBACK_SPOT)),
                      "turnover", {**data, "result": "touchback", "to": absolute(d, field.TOUCHBACK_SPOT)})
            self._proceed({"do": "possession", "team": d, "spot": field.TOUCHBACK_SPOT}, drive_over=True)
        elif spot <= 0:
            sentence = said["touchdown"]
            self._say(Message(sentence, story=story, team=self.label(d)), "turnover",
                      {**data, "result": "touchdown", "to": absolute(o, 0)})
            self._touchdown(d)
        else:
            new = field.flip(min(spot, field.GOAL_LINE - 1))
            sentence = said["turnover"]
            self._say(Message(sentence, story=story, where=self._where(d, new)), "turnover",
                      {**data, "result": "turnover", "to": absolute(d, new)})
            self._proceed({"do": "possession", "team": d, "spot": new}, drive_over=True)

    def _turnover_on_downs(self) -> None:
        d = self.defense
        spot = field.flip(self.ball)
        self.down = DOWNS
        self._say(Message("Turnover on downs: {where}.", where=self._where(d, spot)), "downs",
                  {"seat": self.offense, "to": absolute(d, spot)})
        self._proceed({"do": "possession", "team": d, "spot": spot}, drive_over=True)

    # --- scoring ------------------------------------------------------------------------------------------
    def _touchdown(self, team: int) -> None:
        self.score[team] += 6
        self.offense = team
        self._say(Message("Touchdown {team}: {score}.", team=self.label(team), score=self.score_words()), "touchdown",
                  {"seat": team, "score": list(self.score)})
        if self.quarter >= 5:
            self._end_game(Message("a touchdown ends overtime"))
            return
        self._set_phase(CONVERSION, team, {"team": team})

    def _after_conversion(self) -> None:
        self.two_point = False
        self._proceed({"do": "kickoff", "team": self.offense, "after_score": True}, drive_over=True)

    def _finish_two_point(self, success: bool) -> None:
        team = self.offense
        if success:
            self.score[team] += 2
        self._say(Message("Two-point try is GOOD: {score}.", score=self.score_words()) if success else
                  Message("Two-point try fails: {score}.", score=self.score_words()), "two_point",
                  {"seat": team, "good": success, "score": list(self.score)})
        self._after_conversion()

    def _safety(self, scored_on: int) -> None:
        self.score[1 - scored_on] += 2
        self._say(Message("Safety: {team} +2 ({score}).", team=self.label(1 - scored_on), score=self.score_words()),
                  "safety",
                  {"seat": 1 - scored_on, "score": list(self.score)})
        if self.quarter >= 5:
            self._end_game(Message("a safety ends overtime"))
            return
        self.offense = scored_on
        self._proceed({"do": "free_kick", "team": scored_on}, drive_over=True)

    def score_words(self) -> Message:
        """'Lightning 14, Fire 10'."""
        return Message("{home} {home_score}, {away} {away_score}", home=self.label(0), home_score=self.score[0],
                       away=self.label(1), away_score=self.score[1])

    # --- drives, the card clock, quarters -------------------------------------------------------------
    def _start_drive(self, team: int, spot: int) -> None:
        self.offense = team
        self.ball = spot
        self.down = 1
        self.target = field.next_first_down_line(spot)
        self.drives[team] += 1
        if self.quarter >= 5:
            self.ot_drives += 1
        self.commits = [None, None]
        self.calls = [None, None]
        self._say(Message("{team} starts a drive {spot}: {down}.", team=self.label(team), spot=field.on_yard_line(spot),
                          down=self.down_words()), "drive",
                  {"seat": team, "ball": absolute(team, spot)})
        self._set_phase(OFFENSE_CALL, team)

    def _proceed(self, step: dict[str, Any], drive_over: bool) -> None:
        """After a play: overtime's end, the card clock (quarter ends, matching discards), then ``step``.

        A two-point try is untimed: its replayed downs never touch the clock.
        """
        if self.two_point:
            self._do(step)
            return
        if drive_over and self._overtime_decided():
            self._end_game(Message("overtime is decided"))
            return
        if min(len(self.hands[0]), len(self.hands[1])) == 0:
            self._end_of_quarter(step)
            return
        if drive_over and len(self.hands[0]) != len(self.hands[1]):
            richer = 0 if len(self.hands[0]) > len(self.hands[1]) else 1
            count = len(self.hands[richer]) - len(self.hands[1 - richer])
            self.after_clock = step
            self._say(PluralMessage("{team} must discard {count} offense card to match the clock.",
                                    "{team} must discard {count} offense cards to match the clock.", count,
                                    team=self.label(richer)), "clock", {"seat": richer, "count": count})
            self._set_phase(CLOCK_DISCARD, richer, {"seat": richer, "count": count})
            return
        self._do(step)

    def _do(self, step: dict[str, Any]) -> None:
        what = step["do"]
        if what == "snap":
            self._set_phase(OFFENSE_CALL, self.offense)
        elif what == "possession":
            self._start_drive(step["team"], step["spot"])
        elif what == "kickoff":
            if step["after_score"]:
                self._set_phase(KICKOFF, step["team"], {"kicker": step["team"]})
            else:
                self._kick_off(step["team"])
        else:
            self._free_kick(step["team"])

    def _overtime_decided(self) -> bool:
        """Pro rules: after the first possession, a drive that ends with someone ahead decides it.

        Sudden death: the first score decides it.
        """
        if self.quarter < 5 or self.score[0] == self.score[1]:
            return False
        if self.options["overtime"] == SUDDEN_DEATH:
            return True
        return self.ot_drives >= 2

    def _reclaim(self) -> None:
        for seat in (0, 1):
            self.hands[seat] = list(range(1, OFFENSE_CARDS_PER_TEAM + 1))
            self.discards[seat] = []

    def _end_of_quarter(self, step: dict[str, Any]) -> None:
        """A team played its last offense card: the quarter (and maybe the half or the game) is over."""
        q = self.quarter
        self.after_clock = None
        self._say(Message("End of {period}: {score}.", period=period_words(q), score=self.score_words()),
                  "quarter_end", {"quarter": q, "score": list(self.score)})
        if q in (1, 3):
            self._reclaim()
            self.quarter += 1
            self._do(step)
        elif q == 2:
            self._reclaim()
            self.quarter = 3
            self.timeouts = [TIME_OUTS_PER_HALF, TIME_OUTS_PER_HALF]
            self._say(Message("Halftime. Time outs are back to 3 each."), "halftime", {})
            self._kick_off(self.opening_receiver)
        elif q == 4 and self.score[0] == self.score[1]:
            self._start_overtime()
        elif (q >= 5 and self.options["overtime"] == SUDDEN_DEATH and self.score[0] == self.score[1]
              and q - 4 < MAX_SUDDEN_DEATH_PERIODS):
            self._reclaim()
            self.quarter += 1
            self._say(Message("Sudden death goes on into another overtime period."), "overtime",
                      {"period": self.quarter - 4})
            self._do(step)
        else:
            self._end_game(Message("time has run out"))

    def _start_overtime(self) -> None:
        self._reclaim()
        self.quarter = 5
        self.timeouts = [TIME_OUTS_IN_OVERTIME, TIME_OUTS_IN_OVERTIME]
        self.ot_drives = 0
        winner = self.rng.randrange(2)
        said = (Message("Tied after four quarters: OVERTIME (pro rules). {team} wins the toss.", team=self.label(winner))
                if self.options["overtime"] == PRO_OVERTIME else
                Message("Tied after four quarters: OVERTIME (sudden death). {team} wins the toss.",
                        team=self.label(winner)))
        self._say(said, "overtime",
                  {"period": 1, "rule": self.options["overtime"], "winner": winner})
        self._set_phase(TOSS, winner, {"winner": winner})

    def _end_game(self, why: Message) -> None:
        self.after_clock = None
        if self.score[0] == self.score[1]:
            note = Message("Final: {home} and {away} tie {score}-{score} ({why}).", home=self.label(0),
                           away=self.label(1), score=self.score[0], why=why)
        else:
            winner = 0 if self.score[0] > self.score[1] else 1
            note = Message("Final: {winner} beat {loser} {winner_score}-{loser_score} ({why}).",
                           winner=self.label(winner), loser=self.label(1 - winner), winner_score=self.score[winner],
                           loser_score=self.score[1 - winner], why=why)
        self.note = note.to_json()  # plain data, as every public field (saves, views, clones)
        self._say(note, "game_end", {"score": list(self.score)})
        self._set_phase(OVER, None)

    # --- results --------------------------------------------------------------------------------------
    def outcome(self) -> Outcome:
        note = self.note  # message data; a save from before messages holds the English text
        return Outcome.from_scores(list(self.score), over=self.phase == OVER,
                                   note=message_from_json(note) if isinstance(note, dict) and note else note or "")

    def summary(self) -> dict[str, Any]:
        return {
            "score": {self.team_name(s).english(): self.score[s] for s in (0, 1)},
            "drives": {self.team_name(s).english(): self.drives[s] for s in (0, 1)},
            "quarters": self.quarter,
            "overtime": self.quarter >= 5,
        }

    def record_stats(self, seat: int) -> dict[str, float]:
        """Points scored in a finished game, and the winning margin when ``seat`` won."""
        if self.phase != OVER:
            return {}
        stats: dict[str, float] = {"points": self.score[seat]}
        margin = self.score[seat] - self.score[1 - seat]
        if margin > 0:
            stats["win_margin"] = margin
        return stats

    @property
    def turn(self) -> int:
        return self.snaps

    def check_invariants(self) -> None:
        for seat in (0, 1):
            cards = list(self.hands[seat]) + list(self.discards[seat])
            on_board = self.card_on_board(seat)
            if on_board is not None:
                cards.append(on_board)
            assert sorted(cards) == list(range(1, OFFENSE_CARDS_PER_TEAM + 1)), f"seat {seat}'s offense cards"
        assert sorted(self.gd_deck + self.gd_discard) == list(range(1, len(GAME_DAY_DECK) + 1)), "Game Day deck"
        assert 0 <= self.ball <= field.GOAL_LINE and 1 <= self.down <= DOWNS
        assert all(0 <= t <= TIME_OUTS_PER_HALF for t in self.timeouts)
        if self.phase != OVER:
            assert self.legal_actions(), f"no legal action in phase {self.phase}"

    # --- information ------------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        out = {name: _copy(getattr(self, name)) for name in PUBLIC_FIELDS}
        out["seat"] = seat
        out["hand_counts"] = [len(h) for h in self.hands]
        out["discard_counts"] = [len(d) for d in self.discards]
        out["gd_deck_count"] = len(self.gd_deck)
        if seat is None:
            out["hand"] = out["discard"] = out["commit"] = None
        else:
            out["hand"] = list(self.hands[seat])
            out["discard"] = sorted(self.discards[seat])
            commit = self.commits[seat]
            out["commit"] = dict(commit) if commit else None
        return out

    @classmethod
    def from_view(cls, view: Mapping[str, Any], seed: int) -> "FootballState":
        state = cls()
        for name in PUBLIC_FIELDS:
            setattr(state, name, _copy(view[name]))
        state.rng = Rng(seed)
        seat = view["seat"]
        used = set(state.gd_discard)
        state.gd_deck = shuffled(state.rng, [c.number for c in GAME_DAY_DECK if c.number not in used])
        state.hands = [[], []]
        state.discards = [[], []]
        state.commits = [None, None]
        for s in (0, 1):
            if s == seat:
                state.hands[s] = list(view["hand"])
                state.discards[s] = list(view["discard"])
                state.commits[s] = dict(view["commit"]) if view["commit"] else None
            else:
                state._sample_hidden(s, view["hand_counts"][s])
        return state

    def _sample_hidden(self, seat: int, hand_count: int) -> None:
        """Deal a consistent guess of another seat's hand, discards and face-down card."""
        team = self.team(seat)
        pool = list(range(1, OFFENSE_CARDS_PER_TEAM + 1))
        call = self.calls[seat]
        if call is not None:
            cards = team.offense if seat == self.offense else team.defense
            candidates = [c.number for c in cards if c.formation == call["formation"]]
            self.commits[seat] = {"card": self.rng.choice(candidates), "end": 1 + self.rng.randrange(2)}
        on_board = self.card_on_board(seat)
        if on_board is not None:
            pool.remove(on_board)
        self.rng.shuffle(pool)
        self.hands[seat] = sorted(pool[:hand_count])
        self.discards[seat] = sorted(pool[hand_count:])

    # --- persistence ------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        data = {name: _copy(getattr(self, name)) for name in PUBLIC_FIELDS + PRIVATE_FIELDS}
        data["rng"] = self.rng.to_json()
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "FootballState":
        state = cls()
        for name in PUBLIC_FIELDS + PRIVATE_FIELDS:
            setattr(state, name, _copy(data[name]))
        for name in ("teams", "score", "timeouts", "flags", "drives", "hands", "discards", "gd_deck", "gd_discard"):
            if not isinstance(getattr(state, name), list):
                raise TypeError(f"'{name}' must be a list")
        if state.phase != OVER and not hasattr(state, f"_on_{state.phase}"):
            raise ValueError(f"unknown phase '{state.phase}'")
        for team in state.teams:
            if team not in TEAMS:
                raise ValueError(f"unknown team '{team}'")
        state.rng = Rng.from_json(data["rng"])
        return state

    def clone(self) -> "FootballState":
        state = FootballState.__new__(FootballState)
        state.num_seats = 2
        for name in PUBLIC_FIELDS + PRIVATE_FIELDS:
            setattr(state, name, _copy(getattr(self, name)))
        state.rng = self.rng.copy()
        state._events = []
        state._revealed = None
        return state

    #: the legal actions and the handler of each phase (filled in below the class), found by phase
    #: once per move instead of by building a method name
    _LEGAL: dict[str, Callable[["FootballState"], list[Action]]] = {}
    _ON: dict[str, Callable[["FootballState", Action], None]] = {}


for _phase in (TOSS, KICKOFF, OFFENSE_CALL, KICK_DISCARD, RETRIEVE, DEFENSE_CALL, OFFENSE_AUDIBLE, DEFENSE_AUDIBLE,
               ICE, BREAKAWAY_CHOICE, CHALLENGE, PENALTY_CHOICE, CONVERSION, CLOCK_DISCARD):
    FootballState._LEGAL[_phase] = getattr(FootballState, f"_legal_{_phase}")
    FootballState._ON[_phase] = getattr(FootballState, f"_on_{_phase}")


#: a turnover in words, by kind and where the ball ends up
_TURNOVER_WORDS: dict[str, dict[str, str]] = {
    FUMBLE: {
        "touchdown": N_("{story}: FUMBLE in the end zone, TOUCHDOWN {team}!"),
        "turnover": N_("{story}: FUMBLE! {where}."),
    },
    INTERCEPTION: {
        "touchback": N_("{story}: INTERCEPTION in the end zone, touchback: {where}."),
        "touchdown": N_("{story}: INTERCEPTION in the end zone, TOUCHDOWN {team}!"),
        "turnover": N_("{story}: INTERCEPTION! {where}."),
    },
}
#: how a kick return ends, by kick ("punt", "blocked punt", "free kick") and ending
_RETURN_WORDS: dict[str, dict[str, str]] = {
    "punt": {
        "touchdown": N_("{team} takes the punt back for a touchdown!"),
        "fumble": N_("{team} fumbles the punt! {kicker} recovers: {where}."),
        "safety": N_("{team} is tackled in the end zone on the punt."),
        "return": N_("Punt return: {gain}, {where}."),
    },
    "blocked punt": {
        "touchdown": N_("{team} takes the blocked punt back for a touchdown!"),
        "fumble": N_("{team} fumbles the blocked punt! {kicker} recovers: {where}."),
        "safety": N_("{team} is tackled in the end zone on the blocked punt."),
        "return": N_("Blocked punt return: {gain}, {where}."),
    },
    "free kick": {
        "touchdown": N_("{team} takes the free kick back for a touchdown!"),
        "fumble": N_("{team} fumbles the free kick! {kicker} recovers: {where}."),
        "safety": N_("{team} is tackled in the end zone on the free kick."),
        "return": N_("Free kick return: {gain}, {where}."),
    },
}
#: what an announced kick or kneel is called ({team}: who announces it)
_ANNOUNCEMENTS: dict[str, str] = {
    "punt": N_("{team} announces a punt."),
    "coffin": N_("{team} announces a coffin-corner punt."),
    "fieldgoal": N_("{team} announces a field goal attempt."),
    "hailmary": N_("{team} announces a Hail Mary."),
    "kneel": N_("{team} announces a QB kneel."),
}
#: what each phase waits for, by phase ({team}: who decides), for refusals
_PHASE_PROMPTS: dict[str, str] = {
    TOSS: N_("{team} won the toss and chooses to receive or kick"),
    KICKOFF: N_("{team} kicks off, normally or onside"),
    OFFENSE_CALL: N_("{team} calls a play on offense"),
    KICK_DISCARD: N_("{team} discards an offense card"),
    RETRIEVE: N_("{team} takes an offense card back from the discard pile"),
    DEFENSE_CALL: N_("{team} calls a defense"),
    OFFENSE_AUDIBLE: N_("{team} may audible"),
    DEFENSE_AUDIBLE: N_("{team} may audible"),
    ICE: N_("{team} may ice the kicker"),
    BREAKAWAY_CHOICE: N_("{team} picks the play event or the breakaway value"),
    CHALLENGE: N_("{team} may throw the challenge flag"),
    PENALTY_CHOICE: N_("{team} accepts or declines the penalty"),
    CONVERSION: N_("{team} tries for one or two points"),
    CLOCK_DISCARD: N_("{team} discards offense cards to match the clock"),
}


def _either(choices: tuple[Message, ...]) -> Message | str:
    """'a', 'a or b', 'a or b or c': the choices a refusal offers (none once the game is over)."""
    if not choices:
        return ""
    if len(choices) == 1:
        return choices[0]
    return Message("{choices} or {last}", choices=_either(choices[:-1]), last=choices[-1])


#: what a Game Day draw tells, by (card number, purpose): the text and the event data (copied per event)
_DRAW_TOLD: dict[tuple[int, str], tuple[Message, dict[str, Any]]] = {}
#: the sentence of a Game Day draw, by what the card is drawn for ({card}: what it shows for that)
_DRAW_PURPOSES: dict[str, str] = {
    "play": N_("Game Day card for the play: {card}."),
    "kickoff": N_("Game Day card for the kickoff: {card}."),
    "onside kick": N_("Game Day card for the onside kick: {card}."),
    "punt": N_("Game Day card for the punt: {card}."),
    "punt return": N_("Game Day card for the punt return: {card}."),
    "blocked-punt return": N_("Game Day card for the blocked-punt return: {card}."),
    "free kick": N_("Game Day card for the free kick: {card}."),
    "free-kick return": N_("Game Day card for the free-kick return: {card}."),
    "field goal": N_("Game Day card for the field goal: {card}."),
    "extra point": N_("Game Day card for the extra point: {card}."),
    "Hail Mary": N_("Game Day card for the Hail Mary: {card}."),
    "breakaway": N_("Game Day card for the breakaway: {card}."),
}
#: the two-way choices of the small phases, built once, by the first choice
_FIXED_CHOICES: dict[str, tuple[Action, Action]] = {
    "accept": (act("accept"), act("decline")),
    "audible": (act("audible"), act("keep")),
    "challenge": (act("challenge"), act("nochallenge")),
    "event": (act("event"), act("breakaway")),
    "extrapoint": (act("extrapoint"), act("twopoint")),
    "ice": (act("ice"), act("noice")),
    "kickoff": (act("kickoff"), act("onside")),
    "receive": (act("receive"), act("kick")),
}
_PUNT, _COFFIN, _FIELD_GOAL, _HAIL_MARY, _KNEEL, _TIME_OUT = (
    act("punt"), act("coffin"), act("fieldgoal"), act("hailmary"), act("kneel"), act("timeout"))
#: the phases whose legal actions are one of those two-way choices
_PHASE_CHOICES: dict[str, tuple[Action, Action]] = {
    TOSS: _FIXED_CHOICES["receive"], KICKOFF: _FIXED_CHOICES["kickoff"], OFFENSE_AUDIBLE: _FIXED_CHOICES["audible"],
    DEFENSE_AUDIBLE: _FIXED_CHOICES["audible"], ICE: _FIXED_CHOICES["ice"], BREAKAWAY_CHOICE: _FIXED_CHOICES["event"],
    CHALLENGE: _FIXED_CHOICES["challenge"], PENALTY_CHOICE: _FIXED_CHOICES["accept"],
    CONVERSION: _FIXED_CHOICES["extrapoint"],
}
#: action lists by verb and cards ('call' has both ends of each card): hands recur, so each is built once
_CARD_ACTION_LISTS: dict[tuple[Any, ...], list[Action]] = {}


@lru_cache(maxsize=None)
def _card_verbs(verb: str, card: int) -> tuple[Action, ...]:
    """'VERB card', or for 'call' both ends of the card: 'call card 1', 'call card 2'."""
    return (act(verb, card, 1), act(verb, card, 2)) if verb == "call" else (act(verb, card),)


def _card_actions(verb: str, cards: Iterable[int]) -> list[Action]:
    """'VERB c' for every card in order ('call c 1' and 'call c 2' for 'call'); a new list the caller may
    extend."""
    key = (verb, *cards)
    actions = _CARD_ACTION_LISTS.get(key)
    if actions is None:
        if len(_CARD_ACTION_LISTS) > 8192:
            _CARD_ACTION_LISTS.clear()
        actions = []
        for card in key[1:]:
            actions += _card_verbs(verb, card)
        _CARD_ACTION_LISTS[key] = actions
    return list(actions)


