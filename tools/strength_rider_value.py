"""Fit Breakaway Rider's stage value table (``bots.STAGE_VALUE``) from races of four normal bots.

    python tools/strength_rider_value.py --races 1500 --seed 60000

Plays the races with the hard bot's rollout policy (the normal rule of thumb, no noise), records
every seat's position at every third play (penalty minutes, the jersey, riding clean, the speed
cards' km/h above 39, cards of 48 or more, sprints, climbs, headwinds waiting) with the number of
cards left in the deck, and fits by least squares, per band of deck counts, the stage score each
seat ended that stage with.  Prints the table as Python to paste into ``bots.py`` (the constant
term is left out: every seat shares it, so it never changes which play is best).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.core.rng import Rng  # noqa: E402
from game.games.breakaway_rider.bots import STAGE_VALUE_BAND, position_features, rollout_step  # noqa: E402
from game.games.breakaway_rider.rules import OVER, PLAY, BreakawayRiderState  # noqa: E402

Sample = tuple[int, list[float], int]


def positions(races: int, seed: int, every: int = 3) -> list[Sample]:
    """(cards left in the deck, a seat's features, that seat's score at the end of the stage)."""
    samples: list[Sample] = []
    for race in range(races):
        state = BreakawayRiderState.new(4, {}, seed=seed + race)
        rng = Rng(seed + race)
        stage, waiting, plays = state.stage, [], 0
        while state.phase != OVER:
            if state.phase == PLAY and plays % every == 0:
                waiting += [(len(state.deck), seat, position_features(state, seat)) for seat in range(state.num_seats)]
            plays += 1
            rollout_step(state, rng, 0.0)
            if state.phase == OVER or state.stage != stage:
                scores = state.stage_results[-1]["scores"]
                samples += [(deck, features, scores[seat]) for deck, seat, features in waiting]
                stage, waiting = state.stage, []
    return samples


def least_squares(rows: list[tuple[list[float], float]], ridge: float = 1e-3) -> list[float]:
    """Weights minimising the squared error (normal equations, Gauss-Jordan with partial pivoting)."""
    size = len(rows[0][0])
    matrix = [[0.0] * (size + 1) for _ in range(size)]
    for features, target in rows:
        for i in range(size):
            matrix[i][size] += features[i] * target
            for j in range(size):
                matrix[i][j] += features[i] * features[j]
    for i in range(size):
        matrix[i][i] += ridge
    for column in range(size):
        pivot = max(range(column, size), key=lambda r: abs(matrix[r][column]))
        matrix[column], matrix[pivot] = matrix[pivot], matrix[column]
        for row in range(size):
            if row != column and matrix[column][column]:
                factor = matrix[row][column] / matrix[column][column]
                matrix[row] = [a - factor * b for a, b in zip(matrix[row], matrix[column])]
    return [matrix[i][size] / matrix[i][i] if matrix[i][i] else 0.0 for i in range(size)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--races", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=60000)
    parser.add_argument("--bands", type=int, default=11, help="deck bands; the last takes every higher count")
    args = parser.parse_args()
    samples = positions(args.races, args.seed)
    bands: dict[int, list[tuple[list[float], float]]] = {}
    for deck, features, score in samples:
        bands.setdefault(min(deck // STAGE_VALUE_BAND, args.bands - 1), []).append(([1.0] + features, score))
    print(f"# {args.races} races, {len(samples)} positions")
    print("STAGE_VALUE: tuple[tuple[float, ...], ...] = (")
    for band in sorted(bands):
        weights = least_squares(bands[band])[1:]
        print("    (" + ", ".join(f"{w:.2f}" for w in weights) + "),")
    print(")")
    return 0


if __name__ == "__main__":
    sys.exit(main())
