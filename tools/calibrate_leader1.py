"""Leader 1 calibration: simulated races per shipped race, with the numbers the maps use.

    python tools/calibrate_leader1.py --races 500 --players 4 --jobs 2
    python tools/calibrate_leader1.py --race first-race --races 200 --energy-scale 0.8

Every seat is a normal bot (the heuristic policy: it needs no search budget).
For each race it reports the number of turns (until the last rider is in or
the race closes), the turn the winner crossed the line, the share of races
won from a breakaway (the winner was already clear of the peloton when his
finishing turn began, rather than sprinting out of it or finishing in it:
"late attack" when he had left it one or two turns before, "long breakaway"
from three turns), the energy left at the finish, and how many attacks
(riders leaving the peloton) a race sees and what share of them the peloton
swallows again.  ``--energy-scale`` and ``--die`` try other values without
touching the maps; DESIGN.md records the report that supports the shipped
ones.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.core.match import Match, default_seats  # noqa: E402
from game.games.leader1 import dice, rules  # noqa: E402
from game.games.leader1.course import course_for  # noqa: E402
from game.games.leader1.races import SHIPPED_RACES  # noqa: E402
from game.games.leader1.spec import SPEC  # noqa: E402

#: a winner clear of the peloton for this many turns or more won from a long breakaway
LONG_BREAKAWAY_TURNS = 3


_ADJUSTED: list[tuple[float, Any]] = []


def adjust(energy_scale: float, die: list[Any] | None) -> None:
    """Try other numbers in this process only (nothing is written); once per process."""
    if _ADJUSTED:
        assert _ADJUSTED[0] == (energy_scale, die), "one set of numbers per run"
        return
    _ADJUSTED.append((energy_scale, die))
    if die is not None:
        # the tables are read once and shared: changed in place, every rule that reads them sees the new die
        dice.tables()["peloton_die"] = die
    if energy_scale != 1.0:
        import game.games.leader1.course as course_module
        original = course_module.build_course

        def scaled(race: Any) -> Any:
            built = original(race)
            object.__setattr__(built, "energy", round(built.energy * energy_scale))
            return built
        course_module.build_course = scaled  # type: ignore[assignment]


def one_race(job: tuple[str, int, int, int, float, list[Any] | None]) -> dict[str, Any]:
    race, players, riders, seed, energy_scale, die = job
    adjust(energy_scale, die)
    match = Match(SPEC, default_seats(SPEC, ["bot:normal"] * players), {"race": race, "riders": riders}, seed)
    attacks = caught = 0
    while not match.is_over():
        for event in match.apply(match.bot_decision()()):
            if event.kind == "move" and event.data["breakaway"] and event.data["kind"] == "square":
                attacks += 1
            elif event.kind == "absorbed":
                caught += 1
    state = match.state
    result = state.stage_results[-1]
    order = result["finish_order"]
    winner = state.riders[order[0]] if order else None
    if winner is None:
        won_by = "none"
    elif winner.in_peloton_at_finish:
        won_by = "in the peloton"
    elif result["winner_turns_clear"] == 0:
        won_by = "sprint out of the peloton"
    elif result["winner_turns_clear"] < LONG_BREAKAWAY_TURNS:
        won_by = "late attack"
    else:
        won_by = "long breakaway"
    return {
        "turns": state.stage_turns[-1],
        "winner_turn": winner.finish_turn if winner else None,
        "won_by": won_by,
        "attacks": attacks,
        "caught": caught,
        "winner_type": winner.kind if winner else None,
        "energy_left": [r.energy_left for r in state.riders if r.place == rules.FINISHED],
        "winner_energy_left": winner.energy_left if winner else None,
        "start_energy": course_for(race).energy,
    }


def describe(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {"mean": round(statistics.fmean(ordered), 2), "median": statistics.median(ordered),
            "p10": ordered[len(ordered) // 10], "p90": ordered[(len(ordered) * 9) // 10]}


def report_for(race: str, results: list[dict[str, Any]]) -> dict[str, Any]:
    won_by: dict[str, int] = {}
    types: dict[str, int] = {}
    for result in results:
        won_by[result["won_by"]] = won_by.get(result["won_by"], 0) + 1
        types[str(result["winner_type"])] = types.get(str(result["winner_type"]), 0) + 1
    energies = [e for r in results for e in r["energy_left"]]
    return {
        "race": race, "hexagons": len(course_for(race).hexagons), "races": len(results),
        "start_energy": round(statistics.fmean(r["start_energy"] for r in results), 1),
        "turns": describe([r["turns"] for r in results]),
        "winner_turn": describe([r["winner_turn"] for r in results if r["winner_turn"] is not None]),
        "breakaway_win_share": round((won_by.get("late attack", 0) + won_by.get("long breakaway", 0))
                                     / len(results), 3),
        "won_by": won_by, "winner_types": types,
        "attacks_per_race": round(statistics.fmean(r["attacks"] for r in results), 2),
        "attacks_caught_share": round(sum(r["caught"] for r in results) / max(1, sum(r["attacks"] for r in results)),
                                      3),
        "energy_left_at_finish": describe(energies),
        "winner_energy_left": describe([r["winner_energy_left"] for r in results
                                        if r["winner_energy_left"] is not None]),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--race", action="append", help="a shipped race (default: all of them)")
    parser.add_argument("--races", type=int, default=500, help="simulated races per race")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--riders", type=int, default=1, help="riders per player")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--energy-scale", type=float, default=1.0, help="multiply every race's energy")
    parser.add_argument("--die", help="peloton die faces, e.g. 3,3,3,3,4,4,4,4,5,5,5,red")
    args = parser.parse_args()
    die = None if args.die is None else [f if f == "red" else int(f) for f in args.die.split(",")]
    started = time.perf_counter()
    reports = []
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for race in args.race or list(SHIPPED_RACES):
            jobs = [(race, args.players, args.riders, args.seed + i, args.energy_scale, die)
                    for i in range(args.races)]
            reports.append(report_for(race, list(pool.map(one_race, jobs, chunksize=10))))
    print(json.dumps({"players": args.players, "riders_per_player": args.riders, "bots": "normal",
                      "energy_scale": args.energy_scale, "peloton_die": die or dice.tables()["peloton_die"],
                      "reports": reports, "seconds": round(time.perf_counter() - started, 1)}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
