"""Breakaway Rider: the rules engine (pure Python).

A stage is a card race.  The holder of the yellow jersey, the *breakaway rider*,
sets the pace with a speed card; everyone else, in seat order round the table,
answers with a speed card of their own.  Riding close behind the pace is free
(the slipstream), falling further behind costs penalty minutes, and a clean
rider who goes faster takes the jersey.  Climb, sprint and headwind cards bend
these rules.  The stage ends once the last card has been drawn and that rider
has played; stages are scored (jersey +1, clean 0, others minus their minutes)
and the best total after 3 to 5 stages wins.

Decisions, all sequential (``phase`` in the view):

* ``play``: the turn's rider has drawn (automatically) and plays
  ``play <speed> <sprints> <climb>``, e.g. ``play 45 1 0``: one speed card, that
  many sprint cards, and (breakaway rider only) 1 to add a climb card.  A rider
  whose hand holds no speed card at all (only sprint and climb cards, which is
  very rare) plays ``stall`` and rides at 39 km/h without a card.
* ``climb-window``: right after the breakaway rider's own speed card (without a
  climb), every other seat in seat order answers ``climb`` or ``no-climb``.
  Seats without a climb card are asked too (their only answer is ``no-climb``),
  so the questions reveal nothing.  The first ``climb`` closes the window: a
  second climb would change nothing.
"""
from __future__ import annotations

from collections import Counter
from functools import cache, lru_cache
from itertools import chain
from typing import Any, Mapping, NamedTuple, cast

from game.core.protocol import EVERYONE, REVEALS, Action, Event, GameState, IllegalAction, Outcome, act
from game.core.rng import Rng
from game.i18n import N_, Message, PluralMessage, SeatName

from .cards import (
    CLIMB, COPIES_OF_EACH_SPECIAL, DECK_SIZE, FULL_DECK, HAND_SIZE, HEADWIND, HEADWIND_PENALTY, SLIPSTREAM_GAP,
    SLOWEST_SPEED, SPECIAL_CARDS, SPRINT, SPRINT_CAP_ON_CLIMB, Card, card_name, chips_for, effective_speed, parse_card,
    sorted_cards,
)
from .views import BreakawayRiderView, LastPlay

PLAY = "play"
CLIMB_WINDOW = "climb-window"
OVER = "over"
PHASES = (PLAY, CLIMB_WINDOW, OVER)
_CLIMB, _NO_CLIMB, _STALL = act("climb"), act("no-climb"), act("stall")


# Events that recur are remembered whole: events are values, never changed once made (the protocol says
# so and no reader writes into ``data``), so one object serves every race that gives it.
@lru_cache(maxsize=4096)
def _minutes_event(seat: int, change: int, minutes: int) -> Event:
    """Minutes collected (``change`` > 0) or returned, leaving ``seat`` with ``minutes``."""
    if change > 0:
        text = PluralMessage("{seat} collects {count} penalty minute (now {minutes}).",
                             "{seat} collects {count} penalty minutes (now {minutes}).", change,
                             seat=seat_name(seat), minutes=minutes)
    else:
        text = PluralMessage("{seat} returns {count} penalty minute (now {minutes}).",
                             "{seat} returns {count} penalty minutes (now {minutes}).", -change,
                             seat=seat_name(seat), minutes=minutes)
    return Event(text, "minutes-added" if change > 0 else "minutes-reduced",
                 {"seat": seat, "change": change, "minutes": minutes, "chips": chips_for(minutes)})


@cache
def _no_climb_event(seat: int) -> Event:
    """A seat's answer in the climb window when it lays no climb card."""
    return Event(Message("{seat} lays no climb card.", seat=seat_name(seat)), "no-climb", {"seat": seat})


@cache
def _climb_window_event(rider: int, num_seats: int) -> Event:
    """The climb window opening after ``rider``'s card; its ``seats`` are the seats asked, in the order asked."""
    asked = [(rider + i) % num_seats for i in range(1, num_seats)]
    return Event(Message("Anyone may now lay a climb card on the breakaway rider's pile."), "climb-window",
                 {"rider": rider, "seats": asked})


@cache
def _draw_event(seat: int, deck_count: int) -> Event:
    """What everyone sees of a draw: who drew, and how many cards the deck has left."""
    return Event(Message("{seat} draws a card.", seat=seat_name(seat)), "draw",
                 {"seat": seat, "deck_count": deck_count}, EVERYONE, REVEALS)


@cache
def _drawn_card_event(seat: int, card: Card) -> Event:
    """What the drawer alone sees of a draw: the card (a speed card, or a sprint or climb card)."""
    if card == SPRINT:
        text = Message("{seat} draws sprint.", seat=seat_name(seat))
    elif card == CLIMB:
        text = Message("{seat} draws climb.", seat=seat_name(seat))
    else:
        text = Message("{seat} draws {card}.", seat=seat_name(seat), card=card_name(card))
    return Event(text, "drawn-card", {"seat": seat, "card": card}, (seat,), REVEALS)


def _each_with_score(scores: list[int]) -> Message:
    """'Seat 1 +1; Seat 2 0; Seat 3 -4': every seat with its score, one clause after the other."""
    joined: Message | None = None
    for seat, score in enumerate(scores):
        entry = Message("{seat} {score}", seat=seat_name(seat), score=f"{score:+d}")
        # TRANSLATORS: Breakaway Rider: two entries of a list of scores ("Seat 1 +1; Seat 2 -3")
        joined = entry if joined is None else Message("{earlier}; {later}", earlier=joined, later=entry)
    assert joined is not None, "a race has at least two seats"
    return joined


#: the plays of a hand by (sprint cards, whether a climb may go with them, its distinct speed cards)
_PLAY_LISTS: dict[tuple[Any, ...], list[Action]] = {}


@lru_cache(maxsize=None)
def _speed_plays(speed: int, sprints: int, may_climb: bool) -> tuple[Action, ...]:
    """The plays of one speed card with up to ``sprints`` sprint cards (and a climb card or not), in the
    order legal_actions lists them; built once per combination."""
    return tuple(act(PLAY, speed, s, c) for s in range(sprints + 1) for c in ((0, 1) if may_climb else (0,)))


class _PlaysBySpeed(dict):
    """Speed card -> ``_speed_plays`` of it, for one (sprint cards, climb allowed): filled as cards come up."""

    def __init__(self, sprints: int, may_climb: bool) -> None:
        super().__init__()
        self.sprints, self.may_climb = sprints, may_climb

    def __missing__(self, speed: int) -> tuple[Action, ...]:
        plays = self[speed] = _speed_plays(speed, self.sprints, self.may_climb)
        return plays


@lru_cache(maxsize=None)
def _plays_by_speed(sprints: int, may_climb: bool) -> _PlaysBySpeed:
    """The plays of each speed card, so a hand's plays are joined without a Python step per card."""
    return _PlaysBySpeed(sprints, may_climb)


@cache
def seat_name(seat: int) -> SeatName:
    """A seat in the engine's words: the screen calls it by its player's name."""
    return SeatName(seat, Message("Seat {number}", number=seat + 1))


# --- resolution against the pace --------------------------------------------------------------------
class Resolution(NamedTuple):
    """What a speed does against the pace: the rulebook's three options and their variants.

    ``category`` is one of: ``sets-pace`` (the breakaway rider), ``slipstream``,
    ``dropped`` (a clean rider collects minutes), ``takes-jersey``, ``held-back``
    (faster than the pace on a climb: no overtaking, no minutes), ``loses-time``
    (a rider with minutes collects more), ``reduces`` (a rider with minutes gives
    some back), ``holds`` (a rider with minutes matches the pace exactly).
    On a climb, ``slipstream`` means a clean rider matched the pace exactly.
    ``minutes_change`` is positive for minutes collected, negative for minutes returned.
    A NamedTuple, because the bots' rollouts judge many thousands of plays.
    """

    category: str
    effective: int
    minutes_change: int
    on_climb: bool = False

    @property
    def takes_jersey(self) -> bool:
        return self.category == "takes-jersey"

    @property
    def sets_pace(self) -> bool:
        return self.category in ("sets-pace", "takes-jersey")

    @property
    def words(self) -> Message:
        """The outcome in a few words, for the log ("rides at 44 km/h and <words>") and the hover preview."""
        change = self.minutes_change
        category = self.category
        if category == "dropped":
            if self.on_climb and change <= SLIPSTREAM_GAP:
                return Message("gets no slipstream on the climb: +{minutes} min", minutes=change)
            return Message("is dropped: +{minutes} min", minutes=change)
        if category == "sets-pace":
            return Message("sets the pace at {speed} km/h", speed=self.effective)
        if category == "slipstream":
            if self.on_climb:
                return Message("keeps up with the leader on the climb")
            return Message("stays in the slipstream")
        if category == "loses-time":
            return Message("loses more time: +{minutes} min", minutes=change)
        if category == "reduces":
            return Message("reduces minutes by {minutes}", minutes=-change)
        return _FIXED_WORDS[category]


_FIXED_WORDS = {
    "takes-jersey": Message("takes the yellow jersey"),
    "held-back": Message("is held back: no overtaking on the climb"),
    "holds": Message("holds the pace: minutes stay"),
}


@lru_cache(maxsize=8192)
def resolve(effective: int, pace: int | None, minutes: int, climb_active: bool,
            is_breakaway_rider: bool) -> Resolution:
    """Judge a speed against the pace (the one place these rules live; the preview uses it too).

    Remembered: a Resolution is immutable and the same few thousand judgements recur."""
    if is_breakaway_rider or pace is None:
        return Resolution("sets-pace", effective, 0)
    if minutes > 0:
        return _resolve_with_penalty_minutes(effective, pace, minutes)
    if effective > pace:
        return Resolution("held-back" if climb_active else "takes-jersey", effective, 0)
    behind = pace - effective
    if behind == 0 or (behind <= SLIPSTREAM_GAP and not climb_active):
        return Resolution("slipstream", effective, 0, climb_active)
    return Resolution("dropped", effective, behind, climb_active)


def _resolve_with_penalty_minutes(effective: int, pace: int, minutes: int) -> Resolution:
    """A rider with minutes rides alone: 1 minute per km/h below, 1 back per km/h above, never the jersey."""
    if effective < pace:
        return Resolution("loses-time", effective, pace - effective)
    if effective > pace:
        return Resolution("reduces", effective, -min(minutes, effective - pace))
    return Resolution("holds", effective, 0)


def preview_play(state_or_view: "BreakawayRiderState | BreakawayRiderView", seat: int, speed: int,
                 sprints: int = 0, climb: int = 0) -> Resolution:
    """What ``play speed sprints climb`` would do for ``seat``, for the hover preview.

    It reads only what that seat can see (the pace, its own minutes and
    headwinds, the climb, the jersey), so it is safe to show at any time.
    """
    view = state_or_view.view(seat) if isinstance(state_or_view, BreakawayRiderState) else state_or_view
    is_rider = view["jersey"] == seat
    climb_active = bool(view["climb_active"]) or (bool(climb) and is_rider)
    effective = effective_speed(speed, sprints, view["headwinds"][seat], climb_active)
    return resolve(effective, view["pace"], view["minutes"][seat], climb_active, is_rider)


@lru_cache(maxsize=16384)
def _play_event(seat: int, speed: int | None, sprints: int, headwinds: int, climb: bool, result: Resolution,
                on_climb: bool) -> Event:
    """A play as the log and the table see it (remembered: a race repeats the same few thousand)."""
    return Event(play_text(seat, speed, sprints, headwinds, climb, result), "play",
                 {"seat": seat, "speed": speed, "sprints": sprints, "headwinds": headwinds, "climb": climb,
                  "effective": result.effective, "result": result.category,
                  "minutes_change": result.minutes_change, "on_climb": on_climb},
                 EVERYONE, REVEALS)


def play_text(seat: int, speed: int | None, sprints: int, headwinds: int, climb: bool, result: Resolution) -> Message:
    """The log line of a play, made of remembered pieces (the play's event is remembered whole)."""
    extras = _play_extras(sprints, headwinds, climb)
    card = Message("no speed card (a stall at 39 km/h)") if speed is None else card_name(speed)
    if extras:
        # TRANSLATORS: Breakaway Rider: {extras} lists the cards played with the speed card ("1 sprint card,
        # a climb card"); {outcome} is what the play does ("stays in the slipstream", "is dropped: +3 min")
        return Message("{seat} plays {card} with {extras}: rides at {speed} km/h and {outcome}.",
                       seat=seat_name(seat), card=card, extras=extras, speed=result.effective,
                       outcome=_outcome_words(result))
    # TRANSLATORS: Breakaway Rider: {outcome} is what the play does ("stays in the slipstream", "is dropped: +3 min")
    return Message("{seat} plays {card}: rides at {speed} km/h and {outcome}.", seat=seat_name(seat), card=card,
                   speed=result.effective, outcome=_outcome_words(result))


@lru_cache(maxsize=None)
def _play_extras(sprints: int, headwinds: int, climb: bool) -> tuple[Message, ...]:
    """The cards played with the speed card, as play_text lists them."""
    extras: list[Message] = []
    if sprints:
        extras.append(PluralMessage("{count} sprint card", "{count} sprint cards", sprints))
    if headwinds:
        extras.append(PluralMessage("{count} headwind", "{count} headwinds", headwinds))
    if climb:
        extras.append(Message("a climb card"))
    return tuple(extras)


@lru_cache(maxsize=4096)
def _outcome_words(result: Resolution) -> Message:
    """``result.words``, remembered for play_text."""
    return result.words


# --- the state ------------------------------------------------------------------------------------------
class BreakawayRiderState(GameState):
    """One Breakaway Rider race: several stages of the same card race."""

    game_id = "breakaway-rider"
    has_secrets = True
    record_labels = {
        "penalty_minutes": (N_("fewest penalty minutes"), "min"),
        "stages_in_yellow": (N_("most stages won in the yellow jersey"), "max"),
        "race_total": (N_("best race total"), "max"),
    }

    def __init__(self) -> None:
        self.num_seats = 2
        self.stages_total = 3
        self.special_cards = True
        self.rng = Rng(0)
        self.stage = 1
        #: one entry per finished stage: {"jersey": seat, "scores": [score per seat]}
        self.stage_results: list[dict[str, Any]] = []
        self.deck: list[Card] = []  # the top card is the last one
        self.hands: list[list[Card]] = []
        self.piles: list[list[Card]] = []  # each seat's open discard pile, oldest first
        self.set_aside: list[Card] = []  # headwinds dealt at setup; all specials in the simple version
        self.minutes: list[int] = []
        self.headwinds: list[int] = []  # headwinds waiting to slow each seat's next speed card
        self.jersey = 0
        self.pace: int | None = None
        self.climb_by: int | None = None  # who laid the climb that applies now
        self.phase = PLAY
        self.turn_seat = 0  # whose turn it is (during the climb window: the rider who just played)
        self.to_move = 0  # who decides now
        self.window: list[int] = []  # seats still to be asked after ``to_move`` in the climb window
        self.last_plays: list[LastPlay | None] = []
        self.just_drawn: list[Card] = []  # what the turn's rider drew at the start of the turn
        #: the draw for the first lead, round by round (ties draw again): [[seat, card], ...] per round
        self.opening_draw: list[list[list[Card]]] = []
        self.turns_played = 0

    # --- setup ---------------------------------------------------------------------------------------
    @classmethod
    def new(cls, num_seats: int, options: Mapping[str, Any], seed: int) -> "BreakawayRiderState":
        state = cls()
        state.num_seats = num_seats
        state.stages_total = int(options.get("stages", 3))
        state.special_cards = bool(options.get("special_cards", True))
        state.rng = Rng(seed)
        state._gather_cards()
        state.jersey = state._draw_for_the_lead()
        state._start_stage(state.jersey, None)
        return state

    def _gather_cards(self) -> None:
        """All cards back into one shuffled deck (the simple version keeps the specials out)."""
        self.hands = [[] for _ in range(self.num_seats)]
        self.piles = [[] for _ in range(self.num_seats)]
        if self.special_cards:
            self.deck, self.set_aside = list(FULL_DECK), []
        else:
            self.deck = [c for c in FULL_DECK if isinstance(c, int)]
            self.set_aside = [c for c in FULL_DECK if not isinstance(c, int)]
        self.rng.shuffle(self.deck)

    def _draw_for_the_lead(self) -> int:
        """Everyone draws; the highest speed card leads the first stage.

        A special card is drawn again; riders tied for the highest card draw again
        among themselves.  The cards go back and the deck is shuffled afterwards.
        """
        contenders = list(range(self.num_seats))
        drawn: list[Card] = []
        while True:
            best: dict[int, int] = {}
            draws: list[list[Card]] = []
            for seat in contenders:
                while seat not in best:
                    card = self.deck.pop()
                    drawn.append(card)
                    draws.append([seat, card])
                    if isinstance(card, int):
                        best[seat] = card
            self.opening_draw.append(draws)
            top = max(best.values())
            contenders = [seat for seat in contenders if best[seat] == top]
            if len(contenders) == 1:
                break
        self.deck.extend(drawn)
        self.rng.shuffle(self.deck)
        return contenders[0]

    def _start_stage(self, leader: int, events: list[Event] | None) -> None:
        """Deal six cards each (headwinds dealt are set aside and replaced); the leader opens."""
        if self.stage_results:
            self._gather_cards()
        n = self.num_seats
        self.minutes = [0] * n
        self.headwinds = [0] * n
        self.last_plays = [None] * n
        self.jersey = leader
        self.pace = None
        self.climb_by = None
        self.window = []
        if events is not None:
            events.append(Event(Message("Stage {stage} of {stages} begins; {leader} wears the yellow jersey and opens.",
                                        stage=self.stage, stages=self.stages_total, leader=seat_name(leader)),
                                "stage-start",
                                {"stage": self.stage, "leader": leader}))
        order = [(leader + 1 + i) % n for i in range(n)]
        for _ in range(HAND_SIZE):
            for seat in order:
                self._deal_one(seat, events)
        if events is not None:
            for seat in order:
                hand = sorted_cards(self.hands[seat])
                events.append(Event(Message("{seat} is dealt {cards}.", seat=seat_name(seat),
                                            cards=tuple(card_name(c) for c in hand)), "deal",
                    {"seat": seat, "cards": hand}, visible_to=(seat,), reveals=True))
        self._begin_turn(leader, events)

    def _deal_one(self, seat: int, events: list[Event] | None) -> None:
        """A headwind dealt in setup is set aside face up, without effect, and replaced."""
        while self.deck:
            card = self.deck.pop()
            if card != HEADWIND:
                self.hands[seat].append(card)
                return
            self.set_aside.append(card)
            if events is not None:
                events.append(Event(Message("A headwind dealt to {seat} is set aside without effect and replaced.",
                                            seat=seat_name(seat)), "set-aside", {"seat": seat, "card": HEADWIND},
                                    reveals=True))

    # --- drawing -------------------------------------------------------------------------------------
    def _draw_card(self, seat: int, events: list[Event] | None) -> Card | None:
        """Draw one card into the hand; headwinds drawn on the way go onto the pile and are replaced."""
        while self.deck:
            card = self.deck.pop()
            if card == HEADWIND:
                self._place_headwind(seat, events)
                continue
            self.hands[seat].append(card)
            if events is not None:
                events.append(_draw_event(seat, len(self.deck)))
                events.append(_drawn_card_event(seat, card))
            return card
        return None

    def _place_headwind(self, seat: int, events: list[Event] | None) -> None:
        """A drawn headwind goes face up on the drawer's pile and slows his next speed card by 2 km/h."""
        self.piles[seat].append(HEADWIND)
        self.headwinds[seat] += 1
        if events is not None:
            slower = HEADWIND_PENALTY * self.headwinds[seat]
            events.append(Event(Message("{seat} draws a headwind: it goes face up on the pile, and the next speed card "
                                        "will be {slower} km/h slower.", seat=seat_name(seat), slower=slower),
                                "headwind",
                                {"seat": seat, "headwinds": self.headwinds[seat], "deck_count": len(self.deck)},
                                reveals=True))

    def _refill_hand(self, seat: int, events: list[Event] | None) -> None:
        """Back up to six cards after sprint or climb cards were played (while the deck lasts)."""
        while len(self.hands[seat]) < HAND_SIZE and self.deck:
            self._draw_card(seat, events)

    def _begin_turn(self, seat: int, events: list[Event] | None) -> None:
        """A turn starts: a climb ends when the breakaway rider's turn comes round; then the draw."""
        self.phase = PLAY
        self.turn_seat = self.to_move = seat
        if self.climb_by is not None and seat == self.jersey:
            self.climb_by = None
            if events is not None:
                events.append(Event(Message("The climb is over: the slipstream counts again."), "climb-ends",
                                    {"seat": seat}))
        card = self._draw_card(seat, events)
        self.just_drawn = [] if card is None else [card]

    # --- whose decision --------------------------------------------------------------------------------
    def current_seat(self) -> int | None:
        return None if self.phase == OVER else self.to_move

    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def climb_active(self) -> bool:
        return self.climb_by is not None

    def legal_actions(self) -> list[Action]:
        if self.phase == OVER:
            return []
        hand = self.hands[self.to_move]
        if self.phase == CLIMB_WINDOW:
            return [_CLIMB, _NO_CLIMB] if CLIMB in hand else [_NO_CLIMB]
        cards = set(hand)
        speeds = sorted(cards.difference(SPECIAL_CARDS))  # the speed cards: every card but the specials
        if not speeds:
            return [_STALL]
        # counted only when held: a count compares every speed card with the word, at some sixty instructions each
        sprints = hand.count(SPRINT) if SPRINT in cards else 0
        may_climb = self.to_move == self.jersey and CLIMB in cards
        key = (sprints, may_climb, *speeds)
        plays = _PLAY_LISTS.get(key)
        if plays is None:
            if len(_PLAY_LISTS) > 65536:
                _PLAY_LISTS.clear()
            plays = _PLAY_LISTS[key] = list(chain.from_iterable(map(_plays_by_speed(sprints, may_climb).__getitem__,
                                                                    speeds)))
        return list(plays)

    def apply(self, action: Action) -> list[Event]:
        """``GameState.apply`` with a usual play accepted inline, on the same conditions as ``check``."""
        args = action.args
        if action.kind == PLAY and self.phase == PLAY and len(args) == 3:
            speed, sprints, climb = args
            hand = self.hands[self.to_move]
            if (type(speed) is int and type(sprints) is int and type(climb) is int and speed in hand
                    and (sprints == 0 or 0 < sprints <= hand.count(SPRINT))
                    and (climb == 0 or (climb == 1 and self.to_move == self.jersey and CLIMB in hand))):
                events: list[Event] = []
                self.ride(speed, sprints, bool(climb), events)
                return events
        elif self.phase == CLIMB_WINDOW:  # the answers as _check_climb_answer accepts them
            if action is _NO_CLIMB:
                events = []
                self.decline_climb(events)
                return events
            if action is _CLIMB and CLIMB in self.hands[self.to_move]:
                events = []
                self.lay_climb_out_of_turn(events)
                return events
        return super().apply(action)

    def check(self, action: Action) -> None:
        if action.kind == PLAY and self.phase == PLAY and len(action.args) == 3:
            # the usual case, accepted without building the messages below
            speed, sprints, climb = action.args
            hand = self.hands[self.to_move]
            if (type(speed) is int and type(sprints) is int and type(climb) is int and speed in hand
                    and (sprints == 0 or 0 < sprints <= hand.count(SPRINT))
                    and (climb == 0 or (climb == 1 and self.to_move == self.jersey and CLIMB in hand))):
                return
        if self.phase == CLIMB_WINDOW:
            self._check_climb_answer(action)
            return
        if self.phase != PLAY:
            raise IllegalAction(Message("The race is over; no more moves can be made."))
        hand = self.hands[self.to_move]
        has_speed = any(isinstance(c, int) for c in hand)
        if action.kind == "stall":
            if action.args:
                raise IllegalAction(Message("'stall' takes nothing after it."))
            if has_speed:
                raise IllegalAction(Message("You hold a speed card, so you must play one."))
            return
        if action.kind != PLAY:
            raise IllegalAction(Message("It is your turn: play a speed card, e.g. 'play 45 0 0' (card, sprints, "
                                        "climb)."))
        if not has_speed:
            raise IllegalAction(Message("You hold no speed card; 'stall' rides on at 39 km/h."))
        if len(action.args) != 3 or not all(isinstance(a, int) for a in action.args):
            raise IllegalAction(Message("Say the speed card, the number of sprint cards and 0 or 1 for a climb, "
                                        "e.g. 'play 45 1 0'."))
        speed, sprints, climb = (int(a) for a in action.args)
        if speed not in hand:
            raise IllegalAction(Message("You have no {speed} km/h card.", speed=speed))
        if sprints < 0 or sprints > hand.count(SPRINT):
            raise IllegalAction(PluralMessage("You hold {count} sprint card, so you cannot play {sprints}.",
                                              "You hold {count} sprint cards, so you cannot play {sprints}.",
                                              hand.count(SPRINT), sprints=sprints))
        if climb not in (0, 1):
            raise IllegalAction(Message("The last number says whether you add a climb card: 0 or 1."))
        if climb and self.to_move != self.jersey:
            raise IllegalAction(Message("Only the breakaway rider (the yellow jersey) may add a climb card to a speed "
                                        "card."))
        if climb and CLIMB not in hand:
            raise IllegalAction(Message("You have no climb card."))

    def _check_climb_answer(self, action: Action) -> None:
        if action.kind not in ("climb", "no-climb") or action.args:
            raise IllegalAction(Message("The breakaway rider has played: answer 'climb' to lay a climb card on his "
                                        "pile, or 'no-climb'."))
        if action.kind == "climb" and CLIMB not in self.hands[self.to_move]:
            raise IllegalAction(Message("You have no climb card."))

    # --- moving ----------------------------------------------------------------------------------------
    def _apply(self, action: Action) -> list[Event]:
        events: list[Event] = []
        if action.kind == PLAY:
            speed, sprints, climb = action.args
            self.ride(int(speed), int(sprints), bool(climb), events)
        elif action.kind == "stall":
            self.ride(None, 0, False, events)
        elif action.kind == "climb":
            self.lay_climb_out_of_turn(events)
        else:
            self.decline_climb(events)
        return events

    def ride(self, speed: int | None, sprints: int, climb: bool, events: list[Event] | None) -> None:
        """The turn's play: a speed card (None: a stall at 39 km/h) with sprints and maybe a climb."""
        seat = self.to_move
        hand, pile = self.hands[seat], self.piles[seat]
        if speed is not None:
            hand.remove(speed)
            pile.append(speed)
        if sprints:
            for _ in range(sprints):
                hand.remove(SPRINT)
                pile.append(SPRINT)
        if climb:
            hand.remove(CLIMB)
            pile.append(CLIMB)
            self.climb_by = seat
        headwinds = self.headwinds[seat]
        card_speed = SLOWEST_SPEED if speed is None else speed
        climb_active = self.climb_by is not None
        if sprints or headwinds:
            self.headwinds[seat] = 0
            effective = effective_speed(card_speed, sprints, headwinds, climb_active)
        else:  # what effective_speed comes to with neither
            effective = card_speed
        was_rider = seat == self.jersey
        result = resolve(effective, self.pace, self.minutes[seat], climb_active, was_rider)
        self.last_plays[seat] = {"speed": speed, "sprints": sprints, "headwinds": headwinds, "climb": climb,
                                 "effective": effective, "result": result.category, "on_climb": climb_active}
        if events is not None:
            events.append(_play_event(seat, speed, sprints, headwinds, climb, result, climb_active))
        change = result.minutes_change
        if change:  # minutes change hands as chips (a play that moves minutes never moves the pace)
            minutes = self.minutes[seat] = self.minutes[seat] + change
            if events is not None:
                events.append(_minutes_event(seat, change, minutes))
        elif result.category == "takes-jersey":
            self._take_jersey(seat, effective, events)
        elif result.category == "sets-pace":
            self.pace = effective
        if len(hand) < HAND_SIZE:
            self._refill_hand(seat, events)
        self.turns_played += 1
        if not self.deck:
            self._end_stage(events)
        elif was_rider and not climb and self._climb_window_can_open():
            self._open_climb_window(seat, events)
        else:
            self._begin_turn((seat + 1) % self.num_seats, events)

    def _take_jersey(self, seat: int, pace: int, events: list[Event] | None) -> None:
        """A clean rider faster than the pace becomes the breakaway rider, and his speed the pace."""
        previous = self.jersey
        self.jersey = seat
        if events is not None:
            events.append(Event(Message("{seat} takes the yellow jersey from {previous} and sets the pace at "
                                        "{pace} km/h.", seat=seat_name(seat), previous=seat_name(previous),
                                        pace=pace), "jersey",
                                {"from": previous, "to": seat, "pace": pace}))
        self.pace = pace

    # --- the out-of-turn climb ----------------------------------------------------------------------------
    def _climb_window_can_open(self) -> bool:
        """Asked unless no climb card can be in any hand (all five lie open or set aside).

        The test uses only open information, so skipping the window tells nobody anything.
        """
        open_climbs = self.set_aside.count(CLIMB)
        for pile in self.piles:
            open_climbs += pile.count(CLIMB)
        return open_climbs < COPIES_OF_EACH_SPECIAL

    def _open_climb_window(self, rider: int, events: list[Event] | None) -> None:
        """Every other seat, in seat order, may now lay a climb card on the rider's pile."""
        event = _climb_window_event(rider, self.num_seats)
        asked = event.data["seats"]
        self.phase = CLIMB_WINDOW
        self.to_move, self.window = asked[0], asked[1:]
        if events is not None:
            events.append(event)

    def lay_climb_out_of_turn(self, events: list[Event] | None) -> None:
        """A climb laid out of turn counts as played with the rider's card: the pace is capped at 50."""
        seat = self.to_move
        self.hands[seat].remove(CLIMB)
        self.piles[self.jersey].append(CLIMB)
        self.climb_by = seat
        if self.pace is not None and self.pace > SPRINT_CAP_ON_CLIMB:
            self.pace = SPRINT_CAP_ON_CLIMB
        if events is not None:
            events.append(Event(Message("{seat} lays a climb card on {rider}'s pile: no overtaking and no slipstream "
                                        "until {rider}'s next turn.", seat=seat_name(seat),
                                        rider=seat_name(self.jersey)),
                                "climb", {"seat": seat, "rider": self.jersey, "out_of_turn": True,
                                          "pace": self.pace}, reveals=True))
        self._refill_hand(seat, events)
        self.window = []
        self._close_climb_window(events)

    def decline_climb(self, events: list[Event] | None) -> None:
        seat = self.to_move
        if events is not None:
            events.append(_no_climb_event(seat))
        if self.window:
            self.to_move = self.window.pop(0)
        else:
            self._close_climb_window(events)

    def _close_climb_window(self, events: list[Event] | None) -> None:
        if not self.deck:
            self._end_stage(events)
        else:
            self._begin_turn((self.turn_seat + 1) % self.num_seats, events)

    # --- stage end and scores -------------------------------------------------------------------------------
    def stage_scores(self) -> list[int]:
        """Jersey +1, clean riders 0, the others minus their minutes."""
        return [1 if seat == self.jersey else -self.minutes[seat] for seat in range(self.num_seats)]

    def _end_stage(self, events: list[Event] | None) -> None:
        """The last card has been drawn and its rider has played: score, then the next stage or the end."""
        scores = self.stage_scores()
        self.stage_results.append({"jersey": self.jersey, "scores": scores})
        totals = self.totals()
        if events is not None:
            events.append(Event(Message("Stage {stage} is over: {jersey} keeps the yellow jersey. {scores}.",
                                        stage=self.stage, jersey=seat_name(self.jersey),
                                        scores=_each_with_score(scores)),
                                "stage-end", {"stage": self.stage, "jersey": self.jersey, "scores": scores,
                                              "totals": totals}))
        if self.stage >= self.stages_total:
            self.phase = OVER
            self.window = []
            if events is not None:
                winner = self.outcome().winner
                if winner is None:
                    words = Message("The race is over: a tie. Totals: {totals}.", totals=_each_with_score(totals))
                else:
                    words = Message("The race is over: {winner} wins the race. Totals: {totals}.",
                                    winner=seat_name(winner), totals=_each_with_score(totals))
                events.append(Event(words, "game-end", {"totals": totals, "winner": winner}))
            return
        self.stage += 1
        self._start_stage(self.jersey, events)

    def totals(self) -> list[int]:
        return [sum(r["scores"][seat] for r in self.stage_results) for seat in range(self.num_seats)]

    def penalty_minutes(self, seat: int) -> int:
        """Minutes ``seat`` carried at the ends of the finished stages (the minus points of the race)."""
        return sum(-r["scores"][seat] for r in self.stage_results if r["scores"][seat] < 0)

    def stages_in_yellow(self, seat: int) -> int:
        """Finished stages that ``seat`` ended in the yellow jersey (each won the stage's +1)."""
        return sum(1 for r in self.stage_results if r["jersey"] == seat)

    def record_stats(self, seat: int) -> dict[str, float]:
        """The race's bests for the player records; only once the last stage is over."""
        if self.phase != OVER:
            return {}
        return {"penalty_minutes": self.penalty_minutes(seat), "stages_in_yellow": self.stages_in_yellow(seat),
                "race_total": self.totals()[seat]}

    def outcome(self) -> Outcome:
        over = self.phase == OVER
        if over:
            note = Message("Highest total after the last stage wins.")
        else:
            note = Message("Totals of the finished stages.")
        return Outcome.from_scores(self.totals(), over=over, note=note)

    def summary(self) -> dict[str, Any]:
        return {
            "stages": [{"jersey": r["jersey"], "scores": {str(s): v for s, v in enumerate(r["scores"])}}
                       for r in self.stage_results],
            "totals": {str(s): t for s, t in enumerate(self.totals())},
        }

    @property
    def turn(self) -> int:
        return self.turns_played + (0 if self.phase == OVER else 1)

    def check_invariants(self) -> None:
        zones = self.deck + [c for h in self.hands for c in h] + [c for p in self.piles for c in p] + self.set_aside
        assert len(zones) == DECK_SIZE, f"{len(zones)} cards in play instead of {DECK_SIZE}"
        assert Counter(zones) == Counter(FULL_DECK), "the cards in play are not the Breakaway Rider deck"
        assert all(HEADWIND not in hand for hand in self.hands), "a headwind stayed in a hand"
        assert all(m >= 0 for m in self.minutes), "negative penalty minutes"
        assert self.minutes[self.jersey] == 0, "the breakaway rider has penalty minutes"

    # --- information ------------------------------------------------------------------------------------
    def holds_secrets(self, seat: int) -> bool:
        return True

    def view(self, seat: int | None) -> BreakawayRiderView:
        return {
            "num_seats": self.num_seats, "seat": seat, "stages_total": self.stages_total,
            "special_cards": self.special_cards, "stage": self.stage, "phase": self.phase,
            "to_move": self.current_seat(), "turn_seat": self.turn_seat, "window": list(self.window),
            "jersey": self.jersey, "pace": self.pace, "climb_active": self.climb_active, "climb_by": self.climb_by,
            "hand": sorted_cards(self.hands[seat]) if seat is not None else None,
            "can_climb": (CLIMB in self.hands[seat]) if seat is not None else None,
            "just_drawn": list(self.just_drawn) if seat is not None and seat == self.turn_seat else [],
            "hand_counts": [len(h) for h in self.hands], "deck_count": len(self.deck),
            "piles": [list(p) for p in self.piles], "set_aside": list(self.set_aside),
            "minutes": list(self.minutes), "headwinds": list(self.headwinds),
            "last_plays": [None if p is None else p.copy() for p in self.last_plays],
            "stage_results": [{"jersey": r["jersey"], "scores": list(r["scores"])} for r in self.stage_results],
            "totals": self.totals(), "opening_draw": [[list(d) for d in r] for r in self.opening_draw],
            "turns_played": self.turns_played,
        }

    @classmethod
    def from_view(cls, view: Mapping[str, Any], seed: int) -> "BreakawayRiderState":
        """Deal what the seat cannot see uniformly from the unseen cards.

        Headwinds never stay in a hand, so every unseen headwind is in the deck.
        """
        state = cls()
        state._read_public(view)
        state.rng = Rng(seed)
        seat = view["seat"]
        unseen = Counter(FULL_DECK)
        unseen.subtract(state.set_aside)
        for pile in state.piles:
            unseen.subtract(pile)
        if seat is not None:
            unseen.subtract(view["hand"])
        pool = [card for card in unseen.elements() if card != HEADWIND]
        state.rng.shuffle(pool)
        state.hands = []
        for s, count in enumerate(view["hand_counts"]):
            if s == seat:
                state.hands.append(list(view["hand"]))
            else:
                state.hands.append(pool[len(pool) - count:])
                del pool[len(pool) - count:]
        state.deck = pool + [HEADWIND] * unseen[HEADWIND]
        state.rng.shuffle(state.deck)
        state.just_drawn = list(view["just_drawn"])
        return state

    def _read_public(self, data: Mapping[str, Any]) -> None:
        """The fields that views and saves share."""
        self.num_seats = int(data["num_seats"])
        self.stages_total = int(data["stages_total"])
        self.special_cards = bool(data["special_cards"])
        self.stage = int(data["stage"])
        self.phase = str(data["phase"])
        if self.phase not in PHASES:
            raise ValueError(f"unknown phase {self.phase!r}")
        self.turn_seat = int(data["turn_seat"])
        self.to_move = self.turn_seat if data["to_move"] is None else int(data["to_move"])
        self.window = [int(s) for s in data["window"]]
        self.jersey = int(data["jersey"])
        self.pace = None if data["pace"] is None else int(data["pace"])
        self.climb_by = None if data["climb_by"] is None else int(data["climb_by"])
        self.piles = [[parse_card(c) for c in pile] for pile in data["piles"]]
        self.set_aside = [parse_card(c) for c in data["set_aside"]]
        self.minutes = [int(m) for m in data["minutes"]]
        self.headwinds = [int(h) for h in data["headwinds"]]
        self.last_plays = [None if p is None else cast(LastPlay, dict(p)) for p in data["last_plays"]]
        self.stage_results = [{"jersey": int(r["jersey"]), "scores": [int(v) for v in r["scores"]]}
                              for r in data["stage_results"]]
        self.opening_draw = [[[int(s), parse_card(c)] for s, c in r] for r in data["opening_draw"]]
        self.turns_played = int(data["turns_played"])

    def to_json(self) -> dict[str, Any]:
        return {
            "num_seats": self.num_seats, "stages_total": self.stages_total, "special_cards": self.special_cards,
            "stage": self.stage, "phase": self.phase, "to_move": self.current_seat(), "turn_seat": self.turn_seat,
            "window": list(self.window), "jersey": self.jersey, "pace": self.pace, "climb_by": self.climb_by,
            "deck": list(self.deck), "hands": [list(h) for h in self.hands], "piles": [list(p) for p in self.piles],
            "set_aside": list(self.set_aside), "minutes": list(self.minutes), "headwinds": list(self.headwinds),
            "last_plays": [None if p is None else dict(p) for p in self.last_plays],
            "just_drawn": list(self.just_drawn),
            "stage_results": [{"jersey": r["jersey"], "scores": list(r["scores"])} for r in self.stage_results],
            "opening_draw": [[list(d) for d in r] for r in self.opening_draw], "turns_played": self.turns_played,
            "rng": self.rng.to_json(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "BreakawayRiderState":
        state = cls()
        state._read_public(data)
        state.deck = [parse_card(c) for c in data["deck"]]
        state.hands = [[parse_card(c) for c in hand] for hand in data["hands"]]
        state.just_drawn = [parse_card(c) for c in data["just_drawn"]]
        state.rng = Rng.from_json(data["rng"])
        if len(state.hands) != state.num_seats or len(state.piles) != state.num_seats:
            raise ValueError("the hands and piles do not match the number of seats")
        return state

    def clone(self) -> "BreakawayRiderState":
        """A fast copy for the bots' searches (the same as a JSON round trip)."""
        twin = object.__new__(BreakawayRiderState)
        twin.__dict__.update(self.__dict__)
        twin.rng = self.rng.copy()
        twin.stage_results = [{"jersey": r["jersey"], "scores": list(r["scores"])} for r in self.stage_results]
        twin.deck = list(self.deck)
        twin.hands = [list(h) for h in self.hands]
        twin.piles = [list(p) for p in self.piles]
        twin.set_aside = list(self.set_aside)
        twin.minutes = list(self.minutes)
        twin.headwinds = list(self.headwinds)
        twin.window = list(self.window)
        twin.last_plays = [None if p is None else p.copy() for p in self.last_plays]
        twin.just_drawn = list(self.just_drawn)
        twin.opening_draw = [[list(d) for d in r] for r in self.opening_draw]
        return twin

