"""Breakaway Football bot strength: seeded games between two levels coaching the same team.

    python tools/strength_football.py --games 200 --measured hard --against easy --budget 0.5 --jobs 2

Seats alternate game by game so that neither level always receives first; each game
uses one team for both seats, cycling through Lightning, Fire, Maulers and
Pharaohs (or only --team).  ``--budget`` scales the measured bots' per-move work
(the report says which scale it used).  The win share comes with its 95 % Wilson
interval.  Decision times are given as wall clock and as CPU time (the latter is what
a busy machine does not inflate).  Prints one JSON object; not part of CI.
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
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.core.match import Match, default_seats  # noqa: E402
from game.games.football.setup_facts import TEAM_NAMES  # noqa: E402
from game.games.football.spec import SPEC  # noqa: E402


def play_one(job: tuple[int, str, str, str, float]) -> dict:
    game, measured, against, team, budget = job
    measured_seat = game % 2
    controllers = [f"bot:{against}", f"bot:{against}"]
    controllers[measured_seat] = f"bot:{measured}"
    match = Match(SPEC, default_seats(SPEC, controllers), {"team_1": team, "team_2": team}, 7919 * game + 1,
                  bot_budget_scale=budget)
    slowest = slowest_cpu = 0.0
    total = total_cpu = 0.0
    decisions = 0
    while not match.is_over():
        decide = match.bot_decision()
        start, start_cpu = time.perf_counter(), time.process_time()
        action = decide()
        spent, spent_cpu = time.perf_counter() - start, time.process_time() - start_cpu
        if match.current_seat == measured_seat:
            slowest, slowest_cpu = max(slowest, spent), max(slowest_cpu, spent_cpu)
            total += spent
            total_cpu += spent_cpu
            decisions += 1
        match.apply(action)
    winner = match.outcome().winner
    return {"team": team, "won": winner == measured_seat, "draw": winner is None,
            "score": list(match.state.score), "measured_seat": measured_seat,
            "slowest": slowest, "mean": total / max(1, decisions),
            "slowest_cpu": slowest_cpu, "mean_cpu": total_cpu / max(1, decisions)}


def wilson_interval(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """95 % interval of a win share measured over ``games`` (Wilson: sound near 0 and 1 too)."""
    if games == 0:
        return 0.0, 1.0
    share = wins / games
    middle = share + z * z / (2 * games)
    spread = z * math.sqrt(share * (1 - share) / games + z * z / (4 * games * games))
    scale = 1 + z * z / games
    return (middle - spread) / scale, (middle + spread) / scale


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--measured", default="hard", choices=("easy", "normal", "hard"))
    parser.add_argument("--against", default="easy", choices=("easy", "normal", "hard"))
    parser.add_argument("--team", choices=TEAM_NAMES, help="one team for every game")
    parser.add_argument("--budget", type=float, default=1.0, help="scale of each bot's per-move budget")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    teams = [args.team] if args.team else ["Lightning", "Fire", "Maulers", "Pharaohs"]
    jobs = [(g, args.measured, args.against, teams[(g // 2) % len(teams)], args.budget) for g in range(args.games)]
    start = time.perf_counter()
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(play_one, jobs, chunksize=2))
    else:
        results = [play_one(job) for job in jobs]
    wins = sum(r["won"] for r in results)
    draws = sum(r["draw"] for r in results)
    by_team: Counter[str] = Counter()
    games_by_team: Counter[str] = Counter()
    for r in results:
        games_by_team[r["team"]] += 1
        by_team[r["team"]] += r["won"]
    report = {
        "game": SPEC.id, "measured": args.measured, "against": args.against, "games": args.games,
        "budget_scale": args.budget, "measured_wins": wins, "draws": draws,
        "measured_win_share": round(wins / args.games, 3),
        "measured_win_share_95": [round(x, 3) for x in wilson_interval(wins, args.games)],
        "measured_win_share_by_team": {t: round(by_team[t] / games_by_team[t], 3) for t in games_by_team},
        "measured_decision_seconds": {"mean": round(sum(r["mean"] for r in results) / len(results), 4),
                                      "max": round(max(r["slowest"] for r in results), 4)},
        "measured_decision_cpu_seconds": {"mean": round(sum(r["mean_cpu"] for r in results) / len(results), 4),
                                          "max": round(max(r["slowest_cpu"] for r in results), 4)},
        "elapsed_seconds": round(time.perf_counter() - start, 1),
    }
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
