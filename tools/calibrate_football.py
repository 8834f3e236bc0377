"""Breakaway Football calibration: simulated bot games and the numbers the card data is tuned to.

    python tools/calibrate_football.py --games 500 --level normal --jobs 2

Plays Lightning against Fire (seats alternate), plus every other pairing of teams
when --all-teams is given, and prints one JSON report: drives and points per team
per game, how often Lightning beats Fire, the Game Day deck's odds (field goals by
distance, onside kick, Hail Mary), and how often each special rule fires.
Targets (docs/RULINGS.md): 10-13 drives per team, 14-35 points per team, Lightning vs
Fire between 45 and 55 %.
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
from game.games.football import field  # noqa: E402
from game.games.football.spec import SPEC  # noqa: E402

#: event kinds (and some event details) counted as "special rule fired"
SPECIAL = ("onside", "hail_mary", "kneel", "timeout", "challenge", "flag_earned", "penalty", "restricted_pass",
           "safety", "free_kick", "two_point_try", "ice", "late_incompletion", "overtime", "reshuffle",
           "clock", "field_goal", "extra_point", "downs")


def play_one(job: tuple[int, str, str, str, dict]) -> dict:
    seed, level, team_1, team_2, options = job
    match = Match(SPEC, default_seats(SPEC, [f"bot:{level}", f"bot:{level}"]),
                  {**options, "team_1": team_1, "team_2": team_2}, seed)
    counts: Counter[str] = Counter()
    plays = 0
    while not match.is_over():
        for event in match.apply(match.bot_decision()()):
            if event.visible_to is not None:
                continue
            kind = event.kind
            data = event.data
            if kind in SPECIAL:
                counts[kind] += 1
            if kind == "breakaway":
                counts[f"{data['side']}_breakaway"] += 1
            if kind == "reveal":
                plays += 1
            if kind == "punt":
                counts["punt"] += 1
                if data.get("result") == "blocked":
                    counts["blocked_punt"] += 1
                if data.get("coffin"):
                    counts["coffin_corner"] += 1
                if data.get("result") == "touchback":
                    counts["punt_touchback"] += 1
            if kind == "kickoff":
                counts[f"kickoff_{data['result']}"] += 1
            if kind == "turnover":
                counts[data["turnover"]] += 1
            if kind == "touchdown":
                counts["touchdown"] += 1
            if kind == "field_goal" and data.get("good"):
                counts["field_goal_good"] += 1
            if kind == "play" and data.get("incomplete"):
                counts["incomplete"] += 1
    state = match.state
    return {"teams": list(state.teams), "score": list(state.score), "drives": list(state.drives),
            "overtime": state.quarter >= 5, "plays": plays, "counts": dict(counts),
            "winner": match.outcome().winner}


def summarise(results: list[dict]) -> dict:
    games = len(results)
    points = [s for r in results for s in r["score"]]
    drives = [d for r in results for d in r["drives"]]
    counts: Counter[str] = Counter()
    for r in results:
        counts.update(r["counts"])
    lf = [r for r in results if set(r["teams"]) == {"Lightning", "Fire"}]
    lightning_wins = sum(1 for r in lf if r["winner"] is not None and r["teams"][r["winner"]] == "Lightning")
    draws = sum(1 for r in lf if r["winner"] is None)
    by_team: dict[str, dict[str, float]] = {}
    for name in {t for r in results for t in r["teams"]}:
        pts = [r["score"][i] for r in results for i in (0, 1) if r["teams"][i] == name]
        drv = [r["drives"][i] for r in results for i in (0, 1) if r["teams"][i] == name]
        by_team[name] = {"points": round(sum(pts) / len(pts), 2), "drives": round(sum(drv) / len(drv), 2)}
    matchups: dict[str, float] = {}
    for r in results:
        if r["teams"][0] != r["teams"][1] and {"Lightning", "Fire"} != set(r["teams"]):
            key = " vs ".join(sorted(r["teams"]))
            first = sorted(r["teams"])[0]
            won = r["winner"] is not None and r["teams"][r["winner"]] == first
            matchups.setdefault(key, 0.0)
            matchups[key] += won
    totals = Counter(" vs ".join(sorted(r["teams"])) for r in results)
    return {
        "games": games,
        "drives_per_team": round(sum(drives) / len(drives), 2),
        "points_per_team": round(sum(points) / len(points), 2),
        "plays_per_game": round(sum(r["plays"] for r in results) / games, 1),
        "overtime_share": round(sum(r["overtime"] for r in results) / games, 3),
        "lightning_vs_fire": {"games": len(lf), "lightning_win_share": round(lightning_wins / max(1, len(lf)), 3),
                              "draws": draws},
        "by_team": by_team,
        "other_matchups_first_team_win_share": {k: round(v / totals[k], 3) for k, v in sorted(matchups.items())},
        "special_rules_per_game": {k: round(v / games, 3) for k, v in sorted(counts.items())},
        "deck_odds": {
            "field_goal": {str(d): round(field.field_goal_chance(d) * 100, 1) for d in range(1, 10)},
            "onside": round(field.onside_chance() * 100, 1),
            "hail_mary_per_card": round(field.hail_mary_card_chance() * 100, 1),
        },
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=500, help="Lightning-Fire games (default 500)")
    parser.add_argument("--level", default="normal", choices=("easy", "normal", "hard"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--all-teams", type=int, default=0, metavar="N",
                        help="also N games of every other pairing of teams")
    parser.add_argument("--pairs", default="", metavar="A-B,C-D",
                        help="also N games (--pair-games) of each named pairing, e.g. Maulers-Lightning")
    parser.add_argument("--pair-games", type=int, default=40)
    parser.add_argument("--option", action="append", default=[], help="KEY=VALUE game option")
    args = parser.parse_args()
    options = {k: SPEC.option(k).parse(v) for k, v in (o.split("=", 1) for o in args.option)}
    jobs = []
    for i in range(args.games):
        teams = ("Lightning", "Fire") if i % 2 == 0 else ("Fire", "Lightning")
        jobs.append((args.seed + i, args.level, *teams, options))
    names = ("Maulers", "Pharaohs", "Lightning", "Fire")
    for a in range(4):
        for b in range(a, 4):
            if {names[a], names[b]} == {"Lightning", "Fire"}:
                continue
            for i in range(args.all_teams):
                teams = (names[a], names[b]) if i % 2 == 0 else (names[b], names[a])
                jobs.append((args.seed + 100_000 + 1000 * (4 * a + b) + i, args.level, *teams, options))
    for k, pair in enumerate(p for p in args.pairs.split(",") if p):
        a, b = pair.split("-")
        for i in range(args.pair_games):
            teams = (a, b) if i % 2 == 0 else (b, a)
            jobs.append((args.seed + 200_000 + 1000 * k + i, args.level, *teams, options))
    start = time.perf_counter()
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(play_one, jobs, chunksize=4))
    else:
        results = [play_one(job) for job in jobs]
    report = summarise(results)
    report["level"] = args.level
    report["options"] = options
    report["elapsed_seconds"] = round(time.perf_counter() - start, 1)
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
