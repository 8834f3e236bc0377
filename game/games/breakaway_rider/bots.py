"""Breakaway Rider bots: easy, normal and hard.

* easy: plays a random speed card among those that cost no minutes (or the one
  that costs the fewest), hardly ever uses sprint cards and lays a climb by chance;
* normal: weighs every play with a one-move rule of thumb (minutes, the jersey,
  the pace it sets, and what the cards spent are still worth this stage);
* hard: determinized Monte Carlo.  For each sample of the hands it cannot see
  (``from_view``), every candidate play is tried, with the same sample and the
  same rollout seed for each, and the next two rounds are played out by the
  normal rule of thumb with a little noise; then :func:`standing` judges the
  position against the average rival.  Whole-stage rollouts were tried first:
  a stage's outcome varies so much that the samples could not tell the plays
  apart, and that bot lost to the normal one.  The hard bot is deterministic
  for a given seed; the time limit is only a ceiling for slow machines.

Every bot only reads its own seat's view; the rollouts read the sampled state.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any, Mapping, NamedTuple

from game.core.bots import Bot
from game.core.protocol import Action, act
from game.core.rng import Rng

from .cards import CLIMB, HEADWIND, SLOWEST_SPEED, SPRINT, effective_speed
from .rules import CLIMB_WINDOW, OVER, PLAY, BreakawayRiderState, resolve

#: a play as a tuple: (speed or None for a stall, sprint cards, climb 0/1)
Play = tuple[int | None, int, int]


@dataclass(frozen=True)
class Weights:
    """The normal bot's rule of thumb; the hard bot's rollouts use it too."""

    minute: float = 1.0  # each penalty minute held after the play
    jersey: float = 1.5  # holding the yellow jersey after the play
    jersey_late: float = 3.0  # ... when the stage is about to end
    card: float = 0.15  # per km/h above 39 of the speed card spent, while cards keep their worth
    sprint: float = 0.9  # a sprint card spent
    climb: float = 0.5  # a climb card spent
    pace: float = 0.2  # the breakaway rider: per km/h of pace above 44
    rider_climb: float = 0.8  # the breakaway rider: a climb guards the jersey and ends the slipstream
    late_cards: int = 8  # the deck count under which the stage counts as ending
    headwind: float = 0.3  # a headwind waiting to slow the next speed card


WEIGHTS = Weights()


def _position(state: BreakawayRiderState | Mapping[str, Any], seat: int) -> tuple:
    """The public facts a play is judged by, from a state or a view."""
    if isinstance(state, BreakawayRiderState):
        return (state.hands[seat], state.pace, state.minutes[seat], state.climb_by is not None, state.jersey,
                state.headwinds[seat], len(state.deck), state.num_seats)
    return (state["hand"], state["pace"], state["minutes"][seat], state["climb_active"], state["jersey"],
            state["headwinds"][seat], state["deck_count"], state["num_seats"])


def candidate_plays(hand: list, is_rider: bool, headwinds: int, climb_active: bool) -> list[Play]:
    """Every distinct play worth considering: sprint cards beyond the speed cap are left out."""
    speeds = sorted({c for c in hand if isinstance(c, int)})
    if not speeds:
        return [(None, 0, 0)]
    sprints = hand.count(SPRINT)
    climbs = (0, 1) if is_rider and CLIMB in hand else (0,)
    plays = []
    for climb in climbs:
        on_climb = climb_active or bool(climb)
        for speed in speeds:
            previous = None
            for count in range(sprints + 1):
                speed_now = effective_speed(speed, count, headwinds, on_climb)
                if speed_now == previous:
                    break
                plays.append((speed, count, climb))
                previous = speed_now
    return plays


class Situation(NamedTuple):
    """The public facts a seat's play is judged by, worked out once per decision."""

    pace: int | None
    minutes: int
    climb_active: bool
    is_rider: bool
    headwinds: int
    late: bool  # the stage is about to end
    card_worth: float  # what cards in hand are still worth (nothing once the stage ends)


def situation(state: BreakawayRiderState | Mapping[str, Any], seat: int, weights: Weights = WEIGHTS) -> Situation:
    _hand, pace, minutes, climb_active, jersey, headwinds, deck_count, _seats = _position(state, seat)
    return Situation(pace, minutes, climb_active, seat == jersey, headwinds, deck_count <= weights.late_cards,
                     min(1.0, deck_count / 20.0))


def score_play(play: Play, facts: Situation, weights: Weights = WEIGHTS) -> float:
    """How good a play looks one move ahead."""
    speed, sprints, climb = play
    on_climb = facts.climb_active or bool(climb)
    card = SLOWEST_SPEED if speed is None else speed
    effective = effective_speed(card, sprints, facts.headwinds, on_climb)
    result = resolve(effective, facts.pace, facts.minutes, on_climb, facts.is_rider)
    value = -weights.minute * (facts.minutes + result.minutes_change)
    if facts.is_rider or result.category == "takes-jersey":
        value += weights.jersey_late if facts.late else weights.jersey
        value += weights.pace * (effective - 44)
        if climb:
            value += weights.rider_climb * (2 if facts.late else 1)
    return value - facts.card_worth * (weights.card * (card - SLOWEST_SPEED) + weights.sprint * sprints
                                       + weights.climb * climb)


def best_play(state: BreakawayRiderState | Mapping[str, Any], seat: int, rng: Rng | None = None,
              noise: float = 0.0, weights: Weights = WEIGHTS) -> Play:
    """The normal bot's play; ``noise`` jitters the scores by up to half that much either way (rollouts)."""
    facts = situation(state, seat, weights)
    hand = state.hands[seat] if isinstance(state, BreakawayRiderState) else state["hand"]
    plays = candidate_plays(hand, facts.is_rider, facts.headwinds, facts.climb_active)
    if len(plays) == 1:
        return plays[0]
    bits = rng.next_u64() if noise and rng is not None else 0  # one draw gives every candidate 5 random bits
    best, best_value = plays[0], -math.inf
    for index, play in enumerate(plays):
        value = score_play(play, facts, weights)
        if bits:
            value += noise * (((bits >> (5 * index % 60)) & 31) / 31 - 0.5)
        if value > best_value:
            best, best_value = play, value
    return best


def wants_climb(state: BreakawayRiderState | Mapping[str, Any], seat: int) -> bool:
    """Lay a climb out of turn when it costs this seat nothing and can cost a clean rival minutes.

    A clean rider who can only match the pace loses nothing on a climb; a rider
    with minutes is judged the same way with or without it.
    """
    hand, pace, minutes, _climb, jersey, headwinds, _deck, seats = _position(state, seat)
    if CLIMB not in hand or pace is None:
        return False
    all_minutes = state.minutes if isinstance(state, BreakawayRiderState) else state["minutes"]
    rivals_clean = any(all_minutes[s] == 0 for s in range(seats) if s not in (seat, jersey))
    if not rivals_clean:
        return False
    if minutes > 0:
        return True
    speeds = [c for c in hand if isinstance(c, int)]
    fastest = max(speeds, default=SLOWEST_SPEED) - 2 * headwinds
    return fastest == pace


def play_to_action(play: Play) -> Action:
    speed, sprints, climb = play
    return act("stall") if speed is None else act(PLAY, speed, sprints, climb)


class EasyBot(Bot):
    """A casual rider: any card that costs no minutes, sprints only to escape minutes."""

    def choose(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        if view["phase"] == CLIMB_WINDOW:
            climb = act("climb")
            return climb if climb in legal and self.rng.random() < 0.25 else act("no-climb")
        hand, pace, minutes, climb_active, jersey, headwinds = _position(view, self.seat)[:6]
        plays = [p for p in candidate_plays(hand, self.seat == jersey, headwinds, climb_active) if not p[2]]
        costs = {}
        for play in plays:
            card = SLOWEST_SPEED if play[0] is None else play[0]
            result = resolve(effective_speed(card, play[1], headwinds, climb_active), pace, minutes, climb_active,
                             self.seat == jersey)
            costs[play] = max(0, result.minutes_change)
        plain = [p for p in plays if p[1] == 0]
        free = [p for p in plain if costs[p] == 0] or [p for p in plays if costs[p] == 0]
        if free:
            return play_to_action(self.rng.choice(free))
        least = min(costs[p] for p in plain)
        return play_to_action(self.rng.choice([p for p in plain if costs[p] == least]))


class NormalBot(Bot):
    """The one-move rule of thumb of :func:`best_play` and :func:`wants_climb`."""

    def choose(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        if view["phase"] == CLIMB_WINDOW:
            return act("climb") if wants_climb(view, self.seat) else act("no-climb")
        return play_to_action(best_play(view, self.seat))


def rollout_step(state: BreakawayRiderState, rng: Rng, noise: float) -> None:
    """One decision of the rollout policy, applied without events (fast path)."""
    seat = state.to_move
    if state.phase == CLIMB_WINDOW:
        if wants_climb(state, seat):
            state.lay_climb_out_of_turn(None)
        else:
            state.decline_climb(None)
        return
    speed, sprints, climb = best_play(state, seat, rng, noise)
    state.ride(speed, sprints, bool(climb), None)


def standing(state: BreakawayRiderState, seat: int, stage: int, weights: Weights = WEIGHTS) -> float:
    """How well a seat stands: its total, minus the minutes it carries, plus the jersey and its cards.

    Once ``stage`` is over only the totals count (the cards are void, minutes are scored).
    """
    total = sum(result["scores"][seat] for result in state.stage_results)
    if state.phase == OVER or state.stage != stage:
        return float(total)
    worth = min(1.0, len(state.deck) / 20.0)
    value = total - state.minutes[seat] - worth * weights.headwind * state.headwinds[seat]
    if seat == state.jersey:
        value += 1.0 + worth * weights.jersey
    for card in state.hands[seat]:
        if card == SPRINT:
            value += worth * weights.sprint
        elif card == CLIMB:
            value += worth * weights.climb
        else:
            value += worth * weights.card * (card - SLOWEST_SPEED)
    return value


#: What a seat's position mid-stage is worth in stage points, fitted by least squares on the stage
#: scores of 1500 races of four normal bots (372,628 positions): per band of six cards left in the deck
#: (the last band: 60 or more), the points per penalty minute held, for the yellow jersey, for being
#: clean without it, per km/h above 39 of the speed cards in hand, per card of 48 or more, per sprint,
#: per climb and per headwind waiting.  Minutes stay about one point each all stage; the jersey is worth
#: about five minutes more than riding clean until the last cards, and the hand up to four.
STAGE_VALUE: tuple[tuple[float, ...], ...] = (
    (-1.00, 1.69, -0.68, 0.04, 1.57, -0.01, -0.08, -1.89),
    (-1.00, 2.29, -1.09, 0.11, 2.22, 0.75, 0.19, -1.75),
    (-1.01, 2.46, -1.52, 0.16, 1.72, 1.13, 0.57, -1.84),
    (-1.01, 2.79, -1.43, 0.21, 1.24, 1.43, 0.82, -2.00),
    (-1.02, 2.82, -1.56, 0.23, 1.26, 1.82, 1.04, -1.90),
    (-1.02, 3.02, -1.63, 0.28, 0.92, 2.25, 1.32, -2.34),
    (-1.02, 3.47, -1.29, 0.34, 0.08, 2.61, 1.67, -3.14),
    (-1.02, 3.86, -0.72, 0.37, -0.09, 3.00, 2.00, -3.66),
    (-1.03, 3.93, -0.48, 0.41, 0.04, 3.05, 2.15, -4.06),
    (-1.05, 3.62, -0.55, 0.45, 0.33, 3.51, 2.43, -4.03),
    (-0.89, 1.09, -1.40, 0.47, 0.63, 3.87, 2.16, -3.58),
)
STAGE_VALUE_BAND = 6


def position_features(state: BreakawayRiderState, seat: int) -> list[float]:
    """What :data:`STAGE_VALUE` weighs, in its order."""
    speed_sum = high = sprints = climbs = 0
    for card in state.hands[seat]:
        if card == SPRINT:
            sprints += 1
        elif card == CLIMB:
            climbs += 1
        else:
            speed_sum += card - SLOWEST_SPEED
            high += card >= 48
    minutes, jersey = state.minutes[seat], seat == state.jersey
    return [minutes, float(jersey), float(not jersey and minutes == 0), speed_sum, high, sprints, climbs,
            state.headwinds[seat]]


def expected_stage_score(state: BreakawayRiderState, seat: int) -> float:
    """The stage points a seat can expect from here (up to a constant shared by every seat)."""
    weights = STAGE_VALUE[min(len(state.deck) // STAGE_VALUE_BAND, len(STAGE_VALUE) - 1)]
    return sum(w * f for w, f in zip(weights, position_features(state, seat)))


def fitted_standing(state: BreakawayRiderState, seat: int, stage: int) -> float:
    """The total so far plus the stage points expected from the position (only the total once ``stage`` is over)."""
    total = sum(result["scores"][seat] for result in state.stage_results)
    if state.phase == OVER or state.stage != stage:
        return float(total)
    return total + expected_stage_score(state, seat)


def pace_ridden_against(view: Mapping[str, Any], seat: int) -> int | None:
    """The pace ``seat``'s last play answered, read back from the open piles' last plays (None if unknown).

    The last plays stand in seat order up to the latest rider; walking back from ``seat``'s play, the
    nearest play that set the pace (by the breakaway rider or by taking the jersey) gave it.
    """
    seats = view["num_seats"]
    latest = view["turn_seat"] if view["phase"] == CLIMB_WINDOW else (view["turn_seat"] - 1) % seats
    plays = view["last_plays"]
    order = [(latest - back) % seats for back in range(seats)]  # newest first
    for earlier in order[order.index(seat) + 1:]:
        play = plays[earlier]
        if play is None:
            return None
        if play["result"] in ("sets-pace", "takes-jersey"):
            return play["effective"]
    return None


def hand_ceiling(view: Mapping[str, Any], seat: int) -> tuple[int, int] | None:
    """What a rival's hand can hold, read from his last play: (the speed no play of his beats, headwinds).

    A clean rider who stayed behind the pace (in the slipstream or dropped) would have taken the
    jersey with any faster play: nothing in his hand, with all his sprints, beats that pace.  A rider
    with minutes who lost time, held them or shed only some would have shed more with a faster
    play: nothing beats the speed he rode.  Plays on a climb say nothing (no overtaking there);
    plays with sprints neither (the hand was refilled with unseen cards), nor a hand refilled
    since by a climb laid out of turn.
    """
    play = view["last_plays"][seat]
    if play is None or play["on_climb"] or play["sprints"] or play["speed"] is None or view["climb_by"] == seat:
        return None
    result = play["result"]
    if result in ("slipstream", "dropped"):
        pace = pace_ridden_against(view, seat)
        return None if pace is None or pace < play["effective"] else (pace, play["headwinds"])
    if result in ("loses-time", "holds") or (result == "reduces" and view["minutes"][seat] > 0):
        return play["effective"], play["headwinds"]
    return None


def fits_ceiling(hand: list, ceiling: tuple[int, int]) -> bool:
    pace, headwinds = ceiling
    sprints = hand.count(SPRINT)
    return all(effective_speed(card, sprints, headwinds, False) <= pace for card in hand if isinstance(card, int))


def deal_with_inference(view: Mapping[str, Any], seed: int) -> BreakawayRiderState:
    """A sampled deal of the unseen cards in which every rival's hand agrees with his last play.

    ``from_view`` deals uniformly; then the rivals whose last play bounds their hand (``hand_ceiling``)
    are dealt again from the cards that fit, the others from the rest, and the deck gets what is left.
    """
    world = BreakawayRiderState.from_view(view, seed)
    me = view["seat"]
    ceilings = {s: hand_ceiling(view, s) for s in range(view["num_seats"]) if s != me}
    bounded = [s for s, c in ceilings.items() if c is not None]
    if not bounded:
        return world
    rng = world.rng
    pool = [card for s, hand in enumerate(world.hands) if s != me for card in hand]
    pool += [card for card in world.deck if card != HEADWIND]
    headwinds = world.deck.count(HEADWIND)
    for s in bounded + [s for s in ceilings if s not in bounded]:
        count = len(world.hands[s])
        ceiling = ceilings[s]
        if ceiling is None:
            choice = _draw(pool, count, rng)
        else:
            fitting = [i for i, card in enumerate(pool) if card == CLIMB or card == SPRINT
                       or effective_speed(card, 0, ceiling[1], False) <= ceiling[0]]
            choice = None
            if len(fitting) >= count:
                for _ in range(8):
                    picked = [fitting[i] for i in _draw(fitting, count, rng)]
                    if fits_ceiling([pool[i] for i in picked], ceiling):
                        choice = picked
                        break
            choice = _draw(pool, count, rng) if choice is None else choice
        world.hands[s] = [pool[i] for i in choice]
        for i in sorted(choice, reverse=True):
            pool[i] = pool[-1]
            pool.pop()
    world.deck = pool + [HEADWIND] * headwinds
    rng.shuffle(world.deck)
    return world


def _draw(pool: list, count: int, rng: Rng) -> list[int]:
    """``count`` distinct indices into ``pool``, uniformly."""
    indices = list(range(len(pool)))
    for i in range(count):
        j = i + rng.randrange(len(indices) - i)
        indices[i], indices[j] = indices[j], indices[i]
    return indices[:count]


#: the hard bot tries only the plays the rule of thumb ranks this high: fewer rollouts a sample, more samples in time
HARD_CANDIDATES = 8
#: the hard bot's thinking ceiling in seconds (a safeguard for slow machines; the sample count decides)
HARD_TIME_BUDGET = 0.6


class HardBot(Bot):
    """Determinized Monte Carlo over whole plays with short rollouts judged by :func:`standing`."""

    def __init__(self, spec: Any, seat: int, level: str, seed: int, *, samples: int = 60,
                 time_budget: float = HARD_TIME_BUDGET, noise: float = 0.5, horizon_rounds: float = 2.0,
                 best_rival_share: float = 0.5, win_bonus: float = 3.0, stage_end_cards: int = 12,
                 max_candidates: int = HARD_CANDIDATES, fitted: bool = True, infer: bool = True) -> None:
        super().__init__(spec, seat, level, seed)
        self.samples = samples
        self.time_budget = time_budget
        self.noise = noise
        self.horizon_rounds = horizon_rounds
        self.best_rival_share = best_rival_share
        self.win_bonus = win_bonus
        self.stage_end_cards = stage_end_cards
        self.max_candidates = max_candidates
        self.judge = fitted_standing if fitted else standing
        self.deal = deal_with_inference if infer else BreakawayRiderState.from_view

    def choose(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        candidates = self._candidates(view, legal)
        if len(candidates) == 1:
            return candidates[0]
        totals = [0.0] * len(candidates)
        deadline = time.perf_counter() + self.time_budget
        done = 0
        while done < self.samples:
            world = self.deal(view, self.rng.next_u64())
            rollout_seed = self.rng.next_u64()
            values = []
            for action in candidates:
                if done and time.perf_counter() > deadline:
                    break  # a sample is only counted when every candidate has been tried on it
                values.append(self._rollout(world.clone(), action, Rng(rollout_seed)))
            if len(values) < len(candidates):
                break
            totals = [t + v for t, v in zip(totals, values)]
            done += 1
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        return candidates[best]

    def _candidates(self, view: Mapping[str, Any], legal: list[Action]) -> list[Action]:
        if view["phase"] != PLAY:
            return legal
        hand, _pace, _minutes, climb_active, jersey, headwinds = _position(view, self.seat)[:6]
        plays = candidate_plays(hand, self.seat == jersey, headwinds, climb_active)
        if self.max_candidates and len(plays) > self.max_candidates:
            facts = situation(view, self.seat)
            plays = sorted(plays, key=lambda p: -score_play(p, facts))[:self.max_candidates]
        actions = [play_to_action(p) for p in plays]
        return [a for a in actions if a in legal] or legal

    def _rollout(self, state: BreakawayRiderState, action: Action, rng: Rng) -> float:
        stage = state.stage
        plays_left = round(self.horizon_rounds * state.num_seats)
        if len(state.deck) <= self.stage_end_cards:
            plays_left = len(state.deck) + state.num_seats  # near the stage end: play it out to the end
        state._apply(action)
        while state.phase != OVER and state.stage == stage and plays_left > 0:
            if state.phase == PLAY:
                plays_left -= 1
            rollout_step(state, rng, self.noise)
        return self._value(state, stage)

    def _value(self, state: BreakawayRiderState, stage: int) -> float:
        """My standing against the rivals': half the average one, half the best one; a race won counts extra.

        Only a sole first place wins, so the best rival matters as much as the field.
        """
        mine = self.judge(state, self.seat, stage)
        rivals = [self.judge(state, s, stage) for s in range(state.num_seats) if s != self.seat]
        best = max(rivals)
        value = mine - (1 - self.best_rival_share) * sum(rivals) / len(rivals) - self.best_rival_share * best
        if state.phase == OVER:
            value += self.win_bonus if mine > best else self.win_bonus / 4 if mine == best else 0.0
        return value


#: the hard bot's samples of the unseen hands per decision at budget 1.0 (the time limit may stop it sooner)
HARD_SAMPLES = 60


def bot_factory(level: str, seat: int, seed: int, budget_scale: float = 1.0) -> Bot:
    """The Breakaway Rider bot for a level; ``budget_scale`` thins the hard bot's sampling."""
    from .spec import SPEC
    if level == "easy":
        return EasyBot(SPEC, seat, level, seed)
    if level == "normal":
        return NormalBot(SPEC, seat, level, seed)
    if level == "hard":
        return HardBot(SPEC, seat, level, seed, samples=max(1, round(HARD_SAMPLES * budget_scale)))
    raise ValueError(f"unknown bot level '{level}'")
