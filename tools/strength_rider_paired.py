"""Breakaway Rider hard bot variants, measured on the same deals (a development trial).

Each seed is played once with the measured bot in each of the four chairs and
three normal bots in the others, for every variant named; the variants play
the same deals in the same chairs, so their difference is read pair by pair
(a variant that changes only the last cards of a stage keeps most races
identical, and its pairs then differ little).

    python tools/strength_rider_paired.py ship,end20,winprob 40000 60 --jobs 2

Prints each variant's share of sole wins with its 95 % interval, its mean
margin over the best rival, its thinking time a race, and each variant's
paired difference from the first one named.
"""
from __future__ import annotations

import argparse
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core.bots import Bot  # noqa: E402
from game.core.match import mix_seed  # noqa: E402
from game.games.breakaway_rider import bots as rider_bots  # noqa: E402
from game.games.breakaway_rider.cards import CLIMB, SLOWEST_SPEED, SPRINT  # noqa: E402
from game.games.breakaway_rider.rules import OVER, BreakawayRiderState  # noqa: E402
from game.games.breakaway_rider.spec import SPEC  # noqa: E402

#: spread of the difference between two riders' scores in one stage (300 races of four normal bots)
STAGE_DIFF_SD = 19.5
#: about the cards a stage deals from its deck
STAGE_CARDS = 75.0


def phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


class WinChanceBot(rider_bots.HardBot):
    """Judges a rollout's end by the chance of a sole first place: each rival beaten with the chance a
    normal spread of the race still to ride gives (a race's end counts 1, a shared first its share)."""

    def _value(self, state: BreakawayRiderState, stage: int) -> float:
        mine = rider_bots.standing(state, self.seat, stage)
        rivals = [rider_bots.standing(state, s, stage) for s in range(state.num_seats) if s != self.seat]
        if state.phase == OVER:
            best = max(rivals)
            return 1.0 if mine > best else 1.0 / (1 + rivals.count(best)) if mine == best else 0.0
        stages_left = state.stages_total - state.stage + (len(state.deck) / STAGE_CARDS if state.stage == stage
                                                          else 1.0)
        spread = max(1.0, STAGE_DIFF_SD * math.sqrt(stages_left))
        chance = 1.0
        for rival in rivals:
            chance *= phi((mine - rival) / spread)
        return chance


class StandingBot(rider_bots.HardBot):
    """The shipped judgement with other worths: (cards fade over, jersey, per km/h, sprint, climb, headwind)."""

    worths = (20.0, 1.5, 0.15, 0.9, 0.5, 0.3)

    def _standing(self, state: BreakawayRiderState, seat: int, stage: int) -> float:
        fade, jersey, card_worth, sprint, climb, headwind = self.worths
        total = sum(result["scores"][seat] for result in state.stage_results)
        if state.phase == OVER or state.stage != stage:
            return float(total)
        worth = min(1.0, len(state.deck) / fade)
        value = total - state.minutes[seat] - worth * headwind * state.headwinds[seat]
        if seat == state.jersey:
            value += 1.0 + worth * jersey
        for card in state.hands[seat]:
            value += worth * (sprint if card == SPRINT else climb if card == CLIMB
                              else card_worth * (card - SLOWEST_SPEED))
        return value

    def _value(self, state: BreakawayRiderState, stage: int) -> float:
        mine = self._standing(state, self.seat, stage)
        rivals = [self._standing(state, s, stage) for s in range(state.num_seats) if s != self.seat]
        best = max(rivals)
        value = mine - (1 - self.best_rival_share) * sum(rivals) / len(rivals) - self.best_rival_share * best
        if state.phase == OVER:
            value += self.win_bonus if mine > best else self.win_bonus / 4 if mine == best else 0.0
        return value


WORTHS = {"fade45": (45.0, 1.5, 0.15, 0.9, 0.5, 0.3), "fade45x2": (45.0, 3.0, 0.3, 1.8, 1.0, 0.6),
          "jersey3.5": (20.0, 3.5, 0.15, 0.9, 0.5, 0.3), "cards2": (20.0, 1.5, 0.3, 1.8, 1.0, 0.6)}


def make_bot(variant: str, seat: int, seed: int) -> Bot:
    """``ship``, ``winprob``, ``endN`` (the stage played out from N cards), ``sN`` (N samples) or a WORTHS key."""
    if variant == "ship":
        return rider_bots.HardBot(SPEC, seat, "hard", seed, time_budget=99)
    if variant == "winprob":
        return WinChanceBot(SPEC, seat, "hard", seed, time_budget=99)
    if variant in WORTHS:
        bot = StandingBot(SPEC, seat, "hard", seed, time_budget=99)
        bot.worths = WORTHS[variant]
        return bot
    if variant.startswith("end"):
        return rider_bots.HardBot(SPEC, seat, "hard", seed, time_budget=99, stage_end_cards=int(variant[3:]))
    if variant.startswith("s"):
        return rider_bots.HardBot(SPEC, seat, "hard", seed, time_budget=99, samples=int(variant[1:]))
    raise ValueError(f"unknown variant {variant!r}")


def play(task: tuple[str, int, int]) -> dict:
    variant, seed, chair = task
    state = SPEC.create(4, {}, seed)
    moves, thinking = 0, 0.0
    while (seat := state.current_seat()) is not None:
        bot_seed = mix_seed(seed, seat, moves)
        bot = make_bot(variant, seat, bot_seed) if seat == chair else rider_bots.NormalBot(SPEC, seat, "normal",
                                                                                           bot_seed)
        started = time.process_time()
        action = bot.choose(state.view(seat), state.legal_actions())
        if seat == chair:
            thinking += time.process_time() - started
        state.apply(action)
        moves += 1
    totals = [sum(result["scores"][s] for result in state.stage_results) for s in range(4)]
    return {"variant": variant, "seed": seed, "chair": chair, "win": state.outcome().winner == chair,
            "margin": totals[chair] - max(totals[s] for s in range(4) if s != chair), "thinking": thinking}


def mean_and_half_width(values: list[float]) -> tuple[float, float]:
    mean = sum(values) / len(values)
    spread = math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1))
    return mean, 1.96 * spread / math.sqrt(len(values))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variants")
    parser.add_argument("first_seed", type=int)
    parser.add_argument("seeds", type=int)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    names = args.variants.split(",")
    tasks = [(n, seed, chair) for seed in range(args.first_seed, args.first_seed + args.seeds)
             for chair in range(4) for n in names]
    results: dict[str, list[dict]] = {n: [] for n in names}
    with ProcessPoolExecutor(args.jobs) as pool:
        for result in pool.map(play, tasks, chunksize=2):
            results[result["variant"]].append(result)
    for name in names:
        games = results[name]
        share, half = mean_and_half_width([float(g["win"]) for g in games])
        print(f"{name}: {len(games)} races, sole wins {share:.1%} (±{half:.1%}), margin "
              f"{sum(g['margin'] for g in games) / len(games):+.2f}, thinking "
              f"{sum(g['thinking'] for g in games) / len(games):.2f} s a race")
    first = {(g["seed"], g["chair"]): g for g in results[names[0]]}
    for name in names[1:]:
        pairs = [(g, first[(g["seed"], g["chair"])]) for g in results[name]]
        wins, wins_half = mean_and_half_width([float(g["win"]) - float(f["win"]) for g, f in pairs])
        margin, margin_half = mean_and_half_width([g["margin"] - f["margin"] for g, f in pairs])
        print(f"{name} - {names[0]}: sole wins {wins:+.1%} (±{wins_half:.1%}), margin {margin:+.2f} (±{margin_half:.2f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
