"""Bot strength report: seeded games between bot levels, win shares per level.

    python tools/strength.py --game breakout --seats bot:hard,bot:easy --games 200 --rotate
    python tools/strength.py --game breaking-away --seats bot:hard,bot:easy,bot:easy --budget 0.25

``--rotate`` moves the first seat's controller round the table game by game so
that nobody always starts; ``--budget`` scales every bot's per-move search
(the report says which scale it used).  Prints one JSON object.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.core.match import Match, default_seats  # noqa: E402
from game.games import all_specs  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", required=True)
    parser.add_argument("--seats", required=True, help="controllers, the first is the one measured")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=float, default=1.0, help="scale of each bot's per-move budget")
    parser.add_argument("--rotate", action="store_true", help="rotate the measured seat round the table")
    parser.add_argument("--option", action="append", default=[], help="KEY=VALUE game option")
    args = parser.parse_args()
    spec = all_specs()[args.game]
    base = args.seats.split(",")
    options = {k: spec.option(k).parse(v) for k, v in (o.split("=", 1) for o in args.option)}
    wins: Counter[str] = Counter()
    firsts = 0
    draws = 0
    decision_times: dict[str, list[float]] = {}
    start = time.perf_counter()
    for game in range(args.games):
        shift = game % len(base) if args.rotate else 0
        controllers = base[-shift:] + base[:-shift] if shift else list(base)
        measured_seat = shift
        match = Match(spec, default_seats(spec, controllers), options, args.seed + game, bot_budget_scale=args.budget)
        while not match.is_over():
            seat = match.current_seat
            decide = match.bot_decision()
            t0 = time.perf_counter()
            action = decide()
            decision_times.setdefault(controllers[seat], []).append(time.perf_counter() - t0)
            match.apply(action)
        outcome = match.outcome()
        if outcome.winner is None:
            draws += 1
        else:
            wins[controllers[outcome.winner]] += 1
            firsts += outcome.winner == measured_seat
    report = {
        "game": spec.id, "seats": base, "games": args.games, "budget_scale": args.budget,
        "measured": base[0], "measured_seat_won": firsts, "measured_share": round(firsts / args.games, 3),
        "wins_by_controller": dict(wins), "draws": draws,
        "decision_seconds": {c: {"mean": round(sum(t) / len(t), 4), "max": round(max(t), 4)}
                             for c, t in decision_times.items()},
        "elapsed_seconds": round(time.perf_counter() - start, 1),
    }
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
