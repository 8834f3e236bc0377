"""The guided first game: what to do now, and which rule explains it (pure Python).

``guide(view, seat)`` reads only ``view(seat)`` of the rider deciding now and
names the choice in front of them with the numbers on the table ("The
breakaway rider rides 45: play 43 or more..."), judged with the same
``preview_play`` the hover bubble uses.  ``event_rule(event)`` names the
rules help heading behind a log entry.  Every heading named here is a heading
of ``rules_help.md`` (a test reads them from there).
"""
from __future__ import annotations

from typing import Any, Mapping

from game.core.protocol import Event
from game.core.spec import Hint

from .cards import CLIMB, HEADWIND_PENALTY, SLIPSTREAM_GAP, SPRINT, SPRINT_CAP_ON_CLIMB
from .rules import CLIMB_WINDOW, PLAY, Resolution, preview_play

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
    return f"{minutes} penalty minute{'s' if minutes != 1 else ''}"


# --- the guide ---------------------------------------------------------------------------------------------
def guide(view: Mapping[str, Any], seat: int) -> Hint | None:
    """The next thing ``seat`` should think about, in one or two sentences, with its rule."""
    if view.get("to_move") != seat or view.get("hand") is None:
        return None
    if view["phase"] == CLIMB_WINDOW:
        return climb_call_hint(view)
    if view["phase"] != PLAY:
        return None
    hand = list(view["hand"])
    if not any(isinstance(card, int) for card in hand):
        return Hint("You hold no speed card, only sprint or climb cards: you stall at 39 km/h and keep your "
                    "hand.", STALL)
    if view["jersey"] == seat:
        return jersey_hint(view, seat, hand)
    if view["minutes"][seat]:
        return minutes_hint(view, seat, hand)
    if view["climb_active"]:
        return climb_hint(view, seat, hand)
    return chase_hint(view, seat, hand)


def plays(view: Mapping[str, Any], seat: int, hand: list[Any]) -> list[tuple[int, int, Resolution]]:
    """Every speed card with every number of sprint cards held, and what it would do."""
    speeds = sorted({card for card in hand if isinstance(card, int)})
    sprints = hand.count(SPRINT)
    return [(speed, s, preview_play(view, seat, speed, s)) for speed in speeds for s in range(sprints + 1)]


def card_words(speed: int, sprints: int) -> str:
    return f"{speed}" if not sprints else f"{speed} with {sprints} sprint card{'s' if sprints > 1 else ''}"


def headwind_note(view: Mapping[str, Any], seat: int) -> str:
    headwinds = view["headwinds"][seat]
    if not headwinds:
        return ""
    return f" (your headwind takes {HEADWIND_PENALTY * headwinds} km/h off this card)"


def jersey_hint(view: Mapping[str, Any], seat: int, hand: list[Any]) -> Hint:
    """The breakaway rider is safe whatever he plays; the only question is how hard to make it."""
    climb = " You may add your climb card: no passing and no slipstream until your next turn." \
        if CLIMB in hand else ""
    if view["pace"] is None:
        return Hint("You wear the yellow jersey and open the stage: any speed card sets the pace. A high pace is "
                    "hard to follow, but it spends your best card." + climb, JERSEY_TURN)
    if view["deck_count"] <= view["num_seats"]:
        return Hint(f"Only {view['deck_count']} cards are left and you wear the yellow jersey: whoever wears it "
                    "when the stage ends scores +1, so set a pace the others cannot beat.", STAGE_END)
    return Hint(f"You wear the yellow jersey: any card is safe and sets the new pace (now {view['pace']}). The "
                "lower it is, the easier the others pass you." + climb, JERSEY_TURN)


def chase_hint(view: Mapping[str, Any], seat: int, hand: list[Any]) -> Hint:
    """A clean rider: the slipstream costs nothing, a faster card takes the jersey."""
    pace = int(view["pace"])
    lowest_free = pace - SLIPSTREAM_GAP + HEADWIND_PENALTY * view["headwinds"][seat]
    opening = f"The breakaway rider rides {pace}: play {lowest_free} or more to stay in the slipstream without " \
              f"penalty minutes{headwind_note(view, seat)}."
    rule = HEADWIND if view["headwinds"][seat] else SLIPSTREAM
    options = plays(view, seat, hand)
    plain = [(speed, r) for speed, sprints, r in options if not sprints]
    if any(r.takes_jersey for _, r in plain):
        return Hint(opening + f" A card above {lowest_free + SLIPSTREAM_GAP} takes the yellow jersey.", rule)
    if any(r.minutes_change == 0 for _, r in plain):
        sprinted = next(((speed, s) for speed, s, r in options if s and r.takes_jersey), None)
        if sprinted is None:
            return Hint(opening, rule)
        return Hint(opening + f" {card_words(*sprinted)} would take the yellow jersey.", SPRINTING)
    sprinted = next(((speed, s) for speed, s, r in options if s and r.minutes_change == 0), None)
    if sprinted is not None:
        return Hint(opening + f" No card of yours gets there alone: {card_words(*sprinted)} does.", SPRINTING)
    speed, sprints, best = min(options, key=lambda o: (o[2].minutes_change, o[1]))
    return Hint(opening + f" No card of yours gets there: {card_words(speed, sprints)} costs the fewest, "
                f"{minutes_words(best.minutes_change)}.", DROPPED)


def climb_hint(view: Mapping[str, Any], seat: int, hand: list[Any]) -> Hint:
    """A clean rider on a climb: no slipstream, no overtaking; matching the pace is all that is free."""
    pace = int(view["pace"])
    options = plays(view, seat, hand)
    lowest_free = pace + HEADWIND_PENALTY * view["headwinds"][seat]
    opening = f"Climb: no slipstream and no overtaking. Play {lowest_free} or more to lose no time" \
              f"{headwind_note(view, seat)}; every km/h below costs a minute."
    if any(r.minutes_change == 0 for _, _, r in options):
        return Hint(opening, CLIMBING)
    speed, sprints, best = min(options, key=lambda o: (o[2].minutes_change, o[1]))
    return Hint(f"Climb: no slipstream, so every km/h below {pace} costs a minute. Your best is "
                f"{card_words(speed, sprints)}: {minutes_words(best.minutes_change)}.", CLIMBING)


def minutes_hint(view: Mapping[str, Any], seat: int, hand: list[Any]) -> Hint:
    """A rider with minutes rides alone: above the pace gives minutes back, below costs more."""
    pace, minutes = int(view["pace"]), int(view["minutes"][seat])
    options = plays(view, seat, hand)
    speed, sprints, best = min(options, key=lambda o: (o[2].minutes_change, o[1], o[0]))
    opening = f"You carry {minutes_words(minutes)} and ride alone: every km/h above {pace} gives one back, every " \
              f"km/h below costs one more{headwind_note(view, seat)}."
    if best.minutes_change < 0:
        back = "all of them" if -best.minutes_change == minutes else str(-best.minutes_change)
        return Hint(opening + f" Your {card_words(speed, sprints)} gives back {back}.", REDUCING)
    if best.minutes_change == 0:
        return Hint(opening + f" Your {card_words(speed, sprints)} keeps them as they are.", REDUCING)
    return Hint(opening + f" Your {card_words(speed, sprints)} costs the fewest: "
                f"{minutes_words(best.minutes_change)}.", REDUCING)


def climb_call_hint(view: Mapping[str, Any]) -> Hint:
    pace = view["pace"]
    if not view["can_climb"]:
        return Hint(f"The breakaway rider has set the pace at {pace}. You hold no climb card: ride on.", CLIMB_CALL)
    capped = f" (it holds the pace to {SPRINT_CAP_ON_CLIMB})" if pace is not None and pace > SPRINT_CAP_ON_CLIMB \
        else ""
    return Hint(f"The breakaway rider has set the pace at {pace}. Lay your climb card{capped} and until his next "
                "turn nobody may overtake or ride in the slipstream, you included; or ride on.", CLIMB_CALL)


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
