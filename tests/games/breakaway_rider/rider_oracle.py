"""A measurement of the game's luck, never a bot for players: the hard bot shown every hand.

``OracleHardBot`` searches as the hard bot does, but each sample holds the rivals' true
hands (only the deck's order stays unknown: it is shuffled again for every sample).  What it
wins against three normal bots bounds what any guess of the hands could give the hard bot.

    python tests/games/breakaway_rider/rider_oracle.py --seed 901 --games 200
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any, Mapping

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from game.core.match import Match, default_seats, mix_seed  # noqa: E402
from game.games.breakaway_rider.bots import HardBot  # noqa: E402
from game.games.breakaway_rider.rules import BreakawayRiderState  # noqa: E402
from game.games.breakaway_rider.spec import SPEC  # noqa: E402


class OracleHardBot(HardBot):
    """The hard bot's search over deals that hold every rider's true hand."""

    def __init__(self, *args: Any, truth: BreakawayRiderState, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.truth = truth

    def _deal(self, view: Mapping[str, Any]) -> BreakawayRiderState:
        world = self.truth.clone()
        world.rng = BreakawayRiderState.from_view(view, self.rng.next_u64()).rng
        world.rng.shuffle(world.deck)
        return world


def play(seed: int, game: int) -> dict[str, Any]:
    """One race: the oracle in the rotating first seat against three normal bots."""
    measured = game % 4
    controllers = ["bot:normal"] * 4
    controllers[measured] = "bot:hard"
    match = Match(SPEC, default_seats(SPEC, controllers), {}, seed + game)
    while not match.is_over():
        seat = match.current_seat
        if seat == measured:
            bot = OracleHardBot(SPEC, seat, "hard", mix_seed(match.seed, seat, len(match.history)),
                                truth=match.state)
            action = bot.choose(match.state.view(seat), match.state.legal_actions())
        else:
            action = match.bot_decision()()
        match.apply(action)
    winner = match.outcome().winner
    return {"won": winner == measured, "draw": winner is None}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=901)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--first", type=int, default=0)
    args = parser.parse_args()
    tally: Counter[str] = Counter()
    for game in range(args.first, args.first + args.games):
        result = play(args.seed, game)
        tally["won" if result["won"] else "draw" if result["draw"] else "lost"] += 1
        print(json.dumps({"game": game, **result}), flush=True)
    print(json.dumps(dict(tally)))


if __name__ == "__main__":
    main()
