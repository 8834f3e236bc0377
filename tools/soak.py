"""Soak test: many seeded bot games across every game, reporting anything that breaks.

    python tools/soak.py --games 10000            # spread over all registered games
    python tools/soak.py --games 500 --game breakout --level normal
    python tools/soak.py --games 10000 --level mixed --time-limit 5

Each game runs with random seat counts and options, checks the game's invariants
after every action and stops as "stuck" past --max-actions.  ``--level random``
plays uniformly random legal moves (fast, and it reaches odd corners of the
rules); ``mixed`` gives each seat either an easy bot or random moves.  A game
still running after ``--time-limit`` seconds is stopped and listed as timed out
(a slow game, not a failure).  Every problem is printed with the command line
that reproduces it; the JSON report goes last.  Exit code 1 when anything broke.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.core.match import Match, default_seats  # noqa: E402
from game.core.rng import Rng  # noqa: E402
from game.core.spec import GameSpec  # noqa: E402
from game.games import all_specs  # noqa: E402


LEVELS = ("easy", "normal", "hard", "random", "mixed")
#: what soak_one returns for a game stopped by the time limit (listed, not counted as a problem)
TIMED_OUT = "timed out"


def seat_controllers(level: str, seats: int, rng: Rng) -> list[str]:
    """Bots for the seats; a seat playing random moves is kept as "human" and moved by the soak itself."""
    if level == "random":
        return ["human"] * seats
    if level == "mixed":
        return [rng.choice(("human", "bot:easy")) for _ in range(seats)]
    return [f"bot:{level}"] * seats


def soak_one(spec: GameSpec, seed: int, level: str, max_actions: int,
             time_limit: float | None = None) -> str | None:
    """Play one game; return a description of the problem, TIMED_OUT, or None when it ran clean."""
    rng = Rng(seed)
    seats = rng.randint(spec.min_seats, spec.max_seats)
    options = spec.default_options()
    for option in spec.options:
        if rng.random() < 0.4:
            if option.kind == "bool":
                options[option.key] = rng.random() < 0.5
            elif option.kind == "int":
                options[option.key] = rng.randint(option.minimum, option.maximum)
            else:
                options[option.key] = rng.choice(option.choices)
    if spec.setup_problems(seats, options):
        seats, options = spec.default_seats, spec.default_options()
    controllers = seat_controllers(level, seats, rng)
    deadline = time.perf_counter() + time_limit if time_limit else None
    try:
        match = Match(spec, default_seats(spec, controllers), options, seed)
        while not match.is_over():
            if len(match.history) >= max_actions:
                return f"stuck: no end after {max_actions} actions"
            if deadline is not None and time.perf_counter() > deadline:
                return TIMED_OUT
            decide = match.bot_decision()
            match.apply(decide() if decide is not None else rng.choice(match.state.legal_actions()))
            match.state.check_invariants()
        outcome = match.outcome()
        if len(outcome.ranks) != seats:
            return "the final standings do not cover every seat"
    except AssertionError as exc:
        return f"invariant broken: {exc}"
    except Exception:
        return "exception: " + traceback.format_exc(limit=6).strip().replace("\n", " | ")
    return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000, help="games in all")
    parser.add_argument("--game", help="only this game id")
    parser.add_argument("--seed", type=int, default=1, help="first seed")
    parser.add_argument("--level", default="easy", choices=LEVELS)
    parser.add_argument("--max-actions", type=int, default=50_000)
    parser.add_argument("--time-limit", type=float, default=None, metavar="SECONDS",
                        help="stop a game after this long and list it as timed out")
    parser.add_argument("--progress", type=int, default=0, metavar="N",
                        help="print a line on stderr every N games")
    args = parser.parse_args()
    specs = all_specs()
    chosen = [specs[args.game]] if args.game else list(specs.values())
    problems, timed_out = [], []
    played = {spec.id: 0 for spec in chosen}
    seconds = {spec.id: 0.0 for spec in chosen}
    start = time.perf_counter()
    for number in range(args.games):
        spec = chosen[number % len(chosen)]
        seed = args.seed + number
        began = time.perf_counter()
        problem = soak_one(spec, seed, args.level, args.max_actions, args.time_limit)
        seconds[spec.id] += time.perf_counter() - began
        played[spec.id] += 1
        reproduce = f"python tools/soak.py --game {spec.id} --seed {seed} --games 1 --level {args.level}"
        if problem == TIMED_OUT:
            timed_out.append({"game": spec.id, "seed": seed, "reproduce": reproduce})
        elif problem:
            problems.append({"game": spec.id, "seed": seed, "problem": problem, "reproduce": reproduce})
            print(f"{spec.id} seed {seed}: {problem}\n  reproduce: {reproduce}", file=sys.stderr)
        if args.progress and (number + 1) % args.progress == 0:
            print(f"{number + 1} games (seeds {args.seed}-{seed}), {len(problems)} problem(s), "
                  f"{len(timed_out)} timed out, {time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)
    elapsed = time.perf_counter() - start
    print(json.dumps({"games": args.games, "per_game": played, "level": args.level,
                      "time_limit_s": args.time_limit, "problems": problems, "timed_out": timed_out,
                      "clean": not problems, "seconds": round(elapsed, 1),
                      "games_per_second": round(args.games / elapsed, 1) if elapsed else None,
                      "games_per_second_by_game": {gid: round(played[gid] / seconds[gid], 1) if seconds[gid] else None
                                                   for gid in played}}))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
