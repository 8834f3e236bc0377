"""The table as players watch it while a play is animated.

The engine jumps from one decision to the next; players need to see the cards
land face down, turn round on an audible, flip on the reveal, the Game Day card
fly from its deck, and the ball marker walk the field yard line by yard line.
:class:`TableShow` keeps a :class:`Picture` of everything on the table and turns
each action's events into timeline steps that change it; when the last step is
done the picture is rebuilt from the view, so it can never drift from the rules.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field as dataclass_field
from typing import Any, Callable, Mapping, Sequence

from game.core.protocol import Event
from game.i18n import N_, _
from game.ui.anim import Timeline, Together, Tween, ease_in_out_cubic, ease_out_cubic, linear

from . import board, field
from .scene_words import STORY_PRIORITY, matchup_words, revealed_matchup, story_text
from .views import FootballView

Point = tuple[float, float]
#: the banner of an announced kick or kneel
ANNOUNCED_BANNERS: dict[str, str] = {"punt": N_("Punt"), "coffin": N_("Coffin-corner punt"),
                                     "fieldgoal": N_("Field goal attempt"), "hailmary": N_("Hail Mary"),
                                     "kneel": N_("QB kneel")}

#: seconds at normal speed (the timeline scales them by the player's animation speed)
FLY_SECONDS = 0.35
FLIP_SECONDS = 0.36
SPIN_SECONDS = 0.5
DECK_FLY_SECONDS = 0.34
DECK_FLIP_SECONDS = 0.3
LINE_SECONDS = 0.13
KICK_SECONDS = 0.95
SETTLE_SECONDS = 0.28
COIN_SECONDS = 1.3
PENALTY_FLAG_SECONDS = 0.55
BIG_BANNER_SECONDS = 1.35
BANNER_SECONDS = 0.85
STORY_LINES = 2
#: a finished play stays on the table this long before the next decision replaces it
LINGER_SECONDS = 0.8
RESULT_KINDS = ("play", "turnover", "downs", "penalty_enforced", "restricted_pass", "return", "field_goal",
                "kneel", "hail_mary_result", "extra_point", "two_point", "onside")
#: where a kickoff leaves from: the kicking team's own 35
KICKOFF_SPOT = 7
#: phases in which the ball is dead: the marker waits at the kicking spot
KICKING_PHASES = ("kickoff", "toss")
#: phases between plays of no drive: no down and distance, no first-down flag
DEAD_BALL_PHASES = ("toss", "kickoff", "conversion", "clock_discard", "over")


@dataclass
class Slot:
    """A play card on the table: face down (its formation shows) or revealed."""

    seat: int
    side: str
    formation: str
    card: int | None = None
    end: int | None = None
    face: bool = False
    angle: float = 0.0
    squash: float = 1.0
    start: Point | None = None
    fly: float = 1.0
    last: bool = False
    glow: bool = False


@dataclass
class Flight:
    """The football in the air between two canvas points (a kick or a long pass)."""

    start: Point
    end: Point
    height: float
    t: float = 0.0

    def position(self) -> tuple[Point, float]:
        """Where the ball is and how high (0..1) for its size and shadow."""
        x = self.start[0] + (self.end[0] - self.start[0]) * self.t
        y = self.start[1] + (self.end[1] - self.start[1]) * self.t
        lift = 4 * self.t * (1 - self.t)
        return (x, y - lift * self.height), lift


@dataclass
class Banner:
    text: str
    seat: int | None
    mood: str = ""
    t: float = 0.0


@dataclass
class Picture:
    """Everything drawn on the table besides the coach's own hand."""

    score: list[int]
    quarter: str
    cards_left: list[int]
    timeouts: list[int]
    flags: list[bool]
    offense: int
    down_text: str
    phase: str
    ball_x: float
    flag_x: float | None
    show_ball: bool
    slots: dict[str, Slot]
    gd_card: int | None
    gd_count: int
    gd_purpose: str = ""
    gd_fly: float = 1.0
    gd_squash: float = 1.0
    gd_face: bool = True
    flight: Flight | None = None
    banner: Banner | None = None
    coin: float | None = None
    penalty_flag: float | None = None
    story: list[str] = dataclass_field(default_factory=list)

    @classmethod
    def from_view(cls, view: FootballView, story: Sequence[str] = (), purpose: str = "") -> "Picture":
        scores = board.scoreboard(view)
        ball = board.ball_position(view)
        phase = view["phase"]
        ball_x: float = ball["x"]
        flag_x: float | None = ball["first_down_x"]
        offense = view["offense"]
        if phase in KICKING_PHASES:
            kicker = view["pending"].get("kicker", view["offense"])
            ball_x = board.x_of(kicker, KICKOFF_SPOT)
            flag_x = None
        elif phase == "clock_discard" and view.get("after_clock"):
            ball_x, offense = next_spot(view["after_clock"], ball_x, offense)
            flag_x = None
        elif phase == "conversion":
            ball_x = board.x_of(view["offense"], field.GOAL_LINE)
            flag_x = None
        elif view["two_point"]:
            ball_x = board.x_of(view["offense"], view["ball"])
            flag_x = board.x_of(view["offense"], field.GOAL_LINE)
        elif phase in DEAD_BALL_PHASES:
            flag_x = None
        return cls(
            score=list(scores["score"]), quarter=scores["quarter_label"], cards_left=list(scores["cards_left"]),
            timeouts=list(scores["timeouts"]), flags=[f == "ready" for f in scores["flags"]],
            offense=offense, down_text=ball["down_and_distance"], phase=phase,
            ball_x=float(ball_x), flag_x=None if flag_x is None else float(flag_x), show_ball=phase != "toss",
            slots=slots_from_view(view), gd_card=view["gd_card"], gd_count=view["gd_deck_count"],
            gd_purpose=purpose, story=list(story), penalty_flag=1.0 if phase == "penalty" else None,
        )


def next_spot(step: Mapping[str, Any], ball_x: float, offense: int) -> tuple[float, int]:
    """Where the ball waits while the clock is matched: the next drive's start, or the kicking spot."""
    what = step.get("do")
    if what == "possession":
        return float(board.x_of(step["team"], step["spot"])), step["team"]
    if what == "kickoff":
        return float(board.x_of(step["team"], KICKOFF_SPOT)), step["team"]
    if what == "free_kick":
        return float(board.x_of(step["team"], field.FREE_KICK_SPOT)), step["team"]
    return ball_x, offense


def slots_from_view(view: FootballView) -> dict[str, Slot]:
    """Face-down calls while a snap is being set up; else the last revealed pair (quieter between plays)."""
    offense = view["offense"]
    calls = view["calls"]
    slots: dict[str, Slot] = {}
    if calls[0] is not None or calls[1] is not None:
        for seat, side in ((offense, "offense"), (1 - offense, "defense")):
            call = calls[seat]
            if call is not None:
                slots[side] = Slot(seat, side, call["formation"], angle=180.0 if call.get("audible") else 0.0)
        return slots
    reveal = view.get("reveal")
    if reveal:
        live = view["phase"] in ("breakaway_choice", "challenge", "penalty")
        for side in ("offense", "defense"):
            info = reveal[side]
            slots[side] = Slot(info["seat"], side, "", info["card"], info["end"], face=True, last=not live,
                               glow=live and reveal.get("breakaway") == side)
    return slots


def stepped(start: float, end: float, t: float) -> float:
    """A position that walks from line to line: each yard line is reached, then the next one."""
    distance = abs(end - start)
    if distance < 1e-9:
        return end
    travelled = max(0.0, min(1.0, t)) * distance
    whole = math.floor(travelled)
    if whole >= distance:
        return end
    step = ease_in_out_cubic(travelled - whole)
    return start + math.copysign(whole + step, end - start)


class TableShow:
    """Animation state of the football table: the picture and the steps that change it."""

    def __init__(self, anims: Timeline, sound: Callable[[str], None], label: Callable[[int], str],
                 line_point: Callable[[float], Point], origin: Callable[[int, str], Point],
                 goal_post: Callable[[int], Point], view: FootballView, story: Sequence[str]) -> None:
        self.anims = anims
        self.sound = sound
        self.label = label
        self.line_point = line_point
        self.origin = origin
        self.goal_post = goal_post
        self.pic = Picture.from_view(view, story)
        #: while an event's steps are queued: tells the scene that the table shows that event now (its log
        #: line may appear); a banner calls it as it appears, else it is called when the event's steps end
        self._shown: Callable[[], None] | None = None
        #: the events after halftime, waiting (with the view and the log callback) until ``resume``
        self.waiting: tuple[Sequence[Event], Mapping[str, Any], Callable[[int], None] | None] | None = None

    # --- state ------------------------------------------------------------------------------------
    def reset(self, view: FootballView, story: Sequence[str]) -> None:
        """Forget every animation (after an undo or a load): the view is the truth."""
        self.waiting = None
        self.pic = Picture.from_view(view, story, self.pic.gd_purpose)

    def sync(self, view: FootballView) -> None:
        self.pic = Picture.from_view(view, self.pic.story, self.pic.gd_purpose)

    # --- step helpers -----------------------------------------------------------------------------
    def _tween(self, seconds: float, frame: Callable[[float], None], ease=ease_in_out_cubic,
               on_start: Callable[[], None] | None = None, on_done: Callable[[], None] | None = None) -> Tween:
        tween = Tween(0.0, 1.0, seconds, ease, on_update=lambda value: frame(float(value)))
        self.anims.add(tween, on_start=on_start, on_done=on_done)
        return tween

    def _call(self, function: Callable[[], None]) -> None:
        self.anims.call(function)

    def _tell(self, text: str) -> None:
        def add() -> None:
            if text and (not self.pic.story or self.pic.story[-1] != text):
                self.pic.story = (self.pic.story + [text])[-STORY_LINES:]
        self._call(add)

    def banner(self, text: str, seat: int | None = None, mood: str = "", seconds: float = BANNER_SECONDS,
               sound: str = "", on_start: Callable[[], None] | None = None) -> None:
        shown = self._shown

        def begin() -> None:
            self.pic.banner = Banner(text, seat, mood)
            if shown is not None:
                shown()
            if sound:
                self.sound(sound)
            if on_start is not None:
                on_start()

        def frame(t: float) -> None:
            if self.pic.banner is not None:
                self.pic.banner.t = t

        def end() -> None:
            self.pic.banner = None
        self._tween(seconds, frame, linear, on_start=begin, on_done=end)

    def slide(self, start: float, end: float, extra: float = 0.1) -> None:
        """The ball marker walks from yard line ``start`` to ``end`` (seat 0's coordinates)."""
        if abs(end - start) < 1e-9:
            self._call(lambda: setattr(self.pic, "ball_x", end))
            return

        def frame(t: float) -> None:
            self.pic.ball_x = stepped(start, end, t)
        self._tween(extra + LINE_SECONDS * abs(end - start), frame, linear,
                    on_start=lambda: setattr(self.pic, "ball_x", start))

    def kick(self, start: float, end: float, seconds: float = KICK_SECONDS, height: float = 70,
             to_point: Point | None = None, follow: bool = True) -> None:
        """The football flies from yard line ``start`` to ``end`` (or a canvas point).

        The marker follows it on a change of possession (kickoffs, punts); on a
        kick at the posts it stays on the line of scrimmage.
        """
        first, last = self.line_point(start), to_point or self.line_point(end)

        def begin() -> None:
            self.pic.flight = Flight(first, last, height)
            self.pic.ball_x = start
            self.sound("whistle")

        def frame(t: float) -> None:
            if self.pic.flight is not None:
                self.pic.flight.t = t
            if follow:
                self.pic.ball_x = start + (end - start) * t

        def done() -> None:
            self.pic.flight = None
        self._tween(seconds, frame, ease_in_out_cubic, on_start=begin, on_done=done)

    def coin_toss(self, winner: int) -> None:
        def frame(t: float) -> None:
            self.pic.coin = t

        def done() -> None:
            self.pic.coin = None
        self._tween(COIN_SECONDS, frame, linear, on_start=lambda: self.sound("coin_flip"), on_done=done)
        self.banner(_("{team} wins the toss").format(team=self.label(winner)), winner, "good")

    # --- the events of one action -------------------------------------------------------------------
    def play(self, events: Sequence[Event], view: FootballView,
             shown: Callable[[int], None] | None = None, halftime: Callable[[], None] | None = None) -> None:
        """Queue the steps that show these events, then settle on the view.

        ``shown(count)`` is called when the table shows the ``count``-th event: as its banner appears (the
        score changes with it), else when its steps are done (the Game Day card lies face up), so the log
        tells no more than the table.  With ``halftime``, the halftime is a screen: ``halftime()`` is called
        when the first half's last steps are done, and the second half's events wait for ``resume``.
        """
        results = False
        for index, event in enumerate(events):
            told = None if shown is None else (lambda count=index + 1: shown(count))
            if event.kind == "halftime" and halftime is not None:
                if told is not None:
                    self._call(told)
                self._call(halftime)
                later = None if shown is None else (lambda count, done=index + 1: shown(done + count))
                self.waiting = (events[index + 1:], view, later)
                return
            if event.visible_to is None:
                self._shown = told
                handler = getattr(self, f"_on_{event.kind}", None)
                if handler is not None:
                    handler(event.data, view)
                if event.kind in STORY_PRIORITY:
                    self._tell(self._story_of(event, view))
                results |= event.kind in RESULT_KINDS
                self._shown = None
            if told is not None:
                self._call(told)
        if results:
            self.anims.wait(LINGER_SECONDS)
        self._settle(view)

    def resume(self) -> None:
        """The players are back from halftime: the second half's first events play on."""
        waiting, self.waiting = self.waiting, None
        if waiting is not None:
            self.play(*waiting)

    def _story_of(self, event: Event, view: FootballView) -> str:
        if event.kind == "reveal":
            m = revealed_matchup(view)
            if m is not None:
                return _("Reveal: {matchup}.").format(matchup=matchup_words(m))
        return story_text(event)

    def _settle(self, view: FootballView) -> None:
        """Walk the ball and the flag to where the view has them, then draw the view again."""
        target = Picture.from_view(view)
        marks: dict[str, float | None] = {}

        def begin() -> None:
            marks["ball"], marks["flag"] = self.pic.ball_x, self.pic.flag_x
            if target.flag_x is None:
                self.pic.flag_x = None

        def frame(t: float) -> None:
            start = marks.get("ball")
            if start is not None:
                self.pic.ball_x = start + (target.ball_x - start) * t
            flag = marks.get("flag")
            if flag is not None and target.flag_x is not None:
                self.pic.flag_x = flag + (target.flag_x - flag) * t
            elif target.flag_x is not None and t >= 1:
                self.pic.flag_x = target.flag_x

        moving = (abs(self.pic.ball_x - target.ball_x) > 1e-6 or self.pic.flag_x != target.flag_x
                  or self.anims.busy)
        if moving:
            self._tween(SETTLE_SECONDS, frame, ease_out_cubic, on_start=begin)
        self._call(lambda: self.sync(view))

    # --- cards ---------------------------------------------------------------------------------------
    def _on_call(self, data: Mapping[str, Any], view: FootballView) -> None:
        side, seat = data["side"], data["seat"]
        start = self.origin(seat, side)

        def begin() -> None:
            if side == "offense" or any(slot.last for slot in self.pic.slots.values()):
                self.pic.slots = {}
            self.pic.slots[side] = Slot(seat, side, data["formation"], start=start, fly=0.0)
            self.sound("card_deal")

        def frame(t: float) -> None:
            slot = self.pic.slots.get(side)
            if slot is not None:
                slot.fly = t
        self._tween(FLY_SECONDS, frame, ease_out_cubic, on_start=begin)

    def _on_audible(self, data: Mapping[str, Any], view: FootballView) -> None:
        if not data.get("audible"):
            return
        side = "offense" if data["seat"] == view["offense"] else "defense"

        def frame(t: float) -> None:
            slot = self.pic.slots.get(side)
            if slot is not None:
                slot.angle = 180.0 * t
        self._tween(SPIN_SECONDS, frame, ease_in_out_cubic, on_start=lambda: self.sound("card_flick"))

    def _on_reveal(self, data: Mapping[str, Any], view: FootballView) -> None:
        def begin() -> None:
            for side in ("offense", "defense"):
                info = data[side]
                slot = self.pic.slots.get(side)
                if slot is None:
                    slot = self.pic.slots[side] = Slot(info["seat"], side, "")
                slot.card, slot.end = info["card"], info["end"]
            self.sound("card_flick")

        def flipper(side: str) -> Callable[[float], None]:
            def frame(t: float) -> None:
                slot = self.pic.slots.get(side)
                if slot is None:
                    return
                slot.squash = abs(math.cos(math.pi * t))
                if t >= 0.5 and not slot.face:
                    slot.face, slot.angle = True, 0.0
            return frame
        flips = [Tween(0.0, 1.0, FLIP_SECONDS, linear, on_update=lambda v, f=flipper(side): f(float(v)))
                 for side in ("offense", "defense")]
        self.anims.add(Together(flips), on_start=begin)

    def _on_breakaway(self, data: Mapping[str, Any], view: FootballView) -> None:
        side = data["side"]

        def glow() -> None:
            slot = self.pic.slots.get(side)
            if slot is not None:
                slot.glow = True
        said = _("OFFENSE BREAKAWAY!") if side == "offense" else _("DEFENSE BREAKAWAY!")
        self.banner(said, data["seat"], "good", BANNER_SECONDS, "crowd_cheer", glow)

    def _on_gameday(self, data: Mapping[str, Any], view: FootballView) -> None:
        quick = data.get("purpose") == "breakaway"

        def begin() -> None:
            self.pic.gd_card = data["card"]
            self.pic.gd_purpose = str(data.get("purpose", "play"))
            self.pic.gd_count = max(0, self.pic.gd_count - 1)
            self.pic.gd_fly, self.pic.gd_squash, self.pic.gd_face = 0.0, 1.0, False
            self.sound("card_deal")

        def fly(t: float) -> None:
            self.pic.gd_fly = t

        def flip(t: float) -> None:
            self.pic.gd_squash = abs(math.cos(math.pi * t))
            self.pic.gd_face = t >= 0.5
        scale = 0.7 if quick else 1.0
        self._tween(DECK_FLY_SECONDS * scale, fly, ease_out_cubic, on_start=begin)
        self._tween(DECK_FLIP_SECONDS * scale, flip, linear, on_start=lambda: self.sound("card_flick"))

    def _on_reshuffle(self, data: Mapping[str, Any], view: FootballView) -> None:
        def shuffle() -> None:
            self.pic.gd_count = int(data.get("cards", 0))
            self.sound("card_deal")
        self._call(shuffle)

    # --- the clock, flags and time outs -------------------------------------------------------------
    def _on_discard(self, data: Mapping[str, Any], view: FootballView) -> None:
        self._call(lambda: self._set_cards(data["seat"], data["hand"]))

    _on_retrieve = _on_discard

    def _set_cards(self, seat: int, count: int) -> None:
        self.pic.cards_left[seat] = count

    def _on_timeout(self, data: Mapping[str, Any], view: FootballView) -> None:
        def spend() -> None:
            self.pic.timeouts[data["seat"]] = data["timeouts"]
        self.banner(_("TIME OUT {team}").format(team=self.label(data["seat"])), data["seat"], "", BANNER_SECONDS, "whistle", spend)

    def _on_ice(self, data: Mapping[str, Any], view: FootballView) -> None:
        def spend() -> None:
            self.pic.timeouts[data["seat"]] = data["timeouts"]
        self.banner(_("Icing the kicker"), data["seat"], "", BANNER_SECONDS, "whistle", spend)

    def _on_challenge(self, data: Mapping[str, Any], view: FootballView) -> None:
        def throw() -> None:
            self.pic.flags[data["seat"]] = False
        self.banner(_("CHALLENGE FLAG: the play event is ignored"), data["seat"], "", BANNER_SECONDS, "whistle", throw)

    def _on_flag_earned(self, data: Mapping[str, Any], view: FootballView) -> None:
        def earn() -> None:
            self.pic.flags[data["seat"]] = True
        self.banner(_("Challenge flag earned back"), data["seat"], "good", BANNER_SECONDS, "", earn)

    def _on_penalty(self, data: Mapping[str, Any], view: FootballView) -> None:
        def frame(t: float) -> None:
            self.pic.penalty_flag = t
        self._tween(PENALTY_FLAG_SECONDS, frame, ease_out_cubic, on_start=lambda: self.sound("whistle"))
        penalty = data["name"]
        self.banner(_("FLAG: {penalty} on {team}").format(penalty=_(penalty), team=self.label(data["seat"])),
                    data["seat"], "bad")

    def _on_penalty_enforced(self, data: Mapping[str, Any], view: FootballView) -> None:
        self.slide(data["from"], data["to"])
        self._call(lambda: setattr(self.pic, "penalty_flag", None))

    def _on_penalty_choice(self, data: Mapping[str, Any], view: FootballView) -> None:
        if data.get("choice") == "decline":
            self._call(lambda: setattr(self.pic, "penalty_flag", None))

    # --- the ball ---------------------------------------------------------------------------------------
    def _on_drive(self, data: Mapping[str, Any], view: FootballView) -> None:
        def begin() -> None:
            self.pic.offense = data["seat"]
            self.pic.show_ball = True
            spot = data["ball"] if data["seat"] == 0 else field.GOAL_LINE - data["ball"]
            self.pic.flag_x = float(board.x_of(data["seat"], field.next_first_down_line(spot)))
        self.slide_to(data["ball"])
        self._call(begin)

    def slide_to(self, end: float) -> None:
        """Walk the ball from wherever it is when this step starts."""
        marks: dict[str, float] = {}

        def begin() -> None:
            marks["start"] = self.pic.ball_x

        def frame(t: float) -> None:
            self.pic.ball_x = stepped(marks.get("start", end), end, t)
        seconds = 0.1 + LINE_SECONDS * min(6.0, abs(self.pic.ball_x - end))
        self._tween(seconds, frame, linear, on_start=begin)

    def _on_play(self, data: Mapping[str, Any], view: FootballView) -> None:
        self._call(lambda: setattr(self.pic, "penalty_flag", None))
        if data.get("incomplete"):
            self.banner(_("Incomplete pass"), data["seat"], "bad")
            return
        self.slide(data["from"], data["to"])
        if data.get("result") == "first_down":
            self.banner(_("FIRST DOWN"), data["seat"], "good", BANNER_SECONDS, "whistle")

    def _on_restricted_pass(self, data: Mapping[str, Any], view: FootballView) -> None:
        play = data["play_type"]
        self.banner(_("No {play} here: penalty").format(play=_(play)), data["seat"], "bad", BANNER_SECONDS,
                    "whistle")
        self.slide(data["from"], data["to"])

    def _on_kneel(self, data: Mapping[str, Any], view: FootballView) -> None:
        self.slide(data["from"], data["to"])

    def _on_turnover(self, data: Mapping[str, Any], view: FootballView) -> None:
        word = _("FUMBLE!") if data.get("turnover") == "fumble" else _("INTERCEPTION!")
        if data.get("gain"):
            self.slide(data["from"], data["from"] + data["gain"] * (1 if data["seat"] == 0 else -1))
        self.banner(word, data["seat"], "bad", BANNER_SECONDS, "whistle")
        self._possession_to(1 - data["seat"])
        self.slide_to(data["to"])

    def _possession_to(self, seat: int) -> None:
        self._call(lambda: setattr(self.pic, "offense", seat))

    def _on_downs(self, data: Mapping[str, Any], view: FootballView) -> None:
        self.banner(_("Turnover on downs"), data["seat"], "bad", BANNER_SECONDS, "whistle")
        self._possession_to(1 - data["seat"])

    def _score(self, data: Mapping[str, Any]) -> Callable[[], None]:
        def update() -> None:
            if "score" in data:
                self.pic.score = list(data["score"])
        return update

    def _on_touchdown(self, data: Mapping[str, Any], view: FootballView) -> None:
        self.banner(_("TOUCHDOWN {team}!").format(team=self.label(data["seat"])), data["seat"], "good", BIG_BANNER_SECONDS,
                    "crowd_cheer", self._score(data))

    def _on_safety(self, data: Mapping[str, Any], view: FootballView) -> None:
        self.banner(_("SAFETY: {team} +2").format(team=self.label(data["seat"])), data["seat"], "good", BIG_BANNER_SECONDS,
                    "whistle", self._score(data))

    def _on_extra_point(self, data: Mapping[str, Any], view: FootballView) -> None:
        seat = data["seat"]
        start = board.x_of(seat, field.TWO_POINT_SPOT)
        self.kick(start, board.x_of(seat, field.GOAL_LINE), 0.8, 60, self._kick_end(seat, data["good"]), False)
        text = _("Extra point is GOOD") if data["good"] else _("Extra point is missed")
        self.banner(text, seat, "good" if data["good"] else "bad", BANNER_SECONDS,
                    "crowd_cheer" if data["good"] else "", self._score(data))

    def _kick_end(self, seat: int, good: bool) -> Point:
        x, y = self.goal_post(seat)
        return (x, y) if good else (x, y + 46)

    def _on_two_point_try(self, data: Mapping[str, Any], view: FootballView) -> None:
        self.slide_to(board.x_of(data["seat"], field.TWO_POINT_SPOT))

    def _on_two_point(self, data: Mapping[str, Any], view: FootballView) -> None:
        text = _("Two-point try is GOOD") if data["good"] else _("Two-point try fails")
        self.banner(text, data["seat"], "good" if data["good"] else "bad", BANNER_SECONDS,
                    "crowd_cheer" if data["good"] else "", self._score(data))

    def _on_field_goal(self, data: Mapping[str, Any], view: FootballView) -> None:
        seat = data["seat"]
        from_x = self.pic.ball_x
        self.kick(from_x, board.x_of(seat, field.GOAL_LINE), 0.9, 80, self._kick_end(seat, data["good"]), False)
        if data["good"]:
            self.banner(_("FIELD GOAL IS GOOD from {distance}!").format(distance=data["distance"]), seat, "good", BIG_BANNER_SECONDS,
                        "crowd_cheer", self._score(data))
        else:
            self.banner(_("Field goal from {distance} is NO GOOD").format(distance=data["distance"]), seat, "bad")
            self._possession_to(1 - seat)
            self.slide_to(data["to"])

    def _on_kickoff(self, data: Mapping[str, Any], view: FootballView) -> None:
        kicker, receiver = data["kicker"], data["receiver"]
        start = board.x_of(kicker, KICKOFF_SPOT)
        deep = board.x_of(receiver, 1)
        self._call(lambda: setattr(self.pic, "show_ball", True))
        self.kick(start, deep, KICK_SECONDS, 90)
        result = data["result"]
        if result == "touchback":
            self.banner(_("Touchback"), receiver)
        elif result == "fumble":
            self.banner(_("FUMBLED KICKOFF!"), receiver, "bad", BANNER_SECONDS, "whistle")
            self._possession_to(kicker)
        elif result == "touchdown":
            self.slide(deep, data["to"])
        else:
            self.slide(deep, data["to"])

    def _on_onside(self, data: Mapping[str, Any], view: FootballView) -> None:
        kicker = data["kicker"]
        self.kick(board.x_of(kicker, 8), float(field.MIDFIELD), 0.6, 24)
        winner = kicker if data["recovered"] else 1 - kicker
        self.banner(_("Onside kick: {team} recovers").format(team=self.label(winner)), winner, "good" if data["recovered"] else "")

    def _on_punt(self, data: Mapping[str, Any], view: FootballView) -> None:
        result = data["result"]
        if result == "blocked":
            self.banner(_("PUNT BLOCKED!"), data["seat"], "bad", BANNER_SECONDS, "whistle")
            self.slide(data["from"], data["to"])
            return
        if result == "touchback":
            kicker = data["seat"]
            self.kick(data["from"], board.x_of(kicker, field.GOAL_LINE), KICK_SECONDS, 90)
            self.banner(_("Touchback"), 1 - kicker)
            self.slide(board.x_of(kicker, field.GOAL_LINE), data["to"])
            return
        self.kick(data["from"], data["to"], KICK_SECONDS, 90)

    def _on_free_kick(self, data: Mapping[str, Any], view: FootballView) -> None:
        self.kick(data["from"], data["to"], KICK_SECONDS, 80)

    def _on_return(self, data: Mapping[str, Any], view: FootballView) -> None:
        self._possession_to(data["seat"])
        self.slide(data["from"], data["to"])
        if data["result"] == "fumble":
            self.banner(_("MUFFED! The kicking team recovers"), data["seat"], "bad", BANNER_SECONDS, "whistle")

    def _on_hail_mary(self, data: Mapping[str, Any], view: FootballView) -> None:
        self.banner(_("HAIL MARY!"), data["seat"], "", BANNER_SECONDS, "whistle")

    def _on_hail_mary_result(self, data: Mapping[str, Any], view: FootballView) -> None:
        result = data["result"]
        if result in ("complete", "touchdown"):
            self.kick(data["from"], data["to"], KICK_SECONDS, 110)
            self.banner(_("CAUGHT!"), data["seat"], "good", BANNER_SECONDS, "crowd_cheer")
        elif result == "pick_six":
            self.banner(_("INTERCEPTED: pick-six!"), data["seat"], "bad", BANNER_SECONDS, "whistle")
            self._possession_to(1 - data["seat"])
            self.slide_to(data["to"])
        else:
            self.banner(_("Incomplete"), data["seat"], "bad")

    def _on_announce(self, data: Mapping[str, Any], view: FootballView) -> None:
        announced = ANNOUNCED_BANNERS[data["play"]]
        self.banner(_(announced), data["seat"], "", 0.7)

    # --- quarters and the end ------------------------------------------------------------------------
    def _on_quarter_end(self, data: Mapping[str, Any], view: FootballView) -> None:
        quarter = data["quarter"]
        said = (_("End of overtime") if quarter >= 5 else
                _("End of the {period}").format(period=board.quarter_label(quarter)))
        self.banner(said, None, "", BIG_BANNER_SECONDS, "whistle")

    def _on_halftime(self, data: Mapping[str, Any], view: FootballView) -> None:
        self.banner(_("Halftime: time outs back to 3"), None, "", BANNER_SECONDS)

    def _on_overtime(self, data: Mapping[str, Any], view: FootballView) -> None:
        self.banner(_("OVERTIME"), None, "", BIG_BANNER_SECONDS, "whistle")
        if "winner" in data:
            self.coin_toss(data["winner"])

    def _on_toss(self, data: Mapping[str, Any], view: FootballView) -> None:
        self.banner(_("{team} will receive").format(team=self.label(data["receiver"])), data["receiver"])

    def _on_game_end(self, data: Mapping[str, Any], view: FootballView) -> None:
        self.banner(_("FINAL"), None, "good", BIG_BANNER_SECONDS, "finish_fanfare", self._score(data))
