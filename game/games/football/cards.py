"""Breakaway Football's cards as plain data: four team decks and the 54-card Game Day deck.

The printed decks are not public, so these are designed to the facts the rulebook
gives (see DESIGN.md for the reasoning and the calibration that backs the numbers):

* ten offense play types, run (orange) or pass (blue); Inside Run and Short Pass
  always gain at least one yard line;
* ten defense types whose "Win vs" / "Lose to" matchups are the same for every team
  (the board prints them as one table), with the rulebook's examples kept:
  Outside Run beats Tight Run, Short Pass into Press and Long Pass into 2 Man Under
  are defense breakaways, Prevent halves the offense's value;
* every team card is double-ended (a play at each end, a formation on the back):
  an audible turns the card round, for offense and defense alike;
* the Game Day deck's field-goal corner reproduces the rulebook's success chart.

Everything here is immutable; the engine refers to cards by number.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Union

from game.i18n import N_, Message

RUN = "run"
PASS = "pass"
OFFENSE = "offense"
DEFENSE = "defense"

#: play type -> (run or pass, always gains at least one yard line before the Game Day card)
PLAY_TYPES: dict[str, tuple[str, bool]] = {
    N_("Inside Run"): (RUN, True),
    N_("Outside Run"): (RUN, False),
    N_("Power Run"): (RUN, False),
    N_("Draw"): (RUN, False),
    N_("Counter"): (RUN, False),
    N_("Screen Pass"): (PASS, False),
    N_("Short Pass"): (PASS, True),
    N_("Medium Pass"): (PASS, False),
    N_("Long Pass"): (PASS, False),
    N_("Play Action"): (PASS, False),
}

#: defense type -> (Win vs: defense breakaway, Lose to: offense breakaway, Prevent)
DEFENSE_TYPES: dict[str, tuple[tuple[str, ...], tuple[str, ...], bool]] = {
    N_("Blitz"): (("Medium Pass", "Play Action"), ("Screen Pass", "Draw"), False),
    N_("Tight Run"): (("Inside Run", "Power Run"), ("Outside Run", "Play Action"), False),
    N_("Press"): (("Short Pass", "Screen Pass"), ("Long Pass", "Counter"), False),
    N_("2 Man Under"): (("Long Pass", "Medium Pass"), ("Draw", "Outside Run"), False),
    N_("Prevent"): (("Long Pass",), ("Inside Run", "Short Pass"), True),
    N_("Cover 2"): (("Short Pass", "Outside Run"), ("Medium Pass", "Power Run"), False),
    N_("Cover 3"): (("Play Action", "Counter"), ("Short Pass", "Power Run"), False),
    N_("Goal Line"): (("Inside Run", "Power Run"), ("Play Action", "Long Pass"), False),
    N_("Zone Blitz"): (("Draw", "Screen Pass"), ("Medium Pass", "Inside Run"), False),
    N_("Run Blitz"): (("Outside Run", "Draw"), ("Screen Pass", "Counter"), False),
}


@dataclass(frozen=True)
class OffensePlay:
    """One end of an offense card: a play type, its strength and the target icon."""

    play_type: str
    strength: int
    low_percentage: bool = False

    @property
    def kind(self) -> str:
        return PLAY_TYPES[self.play_type][0]

    @property
    def minimum_gain(self) -> bool:
        return PLAY_TYPES[self.play_type][1]

    def words(self) -> Message:
        """'Long Pass 8 (target)', 'Blitz 1/2': the play and its strengths, in the reader's language."""
        return self._words

    @cached_property
    def _words(self) -> Message:
        """Made once per play: every call, discard and reveal names plays, and messages are values."""
        if self.low_percentage:
            return Message("{play} {strength} (target)", play=Message(self.play_type), strength=self.strength)
        return Message("{play} {strength}", play=Message(self.play_type), strength=self.strength)


@dataclass(frozen=True)
class DefensePlay:
    """One end of a defense card: a defense type with its run and pass strength."""

    name: str
    run_strength: int
    pass_strength: int

    @property
    def win_vs(self) -> tuple[str, ...]:
        return DEFENSE_TYPES[self.name][0]

    @property
    def lose_to(self) -> tuple[str, ...]:
        return DEFENSE_TYPES[self.name][1]

    @property
    def prevent(self) -> bool:
        return DEFENSE_TYPES[self.name][2]

    def strength_against(self, kind: str) -> int:
        return self.run_strength if kind == RUN else self.pass_strength

    def words(self) -> Message:
        """'Blitz (run 1, pass 2)': the defense and its strengths, in the reader's language (a bare '1/2'
        after 'Cover 2' would read as part of its name)."""
        return self._words

    @cached_property
    def _words(self) -> Message:
        """Made once per play, as the offense's."""
        return Message("{defense} (run {run}, pass {passing})", defense=Message(self.name), run=self.run_strength,
                       passing=self.pass_strength)


@dataclass(frozen=True)
class OffenseCard:
    number: int
    formation: str
    ends: tuple[OffensePlay, OffensePlay]

    def play(self, end: int) -> OffensePlay:
        """End 1 is the top of the card, end 2 the bottom (an audible swaps them)."""
        return self.ends[end - 1]

    def words(self) -> Message:
        """'Inside Run 3 / Long Pass 8 (target)': both ends, top first."""
        return self._words

    @cached_property
    def _words(self) -> Message:
        """Made once per card: every discard and retrieved card names its plays."""
        return Message("{top} / {bottom}", top=self.ends[0].words(), bottom=self.ends[1].words())


@dataclass(frozen=True)
class DefenseCard:
    number: int
    formation: str
    ends: tuple[DefensePlay, DefensePlay]

    def play(self, end: int) -> DefensePlay:
        return self.ends[end - 1]


@dataclass(frozen=True)
class Team:
    name: str
    style: str
    offense: tuple[OffenseCard, ...]
    defense: tuple[DefenseCard, ...]

    def offense_card(self, number: int) -> OffenseCard:
        return self.offense[number - 1]

    def defense_card(self, number: int) -> DefenseCard:
        return self.defense[number - 1]


# --- Game Day deck ------------------------------------------------------------------------

@dataclass(frozen=True)
class Penalty:
    """A penalty as printed on a Game Day card.

    ``replay_down``: no play, the offense card goes back to the hand and the down is
    replayed.  ``loss_of_down``: the play counts (card discarded, down used).
    """

    name: str
    lines: int
    declinable: bool
    automatic_first_down: bool = False
    replay_down: bool = True
    loss_of_down: bool = False


PENALTIES: dict[str, Penalty] = {
    "false_start": Penalty(N_("False Start"), 1, declinable=False),
    "offensive_holding": Penalty(N_("Holding"), 2, declinable=True),
    "delay_of_game": Penalty(N_("Delay of Game"), 1, declinable=False),
    "intentional_grounding": Penalty(N_("Intentional Grounding"), 2, declinable=True, replay_down=False,
                                     loss_of_down=True),
    "face_mask": Penalty(N_("Face Mask"), 3, declinable=True, automatic_first_down=True),
    "offside": Penalty(N_("Offside"), 1, declinable=True),
    "holding": Penalty(N_("Holding"), 1, declinable=True, automatic_first_down=True),
    "pass_interference": Penalty(N_("Pass Interference"), 3, declinable=True, automatic_first_down=True),
    "roughing_the_passer": Penalty(N_("Roughing the Passer"), 3, declinable=True, automatic_first_down=True),
}

MODIFIER = "modifier"
FUMBLE = "fumble"
INTERCEPTION = "interception"
INCOMPLETE = "incomplete"
PENALTY = "penalty"


@dataclass(frozen=True)
class PlayEvent:
    """The main modifier of a Game Day card: one side, one play kind, one effect.

    ``value`` adds to the strength of ``side`` (a defense +2 takes 2 yard lines off
    the gain).  The text is green when the event helps the offense, red when it hurts.
    """

    title: str
    side: str
    kind: str
    effect: str
    value: int = 0
    penalty_key: str = ""

    @property
    def penalty(self) -> Penalty | None:
        return PENALTIES[self.penalty_key] if self.penalty_key else None

    @property
    def offense_lines(self) -> int:
        """The modifier in yard lines for the offense (negative: lost lines)."""
        if self.effect != MODIFIER:
            return 0
        return self.value if self.side == OFFENSE else -self.value

    @property
    def colour(self) -> str:
        if self.effect == MODIFIER:
            return "green" if self.offense_lines > 0 else "red"
        if self.effect == PENALTY:
            return "green" if self.side == DEFENSE else "red"
        return "red"

    def describe(self) -> str:
        """The play event in words: 'Stuffed at the line (defense +2 against a run)'."""
        who = "offense" if self.side == OFFENSE else "defense"
        on = "on a" if self.side == OFFENSE else "against a"
        if self.effect == MODIFIER:
            what = f"{who} {self.value:+d} {on} {self.kind}"
        elif self.effect == PENALTY:
            what = f"{self.penalty.name} on the {who}, {self.kind} plays only"  # type: ignore[union-attr]
        elif self.effect == FUMBLE:
            what = "a fumble, run plays only"
        elif self.effect == INTERCEPTION:
            what = "an interception, pass plays only"
        else:
            what = "incomplete, pass plays only"
        return f"{self.title} ({what})"

    @property
    def title_words(self) -> Message:
        """The card's title in the reader's language."""
        return Message(self.title)

    def describe_words(self) -> Message:
        """:meth:`describe` in the reader's language."""
        title = self.title_words
        offense = self.side == OFFENSE
        run = self.kind == RUN
        if self.effect == MODIFIER:
            value = f"{self.value:+d}"
            if offense:
                return (Message("{title} (offense {value} on a run)", title=title, value=value) if run
                        else Message("{title} (offense {value} on a pass)", title=title, value=value))
            return (Message("{title} (defense {value} against a run)", title=title, value=value) if run
                    else Message("{title} (defense {value} against a pass)", title=title, value=value))
        if self.effect == PENALTY:
            penalty = Message(self.penalty.name)  # type: ignore[union-attr]
            if offense:
                return (Message("{title} ({penalty} on the offense, run plays only)", title=title, penalty=penalty)
                        if run else
                        Message("{title} ({penalty} on the offense, pass plays only)", title=title, penalty=penalty))
            return (Message("{title} ({penalty} on the defense, run plays only)", title=title, penalty=penalty)
                    if run else
                    Message("{title} ({penalty} on the defense, pass plays only)", title=title, penalty=penalty))
        if self.effect == FUMBLE:
            return Message("{title} (a fumble, run plays only)", title=title)
        if self.effect == INTERCEPTION:
            return Message("{title} (an interception, pass plays only)", title=title)
        return Message("{title} (incomplete, pass plays only)", title=title)


Corner = Union[int, str]
TOUCHDOWN_ICON = "TD"
FUMBLE_ICON = "FUM"
TURNOVER_ICON = "TO"
BLOCKED_ICON = "BLK"
MISS_ICON = "MISS"


@dataclass(frozen=True)
class GameDayCard:
    """A Game Day card: the play event and the four corner values.

    defense_breakaway: 0 or a loss, or TURNOVER_ICON; offense_breakaway: -1..3 (0 is a
    tackle), TOUCHDOWN_ICON or FUMBLE_ICON; punt: distance in yard lines or
    BLOCKED_ICON; field_goal: 1..9 or MISS_ICON.
    """

    number: int
    event: PlayEvent
    defense_breakaway: Corner
    offense_breakaway: Corner
    punt: Corner
    field_goal: Corner


def _event(title: str, code: str) -> PlayEvent:
    """Read the compact event code used in the table below: 'O run +2', 'D pass INT', 'D pass PEN holding'."""
    words = code.split()
    side = OFFENSE if words[0] == "O" else DEFENSE
    kind = words[1]
    effect_word = words[2]
    if effect_word == "FUM":
        return PlayEvent(title, side, kind, FUMBLE)
    if effect_word == "INT":
        return PlayEvent(title, side, kind, INTERCEPTION)
    if effect_word == "INC":
        return PlayEvent(title, side, kind, INCOMPLETE)
    if effect_word == "PEN":
        return PlayEvent(title, side, kind, PENALTY, penalty_key=words[3])
    return PlayEvent(title, side, kind, MODIFIER, int(effect_word))


# number, title, play event code, defense breakaway, offense breakaway, punt, field goal
_GAME_DAY_TABLE: tuple[tuple[int, str, str, Corner, Corner, Corner, Corner], ...] = (
    (1, N_("Cutback lane"), "O run +2", -2, 0, 10, 3),
    (2, N_("Pancake block"), "O run +2", -1, 0, 7, 7),
    (3, N_("Broken tackle"), "O run +3", -2, 1, 11, 7),
    (4, N_("Second effort"), "O run +1", "TO", 1, 9, 6),
    (5, N_("Stiff arm"), "O run +1", -1, 2, 7, 6),
    (6, N_("Lead block"), "O run +1", -2, 2, 10, 5),
    (7, N_("Juke in the hole"), "O run +2", 0, 1, 8, 7),
    (8, N_("Slipped at the handoff"), "O run -1", 0, 1, 9, 5),
    (9, N_("Botched handoff"), "O run FUM", -2, 0, 6, 6),
    (10, N_("Fumble!"), "O run FUM", 0, 3, 8, 6),
    (11, N_("Jumped the snap"), "O run PEN false_start", -1, 2, 8, 8),
    (12, N_("Hold on the edge"), "O run PEN offensive_holding", -1, 0, 7, "MISS"),
    (13, N_("Stuffed at the line"), "D run +2", -1, -1, 8, 7),
    (14, N_("Gang tackle"), "D run +1", "TO", 0, 10, 7),
    (15, N_("Linebacker reads it"), "D run +1", 0, 1, 9, 7),
    (16, N_("Run blitz fills the gap"), "D run +2", "TO", 0, 8, 6),
    (17, N_("Tackle for loss"), "D run +3", -2, 0, 9, 7),
    (18, N_("Ball stripped"), "D run FUM", 0, 1, 6, 8),
    (19, N_("Edge set"), "D run +1", 0, 2, 11, "MISS"),
    (20, N_("Missed tackle"), "D run -1", 0, 3, 10, 7),
    (21, N_("Overpursuit"), "D run -2", -1, 0, 7, 7),
    (22, N_("Grabbed the face mask"), "D run PEN face_mask", -2, 3, 8, "MISS"),
    (23, N_("Lined up offside"), "D run PEN offside", "TO", 2, 7, 7),
    (24, N_("Fresh legs"), "O run +1", "TO", 0, 7, 7),
    (25, N_("Pursuit angle"), "D run +1", 0, -1, 6, 4),
    (26, N_("Daylight"), "O run +2", -3, 0, 8, 7),
    (27, N_("Strip from behind"), "D run FUM", -1, 2, 9, 5),
    (28, N_("Perfect spiral"), "O pass +2", 0, 2, 9, 7),
    (29, N_("Yards after catch"), "O pass +2", -1, 2, 10, 7),
    (30, N_("Toe-tap catch"), "O pass +1", 0, "FUM", 7, 6),
    (31, N_("Clean pocket"), "O pass +1", -3, -1, 8, 9),
    (32, N_("Double move"), "O pass +3", -2, "FUM", 8, 9),
    (33, N_("Open in the flat"), "O pass +1", 0, 0, 9, 6),
    (34, N_("One-handed grab"), "O pass +2", -3, 1, 8, 8),
    (35, N_("Dropped pass"), "O pass INC", -2, 0, 10, 7),
    (36, N_("Overthrown"), "O pass INC", -3, 0, 8, 7),
    (37, N_("Into double coverage"), "O pass INT", "TO", 3, 9, 3),
    (38, N_("Thrown at nobody"), "O pass PEN intentional_grounding", -1, 1, 11, 7),
    (39, N_("Play clock runs out"), "O pass PEN delay_of_game", -1, 0, 9, 8),
    (40, N_("Sack"), "D pass +3", -2, 2, 10, 7),
    (41, N_("Blanket coverage"), "D pass +2", -1, -1, 8, 9),
    (42, N_("Tipped and picked"), "D pass INT", 0, 0, 8, 4),
    (43, N_("Jumped the route"), "D pass INT", -2, 0, 10, 8),
    (44, N_("Pass broken up"), "D pass INC", "TO", "TD", 9, 5),
    (45, N_("Hit as he throws"), "D pass +2", "TO", 0, 8, 5),
    (46, N_("Safety help"), "D pass +1", -1, 2, "BLK", 5),
    (47, N_("Blown coverage"), "D pass -2", "TO", 3, 9, 8),
    (48, N_("Slipped in coverage"), "D pass -1", -1, 0, 9, 7),
    (49, N_("Holding the receiver"), "D pass PEN holding", "TO", 1, 9, 7),
    (50, N_("Interference downfield"), "D pass PEN pass_interference", -1, 0, 6, 7),
    (51, N_("Late hit on the passer"), "D pass PEN roughing_the_passer", -2, 3, 7, 8),
    (52, N_("Tipped at the line"), "O pass -1", "TO", 1, 7, 6),
    (53, N_("Quick release"), "O pass +1", -2, 0, 6, 8),
    (54, N_("Undercut the route"), "D pass INT", -2, 1, 7, 4),
)

GAME_DAY_DECK: tuple[GameDayCard, ...] = tuple(
    GameDayCard(number, _event(title, code), db, ob, punt, fg)
    for number, title, code, db, ob, punt, fg in _GAME_DAY_TABLE
)


def game_day_card(number: int) -> GameDayCard:
    return GAME_DAY_DECK[number - 1]


# --- team decks ---------------------------------------------------------------------------

PlaySpec = tuple  # (play type, strength) or (play type, strength, "target")


def _offense_play(spec: PlaySpec) -> OffensePlay:
    return OffensePlay(spec[0], spec[1], len(spec) > 2 and spec[2] == "target")


def _offense(rows: tuple[tuple[str, PlaySpec, PlaySpec], ...]) -> tuple[OffenseCard, ...]:
    return tuple(OffenseCard(i, formation, (_offense_play(a), _offense_play(b)))
                 for i, (formation, a, b) in enumerate(rows, start=1))


def _defense(rows: tuple[tuple[str, tuple[str, int, int], tuple[str, int, int]], ...]) -> tuple[DefenseCard, ...]:
    return tuple(DefenseCard(i, formation, (DefensePlay(*a), DefensePlay(*b)))
                 for i, (formation, a, b) in enumerate(rows, start=1))


T = "target"

# Lightning and Fire are balanced mirror teams: the same double-ended cards grouped in the
# same formations (so a face-down card tells as much), in another order and under other
# names.  Neither has an edge over the other.
LIGHTNING = Team(N_("Lightning"), "balanced", _offense((
    ("I-Form", ("Inside Run", 3), ("Play Action", 6)),
    ("I-Form", ("Power Run", 3), ("Short Pass", 3)),
    ("I-Form", ("Outside Run", 4), ("Medium Pass", 5)),
    ("Singleback", ("Inside Run", 2), ("Medium Pass", 5)),
    ("Singleback", ("Counter", 4), ("Screen Pass", 3)),
    ("Singleback", ("Draw", 3), ("Long Pass", 8, T)),
    ("Shotgun", ("Draw", 4), ("Short Pass", 4)),
    ("Shotgun", ("Screen Pass", 2), ("Long Pass", 7)),
    ("Shotgun", ("Outside Run", 3), ("Medium Pass", 4)),
    ("Pistol", ("Power Run", 4), ("Play Action", 5)),
    ("Pistol", ("Inside Run", 3), ("Long Pass", 9, T)),
    ("Pistol", ("Counter", 5), ("Short Pass", 3)),
    ("Trips", ("Outside Run", 4), ("Screen Pass", 3)),
    ("Trips", ("Inside Run", 2), ("Medium Pass", 6, T)),
    ("Trips", ("Power Run", 2), ("Short Pass", 4)),
)), _defense((
    ("4-3", ("Blitz", 1, 2), ("Cover 2", 2, 2)),
    ("4-3", ("Tight Run", 3, 1), ("Cover 3", 2, 2)),
    ("3-4", ("Zone Blitz", 2, 2), ("2 Man Under", 1, 3)),
    ("3-4", ("Run Blitz", 3, 0), ("Press", 2, 3)),
    ("Nickel", ("Cover 2", 2, 3), ("Blitz", 2, 2)),
    ("Nickel", ("Press", 1, 3), ("Cover 3", 2, 2)),
    ("Dime", ("Prevent", 1, 1), ("2 Man Under", 2, 2)),
    ("Dime", ("Prevent", 0, 1), ("Zone Blitz", 2, 1)),
    ("46 Bear", ("Goal Line", 4, 1), ("Tight Run", 3, 1)),
    ("46 Bear", ("Goal Line", 3, 1), ("Run Blitz", 3, 1)),
)))

FIRE = Team(N_("Fire"), "balanced", _offense((
    ("Pro Set", ("Outside Run", 4), ("Medium Pass", 5)),
    ("Pro Set", ("Inside Run", 3), ("Play Action", 6)),
    ("Pro Set", ("Power Run", 3), ("Short Pass", 3)),
    ("Wing-T", ("Draw", 3), ("Long Pass", 8, T)),
    ("Wing-T", ("Inside Run", 2), ("Medium Pass", 5)),
    ("Wing-T", ("Counter", 4), ("Screen Pass", 3)),
    ("Gun Spread", ("Screen Pass", 2), ("Long Pass", 7)),
    ("Gun Spread", ("Outside Run", 3), ("Medium Pass", 4)),
    ("Gun Spread", ("Draw", 4), ("Short Pass", 4)),
    ("Ace", ("Counter", 5), ("Short Pass", 3)),
    ("Ace", ("Power Run", 4), ("Play Action", 5)),
    ("Ace", ("Inside Run", 3), ("Long Pass", 9, T)),
    ("Bunch", ("Power Run", 2), ("Short Pass", 4)),
    ("Bunch", ("Outside Run", 4), ("Screen Pass", 3)),
    ("Bunch", ("Inside Run", 2), ("Medium Pass", 6, T)),
)), _defense((
    ("4-3", ("Tight Run", 3, 1), ("Cover 3", 2, 2)),
    ("4-3", ("Blitz", 1, 2), ("Cover 2", 2, 2)),
    ("3-4", ("Run Blitz", 3, 0), ("Press", 2, 3)),
    ("3-4", ("Zone Blitz", 2, 2), ("2 Man Under", 1, 3)),
    ("Nickel", ("Press", 1, 3), ("Cover 3", 2, 2)),
    ("Nickel", ("Cover 2", 2, 3), ("Blitz", 2, 2)),
    ("Dime", ("Prevent", 0, 1), ("Zone Blitz", 2, 1)),
    ("Dime", ("Prevent", 1, 1), ("2 Man Under", 2, 2)),
    ("46 Bear", ("Goal Line", 3, 1), ("Run Blitz", 3, 1)),
    ("46 Bear", ("Goal Line", 4, 1), ("Tight Run", 3, 1)),
)))

# The Maulers pound the ball: strong runs on most cards, few and modest passes, a
# defense built to stop the run.
MAULERS = Team(N_("Maulers"), "run-heavy", _offense((
    ("Full House", ("Inside Run", 3), ("Power Run", 3)),
    ("Full House", ("Power Run", 3), ("Play Action", 6)),
    ("Full House", ("Counter", 3), ("Short Pass", 3)),
    ("I-Form", ("Outside Run", 4), ("Short Pass", 3)),
    ("I-Form", ("Inside Run", 2), ("Play Action", 6, T)),
    ("I-Form", ("Power Run", 3), ("Outside Run", 3)),
    ("Wishbone", ("Counter", 3), ("Draw", 3)),
    ("Wishbone", ("Inside Run", 2), ("Long Pass", 7, T)),
    ("Wishbone", ("Outside Run", 3), ("Screen Pass", 2)),
    ("Strong Wing", ("Draw", 3), ("Medium Pass", 4)),
    ("Strong Wing", ("Power Run", 3), ("Screen Pass", 3)),
    ("Strong Wing", ("Counter", 3), ("Inside Run", 3)),
    ("Singleback", ("Outside Run", 3), ("Medium Pass", 5)),
    ("Singleback", ("Draw", 3), ("Long Pass", 8, T)),
    ("Singleback", ("Inside Run", 3), ("Short Pass", 3)),
)), _defense((
    ("4-3", ("Tight Run", 3, 1), ("Cover 2", 2, 2)),
    ("4-3", ("Run Blitz", 3, 0), ("Cover 3", 2, 2)),
    ("4-4", ("Goal Line", 4, 1), ("Blitz", 2, 2)),
    ("4-4", ("Tight Run", 3, 1), ("Zone Blitz", 3, 1)),
    ("46 Bear", ("Goal Line", 4, 0), ("Run Blitz", 3, 1)),
    ("46 Bear", ("Blitz", 2, 1), ("2 Man Under", 2, 2)),
    ("Nickel", ("Cover 2", 2, 2), ("Press", 1, 3)),
    ("Nickel", ("Press", 2, 2), ("Cover 3", 2, 2)),
    ("Dime", ("Prevent", 1, 1), ("2 Man Under", 1, 3)),
    ("Dime", ("Prevent", 0, 1), ("Zone Blitz", 2, 2)),
)))

# The Pharaohs live in the air: strong passes at every depth (a throw carries more risk
# than a run, interceptions and target icons, so the arms are stronger), a few deep
# target-icon shots, thin runs, and a defense of coverages with a sturdy front.
PHARAOHS = Team(N_("Pharaohs"), "pass-heavy", _offense((
    ("Shotgun", ("Short Pass", 4), ("Long Pass", 9, T)),
    ("Shotgun", ("Draw", 4), ("Medium Pass", 6)),
    ("Shotgun", ("Inside Run", 4), ("Screen Pass", 4)),
    ("Empty", ("Short Pass", 4), ("Medium Pass", 7)),
    ("Empty", ("Counter", 4), ("Long Pass", 8)),
    ("Empty", ("Draw", 4), ("Play Action", 6)),
    ("Trips", ("Screen Pass", 3), ("Long Pass", 9, T)),
    ("Trips", ("Outside Run", 4), ("Medium Pass", 6)),
    ("Trips", ("Inside Run", 3), ("Short Pass", 4)),
    ("Spread", ("Medium Pass", 6), ("Short Pass", 4)),
    ("Spread", ("Power Run", 4), ("Play Action", 7)),
    ("Spread", ("Draw", 4), ("Long Pass", 8)),
    ("Pistol", ("Inside Run", 3), ("Play Action", 6)),
    ("Pistol", ("Power Run", 4), ("Medium Pass", 6)),
    ("Pistol", ("Outside Run", 4), ("Screen Pass", 3)),
)), _defense((
    ("Nickel", ("Cover 2", 2, 3), ("Press", 1, 4)),
    ("Nickel", ("Cover 3", 2, 3), ("Blitz", 2, 2)),
    ("Dime", ("2 Man Under", 1, 3), ("Prevent", 1, 1)),
    ("Dime", ("Prevent", 0, 2), ("Press", 2, 3)),
    ("Quarters", ("Cover 2", 3, 2), ("2 Man Under", 1, 3)),
    ("Quarters", ("Zone Blitz", 3, 2), ("Cover 3", 2, 2)),
    ("4-3", ("Tight Run", 4, 1), ("Blitz", 2, 2)),
    ("4-3", ("Run Blitz", 4, 0), ("Zone Blitz", 2, 2)),
    ("46 Bear", ("Goal Line", 4, 1), ("Tight Run", 3, 1)),
    ("46 Bear", ("Goal Line", 4, 0), ("Run Blitz", 3, 1)),
)))

TEAMS: dict[str, Team] = {team.name: team for team in (MAULERS, PHARAOHS, LIGHTNING, FIRE)}
OFFENSE_CARDS_PER_TEAM = 15
DEFENSE_CARDS_PER_TEAM = 10
