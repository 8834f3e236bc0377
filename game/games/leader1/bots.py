"""Leader 1 bots: easy, normal and hard.

All three read their seat's view, rebuild a state from it (other riders' feed
tiles are sampled, which these bots never rely on) and choose among the legal
actions with a few ideas from the rulebook's strategy:

* energy is the whole game: a move is worth what it costs now plus what the
  rider will still have to pay to reach the line ahead of the peloton
  (:func:`solo_cost`, a quick ride to the finish at the pace that keeps him
  clear);
* a breakaway is only worth starting when that ride is affordable with energy
  to spare, on terrain that suits the rider; otherwise stay in the peloton,
  where only fast peloton moves cost anything;
* the race is won by the first rider over the line, so when the line comes
  into reach a rider sprints with as many squares past it as he can pay;
* the peloton leader chases (+1) when an opponent is clear ahead;
* risks (crack, fall) are priced by their odds and what they cost.

The bots eat feed tiles as soon as they get them.  Easy plays by rough habit
(now and then a random breakaway, rarely a chase, cheap moves, a timid
sprint); normal follows the ideas above but rides economically (a rider clear
of the peloton keeps the energy he could spend on speed); hard spends that
energy on a lead (:meth:`Leader1Bot.row_worth`), chases earlier, keeps more in
reserve before attacking, always picks the rider type that suits the race,
and checks its breakaway and chase choices by Monte Carlo (determinized from
its view, every seat played out with the full heuristic, the same dice for
each candidate) within a number of playouts and a time ceiling: a candidate
replaces the heuristic's choice only when it clearly won more playouts.  The
ceiling is the thinking thread's processor time or the wall clock, whichever
runs out first, and it is looked at every few steps inside the playouts, so a
decision ends within a few milliseconds of it (:class:`Deadline`).
"""
from __future__ import annotations

import math
from typing import Mapping

from game.core.bots import Bot, Clock, Deadline
from game.core.protocol import Action, act
from game.core.rng import Rng
from game.core.spec import GameSpec
from game.i18n import Message

from .movement import FINISH, MAX_PAYING, PAYING_COSTS, REJOIN, SQUARE, MoveOption, free_squares
from .dice import risk_odds
from .rules import PELOTON, ROAD, Leader1State, Rider
from .views import Leader1View

INFINITE = 10 ** 6
#: the peloton move a rider who just went clear must survive (die 5, plus a chase)
PELOTON_FEAR_MOVE = 6
#: energy a normal rider keeps for the finale
SPRINT_RESERVE = 8
#: cost of a turn lost after a fall, in energy
FALL_PENALTY = 12
#: a clear rider's spare energy per row to the line, times this, is what a row gained is worth to him
SPARE_SPENDING = 2.0
#: ... but never more than this (a paying square beyond it costs more than it brings)
MAX_ROW_WORTH = 3.0
#: the hard bot's Monte Carlo: playouts per candidate, and the ceilings of a decision: processor time of the
#: thinking thread, and the wall clock (a busy machine), whichever comes first
HARD_PLAYOUTS = 24
HARD_SECONDS = 0.6
HARD_WALL_SECONDS = 0.85
#: playout steps between two looks at the clocks
CLOCK_STEPS = 4
#: a playout is worth 1 when this seat wins, plus this much times its place (1 first ... 0 last): only a win counts
PLACE_WEIGHT = 0.25
#: the Monte Carlo overrules the heuristic only after this many rounds, by this many standard errors
MIN_ROUNDS = 6
CONFIDENCE = 1.0


def solo_cost(state: Leader1State, rider: Rider, grow: int, peloton_index: float, energy: int,
              first_move: int = PELOTON_FEAR_MOVE, later_moves: int = 4) -> int:
    """Energy a rider on row ``grow`` needs to reach the line before the peloton catches him.

    A quick model along the peloton's line (the shortest way): the peloton
    moves first (``first_move``, then ``later_moves`` a turn) and must not reach
    him; then he rides far enough to stay clear of its next move, taking his
    free squares and paying for the rest.
    INFINITE when he cannot stay clear with the energy he has.
    """
    course = state.course
    line = course.line
    position = course.line_index_at(grow)
    peloton = peloton_index
    spent = 0
    move = first_move
    risks = rider.risks
    for _turn in range(60):
        if position >= len(line):
            return spent
        peloton += move
        move = later_moves
        if int(peloton) >= position:
            return INFINITE
        square = course.squares[line[position]]
        free = free_squares(rider.kind, square.terrain, descender=rider.speciality == "descender",
                            sprinter_in_area=rider.speciality == "sprinter" and square.sprint_area)
        needed = max(1, int(peloton) + move + 1 - position)
        steps = max(needed, min(free, needed + 1))
        paying = steps - free
        if paying > MAX_PAYING:
            return INFINITE
        cost = PAYING_COSTS[paying] if paying > 0 else -(free - steps)
        if square.terrain == "mountain" and paying > square.category:
            if energy - spent < cost * 3:
                return INFINITE
            cost = round(cost * (1 + 2 * (1 - risk_odds(risks))))
            risks += 1
        spent += cost
        if spent > energy:
            return INFINITE
        position += steps
    return INFINITE


class Leader1Bot(Bot):
    """The shared machinery: rebuild the state, then decide by phase."""

    chase_gap = 8
    breakaway_margin = SPRINT_RESERVE
    risk_aversion = 1.0
    #: how often a rider type other than the best one for the race is picked (players differ)
    other_type_chance = 0.35
    #: whether a rider clear of the peloton spends the energy he holds beyond the ride to the line on speed
    spends_spare = True

    def choose(self, view: Leader1View, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        feeds = [a for a in legal if a.kind == "feed"]
        if feeds:
            return feeds[0]
        state = Leader1State.from_view(view, self.rng.next_u64())
        return self.decide(state, legal)

    def decide(self, state: Leader1State, legal: list[Action]) -> Action:
        phase = state.phase
        if phase == "setup":
            return self.choose_setup(state, legal)
        if phase == "pursuit":
            return act("pursue") if self.wants_chase(state) else act("roll")
        if phase == "breakaway":
            return self.choose_breakaway(state, legal)
        return self.choose_move(state, state.riders[state.current_rider_id()], legal)

    # --- setup -----------------------------------------------------------------------------------
    def choose_setup(self, state: Leader1State, legal: list[Action]) -> Action:
        picks = [a for a in legal if a.kind == "pick"]
        if picks:
            ranked = sorted(picks, key=lambda a: -type_fit(state, str(a.args[0])))
            if len(ranked) > 1 and self.rng.random() < self.other_type_chance:
                return self.rng.choice(ranked[1:])
            return ranked[0]
        mountain_finish = state.course.arrival_terrain == "mountain"
        sprinters = [a for a in legal if a.args[1] == "sprinter"]
        if sprinters and len(legal) == len(sprinters):
            return max(sprinters, key=lambda a: sprint_fit(state.riders[int(a.args[0])].kind))
        if mountain_finish and len(state.seat_riders(state.setup_seat)) == 1:
            return next(a for a in legal if a.args[1] == "descender")
        if len(state.seat_riders(state.setup_seat)) == 1:
            return next(a for a in legal if a.args[1] == "sprinter")
        descenders = [a for a in legal if a.args[1] == "descender"]
        return max(descenders, key=lambda a: state.riders[int(a.args[0])].kind == "climber")

    # --- the peloton ------------------------------------------------------------------------------
    def threats(self, state: Leader1State) -> list[Rider]:
        """Opponents clear of the peloton."""
        return [r for r in state.riders if r.seat != self.seat and state.is_ahead_of_peloton(r)]

    def wants_chase(self, state: Leader1State) -> bool:
        """Chase an opponent who is clear ahead of the peloton and of our own riders, if he may stay away."""
        course = state.course
        mine_ahead = [course.squares[r.square].grow for r in state.riders
                      if r.seat == self.seat and state.is_ahead_of_peloton(r)]
        front = state.front_grow()
        for rider in self.threats(state):
            grow = course.squares[rider.square].grow
            if mine_ahead and max(mine_ahead) > grow:
                continue
            if grow - front <= self.chase_gap or solo_cost(state, rider, grow, state.peloton, rider.energy,
                                                           first_move=4) < INFINITE:
                return True
        return False

    # --- breaking away ----------------------------------------------------------------------------
    def choose_breakaway(self, state: Leader1State, legal: list[Action]) -> Action:
        best: tuple[float, Action] | None = None
        for rider in state.seat_riders(self.seat):
            if rider.place != PELOTON or rider.dropping:
                continue
            options = [o for o in state.move_options(rider.id).values() if state.affordable(rider, o)]
            finishes = [o for o in options if o.kind == FINISH]
            if finishes:
                sprint = max(finishes, key=lambda o: (o.target, -o.energy_needed))
                return act("breakaway-finish", rider.id, sprint.target)
            choice = self.breakaway_choice(state, rider, options)
            if choice is not None and (best is None or choice[0] < best[0]):
                best = choice
        return best[1] if best is not None else act("pass")

    def breakaway_choice(self, state: Leader1State, rider: Rider,
                         options: list[MoveOption]) -> tuple[float, Action] | None:
        """The cheapest breakaway that can be held to the line with energy to spare, if any."""
        course = state.course
        best: tuple[float, Action] | None = None
        for option in options:
            if option.kind != SQUARE or option.risky:
                continue
            left = rider.energy - option.cost
            grow = course.squares[option.target].grow
            future = solo_cost(state, rider, grow, state.peloton, left)
            total = option.cost + future
            if future >= INFINITE or rider.energy - total < self.breakaway_margin:
                continue
            if best is None or total < best[0]:
                best = (total, act("breakaway", rider.id, option.target))
        return best

    # --- moving on the road -----------------------------------------------------------------------
    def choose_move(self, state: Leader1State, rider: Rider, legal: list[Action]) -> Action:
        options = [o for o in state.move_options(rider.id).values() if state.affordable(rider, o)]
        if not options:
            return legal[0]
        finishes = [o for o in options if o.kind == FINISH]
        if finishes:
            return act("finish", max(finishes, key=lambda o: (o.target, -o.energy_needed)).target)
        if any(o.kind == REJOIN for o in options):
            rejoin = next(o for o in options if o.kind == REJOIN)
            if rejoin.energy_needed <= max(3, rider.energy // 2):
                return act("rejoin")
        clear = state.is_ahead_of_peloton(rider) or not state.peloton_on_road()
        futures = {o.key: self.future_cost(state, rider, o) for o in options if o.kind == SQUARE} if clear else {}
        worth = self.row_worth(state, rider, options, futures)
        scored = [(self.move_value(state, rider, o, worth, futures.get(o.key)), o) for o in options
                  if o.kind == SQUARE]
        if not scored:
            return act("rejoin")
        scored.sort(key=lambda item: (item[0], item[1].target))
        return act("move", scored[0][1].target)

    @staticmethod
    def future_cost(state: Leader1State, rider: Rider, option: MoveOption) -> int:
        """Energy still needed after this move to reach the line clear of the peloton (INFINITE: cannot)."""
        if not state.peloton_on_road():
            return 0
        grow = state.course.squares[option.target].grow
        return solo_cost(state, rider, grow, state.peloton, rider.energy - option.cost)

    def risk_penalty(self, rider: Rider, option: MoveOption) -> float:
        if not option.risky:
            return 0.0
        penalty = 0.0
        risks = rider.risks
        if option.crack:
            penalty += (1 - risk_odds(risks)) * option.cost * 2
            risks += 1
        if option.fall:
            penalty += (1 - risk_odds(risks)) * (option.cost + FALL_PENALTY)
        return penalty * self.risk_aversion

    def move_value(self, state: Leader1State, rider: Rider, option: MoveOption, row_worth: float = 0.0,
                   future: int | None = None) -> float:
        """Lower is better: energy now, energy still needed to stay clear, risks; slipstream helps.

        ``row_worth`` (see :meth:`row_worth`): what a row gained is worth in energy to a rider who holds
        more than the ride to the line needs; energy left at the finish wins nothing.
        """
        course = state.course
        grow = course.squares[option.target].grow
        net = option.cost - option.recovered
        left = rider.energy - option.cost
        value = net + self.risk_penalty(rider, option) - row_worth * grow
        if state.is_ahead_of_peloton(rider) or not state.peloton_on_road():
            if future is None:
                future = solo_cost(state, rider, grow, state.peloton, left) if state.peloton_on_road() else 0
            if future >= INFINITE:
                value += 40 - grow * 0.01
            else:
                value += future
        else:
            value -= grow * 0.5
        if self.slipstream_next_turn(state, option.target):
            value -= 1.5
        return value

    def row_worth(self, state: Leader1State, rider: Rider, options: list[MoveOption],
                  futures: Mapping[tuple[str, int], int]) -> float:
        """Energy a clear rider may spend per row gained: his spare energy spread over the rows to the line.

        Spare is what he holds beyond the cheapest ride to the line (this move, then the solo ride
        ahead of the peloton, ``futures`` by option) and his reserve; without it, 0 (ride
        economically).  Spending it early makes a breakaway harder to catch and a rival harder to
        pass; energy left at the line wins nothing.
        """
        if not self.spends_spare:
            return 0.0
        needed = min((o.cost - o.recovered + futures[o.key] for o in options
                      if o.key in futures and not o.risky), default=INFINITE)
        if needed >= INFINITE:
            return 0.0
        spare = rider.energy - needed - SPRINT_RESERVE
        rows_left = max(1, state.course.rows_total - state.course.squares[rider.square].grow)
        return min(MAX_ROW_WORTH, max(0.0, SPARE_SPENDING * spare / rows_left))

    @staticmethod
    def slipstream_next_turn(state: Leader1State, target: int) -> bool:
        ahead = state.course.straight_next[target]
        return ahead >= 0 and any(r.place == ROAD and r.square == ahead and not r.fallen for r in state.riders)


class EasyBot(Leader1Bot):
    """Rough habits: random early breakaways, cheap moves, no chase, a late and timid sprint."""

    def decide(self, state: Leader1State, legal: list[Action]) -> Action:
        if state.phase == "setup":
            return self.rng.choice(legal)
        if state.phase == "pursuit":
            return act("pursue") if self.rng.random() < 0.15 else act("roll")
        if state.phase == "breakaway":
            moves = [a for a in legal if a.kind in ("breakaway", "breakaway-finish")]
            finishes = [a for a in moves if a.kind == "breakaway-finish"]
            if finishes:
                return min(finishes, key=lambda a: a.args[1])
            if moves and self.rng.random() < 0.12:
                return self.rng.choice(moves)
            return act("pass")
        rider = state.riders[state.current_rider_id()]
        options = [o for o in state.move_options(rider.id).values() if state.affordable(rider, o)]
        if not options:
            return legal[0]
        finishes = [o for o in options if o.kind == FINISH]
        if finishes:
            return act("finish", min(o.target for o in finishes))
        budget = self.rng.randint(0, 5)
        cheap = [o for o in options if o.cost <= budget and o.kind == SQUARE]
        if any(o.kind == REJOIN for o in options) and self.rng.random() < 0.5:
            return act("rejoin")
        if not cheap:
            cheapest = min(options, key=lambda o: (o.cost, o.key))
            return self._action_for(cheapest)
        return self._action_for(max(cheap, key=lambda o: (o.steps, -o.cost, o.key)))

    @staticmethod
    def _action_for(option: MoveOption) -> Action:
        if option.kind == REJOIN:
            return act("rejoin")
        return act("move" if option.kind == SQUARE else "finish", option.target)


class NormalBot(Leader1Bot):
    """The heuristic policy of the module docstring, riding economically: energy to spare stays unspent."""

    spends_spare = False


class HardBot(Leader1Bot):
    """The heuristic policy with sharper thresholds, checked by Monte Carlo on the decisive choices."""

    chase_gap = 12
    breakaway_margin = SPRINT_RESERVE + 4
    other_type_chance = 0.0

    def __init__(self, spec: GameSpec, seat: int, level: str, seed: int, playouts: int = HARD_PLAYOUTS,
                 time_budget: float = HARD_SECONDS, place_weight: float = PLACE_WEIGHT,
                 wall_budget: float = HARD_WALL_SECONDS, clock: Clock | None = None) -> None:
        super().__init__(spec, seat, level, seed)
        self.playouts = playouts
        self.time_budget = time_budget
        self.wall_budget = wall_budget
        self.place_weight = place_weight
        self.clock = clock
        self.deadline: Deadline | None = None

    def choose(self, view: Leader1View, legal: list[Action]) -> Action:
        # the ceilings count from here: rebuilding the state and the heuristic's choice are part of the decision
        self.deadline = Deadline(self.wall_budget, self.time_budget, self.clock)
        try:
            return super().choose(view, legal)
        finally:
            self.deadline = None

    def decide(self, state: Leader1State, legal: list[Action]) -> Action:
        if state.phase not in ("breakaway", "pursuit") or self.playouts <= 0:
            return super().decide(state, legal)
        candidates = self.candidates(state, legal)
        if len(candidates) == 1:
            return candidates[0]
        return self.monte_carlo(state, candidates)

    def candidates(self, state: Leader1State, legal: list[Action]) -> list[Action]:
        """The heuristic's choice first, then the cheapest breakaway of each rider and passing."""
        heuristic = super().decide(state, legal)
        if state.phase == "pursuit":
            return [heuristic, act("roll") if heuristic == act("pursue") else act("pursue")]
        if heuristic.kind == "breakaway-finish":
            return [heuristic]
        found = [heuristic]  # first: it stands when the playouts cannot tell the candidates apart
        for rider in state.seat_riders(self.seat):
            if rider.place != PELOTON or rider.dropping:
                continue
            options = [o for o in state.move_options(rider.id).values()
                       if state.affordable(rider, o) and o.kind == SQUARE and not o.risky]
            if options:
                cheap = min(options, key=lambda o: (o.cost, -state.course.squares[o.target].grow))
                found.append(act("breakaway", rider.id, cheap.target))
        found.append(act("pass"))
        unique: list[Action] = []
        for action in found:
            if action not in unique:
                unique.append(action)
        return unique

    def monte_carlo(self, state: Leader1State, candidates: list[Action]) -> Action:
        """Play each candidate out with the full heuristic for every seat, the same dice for each.

        Only full rounds (every candidate on the same dice) count; the playouts stop at the time
        ceilings (:class:`Deadline`, looked at every ``CLOCK_STEPS`` steps of a playout), and a round
        is not started when the longest round so far would not end before them.  The heuristic's choice (the first) stands unless another candidate beat it, round
        by round on the same dice, clearly enough: over at least ``MIN_ROUNDS`` rounds and by
        ``CONFIDENCE`` standard errors.  A busy machine that allows only a few rounds then plays
        the heuristic instead of a guess from noise.
        """
        differences: list[list[float]] = [[] for _ in candidates]
        deadline = self.deadline or Deadline(self.wall_budget, self.time_budget, self.clock)
        view = state.view(self.seat)
        policy = Leader1Bot(self.spec, self.seat, "normal", self.rng.next_u64())
        round_wall = round_cpu = 0.0
        for _round in range(self.playouts):
            started_wall, started_cpu = deadline.clock()
            if not deadline.fits(round_wall, round_cpu):
                break
            seed = self.rng.next_u64()
            values: list[float] = []
            for action in candidates:
                if deadline.passed():
                    break
                sample = Leader1State.from_view(view, seed)
                sample.apply(action)
                value = self.play_out(sample, policy, Rng(seed), deadline)
                if value is None:
                    break
                values.append(value)
            if len(values) < len(candidates):
                break  # a round cut short would compare candidates on different dice: leave it out
            for index, value in enumerate(values):
                differences[index].append(value - values[0])
            wall, cpu = deadline.clock()
            round_wall, round_cpu = max(round_wall, wall - started_wall), max(round_cpu, cpu - started_cpu)
        rounds = len(differences[0])
        if rounds < MIN_ROUNDS:
            return candidates[0]
        self.reason = Message("Played out many times, no other choice clearly won more races.")
        best, best_margin = 0, 0.0
        for index in range(1, len(candidates)):
            mean = sum(differences[index]) / rounds
            spread = math.sqrt(sum((d - mean) ** 2 for d in differences[index]) / (rounds - 1))
            margin = mean - CONFIDENCE * spread / math.sqrt(rounds)
            if mean > 0 and margin > best_margin:
                best, best_margin = index, margin
        if best:
            self.reason = Message("Played out many times, this clearly won more races than the usual choice.")
        return candidates[best]

    def play_out(self, state: Leader1State, policy: "Leader1Bot", rng: Rng, deadline: Deadline) -> float | None:
        """The race played out by ``policy``: 1 for a win plus a little for the place (None: past the deadline)."""
        policy.rng = rng
        steps = 0
        while not state.is_over():
            steps += 1
            if steps % CLOCK_STEPS == 0 and deadline.passed():
                return None
            seat = state.current_seat()
            assert seat is not None
            policy.seat = seat
            legal = state.legal_actions()
            feeds = [a for a in legal if a.kind == "feed"]
            action = feeds[0] if feeds else legal[0] if len(legal) == 1 else policy.decide(state, legal)
            state.apply(action)
        outcome = state.outcome()
        return (outcome.winner == self.seat) + self.place_weight * outcome.value_for(self.seat)


def type_fit(state: Leader1State, kind: str) -> float:
    """How well a rider type suits this race: its free squares where it matters most, the finish above all."""
    course = state.course
    counts: dict[str, int] = {}
    for square in course.squares:
        counts[square.terrain] = counts.get(square.terrain, 0) + 1
    total = sum(counts.values())
    profile = sum(free_squares(kind, t) * n / total for t, n in counts.items())
    finish = free_squares(kind, course.arrival_terrain)
    return profile + 2 * finish


def sprint_fit(kind: str) -> int:
    return {"rouleur": 3, "leader": 2, "climber": 1}[kind]


LEVELS = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}


def make_bot(spec: GameSpec, level: str, seat: int, seed: int, budget_scale: float = 1.0) -> Bot:
    """The bot for a level; ``budget_scale`` thins the hard bot's playouts and ceilings (strength runs)."""
    if level == "hard":
        scale = min(1.0, budget_scale)
        return HardBot(spec, seat, level, seed, playouts=max(1, round(HARD_PLAYOUTS * budget_scale)),
                       time_budget=HARD_SECONDS * scale, wall_budget=HARD_WALL_SECONDS * scale)
    return LEVELS[level](spec, seat, level, seed)

