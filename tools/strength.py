"""Bot strength report: seeded games between bot levels, win shares per level.

    python tools/strength.py --game breakout --seats bot:hard,bot:easy --games 200 --rotate
    python tools/strength.py --game breaking-away --seats bot:hard,bot:easy,bot:easy --budget 0.25
    python tools/strength.py --ladder --games 200 --seed 901 --jobs 2
    python tools/strength.py --ladder --game leader-1 --games 60 --jobs 2

``--rotate`` moves the first seat's controller round the table game by game so
that nobody always starts; ``--budget`` scales every bot's per-move search
(the report says which scale it used).  Game ``g`` uses seed ``--seed + g``.

``--ladder`` plays the strength ladder (:data:`LADDER`: each level against the
level below it, seats rotating, the natural table size of each game) for every
game, or for one with ``--game``, and gives per pairing the measured level's
share of sole wins with its 95 % Wilson interval, the draws, the margin over
the target and whether the target is met, and the slowest decision of each
level (wall clock, and the thinking thread's CPU time, which a busy machine
does not inflate).  ``--jobs`` plays games in parallel processes.  Prints one
JSON object; not part of the test run (it takes long).
"""
from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.core.match import Match, default_seats  # noqa: E402
from game.games import all_specs  # noqa: E402


@dataclass(frozen=True)
class Pairing:
    """One rung: the measured level in the first seat against ``opponents`` of the level below."""

    game: str
    measured: str
    against: str
    opponents: int
    target: float

    @property
    def seats(self) -> list[str]:
        return [f"bot:{self.measured}"] + [f"bot:{self.against}"] * self.opponents

    @property
    def name(self) -> str:
        return f"{self.measured} vs {self.opponents} {self.against}"


#: each game's ladder at its natural table size: two seats for the duels, four riders for Leader 1 and
#: Breakaway Rider, three teams for Breaking Away (its bots' design table)
LADDER: tuple[Pairing, ...] = (
    Pairing("breakout", "hard", "normal", 1, 0.65),
    Pairing("breakout", "normal", "easy", 1, 0.65),
    Pairing("breakaway-football", "hard", "normal", 1, 0.65),
    Pairing("breakaway-football", "normal", "easy", 1, 0.65),
    Pairing("breaking-away", "hard", "normal", 2, 0.60),
    Pairing("breaking-away", "normal", "easy", 2, 0.40),
    Pairing("leader-1", "hard", "normal", 3, 0.45),
    Pairing("leader-1", "normal", "easy", 3, 0.40),
    Pairing("breakaway-rider", "hard", "normal", 3, 0.45),
    Pairing("breakaway-rider", "normal", "easy", 3, 0.40),
)

#: z for a 95 % interval
Z95 = 1.959964


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a share: honest for small samples and shares near 0 or 1."""
    if trials == 0:
        return 0.0, 1.0
    share = successes / trials
    centre = (share + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


def rotated(base: list[str], game: int, rotate: bool) -> tuple[list[str], int]:
    """The controllers of game ``game`` and the measured seat: the first controller moves one seat a game."""
    shift = game % len(base) if rotate else 0
    return (base[-shift:] + base[:-shift] if shift else list(base)), shift


def play_one(task: tuple[str, list[str], int, float, bool, dict[str, Any], int]) -> dict[str, Any]:
    """One seeded game: who won, and every decision's wall and CPU seconds per controller."""
    game_id, base, seed, budget, rotate, options, game = task
    spec = all_specs()[game_id]
    controllers, measured_seat = rotated(base, game, rotate)
    match = Match(spec, default_seats(spec, controllers), options, seed + game, bot_budget_scale=budget)
    wall: dict[str, float] = {}
    cpu: dict[str, float] = {}
    spent: Counter[str] = Counter()
    decisions: Counter[str] = Counter()
    while not match.is_over():
        controller = controllers[match.current_seat]
        decide = match.bot_decision()
        started, started_cpu = time.perf_counter(), time.thread_time()
        action = decide()
        took, took_cpu = time.perf_counter() - started, time.thread_time() - started_cpu
        wall[controller] = max(wall.get(controller, 0.0), took)
        cpu[controller] = max(cpu.get(controller, 0.0), took_cpu)
        spent[controller] += took
        decisions[controller] += 1
        match.apply(action)
    winner = match.outcome().winner
    return {"winner": winner, "measured_seat": measured_seat,
            "winner_controller": None if winner is None else controllers[winner],
            "slowest": wall, "slowest_cpu": cpu, "spent": dict(spent), "decisions": dict(decisions)}


def run_games(tasks: list[tuple], jobs: int) -> Iterator[dict[str, Any]]:
    """The games' results in task order; a line on stderr every tenth game tells how far the run is."""
    started = time.perf_counter()
    with ProcessPoolExecutor(jobs) if jobs > 1 else nullcontext() as pool:
        results = pool.map(play_one, tasks) if pool is not None else map(play_one, tasks)
        for done, result in enumerate(results, start=1):
            if done % 10 == 0 or done == len(tasks):
                print(f"{done}/{len(tasks)} games, {time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)
            yield result


def summarise(results: list[dict[str, Any]]) -> dict[str, Any]:
    """Wins, draws and decision times of a list of games played with the same seats."""
    measured_won = sum(r["winner"] == r["measured_seat"] for r in results)
    draws = sum(r["winner"] is None for r in results)
    wins = Counter(r["winner_controller"] for r in results if r["winner_controller"] is not None)
    times: dict[str, dict[str, float]] = {}
    for controller in sorted({c for r in results for c in r["decisions"]}):
        played = [r for r in results if controller in r["decisions"]]
        count = sum(r["decisions"][controller] for r in played)
        times[controller] = {
            "mean": round(sum(r["spent"][controller] for r in played) / count, 4),
            "max": round(max(r["slowest"][controller] for r in played), 4),
            "max_cpu": round(max(r["slowest_cpu"][controller] for r in played), 4),
        }
    return {"measured_won": measured_won, "draws": draws, "wins_by_controller": dict(wins),
            "decision_seconds": times}


def ladder(args: argparse.Namespace) -> dict[str, Any]:
    pairings = [p for p in LADDER if args.game in (None, p.game)]
    if not pairings:
        raise SystemExit(f"no ladder for game '{args.game}'; games: {sorted({p.game for p in LADDER})}")
    tasks = [(p.game, p.seats, args.seed, args.budget, True, {}, g) for p in pairings for g in range(args.games)]
    start = time.perf_counter()
    results = list(run_games(tasks, args.jobs))
    report: dict[str, Any] = {"games_per_pairing": args.games, "first_seed": args.seed, "budget_scale": args.budget,
                              "seats_rotate": True, "games": {}}
    for index, pairing in enumerate(pairings):
        mine = results[index * args.games:(index + 1) * args.games]
        summary = summarise(mine)
        won = summary["measured_won"]
        low, high = wilson(won, args.games)
        share = won / args.games
        report["games"].setdefault(pairing.game, {})[pairing.name] = {
            "seats": pairing.seats, "share": round(share, 3), "interval95": [round(low, 3), round(high, 3)],
            "target": pairing.target, "margin": round(share - pairing.target, 3), "met": share >= pairing.target,
            "chance": round(1 / len(pairing.seats), 3), "won": won, "draws": summary["draws"],
            "wins_by_controller": summary["wins_by_controller"],
            "slowest_decision": {c: t["max"] for c, t in summary["decision_seconds"].items()},
            "decision_seconds": summary["decision_seconds"],
        }
    report["all_met"] = all(entry["met"] for game in report["games"].values() for entry in game.values())
    report["elapsed_seconds"] = round(time.perf_counter() - start, 1)
    return report


def single(args: argparse.Namespace) -> dict[str, Any]:
    spec = all_specs()[args.game]
    base = args.seats.split(",")
    options = {k: spec.option(k).parse(v) for k, v in (o.split("=", 1) for o in args.option)}
    tasks = [(spec.id, base, args.seed, args.budget, args.rotate, options, g) for g in range(args.games)]
    start = time.perf_counter()
    summary = summarise(list(run_games(tasks, args.jobs)))
    low, high = wilson(summary["measured_won"], args.games)
    return {
        "game": spec.id, "seats": base, "games": args.games, "first_seed": args.seed, "budget_scale": args.budget,
        "options": options, "measured": base[0], "measured_seat_won": summary["measured_won"],
        "measured_share": round(summary["measured_won"] / args.games, 3), "interval95": [round(low, 3), round(high, 3)],
        "wins_by_controller": summary["wins_by_controller"], "draws": summary["draws"],
        "decision_seconds": summary["decision_seconds"], "elapsed_seconds": round(time.perf_counter() - start, 1),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ladder", action="store_true", help="play the strength ladder (all games, or --game)")
    parser.add_argument("--game", help="game id (required without --ladder)")
    parser.add_argument("--seats", help="controllers, the first is the one measured (without --ladder)")
    parser.add_argument("--games", type=int, default=200, help="games per pairing")
    parser.add_argument("--seed", type=int, default=1, help="first seed: game g of every pairing plays seed + g")
    parser.add_argument("--budget", type=float, default=1.0, help="scale of each bot's per-move budget")
    parser.add_argument("--rotate", action="store_true", help="rotate the measured seat round the table")
    parser.add_argument("--option", action="append", default=[], help="KEY=VALUE game option")
    parser.add_argument("--jobs", type=int, default=1, help="games played in parallel processes")
    args = parser.parse_args()
    if args.ladder:
        report = ladder(args)
    elif args.game and args.seats:
        report = single(args)
    else:
        parser.error("give --ladder, or --game and --seats")
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
