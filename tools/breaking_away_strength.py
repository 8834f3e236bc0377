"""Breaking Away bot strength: seeded 3-team races, the measured bot's seat rotating round the table.

    python tools/breaking_away_strength.py --seats bot:hard,bot:easy,bot:easy --games 200 --budget 0.25
    python tools/breaking_away_strength.py --seats bot:normal,bot:easy,bot:easy --games 200 --jobs 2

The first controller is the one measured; game ``g`` (seed ``--seed + g``) moves
it ``g % teams`` seats round the table so that nobody always moves first on turn 1.
``--budget`` scales the hard bot's sampled races per move (the report says
which scale it used); ``--jobs`` plays games in parallel processes.  Not part of
the test run: it takes minutes.  Prints one JSON object.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.core.match import Match, default_seats  # noqa: E402
from game.games.breaking_away.spec import SPEC  # noqa: E402


def play_one(task: tuple[list[str], int, float, dict, int]) -> dict:
    """One race: the measured seat, the winner and every decision time per controller."""
    base, seed, budget, options, game = task
    shift = game % len(base)
    controllers = base[-shift:] + base[:-shift] if shift else list(base)
    match = Match(SPEC, default_seats(SPEC, controllers), options, seed, bot_budget_scale=budget)
    times: dict[str, list[float]] = {}
    while not match.is_over():
        seat = match.current_seat
        decide = match.bot_decision()
        started = time.perf_counter()
        action = decide()
        times.setdefault(controllers[seat], []).append(time.perf_counter() - started)
        match.apply(action)
    outcome = match.outcome()
    winner = outcome.winner
    return {"measured_seat": shift, "winner": winner,
            "winner_controller": None if winner is None else controllers[winner],
            "points": list(match.state.points), "times": times}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seats", default="bot:hard,bot:easy,bot:easy", help="controllers, the first is measured")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=float, default=1.0, help="scale of the hard bot's sampled races per move")
    parser.add_argument("--jobs", type=int, default=1, help="games played in parallel processes")
    parser.add_argument("--option", action="append", default=[], help="KEY=VALUE game option")
    args = parser.parse_args()
    base = args.seats.split(",")
    options = {k: SPEC.option(k).parse(v) for k, v in (o.split("=", 1) for o in args.option)}
    tasks = [(base, args.seed + game, args.budget, options, game) for game in range(args.games)]
    start = time.perf_counter()
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(play_one, tasks))
    else:
        results = [play_one(task) for task in tasks]
    wins: Counter[str] = Counter()
    measured_won = 0
    times: dict[str, list[float]] = {}
    for result in results:
        if result["winner_controller"] is not None:
            wins[result["winner_controller"]] += 1
        measured_won += result["winner"] == result["measured_seat"]
        for controller, spent in result["times"].items():
            times.setdefault(controller, []).extend(spent)
    report = {
        "game": SPEC.id, "seats": base, "games": args.games, "first_seed": args.seed, "budget_scale": args.budget,
        "options": options, "measured": base[0], "measured_won": measured_won,
        "measured_share": round(measured_won / args.games, 3), "wins_by_controller": dict(wins),
        "decision_seconds": {c: {"mean": round(sum(t) / len(t), 4), "max": round(max(t), 4)}
                             for c, t in times.items()},
        "elapsed_seconds": round(time.perf_counter() - start, 1),
    }
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
