"""The guided first game: what to do now, and which rule explains it (pure Python).

``guide(view, seat)`` reads only ``view(seat)`` of the rider deciding now and
names the choice in front of them with the numbers on the table ("The
breakaway rider rides 45: play 43 or more..."), judged with the same
``preview_play`` the hover bubble uses.  ``event_rule(event)`` names the
rules help heading behind a log entry.  Every heading named here is a heading
of ``rules_help.md`` (a test reads them from there).
"""
from __future__ import annotations

from typing import Any

from game.core.protocol import Event
from game.core.spec import Hint
from game.i18n import _, ngettext

from .cards import CLIMB, HEADWIND_PENALTY, SLIPSTREAM_GAP, SPRINT, SPRINT_CAP_ON_CLIMB
from .rules import CLIMB_WINDOW, PLAY, Resolution, preview_play
from .views import BreakawayRiderView

# --- the rules help headings -------------------------------------------------------------------------
STARTING = "Starting the race"
YOUR_TURN = "Your turn"
SLIPSTREAM = "Riding in the slipstream"
DROPPED = "Dropped: penalty minutes"
TAKING_JERSEY = "Taking the yellow jersey"
JERSEY_TURN = "The yellow jersey's turn"
REDUCING = "Reducing penalty minutes"
HEADWIND = "Headwind"
SPRINTING = "Sprint"
CLIMBING = "Climb"
CLIMB_CALL = "The climb call"
STAGE_END = "End of a stage"
WINNING = "Winning"
STALL = "Rare case: no speed card"

#: every heading this module may name (the tests check each one is in the rules help)
HEADINGS = (STARTING, YOUR_TURN, SLIPSTREAM, DROPPED, TAKING_JERSEY, JERSEY_TURN, REDUCING, HEADWIND, SPRINTING,
            CLIMBING, CLIMB_CALL, STAGE_END, WINNING, STALL)

#: what a play's result is explained by
RESULT_RULES = {
    "sets-pace": JERSEY_TURN, "slipstream": SLIPSTREAM, "dropped": DROPPED, "takes-jersey": TAKING_JERSEY,
    "held-back": CLIMBING, "loses-time": REDUCING, "reduces": REDUCING, "holds": REDUCING,
}


def minutes_words(minutes: int) -> str:
    return ngettext("{count} penalty minute", "{count} penalty minutes", minutes).format(count=minutes)


# --- the guide ---------------------------------------------------------------------------------------------
def guide(view: BreakawayRiderView, seat: int) -> Hint | None:
    """The next thing ``seat`` should think about, in one or two sentences, with its rule."""
    if view.get("to_move") != seat or view.get("hand") is None:
        return None
    if view["phase"] == CLIMB_WINDOW:
        return climb_call_hint(view)
    if view["phase"] != PLAY:
        return None
    hand = list(view["hand"])
    if not any(isinstance(card, int) for card in hand):
        return Hint(_("You hold no speed card, only sprint or climb cards: you stall at 39 km/h and keep your "
                      "hand."), STALL)
    if view["jersey"] == seat:
        return jersey_hint(view, seat, hand)
    if view["minutes"][seat]:
        return minutes_hint(view, seat, hand)
    if view["climb_active"]:
        return climb_hint(view, seat, hand)
    return chase_hint(view, seat, hand)


def sentences(*parts: str) -> str:
    """Whole sentences one after the other (each translated on its own)."""
    return " ".join(part for part in parts if part)


def plays(view: BreakawayRiderView, seat: int, hand: list[Any]) -> list[tuple[int, int, Resolution]]:
    """Every speed card with every number of sprint cards held, and what it would do."""
    speeds = sorted({card for card in hand if isinstance(card, int)})
    sprints = hand.count(SPRINT)
    return [(speed, s, preview_play(view, seat, speed, s)) for speed in speeds for s in range(sprints + 1)]


def card_words(speed: int, sprints: int) -> str:
    """'45', or '41 with 1 sprint card': a play named in a hint."""
    if not sprints:
        return str(speed)
    return ngettext("{speed} with {count} sprint card", "{speed} with {count} sprint cards", sprints).format(
        speed=speed, count=sprints)


def headwind_off(view: BreakawayRiderView, seat: int) -> int:
    """The km/h the seat's headwinds take off its next speed card (0: none waiting)."""
    return HEADWIND_PENALTY * view["headwinds"][seat]


def jersey_hint(view: BreakawayRiderView, seat: int, hand: list[Any]) -> Hint:
    """The breakaway rider is safe whatever he plays; the only question is how hard to make it."""
    climb = _("You may add your climb card: no passing and no slipstream until your next turn.") \
        if CLIMB in hand else ""
    if view["pace"] is None:
        return Hint(sentences(_("You wear the yellow jersey and open the stage: any speed card sets the pace. A high "
                                "pace is hard to follow, but it spends your best card."), climb), JERSEY_TURN)
    if view["deck_count"] <= view["num_seats"]:
        return Hint(ngettext("Only {count} card is left and you wear the yellow jersey: whoever wears it when the "
                             "stage ends scores +1, so set a pace the others cannot beat.",
                             "Only {count} cards are left and you wear the yellow jersey: whoever wears it when the "
                             "stage ends scores +1, so set a pace the others cannot beat.",
                             view["deck_count"]).format(count=view["deck_count"]), STAGE_END)
    return Hint(sentences(_("You wear the yellow jersey: any card is safe and sets the new pace (now {pace}). The "
                            "lower it is, the easier the others pass you.").format(pace=view["pace"]), climb),
                JERSEY_TURN)


def chase_hint(view: BreakawayRiderView, seat: int, hand: list[Any]) -> Hint:
    """A clean rider: the slipstream costs nothing, a faster card takes the jersey."""
    pace = int(view["pace"])
    off = headwind_off(view, seat)
    lowest_free = pace - SLIPSTREAM_GAP + off
    if off:
        opening = _("The breakaway rider rides {pace}: play {lowest} or more to stay in the slipstream without "
                    "penalty minutes (your headwind takes {off} km/h off this card).").format(
                        pace=pace, lowest=lowest_free, off=off)
    else:
        opening = _("The breakaway rider rides {pace}: play {lowest} or more to stay in the slipstream without "
                    "penalty minutes.").format(pace=pace, lowest=lowest_free)
    rule = HEADWIND if view["headwinds"][seat] else SLIPSTREAM
    options = plays(view, seat, hand)
    plain = [(speed, r) for speed, sprints, r in options if not sprints]
    if any(r.takes_jersey for _speed, r in plain):
        return Hint(sentences(opening, _("A card above {speed} takes the yellow jersey.").format(
            speed=lowest_free + SLIPSTREAM_GAP)), rule)
    if any(r.minutes_change == 0 for _speed, r in plain):
        sprinted = next(((speed, s) for speed, s, r in options if s and r.takes_jersey), None)
        if sprinted is None:
            return Hint(opening, rule)
        return Hint(sentences(opening, _("{play} would take the yellow jersey.").format(play=card_words(*sprinted))),
                    SPRINTING)
    sprinted = next(((speed, s) for speed, s, r in options if s and r.minutes_change == 0), None)
    if sprinted is not None:
        return Hint(sentences(opening, _("No card of yours gets there alone: {play} does.").format(
            play=card_words(*sprinted))), SPRINTING)
    speed, sprints, best = min(options, key=lambda o: (o[2].minutes_change, o[1]))
    return Hint(sentences(opening, _("No card of yours gets there: {play} costs the fewest, {minutes}.").format(
        play=card_words(speed, sprints), minutes=minutes_words(best.minutes_change))), DROPPED)


def climb_hint(view: BreakawayRiderView, seat: int, hand: list[Any]) -> Hint:
    """A clean rider on a climb: no slipstream, no overtaking; matching the pace is all that is free."""
    pace = int(view["pace"])
    options = plays(view, seat, hand)
    off = headwind_off(view, seat)
    lowest_free = pace + off
    if any(r.minutes_change == 0 for _speed, _sprints, r in options):
        if off:
            return Hint(_("Climb: no slipstream and no overtaking. Play {lowest} or more to lose no time (your "
                          "headwind takes {off} km/h off this card); every km/h below costs a minute.").format(
                              lowest=lowest_free, off=off), CLIMBING)
        return Hint(_("Climb: no slipstream and no overtaking. Play {lowest} or more to lose no time; every km/h "
                      "below costs a minute.").format(lowest=lowest_free), CLIMBING)
    speed, sprints, best = min(options, key=lambda o: (o[2].minutes_change, o[1]))
    return Hint(_("Climb: no slipstream, so every km/h below {pace} costs a minute. Your best is {play}: "
                  "{minutes}.").format(pace=pace, play=card_words(speed, sprints),
                                       minutes=minutes_words(best.minutes_change)), CLIMBING)


def minutes_hint(view: BreakawayRiderView, seat: int, hand: list[Any]) -> Hint:
    """A rider with minutes rides alone: above the pace gives minutes back, below costs more."""
    pace, minutes = int(view["pace"]), int(view["minutes"][seat])
    options = plays(view, seat, hand)
    speed, sprints, best = min(options, key=lambda o: (o[2].minutes_change, o[1], o[0]))
    off = headwind_off(view, seat)
    if off:
        opening = _("You carry {minutes} and ride alone: every km/h above {pace} gives one back, every km/h below "
                    "costs one more (your headwind takes {off} km/h off this card).").format(
                        minutes=minutes_words(minutes), pace=pace, off=off)
    else:
        opening = _("You carry {minutes} and ride alone: every km/h above {pace} gives one back, every km/h below "
                    "costs one more.").format(minutes=minutes_words(minutes), pace=pace)
    play = card_words(speed, sprints)
    if best.minutes_change < 0:
        if -best.minutes_change == minutes:
            verdict = _("Your {play} gives back all of them.").format(play=play)
        else:
            verdict = ngettext("Your {play} gives back {count}.", "Your {play} gives back {count}.",
                               -best.minutes_change).format(play=play, count=-best.minutes_change)
        return Hint(sentences(opening, verdict), REDUCING)
    if best.minutes_change == 0:
        return Hint(sentences(opening, _("Your {play} keeps them as they are.").format(play=play)), REDUCING)
    return Hint(sentences(opening, _("Your {play} costs the fewest: {minutes}.").format(
        play=play, minutes=minutes_words(best.minutes_change))), REDUCING)


def climb_call_hint(view: BreakawayRiderView) -> Hint:
    pace = view["pace"]
    if not view["can_climb"]:
        return Hint(_("The breakaway rider has set the pace at {pace}. You hold no climb card: ride on.").format(
            pace=pace), CLIMB_CALL)
    if pace is not None and pace > SPRINT_CAP_ON_CLIMB:
        return Hint(_("The breakaway rider has set the pace at {pace}. Lay your climb card (it holds the pace to "
                      "{cap}) and until his next turn nobody may overtake or ride in the slipstream, you included; "
                      "or ride on.").format(pace=pace, cap=SPRINT_CAP_ON_CLIMB), CLIMB_CALL)
    return Hint(_("The breakaway rider has set the pace at {pace}. Lay your climb card and until his next turn "
                  "nobody may overtake or ride in the slipstream, you included; or ride on.").format(pace=pace),
                CLIMB_CALL)


# --- rule links from the log ---------------------------------------------------------------------------------
def event_rule(event: Event) -> str | None:
    """The rules help heading that explains a log event (None: nothing to explain)."""
    kind, data = event.kind, event.data
    if kind == "play":
        if data.get("speed") is None:
            return STALL
        if data.get("climb") or (data.get("on_climb") and data.get("result") in ("slipstream", "dropped")):
            return CLIMBING
        return RESULT_RULES.get(str(data.get("result")))
    if kind == "stage-start":
        return STARTING if data.get("stage") == 1 else STAGE_END
    return {
        "opening-draw": STARTING, "deal": STARTING, "set-aside": STARTING, "draw": YOUR_TURN,
        "drawn-card": YOUR_TURN, "headwind": HEADWIND,
        "minutes-added": DROPPED if data.get("minutes") == data.get("change") else REDUCING,
        "minutes-reduced": REDUCING, "jersey": TAKING_JERSEY,
        "climb-window": CLIMB_CALL, "climb": CLIMB_CALL, "no-climb": CLIMB_CALL, "climb-ends": CLIMBING,
        "stage-end": STAGE_END, "game-end": WINNING,
    }.get(kind)
