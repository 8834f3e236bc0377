"""The table as players watch it change: cards fly, chips clink, the jersey changes shoulders.

The engine jumps from one position to the next; :class:`TableShow` turns each
action's events into timeline steps.  While steps are playing the scene draws
:class:`Shown`, a snapshot of the table that every landing card updates; once
the last step is done it draws the view again.  Everything here comes from the
events the viewer may see and from the view, so a flight never shows a card
face its viewer may not see (a card drawn by another rider flies face down).
"""
from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from game.core.protocol import Event
from game.i18n import _
from game.ui.anim import Timeline, Wait, ease_in_out_cubic, ease_out_cubic

from .cards import CLIMB, DECK_SIZE, HAND_SIZE, HEADWIND, HEADWIND_PENALTY, SPRINT, Card, card_order, chips_for
from .rules import CLIMB_WINDOW, OVER, PLAY
from .scene_art import BACK, BLUE_CHIP, JERSEY_SPRITE, RED_CHIP, sprite_name
from .scene_layout import CHIP, CROSS_SIZE, HAND_CARD, JERSEY, PILE_CARD, Point, TableLayout
from .views import BreakawayRiderView

#: seconds at normal speed (the timeline scales them by the player's animation speed)
PLAY_SECONDS = 0.34
DRAW_SECONDS = 0.3
CHIP_SECONDS = 0.32
JERSEY_SECONDS = 0.6
DEAL_SECONDS = 0.26
DEAL_STAGGER = 0.045
AFTER_PLAY_SECONDS = 0.3
OPENING_PAUSE_SECONDS = 0.9
POP_SECONDS = 1.5
#: words rising from one pile at once: a newer one pushes the older up, a third one retires the oldest
POPS_PER_SEAT = 2

SPECIAL_DECK_CARDS = 15  # climb, headwind and sprint cards, set aside in the simple version

#: short words for a result, on piles and hover bubbles, and the colour family they are drawn in
RESULT_TONE = {
    "sets-pace": "pace", "takes-jersey": "jersey", "slipstream": "good", "held-back": "neutral",
    "holds": "neutral", "reduces": "better", "dropped": "bad", "loses-time": "bad",
}


def short_result(category: str, effective: int, minutes_change: int | None = None, on_climb: bool = False) -> str:
    """'slipstream', 'dropped: +4 min', 'takes the jersey', 'reduces minutes by 3' ('keeps up' on a climb,
    where there is no slipstream)."""
    if category == "sets-pace":
        return _("sets the pace")
    if category == "takes-jersey":
        return _("takes the jersey")
    if category == "slipstream":
        return _("keeps up") if on_climb else _("slipstream")
    if category == "held-back":
        return _("held back: climb")
    if category == "holds":
        return _("holds: minutes stay")
    if category == "reduces":
        if minutes_change is None:
            return _("gains time")
        return _("reduces minutes by {minutes}").format(minutes=-minutes_change)
    if category == "dropped":
        return _("dropped") if minutes_change is None else _("dropped: +{minutes} min").format(minutes=minutes_change)
    if category == "loses-time":
        if minutes_change is None:
            return _("loses time")
        return _("loses time: +{minutes} min").format(minutes=minutes_change)
    return category


def plays_this_round(last_plays: list[dict[str, Any] | None], latest: int | None) -> set[int]:
    """The riders whose last play belongs to this round.  A round opens when the breakaway rider sets the
    pace; walking back in seat order from the latest rider to play, every last play up to that one is
    this round's (a last play before it answered an older pace)."""
    seats = len(last_plays)
    played: set[int] = set()
    if latest is None:
        return played
    for back in range(seats):
        seat = (latest - back) % seats
        play = last_plays[seat]
        if play is None:
            break
        played.add(seat)
        if play["result"] == "sets-pace":
            break
    return played


def latest_rider(view: BreakawayRiderView) -> int | None:
    """The rider who played last: the breakaway rider while the climb window is open, else the seat
    before the one to play (None once the race is over: every last play then stands)."""
    if view["phase"] == CLIMB_WINDOW:
        return int(view["turn_seat"])
    if view["phase"] == PLAY:
        return (int(view["turn_seat"]) - 1) % int(view["num_seats"])
    return None


@dataclass
class Shown:
    """What the table shows while a move is being animated (only what the view holds)."""

    piles: list[list[Card]]
    hand_counts: list[int]
    hand: list[Card] | None
    #: whose hand ``hand`` is: drawn only while that seat is at the screen
    hand_of: int | None
    deck_count: int
    set_aside: list[Card]
    minutes: list[int]
    headwinds: list[int]
    #: None while the jersey is in the air
    jersey: int | None
    pace: int | None
    climb_by: int | None
    last_plays: list[dict[str, Any] | None]
    stage: int
    #: the draw for the first lead: seat -> card lying face up on that seat's pile spot
    opening: dict[int, Card] = field(default_factory=dict)
    #: cards dealt to the hand at the screen that are not turned over yet
    face_down: int = 0
    #: the rider whose turn is being shown (ringed on the table); None while a stage is dealt
    turn_seat: int | None = None
    #: the riders who have played this round (None: every last play stands, the race is over)
    this_round: set[int] | None = None

    @classmethod
    def of_view(cls, view: BreakawayRiderView) -> "Shown":
        hand = view["hand"]
        return cls([list(p) for p in view["piles"]], list(view["hand_counts"]),
                   None if hand is None else list(hand), view["seat"], int(view["deck_count"]),
                   list(view["set_aside"]), list(view["minutes"]), list(view["headwinds"]), view["jersey"],
                   view["pace"], view["climb_by"], [None if p is None else dict(p) for p in view["last_plays"]],
                   int(view["stage"]), turn_seat=view["turn_seat"],
                   this_round=None if view["phase"] == OVER
                   else plays_this_round(view["last_plays"], latest_rider(view)))

    def take_from_hand(self, seat: int, cards: list[Card]) -> None:
        """Cards leave a hand: the shown hand loses them, every seat's count drops."""
        if self.hand_of == seat and self.hand is not None:
            for card in cards:
                if card in self.hand:
                    self.hand.remove(card)
        self.hand_counts[seat] = max(0, self.hand_counts[seat] - len(cards))

    def put_in_hand(self, seat: int, card: Card | None) -> None:
        if self.hand_of == seat and self.hand is not None and card is not None:
            self.hand.insert(hand_index_for(self.hand, card), card)
        self.hand_counts[seat] += 1


def hand_index_for(hand: list[Card], card: Card) -> int:
    """Where a drawn card goes in a sorted hand."""
    return bisect_right([card_order(c) for c in hand], card_order(card))


#: a spot on the table, or a function giving it when the flight takes off
Spot = Point | Callable[[], Point]


class Flight:
    """A sprite flying from one spot to another: a timeline step with a launch and a landing.

    ``delay`` holds it in place first (a deal staggers its cards); ``owner``
    is the seat whose secret the face is (None: anyone may see it), so the
    scene draws a back instead when someone else is at the screen.
    """

    def __init__(self, sprite: str, size: tuple[int, int], start: Spot, end: Spot, seconds: float, *,
                 delay: float = 0.0, angles: tuple[float, float] = (0.0, 0.0), owner: int | None = None,
                 on_launch: Callable[[], None] | None = None, on_land: Callable[[], None] | None = None,
                 lift: float = 30.0) -> None:
        self.sprite = sprite
        self.size = size
        self._start = start
        self._end = end
        self.start_point: Point = start if isinstance(start, tuple) else (0.0, 0.0)
        self.end_point: Point = end if isinstance(end, tuple) else (0.0, 0.0)
        self.fly = max(0.0, seconds)
        self.delay = max(0.0, delay)
        self.duration = self.delay + self.fly
        self.angles = angles
        self.owner = owner
        self.on_launch = on_launch
        self.on_land = on_land
        self.lift = lift
        self.elapsed = 0.0
        self.started = False
        self.launched = False
        self.landed = False

    @property
    def done(self) -> bool:
        return self.landed

    @property
    def flying(self) -> bool:
        return self.launched and not self.landed

    def start(self) -> None:
        self.started = True
        if self.delay <= 0:
            self._launch()

    def advance(self, dt: float) -> float:
        self.elapsed += dt
        if not self.launched and self.elapsed >= self.delay:
            self._launch()
        if self.elapsed >= self.duration:
            self._land()
            return self.elapsed - self.duration
        return 0.0

    def finish(self) -> None:
        self.started = True
        self.elapsed = self.duration
        self._launch()
        self._land()

    def _launch(self) -> None:
        if not self.launched:
            self.launched = True
            # spots given as functions are read now: earlier steps may have moved the hand's cards
            if callable(self._start):
                self.start_point = self._start()
            if callable(self._end):
                self.end_point = self._end()
            if self.on_launch is not None:
                self.on_launch()

    def _land(self) -> None:
        if not self.landed:
            self.landed = True
            if self.on_land is not None:
                self.on_land()

    def pose(self) -> tuple[Point, float]:
        """Where the sprite is now and its angle; it rises a little mid-flight, like a tossed card."""
        t = 1.0 if self.fly <= 0 else min(1.0, max(0.0, (self.elapsed - self.delay) / self.fly))
        eased = ease_out_cubic(t) if self.lift <= 0 else ease_in_out_cubic(t)
        (x0, y0), (x1, y1) = self.start_point, self.end_point
        arc = self.lift * 4 * t * (1 - t)
        angle = self.angles[0] + (self.angles[1] - self.angles[0]) * eased
        return (x0 + (x1 - x0) * eased, y0 + (y1 - y0) * eased - arc), angle


@dataclass
class Pop:
    """Words rising from a pile for a moment ('slipstream', 'dropped: +4 min')."""

    text: str
    tone: str
    seat: int
    at: Point
    age: float = 0.0
    #: a play's result: the line under the pile says it, so the pop only lights that line up
    on_line: bool = False

    @property
    def alive(self) -> bool:
        return self.age < POP_SECONDS


class TableShow:
    """Turns events into flights and keeps the snapshot they land on."""

    def __init__(self, layout: TableLayout, anims: Timeline, sound: Callable[[str], None],
                 stage_break: Callable[[Mapping[str, Any]], Wait], pops_enabled: Callable[[], bool]) -> None:
        self.layout = layout
        self.anims = anims
        self.sound = sound
        self.stage_break = stage_break
        self.pops_enabled = pops_enabled
        self.shown: Shown | None = None
        self.flights: list[Flight] = []
        self.pops: list[Pop] = []
        #: the view drawn while nothing moved: the starting point of the next move's snapshot
        self.resting: BreakawayRiderView | None = None

    # --- life cycle ---------------------------------------------------------------------------
    def rest(self, view: BreakawayRiderView) -> None:
        """Nothing is moving: remember the view as the starting point for the next move."""
        if not self.anims.busy:
            self.shown = None
            self.resting = view

    def tick(self, dt: float) -> None:
        for pop in self.pops:
            pop.age += dt
        self.pops = [p for p in self.pops if p.alive]

    def reset(self) -> None:
        """After an undo: drop everything in the air."""
        self.shown = None
        self.flights.clear()
        self.pops.clear()

    def _snapshot(self, fallback: BreakawayRiderView) -> Shown:
        if self.shown is None:
            self.shown = Shown.of_view(self.resting if self.resting is not None else fallback)
        return self.shown

    def _settle(self) -> None:
        """The last step of a move: from now on the view is drawn (unless more moves are queued)."""
        if not self.anims.queue:
            self.shown = None
            self.flights.clear()

    def _fly(self, flight: Flight) -> Flight:
        """Track a flight for drawing from launch to landing."""
        launch, land = flight.on_launch, flight.on_land

        def launched() -> None:
            self.flights.append(flight)
            if launch is not None:
                launch()

        def landed() -> None:
            if flight in self.flights:
                self.flights.remove(flight)
            if land is not None:
                land()

        flight.on_launch, flight.on_land = launched, landed
        return flight

    def _pop(self, text: str, tone: str, seat: int, on_line: bool = False) -> None:
        """Words rising from a seat's pile; the scene stacks the ones at the same pile so none covers another.
        ``on_line``: a play's result, which the line under the pile already says: that line lights up instead."""
        if not self.pops_enabled():
            return
        same_pile = [pop for pop in self.pops if pop.seat == seat and pop.on_line == on_line]
        for retired in same_pile[:max(0, len(same_pile) - (1 if on_line else POPS_PER_SEAT) + 1)]:
            self.pops.remove(retired)
        self.pops.append(Pop(text, tone, seat, self.layout.cells[seat].pile_centre, on_line=on_line))

    # --- moves ------------------------------------------------------------------------------------
    def play(self, events: list[Event], view: BreakawayRiderView, viewer: int | None) -> None:
        """Queue the animation of one action's events (only those ``viewer`` may see)."""
        shown = self._snapshot(view)
        visible = [e for e in events if e.visible(viewer)]
        for index, event in enumerate(visible):
            data = event.data
            kind = event.kind
            if kind == "stage-start":
                self._stage_start(shown, view, int(data["leader"]), int(data["stage"]))
            elif kind == "deal":
                cards = list(data["cards"])
                self.anims.call(lambda s=int(data["seat"]), c=cards: self._show_dealt_hand(shown, s, c))
            elif kind == "set-aside":
                self._set_aside(shown)
            elif kind == "draw":
                seat = int(data["seat"])
                following = visible[index + 1] if index + 1 < len(visible) else None
                card = None
                if following is not None and following.kind == "drawn-card" and following.data["seat"] == seat:
                    card = following.data["card"]
                self._draw(shown, seat, card, int(data["deck_count"]))
            elif kind == "headwind":
                self._headwind(shown, int(data["seat"]), int(data["headwinds"]), int(data["deck_count"]))
            elif kind == "play":
                self._play(shown, data)
            elif kind in ("minutes-added", "minutes-reduced"):
                self._minutes(shown, int(data["seat"]), int(data["change"]), int(data["minutes"]))
            elif kind == "jersey":
                self._jersey(shown, int(data["from"]), int(data["to"]), int(data["pace"]))
            elif kind == "climb":
                self._climb(shown, int(data["seat"]), int(data["rider"]), data.get("pace"))
            elif kind == "climb-ends":
                self.anims.call(lambda: setattr(shown, "climb_by", None))
            elif kind == "stage-end":
                self.anims.call(lambda: self.sound("bell"))
                self.anims.add(self.stage_break(dict(data)))
            elif kind == "game-end":
                self.anims.call(lambda: self.sound("finish_fanfare"))
        self.anims.call(self._settle)

    def intro(self, view: BreakawayRiderView, viewer: int | None) -> None:
        """The start of the race: the draw for the lead, the jersey, the deal, the leader's first draw."""
        seats = int(view["num_seats"])
        leader = int(view["jersey"])
        shown = Shown.of_view(view)
        shown.piles = [[] for _seat in range(seats)]
        shown.hand_counts = [0] * seats
        shown.hand = [] if shown.hand is not None else None
        shown.set_aside = []
        shown.headwinds = [0] * seats
        shown.jersey = None
        shown.deck_count = self._full_deck(view)
        shown.turn_seat = None
        self.shown = shown
        for number, draws in enumerate(view["opening_draw"]):
            self._opening_round(shown, draws)
            self.anims.wait(OPENING_PAUSE_SECONDS * (0.6 if number < len(view["opening_draw"]) - 1 else 1.0))
        self.anims.call(lambda: self._pop(_("highest card: leads"), "jersey", leader))
        self.anims.wait(0.5)
        self._return_opening_cards(shown)
        self._jersey_to(shown, leader, self.layout.deck_centre)
        self._deal(shown, view, leader)
        drawn = view["just_drawn"] if viewer == leader else []
        if view["hand"] is not None:
            dealt = list(view["hand"])
            if drawn and view["hand_counts"][leader] > HAND_SIZE:
                dealt.remove(drawn[0])
            self.anims.call(lambda: self._show_dealt_hand(shown, viewer, dealt))
        for _card in range(list(view["set_aside"]).count(HEADWIND)):
            self._set_aside(shown)
        leader_headwinds = view["piles"][leader].count(HEADWIND)
        for index in range(leader_headwinds):
            self._headwind(shown, leader, index + 1, None)
        if view["hand_counts"][leader] > HAND_SIZE:
            self._draw(shown, leader, drawn[0] if drawn else None, int(view["deck_count"]))
        self.anims.call(self._settle)

    @staticmethod
    def _full_deck(view: BreakawayRiderView) -> int:
        return DECK_SIZE - (0 if view["special_cards"] else SPECIAL_DECK_CARDS)

    # --- the pieces of a move ---------------------------------------------------------------------
    def _hand_source(self, shown: Shown, seat: int, card: Card) -> Point:
        """Where a card leaves a hand: its place in the shown hand, or the rider's hand spot."""
        if shown.hand_of == seat and shown.hand is not None and card in shown.hand:
            return self.layout.hand_slot_centre(shown.hand.index(card), len(shown.hand))
        return self.layout.cells[seat].hand_centre

    def cross_centre(self, seat: int, index: int) -> Point:
        """The centre of the ``index``-th crosswise card on a pile."""
        return self.layout.cells[seat].cross_centre(index)

    def _stage_start(self, shown: Shown, view: BreakawayRiderView, leader: int, stage: int) -> None:
        def clear_table() -> None:
            seats = len(shown.piles)
            shown.piles = [[] for _seat in range(seats)]
            shown.hand_counts = [0] * seats
            shown.hand = [] if shown.hand is not None else None
            shown.set_aside = []
            shown.minutes = [0] * seats
            shown.headwinds = [0] * seats
            shown.last_plays = [None] * seats
            shown.this_round = set()
            shown.pace = None
            shown.climb_by = None
            shown.jersey = leader
            shown.stage = stage
            shown.turn_seat = None
            shown.deck_count = self._full_deck(view)

        self.anims.call(clear_table)
        self._deal(shown, view, leader)

    def _deal(self, shown: Shown, view: BreakawayRiderView, leader: int) -> None:
        """Six cards each, one at a time from the leader's left, face down (each hand turns over at the end)."""
        seats = int(view["num_seats"])
        order = [(leader + 1 + i) % seats for i in range(seats)]
        flights = []
        for number in range(HAND_SIZE * seats):
            seat = order[number % seats]

            def launch(number: int = number) -> None:
                shown.deck_count -= 1
                if number % seats == 0:
                    self.sound("card_deal")

            flights.append(self._fly(Flight(BACK, PILE_CARD, self.layout.deck_centre,
                                            lambda s=seat: self._deal_target(shown, s), DEAL_SECONDS,
                                            delay=number * DEAL_STAGGER, on_launch=launch,
                                            on_land=lambda s=seat: count_dealt(shown, s))))
        self.anims.together(*flights)

    def _deal_target(self, shown: Shown, seat: int) -> Point:
        """A dealt card goes to the rider's panel, or face down into its slot of the hand at the screen."""
        if shown.hand_of == seat and shown.hand is not None:
            return self.layout.hand_slot_centre(shown.face_down, HAND_SIZE)
        return self.layout.cells[seat].hand_centre

    def _show_dealt_hand(self, shown: Shown, seat: int, cards: list[Card]) -> None:
        """The hand at the screen turns over once dealt."""
        if shown.hand_of == seat:
            shown.hand = list(cards)
            shown.face_down = 0

    def _set_aside(self, shown: Shown) -> None:
        def launch() -> None:
            shown.deck_count -= 1

        self.anims.add(self._fly(Flight(sprite_name(HEADWIND), (40, 56), self.layout.deck_centre,
                                        self.layout.set_aside_centre, DRAW_SECONDS, on_launch=launch,
                                        on_land=lambda: shown.set_aside.append(HEADWIND))))

    def _draw(self, shown: Shown, seat: int, card: Card | None, deck_after: int) -> None:
        own = card is not None and shown.hand_of == seat and shown.hand is not None

        def into_hand() -> Point:
            hand = shown.hand or []
            return self.layout.hand_slot_centre(hand_index_for(hand, card), len(hand) + 1)

        target: Spot = into_hand if own else self.layout.cells[seat].hand_centre
        size = HAND_CARD if own else PILE_CARD

        def launch() -> None:
            shown.deck_count = deck_after
            shown.turn_seat = seat
            self.sound("card_deal")

        self.anims.add(self._fly(Flight(sprite_name(card) if own else BACK, size, self.layout.deck_centre, target,
                                        DRAW_SECONDS, owner=seat if own else None, on_launch=launch,
                                        on_land=lambda: shown.put_in_hand(seat, card if own else None))))

    def _headwind(self, shown: Shown, seat: int, headwinds: int, deck_after: int | None) -> None:
        def launch() -> None:
            shown.deck_count = shown.deck_count - 1 if deck_after is None else deck_after
            self.sound("card_flick")

        def land() -> None:
            shown.piles[seat].append(HEADWIND)
            shown.headwinds[seat] = headwinds
            self._pop(_("headwind: next card -{speed}").format(speed=HEADWIND_PENALTY * headwinds), "bad", seat)

        def across() -> Point:
            return self.cross_centre(seat, self._crosswise_count(shown, seat))

        self.anims.add(self._fly(Flight(sprite_name(HEADWIND), CROSS_SIZE[::-1], self.layout.deck_centre,
                                        across, DRAW_SECONDS + 0.1, angles=(0.0, 90.0),
                                        on_launch=launch, on_land=land)))

    @staticmethod
    def _crosswise_count(shown: Shown, seat: int) -> int:
        pile = shown.piles[seat]
        count = 0
        for card in reversed(pile):
            if isinstance(card, int):
                break
            count += 1
        return count

    def _play(self, shown: Shown, data: Mapping[str, Any]) -> None:
        seat = int(data["seat"])
        speed = data["speed"]
        sprints, climb = int(data["sprints"]), bool(data["climb"])
        cards: list[Card] = ([] if speed is None else [int(speed)]) + [SPRINT] * sprints + ([CLIMB] if climb else [])
        cell = self.layout.cells[seat]
        starts: list[Spot] = [lambda c=card: self._hand_source(shown, seat, c) for card in cards]
        flights = []
        extras = 0
        for card, start in zip(cards, starts):
            if isinstance(card, int):
                flights.append(Flight(sprite_name(card), PILE_CARD, start, cell.pile_centre, PLAY_SECONDS))
            else:
                # the headwinds lying on the pile are covered by the new speed card; specials land across it
                flights.append(Flight(sprite_name(card), CROSS_SIZE[::-1], start, self.cross_centre(seat, extras),
                                      PLAY_SECONDS + 0.06 * (extras + 1), angles=(0.0, 90.0)))
                extras += 1

        def launch() -> None:
            shown.take_from_hand(seat, cards)
            shown.turn_seat = seat
            self.sound("card_flick")

        def land() -> None:
            shown.piles[seat].extend(cards)
            shown.headwinds[seat] = 0
            shown.last_plays[seat] = {key: data[key] for key in ("speed", "sprints", "headwinds", "effective",
                                                                 "result")} | {
                "climb": climb, "on_climb": bool(data.get("on_climb"))}
            if climb:
                shown.climb_by = seat
            if data["result"] == "sets-pace":
                shown.pace = int(data["effective"])
                shown.this_round = set()
            if shown.this_round is not None:
                shown.this_round.add(seat)
            change = int(data["minutes_change"])
            self._pop(short_result(str(data["result"]), int(data["effective"]), change or None,
                                   bool(data.get("on_climb"))),
                      RESULT_TONE.get(str(data["result"]), "neutral"), seat, on_line=True)

        if not flights:  # a stall: no card is played
            self.anims.call(launch)
            self.anims.call(land)
        else:
            flights[-1].on_launch = launch  # the last to take off: every card's start is read before any leaves
            flights[-1].on_land = land
            self.anims.together(*(self._fly(f) for f in flights))
        self.anims.wait(AFTER_PLAY_SECONDS)

    def _minutes(self, shown: Shown, seat: int, change: int, minutes: int) -> None:
        cell = self.layout.cells[seat]
        chips = chips_for(abs(change))
        names = [RED_CHIP] * chips["red"] + [BLUE_CHIP] * chips["blue"]
        bank, home = self.layout.bank, cell.chips_centre
        start, end = (bank, home) if change > 0 else (home, bank)
        flights = [Flight(name, (CHIP, CHIP), start, end, CHIP_SECONDS, delay=0.05 * index, lift=20.0)
                   for index, name in enumerate(names[:8])]

        def launch() -> None:
            if change < 0:
                shown.minutes[seat] = minutes

        def land() -> None:
            shown.minutes[seat] = minutes
            self.sound("chip_clink")

        flights[0].on_launch = launch
        flights[-1].on_land = land
        self.anims.together(*(self._fly(f) for f in flights))

    def _jersey(self, shown: Shown, old: int, new: int, pace: int) -> None:
        def land() -> None:
            shown.jersey = new
            shown.pace = pace
            self.sound("bell")

        self.anims.add(self._fly(Flight(JERSEY_SPRITE, JERSEY, self.layout.cells[old].jersey_centre,
                                        self.layout.cells[new].jersey_centre, JERSEY_SECONDS, lift=60.0,
                                        on_launch=lambda: setattr(shown, "jersey", None), on_land=land)))

    def _jersey_to(self, shown: Shown, seat: int, start: Point) -> None:
        def land() -> None:
            shown.jersey = seat
            self.sound("bell")

        self.anims.add(self._fly(Flight(JERSEY_SPRITE, JERSEY, start, self.layout.cells[seat].jersey_centre,
                                        JERSEY_SECONDS, lift=60.0, on_land=land)))

    def _climb(self, shown: Shown, climber: int, rider: int, pace: int | None) -> None:
        def start() -> Point:
            return self._hand_source(shown, climber, CLIMB)

        def across() -> Point:
            return self.cross_centre(rider, self._crosswise_count(shown, rider))

        def launch() -> None:
            shown.take_from_hand(climber, [CLIMB])
            self.sound("card_flick")

        def land() -> None:
            shown.piles[rider].append(CLIMB)
            shown.climb_by = climber
            if pace is not None:
                shown.pace = int(pace)
            self._pop(_("climb: no passing"), "bad", rider)

        self.anims.add(self._fly(Flight(sprite_name(CLIMB), CROSS_SIZE[::-1], start, across,
                                        PLAY_SECONDS + 0.1, angles=(0.0, 90.0), on_launch=launch, on_land=land)))
        self.anims.wait(AFTER_PLAY_SECONDS)

    def _opening_round(self, shown: Shown, draws: list[list[Any]]) -> None:
        flights = []
        for index, (seat, card) in enumerate(draws):
            seat = int(seat)

            def land(seat: int = seat, card: Card = card) -> None:
                shown.opening[seat] = card

            flights.append(self._fly(Flight(sprite_name(card), PILE_CARD, self.layout.deck_centre,
                                            self.layout.cells[seat].pile_centre, DRAW_SECONDS,
                                            delay=0.12 * index, on_land=land)))
        self.anims.together(*flights, on_start=lambda: self.sound("card_deal"))

    def _return_opening_cards(self, shown: Shown) -> None:
        def clear() -> None:
            shown.opening.clear()

        flights = [self._fly(Flight(BACK, PILE_CARD, self.layout.cells[seat].pile_centre, self.layout.deck_centre,
                                    DRAW_SECONDS)) for seat in range(len(shown.piles))]
        self.anims.together(*flights, on_start=clear)


def count_dealt(shown: Shown, seat: int) -> None:
    """A dealt card lands: that hand holds one more (face down while the deal goes on)."""
    shown.hand_counts[seat] += 1
    if shown.hand_of == seat:
        shown.face_down += 1
