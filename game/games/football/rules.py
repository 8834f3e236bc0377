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
from typing import Any, Callable, Iterable, Mapping, cast

from game.core.protocol import EVERYONE, REVEALS, Action, Event, GameState, IllegalAction, Outcome, act
from game.core.rng import Rng, shuffled
from game.i18n import N_, Message, SeatName, message_from_json

from . import field
from .cards import GAME_DAY_DECK, MISS_ICON, OFFENSE, OFFENSE_CARDS_PER_TEAM, TEAMS, GameDayCard, Team, game_day_card
from .phases import (BREAKAWAY_CHOICE, CHALLENGE, CLOCK_DISCARD, CONVERSION, DEFENSE_AUDIBLE, DEFENSE_CALL, DOWNS, ICE,
                     KICKOFF, KICK_DISCARD, OFFENSE_AUDIBLE, OFFENSE_CALL, OVER, PENALTY_CHOICE, RETRIEVE,
                     TIME_OUTS_PER_HALF, TOSS)
from .plays import Matchup, defense_breakaway_result, result_declined, result_without_event
from .rules_words import corner_words, down_and_distance, team_words
from .rules_clock import ClockRules
from .rules_kicks import KickRules
from .rules_penalties import PenaltyRules
from .rules_scrimmage import ScrimmageRules
from .setup_facts import OVERTIME_RULES, PRO_OVERTIME, TEAM_NAMES
from .views import CallView, CommitView, FootballOptions, FootballView, NextStep, PendingView, RevealView


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


#: both seats' labels by the two team names (at most 16 pairings)
_LABELS: dict[tuple[str, str], tuple[SeatName, SeatName]] = {}


class FootballState(KickRules, ScrimmageRules, PenaltyRules, ClockRules, GameState):
    """The whole game: score, clock, ball, hands, the Game Day deck and the phase.

    The rules of each phase of play are in the classes it is made of: kicks (rules_kicks.py), scrimmage plays
    and scoring (rules_scrimmage.py), penalties and challenges (rules_penalties.py), the clock and overtime
    (rules_clock.py).
    """

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
        self.options = cast(FootballOptions, {})  # set by new(), from_view() and from_json()
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
        self.calls: list[CallView | None] = [None, None]
        self.reveal: RevealView | None = None
        self.pending: PendingView = {}
        self.after_clock: NextStep | None = None
        self.two_point = False
        self.ot_drives = 0
        #: the results note once the game is over, as message data (``Message.to_json``; a save from before
        #: messages holds its English text)
        self.note: dict[str, Any] | str = {}
        self.hands: list[list[int]] = [[], []]
        self.discards: list[list[int]] = [[], []]
        self.commits: list[CommitView | None] = [None, None]
        self.gd_deck: list[int] = []
        self.rng = Rng(0)
        self._events: list[Event] = []
        #: the last reveal and its matchup, so that the steps of one play compare the two cards once
        self._revealed: tuple[RevealView, Matchup] | None = None

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

    def _set_phase(self, phase: str, seat: int | None, pending: PendingView | None = None) -> None:
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

    # --- results --------------------------------------------------------------------------------------
    def outcome(self) -> Outcome:
        note = self.note  # message data; a save from before messages holds the English text
        if isinstance(note, dict):
            words = message_from_json(note) if note else ""
        else:
            words = note or ""
        return Outcome.from_scores(list(self.score), over=self.phase == OVER, note=words)

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
    def view(self, seat: int | None) -> FootballView:
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
        return cast(FootballView, out)

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
                commit: CommitView | None = view["commit"]
                state.commits[s] = commit.copy() if commit else None
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

