"""Solo coaches for Breakaway Football: one per team, at three levels.

Every decision is read from the seat's view only.  The heart is the play call, a
guessing game: the bot scores every pairing of its plays with the other side's in
expected points (weighing each Game Day card, the breakaway choices and penalties),
finds a mixed strategy for that matrix by repeated best responses (Hedge), bends it
toward its team's tendencies and draws a call from it.  Around that sit the
coach's situational choices: fourth downs, kicks, time outs, the two-point chart,
onside kicks, kneeling out the clock, the Hail Mary and the challenge flag.

* easy: calls by team tendency and down/distance only, keeps its calls, simple kicking.
* normal: solves the matrix against the full Game Day deck, sensible clock management.
* hard: counts the Game Day cards already seen, solves longer, uses every situational rule,
  and calls with the formation in mind.  A face-down card shows its formation, so the
  defense answers knowing which plays it may hide, and the defense's card shows its own
  formation before the audible.  The hard coach takes the normal coach's defense as its
  model of a sound reply, lays the card that reply reads worst and audibles against what
  the shown defense formation most likely hides.

``budget_scale`` thins the hard coach's solver (fewer Hedge rounds); it never
changes the rules it plays by.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Mapping, Sequence

from game.core.bots import Bot
from game.core.protocol import Action, act

from . import field
from .cards import (BLOCKED_ICON, DEFENSE, FUMBLE_ICON, GAME_DAY_DECK, INTERCEPTION, OFFENSE, PASS, PENALTIES, RUN,
                    TEAMS, TOUCHDOWN_ICON, DefensePlay, GameDayCard, OffensePlay, Penalty, Team, game_day_card)
from .plays import (PlayResult, compare, defense_breakaway_result, matching_penalty, result_declined,
                    result_with_event, result_without_event)
from .phases import DOWNS
from .views import FootballView

TOUCHDOWN_VALUE = 6.2
SAFETY_VALUE = -3.8


@dataclass(frozen=True)
class Tendencies:
    """How a team's coach likes to play.

    run_weight / pass_weight: how much more often it calls each kind than the matrix says;
    go_bonus: expected points it gives going for it on fourth down (short yardage coaches);
    two_point_bonus: readiness to go for two.
    """

    run_weight: float
    pass_weight: float
    go_bonus: float
    two_point_bonus: float
    deep_shots: float


TENDENCIES: dict[str, Tendencies] = {
    "Maulers": Tendencies(run_weight=1.8, pass_weight=0.7, go_bonus=0.5, two_point_bonus=0.1, deep_shots=0.6),
    "Pharaohs": Tendencies(run_weight=0.6, pass_weight=1.7, go_bonus=0.2, two_point_bonus=0.2, deep_shots=1.5),
    # the mirror teams share one balanced coaching style, so neither coach has an edge
    "Lightning": Tendencies(run_weight=1.0, pass_weight=1.0, go_bonus=0.2, two_point_bonus=0.0, deep_shots=1.0),
    "Fire": Tendencies(run_weight=1.0, pass_weight=1.0, go_bonus=0.2, two_point_bonus=0.0, deep_shots=1.0),
}


@dataclass(frozen=True)
class Level:
    """What a level does: Hedge rounds (0: calls by habit), card counting, audibles, the situational
    rules, how much a play event must cost before the flag is thrown, and whether the offense calls
    against the sound defense's reply to the formation it shows (``reads_formations``)."""

    solve_rounds: int
    count_cards: bool
    audibles: bool
    situational: bool
    challenge_threshold: float
    reads_formations: bool = False


LEVELS: dict[str, Level] = {
    "easy": Level(solve_rounds=0, count_cards=False, audibles=False, situational=False, challenge_threshold=3.0),
    "normal": Level(solve_rounds=24, count_cards=False, audibles=True, situational=True, challenge_threshold=2.0),
    "hard": Level(solve_rounds=80, count_cards=True, audibles=True, situational=True, challenge_threshold=1.4,
                  reads_formations=True),
}

#: the Hedge rounds of the sound coach the hard coach expects on the other side
MODEL_ROUNDS = 24
#: how much better (in expected points) the other end must look before a sound coach turns the card round
AUDIBLE_MARGIN = 0.15


# --- expected points -------------------------------------------------------------------------------

def expected_points(spot: int, down: int, target: int) -> float:
    """Points a team with the ball can expect from here (before the other side's reply)."""
    if spot >= field.GOAL_LINE:
        return TOUCHDOWN_VALUE
    to_go = max(0, target - spot)
    return -1.0 + 0.32 * spot - 0.45 * (down - 1) - 0.1 * to_go


def opponent_takes_over(spot_for_them: int) -> float:
    """Our value when the other team gets a fresh drive at ``spot_for_them`` (its own coordinates)."""
    spot = max(1, min(field.GOAL_LINE - 1, spot_for_them))
    return -expected_points(spot, 1, field.next_first_down_line(spot))


AFTER_KICKOFF = opponent_takes_over(5)


@dataclass(frozen=True)
class Situation:
    """Where the offense stands: the only inputs the play matrix needs."""

    spot: int
    down: int
    target: int
    two_point: bool = False

    def after_gain(self, gain: int, incomplete: bool = False) -> float:
        """Offense value once the ball has moved ``gain`` lines (incomplete passes move nothing)."""
        if self.two_point:
            return 2.0 if self.spot + gain >= field.GOAL_LINE else 0.0
        new = self.spot + (0 if incomplete else gain)
        if new >= field.GOAL_LINE:
            return TOUCHDOWN_VALUE
        if new <= 0:
            return SAFETY_VALUE
        if new >= self.target:
            return expected_points(new, 1, field.next_first_down_line(new))
        if self.down >= DOWNS:
            return opponent_takes_over(field.flip(new))
        return expected_points(new, self.down + 1, self.target)

    def value(self, result: PlayResult) -> float:
        if result.turnover:
            if self.two_point:
                return 0.0
            at = self.spot + result.gain
            if result.turnover == INTERCEPTION and at >= field.GOAL_LINE:
                return opponent_takes_over(field.TOUCHBACK_SPOT)
            if at <= 0:
                return -TOUCHDOWN_VALUE
            return opponent_takes_over(field.flip(min(at, field.GOAL_LINE - 1)))
        if result.touchdown:
            return 2.0 if self.two_point else TOUCHDOWN_VALUE
        return self.after_gain(result.gain, result.incomplete)

    def penalty_value(self, penalty: Penalty, on_defense: bool) -> float:
        """Offense value of an accepted penalty (never onto a goal line)."""
        if on_defense:
            new = max(self.spot, min(self.spot + penalty.lines, field.PENALTY_LIMIT_FORWARD))
        else:
            new = min(self.spot, max(self.spot - penalty.lines, field.PENALTY_LIMIT_BACK))
        if self.two_point:
            # the try is replayed from the new spot: about as good as a try, a little better closer in
            return 0.0 if penalty.loss_of_down else (1.0 if new > self.spot else 0.6)
        if penalty.automatic_first_down or new >= self.target:
            return expected_points(new, 1, field.next_first_down_line(new))
        if penalty.loss_of_down:
            if self.down >= DOWNS:
                return opponent_takes_over(field.flip(new))
            return expected_points(new, self.down + 1, self.target)
        return expected_points(new, self.down, self.target)


#: sweeps over the field that settle a breakaway run's values (a -1 sends the run back a spot and on; each
#: sweep shrinks what is left to settle by the share of -1 corners, about 1 in 14)
RUN_SWEEPS = 4


def breakaway_run_values(situation: Situation, deck: Sequence[GameDayCard]) -> list[float]:
    """Offense value of a breakaway run that has reached ``spot`` and draws on (index = spot).

    A gain or a -1 is added and the run goes on, a 0 is the tackle, a fumble icon a fumble there; the goal
    line scores and the own goal line ends the run.  A -1 makes a spot's value depend on the spot behind it,
    so the values are swept until they settle (the first sweep counts a -1 as a tackle).
    """
    counts: dict[Any, int] = {}
    for card in deck:
        counts[card.offense_breakaway] = counts.get(card.offense_breakaway, 0) + 1
    total = len(deck)
    values = [0.0] * (field.GOAL_LINE + 1)
    values[field.GOAL_LINE] = situation.value(PlayResult(0, touchdown=True))
    for sweep in range(RUN_SWEEPS):
        for spot in range(field.GOAL_LINE - 1, -1, -1):
            gained = spot - situation.spot
            acc = 0.0
            for corner, n in counts.items():
                if corner == TOUCHDOWN_ICON:
                    value = values[field.GOAL_LINE]
                elif corner == FUMBLE_ICON:
                    value = situation.value(PlayResult(gained, turnover="fumble"))
                else:
                    step = int(corner)
                    reached = min(field.GOAL_LINE, max(0, spot + step))
                    if step > 0 or (step < 0 and reached > 0 and sweep > 0):
                        value = values[reached]
                    else:
                        value = situation.value(PlayResult(reached - situation.spot))
                acc += n * value
            values[spot] = acc / total
    return values


FULL_DECK: tuple[int, ...] = tuple(card.number for card in GAME_DAY_DECK)

# An outcome is a small tuple, free of the field position, so a matchup's outcomes are
# worked out once and valued quickly in every situation:
#   ("result", PlayResult)                        the play as resolved
#   ("penalty", penalty key, on_defense, plain)   a penalty on the event path; plain = the declined play
#   ("chain", base, corner)                       the offense takes its breakaway corner after base lines
Outcome = tuple


def event_path_outcome(matchup, card: GameDayCard, offense_breakaway: bool) -> Outcome:
    penalty = matching_penalty(card, matchup)
    if penalty is None:
        return ("result", result_with_event(matchup, card, offense_breakaway))
    return ("penalty", card.event.penalty_key, card.event.side == DEFENSE,
            result_declined(matchup, card, offense_breakaway))


_OUTCOME_IDS: dict[Outcome, int] = {}
_OUTCOMES: list[Outcome] = []


def _intern(outcome: Outcome | None) -> int:
    """A small number for an outcome, so valuing one is a cheap lookup (-1: no alternative)."""
    if outcome is None:
        return -1
    number = _OUTCOME_IDS.get(outcome)
    if number is None:
        number = _OUTCOME_IDS[outcome] = len(_OUTCOMES)
        _OUTCOMES.append(outcome)
    return number


@lru_cache(maxsize=16384)
def card_outcomes(offense: OffensePlay, defense: DefensePlay) -> tuple[tuple, ...]:
    """For each Game Day card (index = number - 1): (breakaway side, event-path outcome, breakaway outcome)."""
    matchup = compare(offense, defense)
    keys = []
    for card in GAME_DAY_DECK:
        via_event = event_path_outcome(matchup, card, matchup.breakaway == OFFENSE)
        if matchup.breakaway == OFFENSE:
            alternative: Outcome | None = ("chain", matchup.base, card.offense_breakaway)
        elif matchup.breakaway == DEFENSE:
            alternative = ("result", defense_breakaway_result(matchup, card))
        else:
            alternative = None
        keys.append((matchup.breakaway, _intern(via_event), _intern(alternative)))
    return tuple(keys)


def matchup_outcomes(offense: OffensePlay, defense: DefensePlay, deck: tuple[int, ...]) -> tuple[tuple, ...]:
    """(count, breakaway side, event-path outcome id, breakaway outcome id) over the cards of ``deck``."""
    if deck is FULL_DECK:
        return _full_deck_outcomes(offense, defense)
    keys = card_outcomes(offense, defense)
    table: dict[tuple, int] = {}
    for number in deck:
        key = keys[number - 1]
        table[key] = table.get(key, 0) + 1
    return tuple((n, *key) for key, n in table.items())


@lru_cache(maxsize=16384)
def _full_deck_outcomes(offense: OffensePlay, defense: DefensePlay) -> tuple[tuple, ...]:
    table: dict[tuple, int] = {}
    for key in card_outcomes(offense, defense):
        table[key] = table.get(key, 0) + 1
    return tuple((n, *key) for key, n in table.items())


def outcome_value(situation: Situation, outcome: Outcome, run_on: list[float]) -> float:
    """Offense value of an outcome in ``situation`` (the side not penalized picks accept or decline)."""
    kind = outcome[0]
    if kind == "result":
        return situation.value(outcome[1])
    if kind == "chain":
        base, corner = outcome[1], outcome[2]
        if corner == TOUCHDOWN_ICON:
            return situation.value(PlayResult(0, touchdown=True))
        if corner == FUMBLE_ICON:
            return situation.value(PlayResult(base, turnover="fumble"))
        reached = situation.spot + base + int(corner)
        if reached >= field.GOAL_LINE:
            return situation.value(PlayResult(0, touchdown=True))
        if int(corner) == 0 or reached <= 0:
            return situation.value(PlayResult(base + int(corner)))
        return run_on[reached]
    penalty = PENALTIES[outcome[1]]
    on_defense = outcome[2]
    enforced = situation.penalty_value(penalty, on_defense)
    if not penalty.declinable:
        return enforced
    plain = situation.value(outcome[3])
    return max(plain, enforced) if on_defense else min(plain, enforced)


def pair_value(situation: Situation, offense: OffensePlay, defense: DefensePlay, deck: tuple[int, ...],
               run_on: list[float], memo: dict) -> float:
    """Expected offense value of one pairing of calls over the Game Day cards in ``deck``."""
    if field.restricted_pass(offense.play_type, situation.spot):
        return situation.penalty_value(RESTRICTED, on_defense=False)
    total = 0.0
    count = 0
    for n, side, via_event, alternative in matchup_outcomes(offense, defense, deck):
        a = memo.get(via_event)
        if a is None:
            a = memo[via_event] = outcome_value(situation, _OUTCOMES[via_event], run_on)
        if side:
            b = memo.get(alternative)
            if b is None:
                b = memo[alternative] = outcome_value(situation, _OUTCOMES[alternative], run_on)
            a = max(a, b) if side == OFFENSE else min(a, b)
        total += n * a
        count += n
    return total / count


def chosen_breakaway_value(situation: Situation, base: int, card: GameDayCard, run_on: list[float]) -> float:
    return outcome_value(situation, ("chain", base, card.offense_breakaway), run_on)


def event_path_value(situation: Situation, matchup, card: GameDayCard, offense_breakaway: bool) -> float:
    return outcome_value(situation, event_path_outcome(matchup, card, offense_breakaway), [])


#: calling a Long Pass inside the 15 (or a Medium Pass on the 5): one line back, replay the down
RESTRICTED = Penalty("Restricted pass", 1, declinable=False)


def hedge(matrix: list[list[float]], rounds: int) -> tuple[list[float], list[float], float]:
    """Approximate equilibrium of a zero-sum matrix (rows maximise) by multiplicative weights.

    Returns the rows' and columns' average strategies and the value they give.
    """
    rows, cols = len(matrix), len(matrix[0])
    spread = max(1e-6, max(max(r) for r in matrix) - min(min(r) for r in matrix))
    rate = math.sqrt(8 * math.log(max(rows, cols, 2)) / max(rounds, 1)) / spread
    columns = list(zip(*matrix))
    row_w = [1.0] * rows
    col_w = [1.0] * cols
    row_avg = [0.0] * rows
    col_avg = [0.0] * cols
    for _ in range(rounds):
        rs, cs = sum(row_w), sum(col_w)
        row_p = [w / rs for w in row_w]
        col_p = [w / cs for w in col_w]
        for i in range(rows):
            row_avg[i] += row_p[i]
        for j in range(cols):
            col_avg[j] += col_p[j]
        row_gain = [sum(m * p for m, p in zip(row, col_p)) for row in matrix]
        col_loss = [sum(m * p for m, p in zip(column, row_p)) for column in columns]
        top = max(row_gain)
        low = min(col_loss)
        row_w = [w * math.exp(rate * (g - top)) for w, g in zip(row_w, row_gain)]
        col_w = [w * math.exp(-rate * (c - low)) for w, c in zip(col_w, col_loss)]
    rs, cs = sum(row_avg) or 1.0, sum(col_avg) or 1.0
    row_avg = [x / rs for x in row_avg]
    col_avg = [x / cs for x in col_avg]
    value = sum(row_avg[i] * matrix[i][j] * col_avg[j] for i in range(rows) for j in range(cols))
    return row_avg, col_avg, value


def play_matrix(situation: Situation, offense_plays: tuple[OffensePlay, ...], defense_plays: tuple[DefensePlay, ...],
                deck: tuple[int, ...]) -> list[list[float]]:
    """Expected offense value of every pairing of calls (rows: offense plays)."""
    run_on = breakaway_run_values(situation, tuple(game_day_card(n) for n in deck))
    memo: dict = {}
    return [[pair_value(situation, o, d, deck, run_on, memo) for d in defense_plays] for o in offense_plays]


@lru_cache(maxsize=4096)
def solved_game(situation: Situation, offense_plays: tuple[OffensePlay, ...], defense_plays: tuple[DefensePlay, ...],
                rounds: int) -> tuple[list[float], list[float], float]:
    """Equilibrium against the full Game Day deck: the same situations come back game after game."""
    return hedge(play_matrix(situation, offense_plays, defense_plays, FULL_DECK), rounds)


def formation_plays(team: Team, formation: str) -> tuple[OffensePlay, ...]:
    """The offense plays a face-down card of ``formation`` can hide (both ends of each card)."""
    plays: list[OffensePlay] = []
    for card in team.offense:
        if card.formation == formation:
            plays.extend(p for p in card.ends if p not in plays)
    return tuple(plays)


def team_defense_plays(team: Team) -> tuple[DefensePlay, ...]:
    plays: list[DefensePlay] = []
    for card in team.defense:
        plays.extend(p for p in card.ends if p not in plays)
    return tuple(plays)


@lru_cache(maxsize=4096)
def sound_defense_reply(situation: Situation, offense_team: str, formation: str,
                        defense_team: str) -> tuple[tuple[str, DefensePlay, float], ...]:
    """How a sound defense answers a face-down offense card of ``formation``.

    (the formation its card shows, the play it ends up in, probability): the small game
    over the plays that formation can hide, solved against the full Game Day deck; the
    first card that carries the chosen play; then the audible that weighs both ends of
    that card against the formation's plays.  This is the normal coach's defense, which
    the hard coach takes as its model of a sound opponent.
    """
    offense_plays = formation_plays(TEAMS[offense_team], formation)
    defense = TEAMS[defense_team]
    defense_plays = team_defense_plays(defense)
    matrix = play_matrix(situation, offense_plays, defense_plays, FULL_DECK)
    _, strategy, _ = hedge(matrix, MODEL_ROUNDS)
    column = {play: j for j, play in enumerate(defense_plays)}
    average = {play: sum(row[j] for row in matrix) / len(matrix) for play, j in column.items()}
    reply: dict[tuple[str, DefensePlay], float] = {}
    for play, chance in zip(defense_plays, strategy):
        card, end = next((c, e) for c in defense.defense for e in (1, 2) if c.play(e) == play)
        other = card.play(3 - end)
        final = other if average[other] < average[play] - AUDIBLE_MARGIN else play
        reply[(card.formation, final)] = reply.get((card.formation, final), 0.0) + chance
    return tuple((shown, play, chance) for (shown, play), chance in reply.items())


def reply_values(situation: Situation, team: Team, other: Team, number: int, deck: tuple[int, ...],
                 pairs: Mapping[tuple[OffensePlay, DefensePlay], float] | None = None) -> dict[str, list[float]]:
    """What each end of offense card ``number`` is worth against the sound defense's reply, by formation shown.

    For every defense formation the reply may show: [end 1, end 2] in expected points,
    each weighted by the chance of that reply; the offense's audible picks the larger.
    """
    card = team.offense_card(number)
    if pairs is None:
        pairs = pair_values(situation, card.ends, team_defense_plays(other), deck)
    values: dict[str, list[float]] = {}
    for shown, play, chance in sound_defense_reply(situation, team.name, card.formation, other.name):
        pair = values.setdefault(shown, [0.0, 0.0])
        for end in (0, 1):
            pair[end] += chance * pairs[(card.ends[end], play)]
    return values


def pair_values(situation: Situation, offense_plays: Sequence[OffensePlay], defense_plays: Sequence[DefensePlay],
                deck: tuple[int, ...]) -> dict[tuple[OffensePlay, DefensePlay], float]:
    matrix = play_matrix(situation, tuple(offense_plays), tuple(defense_plays), deck)
    return {(o, d): matrix[i][j] for i, o in enumerate(offense_plays) for j, d in enumerate(defense_plays)}


def card_worths(situation: Situation, team: Team, other: Team, numbers: Sequence[int],
                deck: tuple[int, ...]) -> dict[int, tuple[float, int]]:
    """Each card's worth against the sound defense's reply (the better end for each formation it may show),
    and the end to lay on top (the one the audible will keep more often)."""
    plays: list[OffensePlay] = []
    for n in numbers:
        plays.extend(p for p in team.offense_card(n).ends if p not in plays)
    pairs = pair_values(situation, plays, team_defense_plays(other), deck)
    worths = {}
    for n in numbers:
        values = reply_values(situation, team, other, n, deck, pairs)
        lean = sum(pair[0] - pair[1] for pair in values.values())
        worths[n] = (sum(max(pair) for pair in values.values()), 1 if lean >= 0 else 2)
    return worths


def play_worth(play: OffensePlay) -> float:
    return play.strength - (1.5 if play.low_percentage else 0.0) + (0.7 if play.minimum_gain else 0.0)


def card_worth(team: Team, number: int) -> float:
    """How much a coach wants to keep an offense card: its better end, plus a little for the other."""
    a, b = (play_worth(p) for p in team.offense_card(number).ends)
    kinds = {p.kind for p in team.offense_card(number).ends}
    return max(a, b) + 0.3 * min(a, b) + (0.5 if len(kinds) == 2 else 0.0)


class FootballBot(Bot):
    """A coach for one seat; its team's tendencies come from the view."""

    def __init__(self, spec, seat: int, level: str, seed: int, budget_scale: float = 1.0) -> None:
        super().__init__(spec, seat, level, seed)
        self.settings = LEVELS[level]
        self.rounds = max(8, int(self.settings.solve_rounds * budget_scale)) if self.settings.solve_rounds else 0

    # --- reading the view ---------------------------------------------------------------------
    def choose(self, view: FootballView, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        self.view: FootballView = view
        self.me = self.seat
        self.team = TEAMS[view["teams"][self.me]]
        self.other_team = TEAMS[view["teams"][1 - self.me]]
        self.tendency = TENDENCIES[self.team.name]
        choice = getattr(self, f"_{view['phase']}")(legal)
        return choice if choice in legal else legal[0]

    def _deck(self) -> tuple[int, ...]:
        """The cards that can still come: the full deck, or for a card counter what is left of it."""
        if not self.settings.count_cards:
            return FULL_DECK
        seen = set(self.view["gd_discard"])
        left = tuple(n for n in FULL_DECK if n not in seen)
        return left if len(left) >= 6 else FULL_DECK

    def _deck_cards(self) -> tuple[GameDayCard, ...]:
        return tuple(game_day_card(n) for n in self._deck())

    def _situation(self) -> Situation:
        v = self.view
        return Situation(v["ball"], v["down"], v["target"], bool(v["two_point"]))

    def _lead(self) -> int:
        return self.view["score"][self.me] - self.view["score"][1 - self.me]

    def _cards_left(self) -> int:
        return self.view["hand_counts"][self.view["offense"]]

    def _half_ends_soon(self, cards: int) -> bool:
        q = self.view["quarter"]
        return (q in (2, 4) or q >= 5) and self._cards_left() <= cards

    def _matrix(self, offense_plays: list[OffensePlay], defense_plays: list[DefensePlay]) -> list[list[float]]:
        return play_matrix(self._situation(), tuple(offense_plays), tuple(defense_plays), self._deck())

    def _solve(self, offense_plays: list[OffensePlay], defense_plays: list[DefensePlay],
               rounds: int) -> tuple[list[float], list[float], float]:
        """The matrix game's approximate equilibrium; remembered when the whole deck is in play."""
        situation = self._situation()
        deck = self._deck()
        if deck is FULL_DECK:
            return solved_game(situation, tuple(offense_plays), tuple(defense_plays), rounds)
        return hedge(play_matrix(situation, tuple(offense_plays), tuple(defense_plays), deck), rounds)

    def _offense_team(self) -> Team:
        return TEAMS[self.view["teams"][self.view["offense"]]]

    def _defense_team(self) -> Team:
        return TEAMS[self.view["teams"][1 - self.view["offense"]]]

    @staticmethod
    def _defense_plays(team: Team, formation: str | None = None) -> list[DefensePlay]:
        plays: list[DefensePlay] = []
        for card in team.defense:
            if formation is None or card.formation == formation:
                for play in card.ends:
                    if play not in plays:
                        plays.append(play)
        return plays

    @staticmethod
    def _offense_plays(team: Team, numbers: Sequence[int]) -> list[OffensePlay]:
        plays: list[OffensePlay] = []
        for n in numbers:
            for play in team.offense_card(n).ends:
                if play not in plays:
                    plays.append(play)
        return plays

    def _weighted_pick(self, options: list[Any], weights: list[float]) -> Any:
        return self.rng.weighted(options, [max(w, 1e-9) for w in weights])

    def _tendency_weight(self, play: OffensePlay) -> float:
        weight = self.tendency.run_weight if play.kind == RUN else self.tendency.pass_weight
        if play.play_type == "Long Pass":
            weight *= self.tendency.deep_shots
        return weight

    # --- phases -----------------------------------------------------------------------------------
    def _toss(self, legal: list[Action]) -> Action:
        return act("receive")

    def _kickoff(self, legal: list[Action]) -> Action:
        behind = -self._lead()
        late = self.view["quarter"] >= 4 and self.view["hand_counts"][self.me] <= 6
        if self.settings.situational and late and 0 < behind <= 16:
            return act("onside")
        return act("kickoff")

    def _conversion(self, legal: list[Action]) -> Action:
        lead = self._lead()  # after the touchdown, before the try
        if not self.settings.situational:
            return act("extrapoint")
        second_half = self.view["quarter"] >= 3
        chart = {-2, -5, -9, -10, -13, 1, 5, 12}
        if second_half and lead in chart:
            return act("twopoint")
        if self.view["quarter"] >= 4 and self._cards_left() <= 8 and lead in (-8, -16, -3):
            return act("twopoint")
        if self.tendency.two_point_bonus > 0.15 and second_half and lead in (-4, 8):
            return act("twopoint")
        return act("extrapoint")

    def _ice(self, legal: list[Action]) -> Action:
        distance = field.field_goal_distance(self.view["ball"])
        threshold = 5 if self.level == "hard" else 6
        if self.settings.situational and distance >= threshold:
            return act("ice")
        return act("noice")

    def _kick_discard(self, legal: list[Action]) -> Action:
        return self._discard_least(legal)

    def _clock_discard(self, legal: list[Action]) -> Action:
        return self._discard_least(legal)

    def _discard_least(self, legal: list[Action]) -> Action:
        if not self.settings.situational:
            return self.rng.choice(legal)
        return min(legal, key=lambda a: (card_worth(self.team, int(a.args[0])), a.args[0]))

    def _retrieve(self, legal: list[Action]) -> Action:
        return max(legal, key=lambda a: (card_worth(self.team, int(a.args[0])), -int(a.args[0])))

    # --- offense -------------------------------------------------------------------------------------
    def _offense_call(self, legal: list[Action]) -> Action:
        v = self.view
        kinds = {a.kind for a in legal}
        if v["two_point"]:
            numbers = sorted({int(a.args[0]) for a in legal if a.kind == "call"})
            return self._call_play(numbers)
        if self.settings.situational:
            special = self._situational_offense(kinds)
            if special is not None:
                return special
        elif v["down"] == DOWNS:
            return self._simple_fourth_down(kinds)
        return self._call_play(list(v["hand"]))

    def _simple_fourth_down(self, kinds: set[str]) -> Action:
        to_go = self.view["target"] - self.view["ball"]
        distance = field.field_goal_distance(self.view["ball"])
        if "fieldgoal" in kinds and distance <= 7:
            return act("fieldgoal")
        if to_go <= 1 and self.view["ball"] >= 8:
            return self._call_play(list(self.view["hand"]))
        return act("punt")

    def _situational_offense(self, kinds: set[str]) -> Action | None:
        v = self.view
        lead = self._lead()
        cards = len(v["hand"])
        quarter = v["quarter"]
        ball = v["ball"]
        late_game = quarter >= 4
        half_ending = quarter in (2, 4) or quarter >= 5
        downs_left = DOWNS - v["down"] + 1
        # kneel the clock out with the lead
        if late_game and lead > 0 and cards <= downs_left and ball > cards:
            return act("kneel")
        # time outs buy plays when the clock runs out on a drive that matters
        if "timeout" in kinds and half_ending and cards <= 3 and (quarter == 2 or lead <= 0 or quarter >= 5):
            return act("timeout")
        distance = field.field_goal_distance(ball)
        fg_chance = field.field_goal_chance(distance, deck=self._deck_cards()) if "fieldgoal" in kinds else 0.0
        last_card = half_ending and cards == 1
        if last_card:
            needs_td = late_game and lead < -3
            if "fieldgoal" in kinds and fg_chance >= 0.2 and not needs_td and not (late_game and lead > 0):
                return act("fieldgoal")
            if "hailmary" in kinds and (quarter == 2 or (late_game and lead <= 0)) and ball < 13:
                return act("hailmary")
            return None
        if v["down"] == DOWNS:
            return self._fourth_down(kinds, fg_chance)
        return None

    def _fourth_down(self, kinds: set[str], fg_chance: float) -> Action | None:
        v = self.view
        lead = self._lead()
        ball = v["ball"]
        go = self._play_value(list(v["hand"])) + self.tendency.go_bonus
        if v["quarter"] >= 4 and lead < 0 and self._cards_left() <= 8:
            go += 2.0 if lead >= -8 else 4.0
        options = {"go": go}
        if "fieldgoal" in kinds:
            miss = opponent_takes_over(max(field.TOUCHBACK_SPOT, field.flip(ball)))
            value = fg_chance * (3 + AFTER_KICKOFF) + (1 - fg_chance) * miss
            if v["quarter"] >= 4 and self._cards_left() <= 6 and -3 <= lead <= 0:
                value += 2.0 * fg_chance
            options["fieldgoal"] = value
        options["punt"] = self._punt_value(ball, coffin=False)
        if "coffin" in kinds:
            options["coffin"] = self._punt_value(ball, coffin=True)
        best = max(options, key=lambda k: (options[k], k))
        return None if best == "go" else act(best)

    def _punt_value(self, ball: int, coffin: bool) -> float:
        deck = self._deck_cards()
        total = 0.0
        for card in deck:
            if card.punt == BLOCKED_ICON:
                total += opponent_takes_over(field.flip(ball)) - 1.0
                continue
            landing = ball + max(1, int(card.punt) - (2 if coffin else 0))
            if landing >= field.GOAL_LINE:
                total += opponent_takes_over(field.TOUCHBACK_SPOT)
            else:
                total += opponent_takes_over(field.flip(landing) + (0 if coffin else 1))
        return total / len(deck)

    def _play_value(self, hand: list[int]) -> float:
        """The offense's expected value of calling a play now (the matrix game's value)."""
        offense_plays = self._offense_plays(self.team, hand)
        defense_plays = self._defense_plays(self.other_team)
        _, _, value = self._solve(offense_plays, defense_plays, max(self.rounds, 12))
        return value

    def _call_play(self, numbers: list[int]) -> Action:
        """Commit a card with the end the coach wants on top."""
        options = [(n, end, self.team.offense_card(n).play(end)) for n in numbers for end in (1, 2)]
        if self.settings.solve_rounds == 0:
            weights = [self._easy_weight(play) for _, _, play in options]
            n, end, _ = self._weighted_pick(options, weights)
            return act("call", n, end)
        if self.settings.reads_formations:
            return self._formation_call(numbers)
        plays = []
        for _, _, play in options:
            if play not in plays:
                plays.append(play)
        strategy, _, _ = self._solve(plays, self._defense_plays(self.other_team), self.rounds)
        weights = [p * self._tendency_weight(play) for p, play in zip(strategy, plays)]
        chosen = self._weighted_pick(plays, weights)
        n, end = next((n, e) for n, e, p in options if p == chosen)
        return act("call", n, end)

    def _formation_call(self, numbers: list[int]) -> Action:
        """The card the sound defense reads worst, laid with the end likelier to stay on top."""
        worths = card_worths(self._situation(), self.team, self.other_team, numbers, self._deck())
        best = max(worth for worth, _ in worths.values())
        n = self.rng.choice([n for n in numbers if worths[n][0] >= best - 1e-9])
        return act("call", n, worths[n][1])

    def _easy_weight(self, play: OffensePlay) -> float:
        """Easy calls: team habit and down and distance, nothing about the defense."""
        v = self.view
        to_go = v["target"] - v["ball"]
        weight = self._tendency_weight(play)
        if play.kind == PASS and (v["down"] >= 3 and to_go >= 3):
            weight *= 1.6
        if play.kind == RUN and to_go <= 1:
            weight *= 1.6
        if field.restricted_pass(play.play_type, v["ball"]):
            weight *= 0.1
        return weight

    def _offense_audible(self, legal: list[Action]) -> Action:
        v = self.view
        if not self.settings.audibles or v["commit"] is None:
            return act("keep") if self.rng.random() > 0.05 or not self.settings.situational else act("audible")
        card = self.team.offense_card(v["commit"]["card"])
        end = v["commit"]["end"]
        formation = v["calls"][1 - self.me]["formation"]
        if self.settings.reads_formations:
            by_formation = reply_values(self._situation(), self.team, self.other_team, card.number, self._deck())
            values = by_formation.get(formation)
            # a formation the sound reply never shows: weigh its plays equally, as below
            if values is not None:
                return act("audible") if values[2 - end] > values[end - 1] + 1e-9 else act("keep")
        defense_plays = self._defense_plays(self.other_team, formation)
        mine, other = card.play(end), card.play(3 - end)
        matrix = self._matrix([mine, other], defense_plays)
        keep_value = sum(matrix[0]) / len(defense_plays)
        switch_value = sum(matrix[1]) / len(defense_plays)
        return act("audible") if switch_value > keep_value + 0.15 else act("keep")

    # --- defense -------------------------------------------------------------------------------------
    def _defense_call(self, legal: list[Action]) -> Action:
        v = self.view
        lead = self._lead()
        if "timeout" in {a.kind for a in legal} and self.settings.situational and self._defense_time_out(lead):
            return act("timeout")
        calls = [a for a in legal if a.kind == "call"]
        if self.settings.solve_rounds == 0:
            return self.rng.choice(calls)
        formation = v["calls"][v["offense"]]["formation"]
        offense_team = self._offense_team()
        numbers = [c.number for c in offense_team.offense if c.formation == formation]
        offense_plays = self._offense_plays(offense_team, numbers)
        options = [(a, self.team.defense_card(int(a.args[0])).play(int(a.args[1]))) for a in calls]
        defense_plays: list[DefensePlay] = []
        for _, play in options:
            if play not in defense_plays:
                defense_plays.append(play)
        _, strategy, _ = self._solve(offense_plays, defense_plays, self.rounds)
        chosen = self._weighted_pick(defense_plays, strategy)
        return next(a for a, p in options if p == chosen)

    def _defense_time_out(self, lead: int) -> bool:
        """Late in the game a team that is not ahead buys time; before halftime both use them or lose them."""
        v = self.view
        if v["quarter"] >= 4:
            return lead <= 0 and self._cards_left() <= 3
        return v["quarter"] == 2 and self._cards_left() <= 3

    def _defense_audible(self, legal: list[Action]) -> Action:
        v = self.view
        if not self.settings.audibles or v["commit"] is None:
            return act("keep")
        card = self.team.defense_card(v["commit"]["card"])
        end = v["commit"]["end"]
        formation = v["calls"][v["offense"]]["formation"]
        offense_team = self._offense_team()
        numbers = [c.number for c in offense_team.offense if c.formation == formation]
        offense_plays = self._offense_plays(offense_team, numbers)
        mine, other = card.play(end), card.play(3 - end)
        matrix = self._matrix(offense_plays, [mine, other])
        keep_value = sum(row[0] for row in matrix) / len(matrix)
        switch_value = sum(row[1] for row in matrix) / len(matrix)
        return act("audible") if switch_value < keep_value - 0.15 else act("keep")

    # --- after the Game Day card ---------------------------------------------------------------------
    def _current(self):
        v = self.view
        reveal = v["reveal"]
        offense_team = self._offense_team()
        defense_team = self._defense_team()
        offense = offense_team.offense_card(reveal["offense"]["card"]).play(reveal["offense"]["end"])
        defense = defense_team.defense_card(reveal["defense"]["card"]).play(reveal["defense"]["end"])
        situation = Situation(reveal["ball"], v["down"], v["target"], bool(v["two_point"]))
        return compare(offense, defense), game_day_card(v["gd_card"]), situation

    def _for_me(self, offense_value: float) -> float:
        return offense_value if self.view["offense"] == self.me else -offense_value

    def _breakaway_choice(self, legal: list[Action]) -> Action:
        matchup, card, situation = self._current()
        side = self.view["pending"]["side"]
        event_value = event_path_value(situation, matchup, card, side == OFFENSE)
        if side == OFFENSE:
            run_on = breakaway_run_values(situation, self._deck_cards())
            breakaway = chosen_breakaway_value(situation, matchup.base, card, run_on)
        else:
            breakaway = situation.value(defense_breakaway_result(matchup, card))
        if not self.settings.situational:
            # easy reads the printed numbers: the bigger gain for the offense, the bigger loss for the defense
            return act("breakaway") if self._for_me(breakaway) >= self._for_me(event_value) - 0.5 else act("event")
        return act("breakaway") if self._for_me(breakaway) >= self._for_me(event_value) else act("event")

    def _challenge(self, legal: list[Action]) -> Action:
        """Throw the flag when the play event (or the accepted penalty) costs this side more than the level's
        threshold; the window only opens for a side the flag could help."""
        matchup, card, situation = self._current()
        penalty = card.event.penalty
        if self.view["pending"].get("penalty") and penalty is not None:
            with_event = situation.penalty_value(penalty, card.event.side == DEFENSE)
        else:
            with_event = situation.value(result_with_event(matchup, card))
        without = situation.value(result_without_event(matchup))
        loss = self._for_me(without) - self._for_me(with_event)
        threshold = self.settings.challenge_threshold
        if self.view["two_point"]:
            threshold = 0.5
        return act("challenge") if loss >= threshold else act("nochallenge")

    def _penalty(self, legal: list[Action]) -> Action:
        matchup, card, situation = self._current()
        penalty = card.event.penalty
        assert penalty is not None
        enforced = situation.penalty_value(penalty, card.event.side == DEFENSE)
        offense_breakaway = bool(self.view["pending"].get("breakaway")) and matchup.breakaway == OFFENSE
        plain = situation.value(result_declined(matchup, card, offense_breakaway))
        return act("accept") if self._for_me(enforced) >= self._for_me(plain) else act("decline")


def bot_factory(level: str, seat: int, seed: int, budget_scale: float = 1.0) -> Bot:
    from .spec import SPEC
    return FootballBot(SPEC, seat, level, seed, budget_scale)


