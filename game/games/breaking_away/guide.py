"""The guided first game: the next thing to do in Breaking Away, and the rule behind it.

``guide(view, seat)`` reads only the deciding seat's view and answers in a
newcomer's words, about the actual race ("Rider 13 moves now ... 5 tucks him
in behind 4 riders: 7 next turn").  ``event_rule(event)`` names the rules help
heading behind a log entry.  Riders are named by their numbers, never by team
colour: players may choose other colours than the box's order, and the numbers
are what is painted on the riders.

Every heading named here is a heading of ``rules_help.md`` (a test checks it).
"""
from __future__ import annotations


from game.core.protocol import Event
from game.core.spec import Hint
from game.i18n import _, ngettext

from .allocation import is_complete, limit_for
from .data import HIGHEST_START_VALUE, LOWEST_START_VALUE, SHEET_LIMITS, SQUARES
from .preview import MovePreview, preview_move
from .riders import lap_of, race_order_key
from .rules import BreakingAwayState, can_no_longer_score
from .scene_words import ordinal
from .views import BreakingAwayView, RiderView

TRACK = "The track"
SHEET = "Your team and your sheet"
TURN = "A turn"
ORDER = "Who moves when"
SLIPSTREAM = "Replacement factors: riding in the bunch"
BREAKAWAY = "The Breaking Away bonus"
POINTS = "Points"
END = "The end of the race"
LAPPED = "Lapped riders"
SECRET = "Secret factors"
RETIRING = "Retiring a rider"
OPTIONS = "Options"
MADISON_START = "Madison: setting off"
MADISON_CHANGE = "Madison: changing over"
MADISON_POINTS = "Madison: points and winning"
#: every heading the guide and the log may point at
HEADINGS = (TRACK, SHEET, TURN, ORDER, SLIPSTREAM, BREAKAWAY, POINTS, END, LAPPED, SECRET, RETIRING, OPTIONS,
            MADISON_START, MADISON_CHANGE, MADISON_POINTS)


def listing(values: list[int] | list[str]) -> str:
    """'9, 5 or 2'."""
    words = [str(v) for v in values]
    return words[0] if len(words) == 1 else _("{some} or {last}").format(some=", ".join(words[:-1]), last=words[-1])


# --- the guide --------------------------------------------------------------------------------------
def guide(view: BreakingAwayView, seat: int) -> Hint | None:
    """What ``seat`` should do now, in one or two sentences, with the rules help heading that explains it."""
    phase = view["phase"]
    if phase == "over" or seat is None:
        return None
    if phase == "allocate":
        return sheet_hint(view, seat)
    if phase == "place":
        return placement_hint(view, seat)
    if phase == "vote":
        return vote_hint(view)
    if phase == "change":
        return change_hint(view, seat)
    if phase == "move":
        return move_hint(view)
    return None


def own_riders(view: BreakingAwayView, seat: int) -> list[RiderView]:
    return [r for r in view["riders"] if r["seat"] == seat]


def sheet_hint(view: BreakingAwayView, seat: int) -> Hint:
    """The movement log sheet: the limits of the whole sheet, or the cyclist still being filled in."""
    madison = view["mode"] == "madison"
    riders = own_riders(view, seat)
    rule = MADISON_START if madison else SHEET
    low, high = LOWEST_START_VALUE, HIGHEST_START_VALUE
    if madison and not all(r["rank"] for r in riders):
        first, second = riders[0]["id"], riders[1]["id"]
        return Hint(_("Rate riders {first} and {second} as two different cyclists, 1 to 4: a cyclist 1 gets "
                      "{most} points, a cyclist 4 only {least}.").format(
            first=first, second=second, most=SHEET_LIMITS[1].total, least=SHEET_LIMITS[4].total), rule)
    if not any(r["factors"] for r in riders):
        if madison:
            first, second = (_("rider {rider} (cyclist {rank}) {total} over {counts}").format(
                rider=r["id"], rank=r["rank"], total=limit_for(r["rank"]).total,
                counts=limit_for(r["rank"]).counts_text()) for r in riders)
            return Hint(_("Fill in your sheet: {first} values, {second}; values {low} to {high}.").format(
                first=first, second=second, low=low, high=high), rule)
        return Hint(_("Fill in your sheet: cyclist 1 gets 30 points over 3 or 4 values, cyclists 2-4 get 25, 20 and "
                      "16 over 3; values {low} to {high}.").format(low=low, high=high), rule)
    rider = next(r for r in riders if not is_complete(r["factors"] or [], limit_for(r["rank"])))
    limit = limit_for(rider["rank"])
    held = rider["factors"] or []
    still = [c - len(held) for c in limit.counts if c > len(held)]
    return Hint(ngettext("Cyclist {rank} (rider {rider}) still has {left} of {total} points to place, over {more} more "
                         "value {low} to {high}.",
                         "Cyclist {rank} (rider {rider}) still has {left} of {total} points to place, over {more} more "
                         "values {low} to {high}.", max(still)).format(
        rank=rider["rank"], rider=rider["id"], left=limit.total - sum(held), total=limit.total, more=listing(still),
        low=low, high=high), rule)


def placement_hint(view: BreakingAwayView, seat: int) -> Hint:
    """Madison: name the starter, then park the relief rider."""
    riders = own_riders(view, seat)
    if all(r["status"] == "unplaced" for r in riders):
        first, second = riders
        return Hint(_("Choose who starts: rider {first} (cyclist {first_rank}) or {second} (cyclist {second_rank}). "
                      "The other rests beside the track and takes over later.").format(
            first=first["id"], first_rank=first["rank"], second=second["id"], second_rank=second["rank"]),
            MADISON_START)
    resting = next(r for r in riders if r["status"] == "resting")
    taken = {r["relief_square"] for r in view["riders"] if r["status"] == "resting" and r["id"] != resting["id"]}
    free = [s for s in range(SQUARES - 1, -1, -1) if s not in taken]
    park = _("Park rider {rider} beside a square no other relief rider uses; he takes over there.").format(
        rider=resting["id"])
    if free and free[0] >= SQUARES - 5:
        park = _("{advice} Square {square}, before the start line, is free.").format(advice=park, square=free[0])
    return Hint(park, MADISON_START)


def vote_hint(view: BreakingAwayView) -> Hint:
    """Answer a retirement proposal: the bots' test (can he still score?) is a fair guide."""
    vote = view["vote"]
    state = BreakingAwayState.from_view(view, 0)
    rider = state.by_id[vote["rider"]]
    if can_no_longer_score(state, rider):
        why = _("He can no longer score: agreeing (A) costs you nothing.")
    else:
        why = _("He could still score: you may refuse (R).")
    return Hint(_("Rider {rider}'s team asks to retire him; every other team must agree. {why}").format(
        rider=rider.id, why=why), RETIRING)


def change_hint(view: BreakingAwayView, seat: int) -> Hint:
    """Madison: change over now or stay."""
    riders = own_riders(view, seat)
    out = next(r for r in riders if r["status"] == "racing")
    rest = next(r for r in riders if r["status"] == "resting")
    fresh, tired = sum(rest["factors"] or []), sum(out["factors"] or [])
    lap_end = (lap_of(out["progress"]) + 1) * SQUARES
    if view["changed_lap"][seat] < lap_of(out["progress"]):
        left = lap_end - out["progress"]
        why = ngettext("No change yet this lap, which ends in {count} square: change (C) while you may.",
                       "No change yet this lap, which ends in {count} squares: change (C) while you may.",
                       left).format(count=left)
    elif fresh > tired:
        why = _("He holds more ({fresh} against {tired}): change (C).").format(fresh=fresh, tired=tired)
    else:
        why = _("Rider {rider} holds as much ({tired} against {fresh}): you may stay (S).").format(
            rider=out["id"], tired=tired, fresh=fresh)
    return Hint(_("Rider {rider} may take over from {other} on square {square}. {why}").format(
        rider=rest["id"], other=out["id"], square=out["square"], why=why), MADISON_CHANGE)


def move_hint(view: BreakingAwayView) -> Hint:
    """The rider to move: why it is his turn, which factors he may use, and what the best of them does."""
    state = BreakingAwayState.from_view(view, 0)
    rider = state.to_move
    assert rider is not None
    factors = state.allowed_factors(rider)
    if len(factors) > 1:
        choice = _("He may use {factors}").format(factors=listing(factors))
    else:
        choice = _("He has only a {factor}").format(factor=factors[0])
    if view["turn"] == 1:
        return Hint(_("Rider {rider} moves now: on turn 1 every cyclist 1 moves, then the 2s, 3s and 4s. "
                      "{choice}.").format(rider=rider.id, choice=choice), ORDER)
    racing = sorted(state.racing(), key=race_order_key)
    if len(state.order) == 1:
        order = _("Rider {rider} moves last this turn.").format(rider=rider.id)
    elif len(state.order) == len(racing) and racing[0] is rider:
        order = _("Rider {rider} leads, so he moves first.").format(rider=rider.id)
    else:
        order = _("Rider {rider} is next: riders move front to back.").format(rider=rider.id)
    if state.madison and state.change_overdue(rider.seat):
        return Hint(_("{order} Your team is overdue for a change: land beside no relief rider ({factors}).").format(
            order=order, factors=listing(factors)), MADISON_CHANGE)
    if not state.madison and can_no_longer_score(state, rider):
        return Hint(_("{order} He can no longer score: propose to retire him (R), or ride on ({factors}).").format(
            order=order, factors=listing(factors)), RETIRING)
    text, rule = factor_tip([preview_move(state, rider.id, f) for f in factors], state.madison)
    return Hint(_("{order} {choice}; {tip}").format(order=order, choice=choice, tip=text), rule)


def factor_tip(previews: list[MovePreview], madison: bool) -> tuple[str, str]:
    """The most telling thing one of the factors does: points now, a breakaway, or the best slipstream."""
    scoring = [p for p in previews if p.points]
    if scoring:
        best = max(scoring, key=lambda p: (p.points, -p.factor))
        crossing = next(c for c in best.crossings if c.points)
        if best.finishes:
            tip = ngettext("{factor} crosses the finish {place}: +{count} point.",
                           "{factor} crosses the finish {place}: +{count} points.", best.points)
            text = tip.format(factor=best.factor, place=ordinal(crossing.place), count=best.points)
        else:
            tip = ngettext("{factor} crosses the {line} {place}: +{count} point.",
                           "{factor} crosses the {line} {place}: +{count} points.", best.points)
            text = tip.format(factor=best.factor, line=crossing.label, place=ordinal(crossing.place),
                              count=best.points)
        return text, MADISON_POINTS if madison else POINTS
    earning = [p for p in previews if p.reason in ("breakaway", "slipstream") and (p.replacement or 0) > 3]
    if not earning:
        return _("none earns more than 3 next turn."), SLIPSTREAM
    best = max(earning, key=lambda p: (p.replacement or 0, -p.factor))
    if best.reason == "breakaway":
        return _("{factor} takes him clear alone: a bonus of {bonus} next turn.").format(
            factor=best.factor, bonus=best.replacement), BREAKAWAY
    ahead = (best.replacement or 0) - 3
    return ngettext("{factor} tucks him in behind {count} rider: {next} next turn.",
                    "{factor} tucks him in behind {count} riders: {next} next turn.", ahead).format(
        factor=best.factor, count=ahead, next=best.replacement), SLIPSTREAM


# --- the rule behind a log entry ------------------------------------------------------------------------
REPLACEMENT_RULES = {"slipstream": SLIPSTREAM, "alone": SLIPSTREAM, "breakaway": BREAKAWAY, "overcrowded": OPTIONS}


def event_rule(event: Event) -> str | None:
    """The rules help heading a log entry applies (None for entries that apply no rule)."""
    kind, data = event.kind, event.data
    if kind in ("ranks", "starter", "relief"):
        return MADISON_START
    if kind in ("sheet", "sealed"):
        return SHEET
    if kind in ("first_player", "turn"):
        return ORDER
    if kind == "sheets_revealed":
        return SECRET
    if kind == "move":
        return TURN
    if kind == "lapped":
        return LAPPED
    if kind == "cross":
        return MADISON_POINTS if data.get("madison") else POINTS
    if kind == "finished":
        return END
    if kind == "replacement":
        return REPLACEMENT_RULES.get(str(data.get("reason")), SLIPSTREAM)
    if kind in ("retire_proposed", "retire_agreed", "retire_refused", "retired"):
        return RETIRING
    if kind == "change":
        return MADISON_CHANGE
    if kind == "race_over":
        return MADISON_POINTS if data.get("madison") else END
    return None
