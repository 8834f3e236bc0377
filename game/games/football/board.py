"""What the screen shows, computed from a seat's view: scoreboard, ball, cards and button odds.

Pure functions over ``FootballState.view(seat)`` so the scene draws without knowing
the rules.  Field positions come in two forms: ``spot`` (yard lines from the
offense's own goal line, as in the rules) and ``x`` (yard lines from seat 0's goal
line, for drawing: seat 0 attacks towards x = 20).
"""
from __future__ import annotations

from typing import Any

from game.i18n import N_, _, format_percent, message_from_json, ngettext

from . import field
from . import rules_words
from .cards import TEAMS, DefenseCard, OffenseCard, game_day_card
from .views import FootballView


def quarter_label(quarter: int) -> str:
    """'1st quarter' ... '4th quarter', 'Overtime', then 'Overtime 2' and on (sudden death)."""
    if quarter <= 4:
        return rules_words.period_words(quarter).render()
    return _("Overtime") if quarter == 5 else _("Overtime {number}").format(number=quarter - 4)


def team_labels(view: FootballView) -> list[str]:
    """The teams' names as the screen shows them (the seat tells a team against itself apart)."""
    teams = view["teams"]
    if teams[0] == teams[1]:
        return [_("{team} (home)").format(team=_(teams[0])), _("{team} (away)").format(team=_(teams[1]))]
    return [_(team) for team in teams]


def scoreboard(view: FootballView) -> dict[str, Any]:
    """Score, quarter, offense cards left, time outs and challenge flags per seat."""
    return {
        "teams": team_labels(view),
        "score": list(view["score"]),
        "quarter": view["quarter"],
        "quarter_label": quarter_label(view["quarter"]),
        "cards_left": list(view["hand_counts"]),
        "timeouts": list(view["timeouts"]),
        "flags": ["ready" if f else "spent" for f in view["flags"]],
        "possession": view["offense"],
        "drives": list(view["drives"]),
        "over": view["phase"] == "over",
    }


def x_of(seat: int, spot: int) -> int:
    """A spot of ``seat``'s offense as yard lines from seat 0's goal line."""
    return spot if seat == 0 else field.GOAL_LINE - spot


def ball_position(view: FootballView) -> dict[str, Any]:
    """The ball and the first-down flag, for the field and the down-and-distance box."""
    offense, spot, target = view["offense"], view["ball"], view["target"]
    return {
        "offense": offense,
        "spot": spot,
        "x": x_of(offense, spot),
        "first_down_spot": target,
        "first_down_x": x_of(offense, target),
        "goal_to_go": target >= field.GOAL_LINE,
        "down": view["down"],
        "down_and_distance": down_and_distance(view),
        "direction": 1 if offense == 0 else -1,
    }


def down_and_distance(view: FootballView) -> str:
    """'3rd and 10' (yards to the first-down flag, 5 a yard line) or '1st and goal'; 'two-point try'."""
    if view["two_point"]:
        return _("two-point try")
    to_go = None if view["target"] >= field.GOAL_LINE else 5 * (view["target"] - view["ball"])
    return rules_words.down_and_distance(view["down"], to_go).render()


def button_odds(view: FootballView) -> dict[str, Any]:
    """The rulebook odds for the kicking and desperation buttons in the current spot."""
    spot = view["ball"]
    distance = field.field_goal_distance(spot)
    complete, picked = field.hail_mary_chances(spot)
    odds: dict[str, Any] = {
        "fieldgoal": round(field.field_goal_chance(distance), 3) if distance <= field.LONGEST_FIELD_GOAL else 0.0,
        "fieldgoal_distance": distance,
        "fieldgoal_iced": round(field.field_goal_chance(distance, iced=True), 3),
        "extrapoint": round(field.extra_point_chance(), 3),
        "onside": round(field.onside_chance(), 3),
        "hailmary": round(complete, 3),
        "hailmary_intercepted": round(picked, 3),
        "hailmary_cards": field.hail_mary_cards(spot),
    }
    return odds


def offense_card_info(team: str, number: int) -> dict[str, Any]:
    """Both ends of an offense card, for drawing it (end 1 at the top)."""
    card: OffenseCard = TEAMS[team].offense_card(number)
    return {"number": number, "formation": card.formation,
            "ends": [{"play_type": p.play_type, "kind": p.kind, "strength": p.strength,
                      "low_percentage": p.low_percentage, "minimum_gain": p.minimum_gain} for p in card.ends]}


def defense_card_info(team: str, number: int) -> dict[str, Any]:
    card: DefenseCard = TEAMS[team].defense_card(number)
    return {"number": number, "formation": card.formation,
            "ends": [{"name": p.name, "run_strength": p.run_strength, "pass_strength": p.pass_strength,
                      "win_vs": list(p.win_vs), "lose_to": list(p.lose_to), "prevent": p.prevent}
                     for p in card.ends]}


def game_day_card_info(number: int) -> dict[str, Any]:
    card = game_day_card(number)
    event = card.event
    return {"number": number, "title": event.title, "side": event.side, "kind": event.kind,
            "effect": event.effect, "value": event.value, "colour": event.colour, "text": event.describe(),
            "penalty": event.penalty.name if event.penalty else None,
            "defense_breakaway": card.defense_breakaway, "offense_breakaway": card.offense_breakaway,
            "punt": card.punt, "field_goal": card.field_goal}


def prompt(view: FootballView) -> str:
    """What the seat to move decides now, in plain words."""
    seat = view["to_move"]
    if view["phase"] == "over" or seat is None:
        return message_from_json(view["note"]).render() if view["note"] else _("The game is over.")
    who = team_labels(view)[seat]
    pending = view["pending"]
    phase = view["phase"]
    if phase == "kickoff":
        return _("{team} kicks off: a normal kickoff or an onside kick ({chance})?").format(
            team=who, chance=format_percent(round(field.onside_chance(), 2)))
    if phase == "conversion":
        return _("{team}: kick the extra point ({chance}) or go for two?").format(
            team=who, chance=format_percent(round(field.extra_point_chance(), 2)))
    if phase == "clock_discard":
        count = pending.get("count", 1)
        return ngettext("{team}: discard {count} more offense card to match the clock.",
                        "{team}: discard {count} more offense cards to match the clock.", count).format(
            team=who, count=count)
    if phase == "kick_discard":
        pay_for = _PAY_FOR.get(str(pending.get("announce", "")), _PAY_FOR["play"])
        return _(pay_for).format(team=who)
    if phase == "breakaway_choice":
        said = (N_("{team}: take the play event or the defense breakaway value?") if pending.get("side") == "defense"
                else N_("{team}: take the play event or the offense breakaway value?"))
        return _(said).format(team=who)
    said = _PROMPTS.get(phase, N_("{team} to move."))
    return _(said).format(team=who)


#: what the seat to move decides, by phase ({team}: the team deciding)
_PROMPTS: dict[str, str] = {
    "toss": N_("{team} won the toss: receive or kick?"),
    "offense_call": N_("{team}: call a play face down, or punt, kick, kneel, Hail Mary, time out."),
    "retrieve": N_("{team}: take an offense card back from the discard pile."),
    "defense_call": N_("{team}: call a defense face down (or a time out)."),
    "offense_audible": N_("{team}: audible (turn the card round) or keep the call?"),
    "defense_audible": N_("{team}: audible (turn the card round) or keep the call?"),
    "ice": N_("{team}: spend a time out to ice the kicker (field-goal value -1)?"),
    "challenge": N_("{team}: throw the challenge flag to ignore the play event?"),
    "penalty": N_("{team}: accept or decline the penalty?"),
}
#: what a discard pays for, by the announced play ({team}: the team discarding)
_PAY_FOR: dict[str, str] = {
    "punt": N_("{team}: discard an offense card to pay for the punt."),
    "coffin": N_("{team}: discard an offense card to pay for the coffin-corner punt."),
    "fieldgoal": N_("{team}: discard an offense card to pay for the field goal."),
    "hailmary": N_("{team}: discard an offense card to pay for the Hail Mary."),
    "kneel": N_("{team}: discard an offense card to pay for the kneel."),
    "play": N_("{team}: discard an offense card to pay for the play."),
}
