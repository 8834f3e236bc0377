"""How one scrimmage play resolves: the matchup of the two revealed cards, then the Game Day card.

Pure functions over card data, shared by the engine (which adds the ball, the downs
and the chained breakaway draws) and the bots (which weigh every pairing of calls
against the Game Day deck).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from game.i18n import Message

from .cards import (DEFENSE, FUMBLE, INCOMPLETE, INTERCEPTION, MODIFIER, OFFENSE, PASS, PENALTY,
                    TURNOVER_ICON, DefensePlay, GameDayCard, OffensePlay, Penalty)

NO_BREAKAWAY = ""


@dataclass(frozen=True)
class Matchup:
    """The two revealed plays compared: values after Prevent, the breakaway, the gain before the card."""

    offense: OffensePlay
    defense: DefensePlay
    offense_value: int
    defense_value: int
    breakaway: str
    base: int

    def words(self) -> Message:
        """'Inside Run 3 vs Blitz (1)': both plays with their values after Prevent (the defense's in brackets:
        'Cover 2 2' would read as one name)."""
        return self._words

    @cached_property
    def _words(self) -> Message:
        """Made once per matchup (``compare`` keeps them): every scrimmage play is told with it."""
        return Message("{play} {offense_value} vs {defense} ({defense_value})", play=Message(self.offense.play_type),
                       offense_value=self.offense_value, defense=Message(self.defense.name),
                       defense_value=self.defense_value)


@dataclass(frozen=True)
class PlayResult:
    """What the play did, measured from the line of scrimmage in yard lines.

    A turnover happens ``gain`` lines from the line of scrimmage (0 for an ordinary
    fumble, the new spot for an interception, the spot reached on a breakaway).
    """

    gain: int = 0
    turnover: str = ""
    incomplete: bool = False
    touchdown: bool = False
    modifier: int = 0
    how: str = ""

    def __init__(self, gain: int = 0, turnover: str = "", incomplete: bool = False, touchdown: bool = False,
                 modifier: int = 0, how: str = "") -> None:
        # frozen: the fields are written once, straight into the instance dict (the generated __init__ pays
        # for object.__setattr__ per field, and every play and every bot's guess makes a few)
        fields_ = self.__dict__
        fields_["gain"] = gain
        fields_["turnover"] = turnover
        fields_["incomplete"] = incomplete
        fields_["touchdown"] = touchdown
        fields_["modifier"] = modifier
        fields_["how"] = how


def prevent_halving(value: int) -> int:
    """Prevent Defense halves the offense's starting value, rounded up (8 becomes 4, 5 becomes 3)."""
    return (value + 1) // 2


#: matchups already judged, by the identities of the two plays (the plays are kept in the entry, so an
#: id reused by a new object after the old one is gone never matches): a game compares the same few
#: hundred pairs over and over
_MATCHUPS: dict[tuple[int, int], Matchup] = {}


def compare(offense: OffensePlay, defense: DefensePlay) -> Matchup:
    """Strength against strength, with the breakaway the defense card names.

    Offense breakaway: at least 1.  Defense breakaway: no gain.  Otherwise the
    difference, never below 0, and at least 1 for the minimum-gain plays.
    """
    key = (id(offense), id(defense))
    known = _MATCHUPS.get(key)
    if known is not None and known.offense is offense and known.defense is defense:
        return known
    if len(_MATCHUPS) > 8192:
        _MATCHUPS.clear()
    matchup = _MATCHUPS[key] = _judge(offense, defense)
    return matchup


def _judge(offense: OffensePlay, defense: DefensePlay) -> Matchup:
    value = prevent_halving(offense.strength) if defense.prevent else offense.strength
    against = defense.strength_against(offense.kind)
    if offense.play_type in defense.lose_to:
        return Matchup(offense, defense, value, against, OFFENSE, max(1, value - against))
    if offense.play_type in defense.win_vs:
        return Matchup(offense, defense, value, against, DEFENSE, 0)
    base = max(0, value - against)
    if offense.minimum_gain:
        base = max(1, base)
    return Matchup(offense, defense, value, against, NO_BREAKAWAY, base)


def event_applies(card: GameDayCard, matchup: Matchup) -> bool:
    """Play events only count when they name the play's kind (run or pass)."""
    return card.event.kind == matchup.offense.kind


def matching_penalty(card: GameDayCard, matchup: Matchup) -> Penalty | None:
    if event_applies(card, matchup) and card.event.effect == PENALTY:
        return card.event.penalty
    return None


def low_percentage_applies(matchup: Matchup, offense_breakaway: bool) -> bool:
    """A target-icon pass needs the card's help, except on an offense breakaway."""
    return matchup.offense.low_percentage and matchup.offense.kind == PASS and not offense_breakaway


def result_with_event(matchup: Matchup, card: GameDayCard, offense_breakaway: bool = False) -> PlayResult:
    """Resolve with the card's play event (penalties are handled by the caller first)."""
    event = card.event
    applies = event_applies(card, matchup)
    if low_percentage_applies(matchup, offense_breakaway):
        if applies and event.effect == INTERCEPTION:
            return PlayResult(matchup.base, turnover=INTERCEPTION, how="intercepted")
        if event.colour == "red":
            return PlayResult(0, incomplete=True, how="low-percentage pass falls incomplete (red text)")
        if not applies:
            return PlayResult(matchup.base, how="low-percentage pass is complete (green text)")
    if not applies:
        return PlayResult(matchup.base, how="the play event does not match the play")
    if event.effect == MODIFIER:
        return PlayResult(matchup.base + event.offense_lines, modifier=event.offense_lines, how="play event")
    if event.effect == FUMBLE:
        return PlayResult(0, turnover=FUMBLE, how="fumble")
    if event.effect == INTERCEPTION:
        return PlayResult(matchup.base, turnover=INTERCEPTION, how="intercepted")
    if event.effect == INCOMPLETE:
        return PlayResult(0, incomplete=True, how="incomplete")
    return PlayResult(matchup.base, how="no effect")


def result_without_event(matchup: Matchup) -> PlayResult:
    """The play with no modifier, after a challenge flag: the Game Day card is set aside.

    A target-icon pass "needs Game Day deck help to be completed", and a challenged card helps nobody: it falls
    incomplete.
    """
    if low_percentage_applies(matchup, False):
        return PlayResult(0, incomplete=True, how="low-percentage pass without the card's help")
    return PlayResult(matchup.base, how="no modifier")


def result_declined(matchup: Matchup, card: GameDayCard, offense_breakaway: bool = False) -> PlayResult:
    """The play after a declined penalty ("DECLINE: no effect"): no penalty, but the card is still on the table, so
    a target-icon pass still reads its text colour (red: incomplete, green: complete)."""
    if low_percentage_applies(matchup, offense_breakaway) and card.event.colour == "red":
        return PlayResult(0, incomplete=True, how="low-percentage pass falls incomplete (red text)")
    return PlayResult(matchup.base, how="no modifier")


def defense_breakaway_result(matchup: Matchup, card: GameDayCard) -> PlayResult:
    """The defense takes the corner value as the result, or a turnover at the line of scrimmage."""
    corner = card.defense_breakaway
    if corner == TURNOVER_ICON:
        kind = INTERCEPTION if matchup.offense.kind == PASS else FUMBLE
        return PlayResult(0, turnover=kind, how="defense breakaway turnover")
    return PlayResult(int(corner), how="defense breakaway")


def flag_sides(matchup: Matchup, card: GameDayCard) -> tuple[str, ...]:
    """The sides a challenge flag could help on a scrimmage play that is not a breakaway, in the order they are
    asked: the defense, then the offense.

    Nothing to challenge when the play is the same without its event.  A matching penalty: a declinable one is
    challenged after it was accepted, so only by the side it is called on (the other side could decline it for
    free); one that cannot be declined by either side.  A turnover only by the offense.  When the event only moves
    the ball, only by the side it costs yard lines: a flag that could only lose its thrower ground is not offered.
    Any other change (an incompletion, a target pass completed or not) by either side.
    """
    penalty = matching_penalty(card, matchup)
    if penalty is not None:
        return (card.event.side,) if penalty.declinable else (DEFENSE, OFFENSE)
    with_event = result_with_event(matchup, card)
    without = result_without_event(matchup)
    if with_event.turnover:
        return (OFFENSE,)
    if with_event.incomplete == without.incomplete:
        if with_event.gain == without.gain:
            return ()
        return (OFFENSE,) if with_event.gain < without.gain else (DEFENSE,)
    return (DEFENSE, OFFENSE)
