"""The words the football scene shows beside the table: previews, choice buttons, odds and the story.

Pure functions over a seat's view and the card data (no pygame), so they are
tested on their own.  A preview tells a coach what a card or a button would do
before anything is played: the breakaways a play creates, what accepting or
declining a penalty means, what the challenge flag would change.
"""
from __future__ import annotations

from typing import Any

from game.core.protocol import Event
from game.i18n import Message, _, format_decimal, format_percent, ngettext

from . import board, field
from .cards import (DEFENSE, DEFENSE_TYPES, FUMBLE, FUMBLE_ICON, GAME_DAY_DECK, INTERCEPTION, OFFENSE, RUN, TEAMS,
                    TOUCHDOWN_ICON, TURNOVER_ICON, DefensePlay, GameDayCard, OffensePlay, game_day_card)
from .plays import (Matchup, PlayResult, compare, defense_breakaway_result, event_applies, matching_penalty,
                    result_with_event, result_without_event)
from .views import FootballView


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
    """'A', 'A and B', 'A, B and C' (card names, each in the reader's language)."""
    items = [_(word) for word in words]
    if not items:
        return _("nothing")
    if len(items) == 1:
        return items[0]
    return _("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


def defenses_losing_to(play_type: str) -> list[str]:
    """The defenses against which this play is an offense breakaway."""
    return [name for name, (_, lose_to, _) in DEFENSE_TYPES.items() if play_type in lose_to]


def defenses_beating(play_type: str) -> list[str]:
    """The defenses against which this play is a defense breakaway."""
    return [name for name, (win_vs, _, _) in DEFENSE_TYPES.items() if play_type in win_vs]


def offense_preview(team: str, card: int, end: int, ball: int, two_point: bool = False) -> list[str]:
    """Two lines about an offense play before it is called: what it is, and its breakaways."""
    play = offense_play(team, card, end)
    name = play_name(play)
    if play.minimum_gain:
        first = (_("{play}, a run, always gains at least 1 yard line.") if play.kind == RUN
                 else _("{play}, a pass, always gains at least 1 yard line.")).format(play=name)
    elif play.low_percentage:
        first = _("{play}, a pass, low-percentage (target): complete only with a green Game Day event.").format(
            play=name)
    else:
        first = (_("{play}, a run.") if play.kind == RUN else _("{play}, a pass.")).format(play=name)
    second = _("Breakaway for you against {beaten}; for the defense against {beating}.").format(
        beaten=join_words(defenses_losing_to(play.play_type)), beating=join_words(defenses_beating(play.play_type)))
    if field.restricted_pass(play.play_type, ball) and not two_point:
        return [_("No {play} {spot}: calling it costs a yard line and the down is replayed.").format(
            play=_(play.play_type), spot=field.on_yard_line(ball, "your").render()), first]
    return [first, second]


def defense_preview(team: str, card: int, end: int, offense_team: str | None = None,
                    formation: str | None = None) -> list[str]:
    """Two lines about a defense: its strengths and breakaways, then what it does to the formation shown."""
    play = defense_play(team, card, end)
    first = (_("{defense} (run {run}, pass {passing}) wins vs {beating}; loses to {beaten}. Halves every offense "
               "value.") if play.prevent else
             _("{defense} (run {run}, pass {passing}) wins vs {beating}; loses to {beaten}.")).format(
        defense=_(play.name), run=play.run_strength, passing=play.pass_strength, beating=join_words(play.win_vs),
        beaten=join_words(play.lose_to))
    if offense_team is None or formation is None:
        return [first, _("Its run strength is taken off a run's value, its pass strength off a pass's.")]
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
        label = play_name(play)
        if m.breakaway == DEFENSE:
            stopped.append(label)
        elif m.breakaway == OFFENSE:
            beaten.append(label)
        else:
            gains.append(m.base)
    parts: list[str] = []
    if stopped:
        parts.append(_("stops {plays}").format(plays=", ".join(stopped)))
    if beaten:
        parts.append(_("beaten by {plays}").format(plays=", ".join(beaten)))
    if gains:
        low, high = min(gains), max(gains)
        gain = str(low) if high == low else f"{low}-{high}"
        parts.append((_("others gain {gain}") if parts else _("every play gains {gain}")).format(gain=gain))
    return _("vs their {formation}: {reads}.").format(formation=formation, reads=" · ".join(parts))


def play_name(play: OffensePlay) -> str:
    """'Inside Run 3': the play type (in the reader's language) and its strength."""
    return _("{play} {strength}").format(play=_(play.play_type), strength=play.strength)


# --- the revealed play ------------------------------------------------------------------------------
def revealed_matchup(view: FootballView) -> Matchup | None:
    """The two revealed plays compared (None before the first snap)."""
    reveal = view.get("reveal")
    if not reveal:
        return None
    off, dfn = reveal["offense"], reveal["defense"]
    teams = view["teams"]
    return compare(offense_play(teams[off["seat"]], off["card"], off["end"]),
                   defense_play(teams[dfn["seat"]], dfn["card"], dfn["end"]))


def result_words(result: PlayResult) -> str:
    """A play's result in a few words: 'a gain of 3', 'a loss of 1', 'no gain', 'an INTERCEPTION'."""
    if result.turnover == FUMBLE:
        return _("a FUMBLE")
    if result.turnover == INTERCEPTION:
        return _("an INTERCEPTION")
    if result.touchdown:
        return _("a touchdown")
    if result.incomplete:
        return _("an incomplete pass")
    if result.gain > 0:
        return _("a gain of {count}").format(count=result.gain)
    if result.gain < 0:
        return _("a loss of {count}").format(count=-result.gain)
    return _("no gain")


def matchup_words(m: Matchup) -> str:
    """'Inside Run 3 vs Blitz (1): gain 2' with the breakaway when there is one."""
    text = m.words().render()
    play, defense = _(m.offense.play_type), _(m.defense.name)
    if m.breakaway == OFFENSE:
        return _("{matchup}: OFFENSE BREAKAWAY ({defense} loses to {play}), {count} to start").format(
            matchup=text, defense=defense, play=play, count=m.base)
    if m.breakaway == DEFENSE:
        return _("{matchup}: DEFENSE BREAKAWAY ({defense} wins vs {play}), no gain").format(
            matchup=text, defense=defense, play=play)
    if m.defense.prevent:
        return _("{matchup} (Prevent halves the play): gain {count}").format(matchup=text, count=m.base)
    return _("{matchup}: gain {count}").format(matchup=text, count=m.base)


def current_card(view: FootballView) -> GameDayCard | None:
    """The Game Day card drawn last (the one the revealed play is resolved with)."""
    number = view.get("gd_card")
    return game_day_card(number) if number else None


def breakaway_choice_words(view: FootballView) -> tuple[str, str]:
    """(take the breakaway value, take the play event) in words, for the side that chooses: each completes
    'Take the ...'."""
    m = revealed_matchup(view)
    card = current_card(view)
    assert m is not None and card is not None
    side = view["pending"].get("side", OFFENSE)
    event = result_with_event(m, card, offense_breakaway=side == OFFENSE)
    penalty = matching_penalty(card, m)
    title = card.event.title_words.render()
    if penalty:
        event_text = _("play event: a {penalty} penalty ({card})").format(penalty=_(penalty.name), card=title)
    elif not event_applies(card, m) and not event.incomplete:
        event_text = (_("play event: {result} (a run event, no effect)") if card.event.kind == RUN else
                      _("play event: {result} (a pass event, no effect)")).format(result=result_words(event))
    else:
        event_text = _("play event: {result} ({card})").format(result=result_words(event), card=title)
    if side == OFFENSE:
        value = card.offense_breakaway
        if value == TOUCHDOWN_ICON:
            run = _("breakaway value TD: a touchdown!")
        elif value == FUMBLE_ICON:
            run = _("breakaway value: a FUMBLE icon")
        elif int(value) != 0:
            run = _("breakaway run: {start} {value}, then more cards until a 0 or a fumble").format(
                start=m.base, value=f"{int(value):+d}")
        else:
            run = _("breakaway value {value}: tackled at {spot}").format(value=corner_text(value),
                                                                          spot=m.base + int(value))
        return run, event_text
    result = defense_breakaway_result(m, card)
    corner = card.defense_breakaway
    if corner == TURNOVER_ICON:
        value_text = _("breakaway value: TURNOVER")
    else:
        value_text = _("breakaway value {value}: {result}").format(value=corner_text(corner),
                                                                   result=result_words(result))
    return value_text, event_text


def challenge_words(view: FootballView) -> tuple[str, str]:
    """(throw the flag, let it stand) in words."""
    m = revealed_matchup(view)
    card = current_card(view)
    assert m is not None and card is not None
    penalty = matching_penalty(card, m)
    with_event = (_("{penalty} penalty").format(penalty=_(penalty.name)) if penalty
                  else result_words(result_with_event(m, card)))
    return (_("ignore {card}, {result}").format(card=card.event.title_words.render(),
                                                result=result_words(result_without_event(m))), with_event)


def penalty_choice_words(view: FootballView) -> tuple[str, str]:
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
        accept = _("no yardage (the ball is already at the limit)")
    elif moved > 0:
        accept = ngettext("{count} yard line forward", "{count} yard lines forward", moved).format(count=moved)
    else:
        accept = ngettext("{count} yard line back", "{count} yard lines back", -moved).format(count=-moved)
    if penalty.automatic_first_down:
        accept = _("{enforced}, automatic first down").format(enforced=accept)
    elif penalty.loss_of_down:
        accept = _("{enforced}, loss of down").format(enforced=accept)
    else:
        accept = _("{enforced}, replay the down").format(enforced=accept)
    return accept, _("the play stands: {result}").format(result=result_words(result_without_event(m)))


# --- odds on the buttons -----------------------------------------------------------------------------
def percent(chance: float) -> str:
    """Odds as the board prints them: '74%', never '0%' or '100%' for something merely unlikely."""
    value = round(chance * 100)
    if chance > 0 and value == 0:
        return "<" + format_percent(0.01)
    if chance < 1 and value == 100:
        return ">" + format_percent(0.99)
    return format_percent(value / 100)


def average_punt() -> float:
    """The mean punt distance in yard lines over the Game Day deck (blocked punts left out)."""
    values = [int(card.punt) for card in GAME_DAY_DECK if isinstance(card.punt, int)]
    return sum(values) / len(values)


def field_goal_label(view: FootballView) -> str:
    """'Field goal 74%' in range, plain 'Field goal' when the ball is too far out."""
    odds = board.button_odds(view)
    if odds["fieldgoal_distance"] > field.LONGEST_FIELD_GOAL:
        return _("Field goal")
    return _("Field goal {chance}").format(chance=percent(odds["fieldgoal"]))


def odds_lines(view: FootballView) -> dict[str, str]:
    """Hover help for every kicking and special button, with the rulebook's odds where it gives them."""
    odds = board.button_odds(view)
    distance = odds["fieldgoal_distance"]
    cards = odds["hailmary_cards"]
    return {
        "punt": _("Punt: discard a card; the Game Day card's punt corner moves the ball about {lines} yard lines "
                  "({chance} blocked).").format(lines=format_decimal(average_punt(), 1),
                                                chance=percent(1 / len(GAME_DAY_DECK))),
        "coffin": _("Coffin-corner punt: 2 yard lines shorter, to pin the other team near its goal line."),
        "fieldgoal": (_("Field goal from distance {distance}: a field-goal corner of {distance} or more scores "
                        "3 points ({chance}).").format(distance=distance, chance=percent(odds["fieldgoal"]))
                      if distance <= field.LONGEST_FIELD_GOAL else
                      _("Too far for a field goal: the ball must be on the opponent's 45 or closer.")),
        "hailmary": ngettext("Hail Mary: {count} Game Day card; a 9 completes it ({chance}), a missed kick is a "
                             "pick-six ({intercepted}).",
                             "Hail Mary: {count} Game Day cards; a 9 completes it ({chance}), a missed kick is a "
                             "pick-six ({intercepted}).", cards).format(
            count=cards, chance=percent(odds["hailmary"]), intercepted=percent(odds["hailmary_intercepted"])),
        "kneel": _("QB kneel: discard a card and lose one yard line, no Game Day card: runs the clock."),
        "timeout": _("Time out: the offense takes an offense card back from its discard pile."),
        "extrapoint": _("Extra point: a field-goal corner of 3 or more scores 1 point ({chance}).").format(
            chance=percent(odds["extrapoint"])),
        "twopoint": _("Go for two: one untimed play from the opponent's 10 with any of your 15 cards."),
        "kickoff": _("Normal kickoff: one Game Day card settles kick and return."),
        "onside": _("Onside kick from midfield: a field-goal corner of 8 or 9 keeps the ball ({chance}).").format(
            chance=percent(odds["onside"])),
        "ice": _("Ice the kicker: spend a time out; the kick needs one more ({chance} becomes {iced}).").format(
            chance=percent(odds["fieldgoal"]), iced=percent(odds["fieldgoal_iced"])),
        "noice": _("Let them kick ({chance}).").format(chance=percent(odds["fieldgoal"])),
    }


# --- the story ------------------------------------------------------------------------------------
def story_text(event: Event) -> str:
    """An event as the story strip tells it: a Game Day draw in a line, the purpose and what is read (the card
    on the table shows the corners); anything else as the log has it."""
    message = event.message
    if event.kind == "gameday" and isinstance(message, Message):
        card = message.fields.get("card")
        if isinstance(card, Message) and "event" in card.fields:
            sentence = message.msgid
            return Message(sentence, card=card.fields["event"]).render()
    return event.text


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
