"""The words the football scene shows beside the table: previews, choice buttons, odds and the story.

Pure functions over a seat's view and the card data (no pygame), so they are
tested on their own.  A preview tells a coach what a card or a button would do
before anything is played: the breakaways a play creates, what accepting or
declining a penalty means, what the challenge flag would change.
"""
from __future__ import annotations

from typing import Any, Mapping

from . import board, field
from .cards import (DEFENSE, DEFENSE_TYPES, FUMBLE, FUMBLE_ICON, GAME_DAY_DECK, INTERCEPTION, OFFENSE, TEAMS,
                    TOUCHDOWN_ICON, TURNOVER_ICON, DefensePlay, GameDayCard, OffensePlay, game_day_card)
from .plays import (Matchup, PlayResult, compare, defense_breakaway_result, event_applies, matching_penalty,
                    result_with_event, result_without_event)

View = Mapping[str, Any]

#: event kinds whose text tells the story of a play, most telling first (the strip under the cards)
STORY_PRIORITY: tuple[str, ...] = (
    "game_end", "touchdown", "safety", "field_goal", "extra_point", "two_point", "turnover", "downs", "play",
    "hail_mary_result", "penalty_enforced", "restricted_pass", "kickoff", "onside", "return", "punt", "free_kick",
    "kneel", "quarter_end", "halftime", "overtime", "challenge", "penalty_choice", "penalty", "breakaway_choice",
    "breakaway", "flag_earned", "reveal", "ice", "timeout", "audible", "call", "announce", "two_point_try",
    "clock", "drive", "toss", "reshuffle", "late_incompletion",
)


# --- the cards -------------------------------------------------------------------------------------
def offense_play(team: str, card: int, end: int) -> OffensePlay:
    return TEAMS[team].offense_card(card).play(end)


def defense_play(team: str, card: int, end: int) -> DefensePlay:
    return TEAMS[team].defense_card(card).play(end)


def join_words(words: list[str] | tuple[str, ...]) -> str:
    """'A', 'A and B', 'A, B and C'."""
    items = list(words)
    if not items:
        return "nothing"
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " and " + items[-1]


def defenses_losing_to(play_type: str) -> list[str]:
    """The defenses against which this play is an offense breakaway."""
    return [name for name, (_, lose_to, _) in DEFENSE_TYPES.items() if play_type in lose_to]


def defenses_beating(play_type: str) -> list[str]:
    """The defenses against which this play is a defense breakaway."""
    return [name for name, (win_vs, _, _) in DEFENSE_TYPES.items() if play_type in win_vs]


def offense_preview(team: str, card: int, end: int, ball: int, two_point: bool = False) -> list[str]:
    """Two lines about an offense play before it is called: what it is, and its breakaways."""
    play = offense_play(team, card, end)
    notes = [f"{play.play_type} {play.strength}, a {play.kind}"]
    if play.minimum_gain:
        notes.append("always gains at least 1 yard line")
    if play.low_percentage:
        notes.append("low-percentage (target): complete only with a green Game Day event")
    first = ", ".join(notes) + "."
    second = (f"Breakaway for you against {join_words(defenses_losing_to(play.play_type))}; "
              f"for the defense against {join_words(defenses_beating(play.play_type))}.")
    if field.restricted_pass(play.play_type, ball) and not two_point:
        where = field.yard_line_label(ball).replace("the opponent's", "their")
        return [f"No {play.play_type} on {where}: "
                f"calling it costs a yard line and the down is replayed.", first]
    return [first, second]


def defense_preview(team: str, card: int, end: int, offense_team: str | None = None,
                    formation: str | None = None) -> list[str]:
    """Two lines about a defense: its strengths and breakaways, then what it does to the formation shown."""
    play = defense_play(team, card, end)
    first = (f"{play.name} (run {play.run_strength}, pass {play.pass_strength}) wins vs "
             f"{join_words(play.win_vs)}; loses to {join_words(play.lose_to)}.")
    if play.prevent:
        first += " Halves every offense value."
    if offense_team is None or formation is None:
        return [first, "Its run strength is taken off a run's value, its pass strength off a pass's."]
    return [first, formation_read(play, offense_team, formation)]


def formation_plays(offense_team: str, formation: str) -> list[OffensePlay]:
    """Every play printed on the offense cards of this formation (the back tells the formation)."""
    plays: list[OffensePlay] = []
    for card in TEAMS[offense_team].offense:
        if card.formation == formation:
            plays.extend(card.ends)
    return plays


def formation_read(defense: DefensePlay, offense_team: str, formation: str) -> str:
    """What this defense does to each play the shown formation can hide."""
    stopped: list[str] = []
    beaten: list[str] = []
    gains: list[int] = []
    for play in formation_plays(offense_team, formation):
        m = compare(play, defense)
        label = f"{play.play_type} {play.strength}"
        if m.breakaway == DEFENSE:
            stopped.append(label)
        elif m.breakaway == OFFENSE:
            beaten.append(label)
        else:
            gains.append(m.base)
    parts: list[str] = []
    if stopped:
        parts.append(f"stops {', '.join(stopped)}")
    if beaten:
        parts.append(f"beaten by {', '.join(beaten)}")
    if gains:
        low, high = min(gains), max(gains)
        parts.append(f"{'others' if parts else 'every play'} gain {low}" + (f"-{high}" if high != low else ""))
    return f"vs their {formation}: " + " · ".join(parts) + "."


def play_name(play: OffensePlay) -> str:
    return f"{play.play_type} {play.strength}"


# --- the revealed play ------------------------------------------------------------------------------
def revealed_matchup(view: View) -> Matchup | None:
    """The two revealed plays compared (None before the first snap)."""
    reveal = view.get("reveal")
    if not reveal:
        return None
    off, dfn = reveal["offense"], reveal["defense"]
    teams = view["teams"]
    return compare(offense_play(teams[off["seat"]], off["card"], off["end"]),
                   defense_play(teams[dfn["seat"]], dfn["card"], dfn["end"]))


def result_words(result: PlayResult) -> str:
    """A play's result in a few words: 'gain 3', 'loss of 1', 'no gain', 'INTERCEPTION'."""
    if result.turnover == FUMBLE:
        return "a FUMBLE"
    if result.turnover == INTERCEPTION:
        return "an INTERCEPTION"
    if result.touchdown:
        return "a touchdown"
    if result.incomplete:
        return "an incomplete pass"
    if result.gain > 0:
        return f"a gain of {result.gain}"
    if result.gain < 0:
        return f"a loss of {-result.gain}"
    return "no gain"


def matchup_words(m: Matchup) -> str:
    """'Inside Run 3 vs Blitz 1: gain 2' with the breakaway when there is one."""
    text = m.text()
    if m.breakaway == OFFENSE:
        return f"{text}: OFFENSE BREAKAWAY ({m.defense.name} loses to {m.offense.play_type}), {m.base} to start"
    if m.breakaway == DEFENSE:
        return f"{text}: DEFENSE BREAKAWAY ({m.defense.name} wins vs {m.offense.play_type}), no gain"
    if m.defense.prevent:
        return f"{text} (Prevent halves the play): gain {m.base}"
    return f"{text}: gain {m.base}"


def current_card(view: View) -> GameDayCard | None:
    """The Game Day card drawn last (the one the revealed play is resolved with)."""
    number = view.get("gd_card")
    return game_day_card(number) if number else None


def breakaway_choice_words(view: View) -> tuple[str, str]:
    """(take the breakaway value, take the play event) in words, for the side that chooses."""
    m = revealed_matchup(view)
    card = current_card(view)
    assert m is not None and card is not None
    side = view["pending"].get("side", OFFENSE)
    event = result_with_event(m, card, offense_breakaway=side == OFFENSE)
    penalty = matching_penalty(card, m)
    if penalty:
        event_text = f"play event: a {penalty.name} penalty ({card.event.title})"
    elif not event_applies(card, m) and not event.incomplete:
        event_text = f"play event: {result_words(event)} (a {card.event.kind} event, no effect)"
    else:
        event_text = f"play event: {result_words(event)} ({card.event.title})"
    if side == OFFENSE:
        value = card.offense_breakaway
        if value == TOUCHDOWN_ICON:
            run = "breakaway value TD: a touchdown!"
        elif value == FUMBLE_ICON:
            run = "breakaway value: a FUMBLE icon"
        elif int(value) > 0:
            run = f"breakaway run: {m.base} {int(value):+d}, then more cards while they gain"
        else:
            run = f"breakaway value {corner_text(value)}: tackled at {m.base + int(value)}"
        return run, event_text
    result = defense_breakaway_result(m, card)
    corner = card.defense_breakaway
    if corner == TURNOVER_ICON:
        value_text = "breakaway value: TURNOVER"
    else:
        value_text = f"breakaway value {corner_text(corner)}: {result_words(result)}"
    return value_text, event_text


def challenge_words(view: View) -> tuple[str, str]:
    """(throw the flag, let it stand) in words."""
    m = revealed_matchup(view)
    card = current_card(view)
    assert m is not None and card is not None
    penalty = matching_penalty(card, m)
    with_event = f"{penalty.name} penalty" if penalty else result_words(result_with_event(m, card))
    return (f"ignore {card.event.title}, {result_words(result_without_event(m))}", with_event)


def penalty_choice_words(view: View) -> tuple[str, str]:
    """(accept, decline) in words: where the ball goes and what happens to the down."""
    m = revealed_matchup(view)
    card = current_card(view)
    assert m is not None and card is not None
    penalty = card.event.penalty
    assert penalty is not None
    ball = view["ball"]
    if card.event.side == DEFENSE:
        new = max(ball, min(ball + penalty.lines, field.PENALTY_LIMIT_FORWARD))
    else:
        new = min(ball, max(ball - penalty.lines, field.PENALTY_LIMIT_BACK))
    moved = new - ball
    if moved == 0:
        accept = "no yardage (the ball is already at the limit)"
    else:
        accept = f"{abs(moved)} yard line{'s' if abs(moved) != 1 else ''} {'forward' if moved > 0 else 'back'}"
    if penalty.automatic_first_down:
        accept += ", automatic first down"
    elif penalty.loss_of_down:
        accept += ", loss of down"
    else:
        accept += ", replay the down"
    return accept, f"the play stands: {result_words(result_without_event(m))}"


# --- odds on the buttons -----------------------------------------------------------------------------
def percent(chance: float) -> str:
    """Odds as the board prints them: '74%', never '0%' or '100%' for something merely unlikely."""
    value = round(chance * 100)
    if chance > 0 and value == 0:
        return "<1%"
    if chance < 1 and value == 100:
        return ">99%"
    return f"{value}%"


def average_punt() -> float:
    """The mean punt distance in yard lines over the Game Day deck (blocked punts left out)."""
    values = [int(card.punt) for card in GAME_DAY_DECK if isinstance(card.punt, int)]
    return sum(values) / len(values)


def field_goal_label(view: View) -> str:
    """'Field goal 74%' in range, plain 'Field goal' when the ball is too far out."""
    odds = board.button_odds(view)
    if odds["fieldgoal_distance"] > field.LONGEST_FIELD_GOAL:
        return "Field goal"
    return f"Field goal {percent(odds['fieldgoal'])}"


def odds_lines(view: View) -> dict[str, str]:
    """Hover help for every kicking and special button, with the rulebook's odds where it gives them."""
    odds = board.button_odds(view)
    distance = odds["fieldgoal_distance"]
    cards = odds["hailmary_cards"]
    return {
        "punt": f"Punt: discard a card; the Game Day card's punt corner moves the ball about "
                f"{average_punt():.1f} yard lines ({percent(1 / len(GAME_DAY_DECK))} blocked).",
        "coffin": "Coffin-corner punt: 2 yard lines shorter, to pin the other team near its goal line.",
        "fieldgoal": (f"Field goal from distance {distance}: a field-goal corner of {distance} or more scores "
                      f"3 points ({percent(odds['fieldgoal'])})." if distance <= field.LONGEST_FIELD_GOAL else
                      "Too far for a field goal: the ball must be on the opponent's 45 or closer."),
        "hailmary": (f"Hail Mary: {cards} Game Day card{'s' if cards > 1 else ''}; a 9 completes it "
                     f"({percent(odds['hailmary'])}), a missed kick is a pick-six "
                     f"({percent(odds['hailmary_intercepted'])})."),
        "kneel": "QB kneel: discard a card and lose one yard line, no Game Day card: runs the clock.",
        "timeout": "Time out: the offense takes an offense card back from its discard pile.",
        "extrapoint": f"Extra point: a field-goal corner of 3 or more scores 1 point ({percent(odds['extrapoint'])}).",
        "twopoint": "Go for two: one untimed play from the opponent's 10 with any of your 15 cards.",
        "kickoff": "Normal kickoff: one Game Day card settles kick and return.",
        "onside": f"Onside kick from midfield: a field-goal corner of 8 or 9 keeps the ball "
                  f"({percent(odds['onside'])}).",
        "ice": (f"Ice the kicker: spend a time out; the kick needs one more "
                f"({percent(odds['fieldgoal'])} becomes {percent(odds['fieldgoal_iced'])})."),
        "noice": f"Let them kick ({percent(odds['fieldgoal'])}).",
    }


# --- the story ------------------------------------------------------------------------------------
def short_gameday(text: str) -> str:
    """A Game Day draw in a line: the purpose and what is read (the card on the table shows the corners)."""
    head = text.split("; breakaway corners")[0]
    return head if head.endswith(".") else head + "."


def story_text(kind: str, text: str, data: Mapping[str, Any]) -> str:
    return short_gameday(text) if kind == "gameday" else text


#: which corner of the Game Day card a draw is read from (a play reads its event, or a breakaway corner)
PURPOSE_CORNERS: dict[str, str] = {
    "field goal": "field_goal", "extra point": "field_goal", "onside kick": "field_goal", "Hail Mary": "field_goal",
    "punt": "punt", "free kick": "punt", "kickoff": "offense_breakaway", "punt return": "offense_breakaway",
    "breakaway": "offense_breakaway", "blocked-punt return": "offense_breakaway",
    "free-kick return": "offense_breakaway",
}


def corner_in_use(purpose: str, breakaway: str = "") -> str:
    """The corner a Game Day card drawn for ``purpose`` is read from ('' for a play's event)."""
    if purpose == "play":
        return f"{breakaway}_breakaway" if breakaway else ""
    return PURPOSE_CORNERS.get(purpose, "")


def corner_text(value: Any) -> str:
    """A Game Day corner as printed: '+2', '0', 'TD', 'FUM', 'TO', 'BLK', 'MISS'."""
    if isinstance(value, int):
        return f"{value:+d}" if value > 0 else str(value)
    return str(value)
