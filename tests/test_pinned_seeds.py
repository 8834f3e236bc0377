"""Pinned seeds: the engines play exactly the same games as before a change.

Each row is a seeded random playout in every bench setup of every game (the
playouts that ``tools/bench.py --only playouts`` times): the moves are chosen
by ``Rng(seed).choice(state.legal_actions())``, so the pin covers the engine's
chance, its rules and the order of its legal actions.  A speed-up must keep
every line; a rules fix that changes some games re-pins them on purpose:

    python tests/test_pinned_seeds.py --write
"""
from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.core.protocol import Event  # noqa: E402
from game.core.rng import Rng  # noqa: E402
from game.core.spec import GameSpec  # noqa: E402
from game.games import all_specs  # noqa: E402

PINS = Path(__file__).with_name("pinned_seeds.json")
SEEDS = (1, 2, 3, 4)


def setups(spec: GameSpec) -> list[dict[str, Any]]:
    """The default table and the game's own bench tables (more seats, more riders)."""
    return [{"label": "default", "seats": spec.default_seats, "options": {}}, *spec.extra.get("bench", ())]


def english_event(event: Event) -> dict[str, Any]:
    """An event as pinned: its English words and its data (how a message is built may change, not what it
    says)."""
    out = event.to_json()
    out.pop("message", None)
    return out


def playout_line(spec: GameSpec, setup: dict[str, Any], seed: int) -> dict[str, Any]:
    """The result line of one seeded random playout, with digests of every move and every event."""
    state = spec.create(setup["seats"], setup["options"], seed)
    rng = Rng(seed)
    moves = hashlib.sha256()
    events = hashlib.sha256()
    count = 0
    while not state.is_over():
        action = rng.choice(state.legal_actions())
        moves.update(action.text().encode() + b"\n")
        for event in state.apply(action):
            events.update(json.dumps(english_event(event), sort_keys=True).encode() + b"\n")
        count += 1
    outcome = state.outcome()
    return {"turns": state.turn, "actions": count, "ranks": list(outcome.ranks),
            "scores": list(outcome.scores), "winner": outcome.winner, "summary": state.summary(),
            "moves": moves.hexdigest()[:16], "events": events.hexdigest()[:16]}


def all_lines() -> dict[str, dict[str, Any]]:
    lines = {}
    for spec in all_specs().values():
        for setup in setups(spec):
            for seed in SEEDS:
                lines[f"{spec.id}/{setup['label']}/{seed}"] = playout_line(spec, setup, seed)
    return lines


def pinned() -> dict[str, dict[str, Any]]:
    return json.loads(PINS.read_text(encoding="utf-8")) if PINS.exists() else {}


@pytest.mark.parametrize("key", sorted(pinned()))
def test_pinned_seed_plays_the_same_game(key: str) -> None:
    game_id, label, seed = key.rsplit("/", 2)
    spec = all_specs()[game_id]
    setup = next(s for s in setups(spec) if s["label"] == label)
    line = json.loads(json.dumps(playout_line(spec, setup, int(seed))))  # as stored: JSON types
    assert line == pinned()[key]


def test_every_setup_is_pinned() -> None:
    expected = {f"{spec.id}/{setup['label']}/{seed}"
                for spec in all_specs().values() for setup in setups(spec) for seed in SEEDS}
    assert set(pinned()) == expected


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python tests/test_pinned_seeds.py --write")
    PINS.write_text(json.dumps(all_lines(), indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {PINS}")
