"""Breakaway Football's guided first game: the next decision in words, and the rule behind each log entry.

``guide(view, seat)`` reads only the view of the coach deciding now.  It names
the choice in front of them (call a play, audible, take the breakaway, throw the
flag, accept the penalty, punt or kick...), gives the odds the board prints, and
says what a sound coach would do: the advice is the normal coach's own choice
(the bot in ``bots.py``, asked on a state rebuilt from the same view, so it never
sees more than the player).  A suggested call says how to make it with the
table's own clicks and keys, and the audible hint that follows knows the call
it suggested (``guide_with_advice``), so it never praises a call the player made
instead.  Every hint and every log entry points at a heading of
``rules_help.md``, written exactly as there.
"""
from __future__ import annotations

from game.core.protocol import Action, Event
from game.core.spec import Hint
from game.i18n import N_, _

from . import field
from .board import team_labels
from .cards import OFFENSE, TEAMS
from .scene_words import (breakaway_choice_words, challenge_words, field_goal_label, odds_lines,
                          penalty_choice_words, percent)
from .views import FootballView


#: headings of rules_help.md the hints and the log point at
COIN_TOSS = "The coin toss"
FIELD = "The field and the ball"
FIRST_DOWNS = "First downs"
CARDS = "Your cards"
CALLING = "Calling a play"
AUDIBLES = "Audibles"
BREAKAWAYS = "Breakaways"
LOW_PERCENTAGE = "Low-percentage passes"
CHALLENGE_FLAGS = "Challenge flags"
PENALTIES = "Penalties"
NEAR_THE_GOAL = "Passes near the goal line"
TURNOVERS = "Turnovers"
CARD_CLOCK = "The card clock"
TIME_OUTS = "Time outs"
TOUCHDOWN = "Touchdown and the try"
FIELD_GOALS = "Field goals"
SAFETY = "Safety"
KICKOFFS = "Kickoffs"
ONSIDE = "Onside kicks"
PUNTS = "Punts"
HAIL_MARY = "Hail Mary"
KNEEL = "QB kneel"
OVERTIME = "Overtime"
LATE_HALF = "Late-half incompletions"
COFFIN_CORNER = "Coffin-corner punts"
ICE_THE_KICKER = "Ice the kicker"
HEADINGS = (COIN_TOSS, FIELD, FIRST_DOWNS, CARDS, CALLING, AUDIBLES, BREAKAWAYS, LOW_PERCENTAGE, CHALLENGE_FLAGS,
            PENALTIES, NEAR_THE_GOAL, TURNOVERS, CARD_CLOCK, TIME_OUTS, TOUCHDOWN, FIELD_GOALS, SAFETY, KICKOFFS,
            ONSIDE, PUNTS, HAIL_MARY, KNEEL, OVERTIME, LATE_HALF, COFFIN_CORNER, ICE_THE_KICKER)

#: the rule each kind of log entry applies (kinds not listed need no rule: the log line says it all)
EVENT_RULES: dict[str, str] = {
    "toss": COIN_TOSS, "kickoff": KICKOFFS, "onside": ONSIDE, "drive": FIRST_DOWNS, "call": CALLING,
    "call_private": CALLING, "audible": AUDIBLES, "reveal": CALLING, "breakaway": BREAKAWAYS,
    "breakaway_choice": BREAKAWAYS, "flag_earned": CHALLENGE_FLAGS, "challenge": CHALLENGE_FLAGS,
    "gameday": CALLING, "penalty": PENALTIES, "penalty_choice": PENALTIES, "penalty_enforced": PENALTIES,
    "restricted_pass": NEAR_THE_GOAL, "play": CALLING, "turnover": TURNOVERS, "downs": FIRST_DOWNS,
    "touchdown": TOUCHDOWN, "extra_point": TOUCHDOWN, "two_point_try": TOUCHDOWN, "two_point": TOUCHDOWN,
    "field_goal": FIELD_GOALS, "safety": SAFETY, "free_kick": SAFETY, "punt": PUNTS, "return": PUNTS,
    "announce": CARD_CLOCK, "discard": CARD_CLOCK, "discard_card": CARD_CLOCK, "clock": CARD_CLOCK,
    "quarter_end": CARD_CLOCK, "halftime": TIME_OUTS, "retrieve": TIME_OUTS, "retrieve_card": TIME_OUTS,
    "timeout": TIME_OUTS, "ice": ICE_THE_KICKER, "overtime": OVERTIME, "hail_mary": HAIL_MARY,
    "hail_mary_result": HAIL_MARY, "kneel": KNEEL, "late_incompletion": LATE_HALF,
}

#: the hint while a discard pays for an announced kick or special play ({card}: the card to give up)
DISCARD_HINTS: dict[str, str] = {
    "punt": N_("The punt uses up an offense card: discard the one you need least, e.g. {card}."),
    "coffin": N_("The coffin-corner punt uses up an offense card: discard the one you need least, e.g. {card}."),
    "fieldgoal": N_("The field goal uses up an offense card: discard the one you need least, e.g. {card}."),
    "hailmary": N_("The Hail Mary uses up an offense card: discard the one you need least, e.g. {card}."),
    "kneel": N_("The QB kneel uses up an offense card: discard the one you need least, e.g. {card}."),
    "play": N_("The play uses up an offense card: discard the one you need least, e.g. {card}."),
}


def event_rule(event: Event) -> str | None:
    """The rules help heading that explains a log entry (None for the few that apply no rule)."""
    kind = event.kind
    data = event.data
    if kind == "play" and data.get("result") == "first_down":
        return FIRST_DOWNS
    if kind == "play" and data.get("result") in ("touchdown", "two_point"):
        return TOUCHDOWN
    if kind == "play" and data.get("result") == "safety":
        return SAFETY
    if kind == "punt" and data.get("coffin"):
        return COFFIN_CORNER
    if kind == "kickoff" and data.get("result") == "touchdown":
        return KICKOFFS
    return EVENT_RULES.get(kind)


def advised_action(view: FootballView, seat: int) -> Action:
    """What the normal coach would do from this view (it sees only this seat's secrets), seeded for repeatability."""
    from .bots import FootballBot
    from .rules import FootballState
    from .spec import SPEC
    legal = FootballState.from_view(view, seed=1).legal_actions()
    return FootballBot(SPEC, seat, "normal", seed=1, budget_scale=0.5).choose(view, legal)


def guide(view: FootballView, seat: int) -> Hint | None:
    """What ``seat`` should do now, in one or two sentences, and the heading that explains why."""
    return guide_with_advice(view, seat)[0]


def guide_with_advice(view: FootballView, seat: int, suggested: Action | None = None) -> tuple[Hint | None, Action | None]:
    """The hint for ``seat`` and the action it advises; ``suggested`` is the call an earlier hint advised for
    the card now face down (so the audible hint notices when another was called)."""
    if view["phase"] == "over" or view["to_move"] != seat:
        return None, None
    phase = view["phase"]
    advice = advised_action(view, seat)
    if phase in ("offense_audible", "defense_audible"):
        return _audible(view, seat, advice, suggested), advice
    return _HINTS[phase](view, seat, advice), advice


def _toss(view: FootballView, seat: int, advice: Action) -> Hint:
    return Hint(_("You won the toss. Receive to have the ball first (the other team then gets it to start "
                  "the second half), or kick."), COIN_TOSS)


def _kickoff(view: FootballView, seat: int, advice: Action) -> Hint:
    onside = odds_lines(view)["onside"]
    if advice.kind == "onside":
        return Hint(_("You are behind late: try an onside kick. {odds}").format(odds=onside), ONSIDE)
    return Hint(_("Kick off normally. An onside kick keeps the ball only about 1 time in 5, so save it for "
                  "when you are behind late."), ONSIDE)


def _offense_call(view: FootballView, seat: int, advice: Action) -> Hint:
    if view["two_point"]:
        return Hint(_("Two-point try from the 10: pick any of your 15 cards, even a discarded one. "
                      "{play} reaches the goal line best.").format(play=_play_words(view, seat, advice)), TOUCHDOWN)
    kind = advice.kind
    if kind == "timeout":
        return Hint(_("The half is nearly over: call a time out (Time out button, or T) to take a card back "
                      "and keep the drive alive."), TIME_OUTS)
    if kind == "kneel":
        return Hint(_("You lead and the clock is nearly out: take a knee (QB kneel) to use up cards without "
                      "risking a fumble."), KNEEL)
    if kind in ("punt", "coffin"):
        return Hint(_("4th down, too far to go: punt. {odds}").format(odds=odds_lines(view)[kind]),
                    PUNTS if kind == "punt" else COFFIN_CORNER)
    if kind == "fieldgoal":
        return Hint(_("Kick the field goal: {odds} from here.").format(odds=field_goal_label(view)), FIELD_GOALS)
    if kind == "hailmary":
        return Hint(_("Last card of the half and far from the goal: throw a Hail Mary. {odds}").format(
            odds=odds_lines(view)["hailmary"]), HAIL_MARY)
    down = view["down"]
    words = _play_words(view, seat, advice)
    if _restricted_in_hand(view, seat):
        return Hint(_("Near the goal line a Long Pass (and on the 5 a Medium Pass) costs a yard line. "
                      "Try {play}.").format(play=words), NEAR_THE_GOAL)
    if down == 4:
        return Hint(_("4th down and short: go for it. Try {play}; failing hands the ball over here.").format(
            play=words), FIRST_DOWNS)
    return Hint(_("Pick a card and the end to put on top: the other coach sees only the formation. "
                  "Try {play}.").format(play=words), CALLING)


def _play_words(view: FootballView, seat: int, advice: Action) -> str:
    """'Inside Run 3 (click it on card 4; keys: 4, R until the play is on top, Enter)' for an advised call."""
    if advice.kind != "call":
        return _("a play")
    card, end = int(advice.args[0]), int(advice.args[1])
    play = TEAMS[view["teams"][seat]].offense_card(card).play(end)
    cards = list(range(1, 16)) if view["two_point"] else list(view["hand"])
    return how_to_call(play.words().render(), cards, card)


def how_to_call(play: str, cards: list[int], card: int) -> str:
    """A play and how the table calls it: a click on it, or the card's number key (the arrows past the tenth
    card), R to turn the card until the play is on top (Enter calls the top end), then Enter."""
    place = cards.index(card) + 1 if card in cards else card
    if place > 10:
        return _("{play} (click it on card {number}; keys: arrows to the card, R until the play is on top, "
                 "Enter)").format(play=play, number=place)
    return _("{play} (click it on card {number}; keys: {key}, R until the play is on top, Enter)").format(
        play=play, number=place, key=place % 10)


def _called_words(view: FootballView, seat: int, card: int, end: int) -> str:
    """The play at ``end`` of ``seat``'s card, offense or defense as the seat is now."""
    team = TEAMS[view["teams"][seat]]
    if seat == view["offense"]:
        return team.offense_card(card).play(end).words().render()
    return _(team.defense_card(card).play(end).name)


def card_place(cards: list[int], card: int) -> str:
    """Where a card sits among those shown, as its number key: 'card 3' (the tenth is key 0)."""
    place = cards.index(card) + 1 if card in cards else card
    return _("card {number} (key 0)").format(number=place) if place == 10 else _("card {number}").format(number=place)


def _restricted_in_hand(view: FootballView, seat: int) -> bool:
    team = TEAMS[view["teams"][seat]]
    ball = view["ball"]
    plays = [p for n in view["hand"] for p in team.offense_card(n).ends]
    return any(field.restricted_pass(p.play_type, ball) for p in plays)


def _card_words(view: FootballView, seat: int, number: int, cards: list[int]) -> str:
    """'card 4 (Inside Run 3 / Short Pass 3)', numbered as the card's place among those shown."""
    card = TEAMS[view["teams"][seat]].offense_card(number)
    return _("{card} ({top} / {bottom})").format(card=card_place(cards, number), top=card.ends[0].words().render(),
                                                 bottom=card.ends[1].words().render())


def _kick_discard(view: FootballView, seat: int, advice: Action) -> Hint:
    said = DISCARD_HINTS.get(view["pending"].get("announce", ""), DISCARD_HINTS["play"])
    card = _card_words(view, seat, int(advice.args[0]), list(view["hand"]))
    return Hint(_(said).format(card=card), CARD_CLOCK)


def _retrieve(view: FootballView, seat: int, advice: Action) -> Hint:
    card = _card_words(view, seat, int(advice.args[0]), list(view["discard"]))
    return Hint(_("A time out gives you a card back: take your best one, e.g. {card}.").format(card=card), TIME_OUTS)


def _defense_call(view: FootballView, seat: int, advice: Action) -> Hint:
    if advice.kind == "timeout":
        return Hint(_("Their drive could run out the half: call a time out (T) so that the game lasts one "
                      "more play and you may get the ball back."), TIME_OUTS)
    formation = view["calls"][view["offense"]]["formation"]
    card, end = int(advice.args[0]), int(advice.args[1])
    team = TEAMS[view["teams"][seat]]
    play = team.defense_card(card).play(end)
    defense = how_to_call(_(play.name), list(range(1, len(team.defense) + 1)), card)
    return Hint(_("They show the {formation} formation: pick a defense that wins against the plays it can hide. "
                  "Try {defense}.").format(formation=formation, defense=defense), BREAKAWAYS)


def _audible(view: FootballView, seat: int, advice: Action, suggested: Action | None) -> Hint:
    """Keep or audible; when the card face down is not the call suggested before, the hint says so first
    rather than praise it."""
    commit = view.get("commit") or {}
    if suggested is not None and suggested.kind == "call" and commit and (
            int(suggested.args[0]), int(suggested.args[1])) != (commit["card"], commit["end"]):
        called = _called_words(view, seat, commit["card"], commit["end"])
        other = _called_words(view, seat, commit["card"], 3 - commit["end"])
        hinted = _called_words(view, seat, int(suggested.args[0]), int(suggested.args[1]))
        if advice.kind == "audible":
            said = _("You called {called}, not the {hinted} suggested. Audible: turn your card round (A) to run "
                     "{other} instead; it suits their formation better.")
        else:
            said = _("You called {called}, not the {hinted} suggested. Against their formation it is still "
                     "better to keep it (K) than to audible to {other} (A).")
        return Hint(said.format(called=called, hinted=hinted, other=other), AUDIBLES)
    if advice.kind == "audible":
        return Hint(_("Audible: turn your card round (A) to run its other end; it suits their formation "
                      "better."), AUDIBLES)
    return Hint(_("Keep the call (K), or turn your card round to run its other end. Your call suits their "
                  "formation, so keep it."), AUDIBLES)


def _ice(view: FootballView, seat: int, advice: Action) -> Hint:
    line = odds_lines(view)["ice"]
    if advice.kind == "ice":
        return Hint(_("A long kick: ice the kicker. {odds}").format(odds=line), ICE_THE_KICKER)
    return Hint(_("A short kick: icing barely helps, let them kick and keep your time out. {odds}").format(
        odds=line), ICE_THE_KICKER)


def _breakaway_choice(view: FootballView, seat: int, advice: Action) -> Hint:
    corner, event = breakaway_choice_words(view)
    offense = view["pending"].get("side", OFFENSE) == OFFENSE
    if advice.kind == "breakaway":
        said = (_("Offense breakaway: take the breakaway corner ({corner}); it beats the {event}.") if offense else
                _("Defense breakaway: take the breakaway corner ({corner}); it beats the {event}."))
    else:
        said = (_("Offense breakaway: take the {event}; it beats the corner ({corner}).") if offense else
                _("Defense breakaway: take the {event}; it beats the corner ({corner})."))
    return Hint(said.format(corner=corner, event=event), BREAKAWAYS)


def _challenge(view: FootballView, seat: int, advice: Action) -> Hint:
    ignore, stand = challenge_words(view)
    if advice.kind == "challenge":
        return Hint(_("The play event hurts you: throw the flag to {ignore} instead of {stand}.").format(
            ignore=ignore, stand=stand), CHALLENGE_FLAGS)
    return Hint(_("Let it stand ({stand}). Throwing the flag ({ignore}) gains you little; keep it for something "
                  "worse.").format(ignore=ignore, stand=stand), CHALLENGE_FLAGS)


def _penalty(view: FootballView, seat: int, advice: Action) -> Hint:
    accept, decline = penalty_choice_words(view)
    said = (_("Accept ({accept}) or decline ({decline})? Accept is better for you here.") if advice.kind == "accept"
            else _("Accept ({accept}) or decline ({decline})? Decline is better for you here."))
    return Hint(said.format(accept=accept, decline=decline), PENALTIES)


def _conversion(view: FootballView, seat: int, advice: Action) -> Hint:
    if advice.kind == "twopoint":
        return Hint(_("The score calls for two: go for the two-point try from the 10."), TOUCHDOWN)
    return Hint(_("Kick the extra point ({chance}); go for two only when the score needs it.").format(
        chance=percent(field.extra_point_chance())), TOUCHDOWN)


def _clock_discard(view: FootballView, seat: int, advice: Action) -> Hint:
    other = team_labels(view)[1 - seat]
    card = _card_words(view, seat, int(advice.args[0]), list(view["hand"]))
    return Hint(_("{team} used cards on their drive, so you discard as many to keep the clocks level: give up the "
                  "card you need least, e.g. {card}.").format(team=other, card=card), CARD_CLOCK)


_HINTS = {
    "toss": _toss, "kickoff": _kickoff, "offense_call": _offense_call, "kick_discard": _kick_discard,
    "retrieve": _retrieve, "defense_call": _defense_call, "ice": _ice, "breakaway_choice": _breakaway_choice,
    "challenge": _challenge, "penalty": _penalty, "conversion": _conversion, "clock_discard": _clock_discard,
}
