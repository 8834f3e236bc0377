"""tools/strength.py: the ladder reaches every pairing, each game on the seed asked for."""
from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]


def load_strength(monkeypatch: pytest.MonkeyPatch) -> Any:
    spec = importlib.util.spec_from_file_location("strength_tool", ROOT / "tools" / "strength.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "strength_tool", module)  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_ladder_takes_a_seed_and_plays_every_pairing_from_it(monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    strength = load_strength(monkeypatch)
    played: list[tuple[str, tuple[str, ...], int]] = []

    def pretend(task: tuple) -> dict[str, Any]:
        game_id, base, seed, _budget, _rotate, _options, game = task
        played.append((game_id, tuple(base), seed + game))
        return {"winner": 0, "measured_seat": 0, "winner_controller": base[0], "slowest": {base[0]: 0.1},
                "slowest_cpu": {base[0]: 0.1}, "spent": {base[0]: 0.1}, "decisions": {base[0]: 1}}

    monkeypatch.setattr(strength, "play_one", pretend)
    monkeypatch.setattr(sys, "argv", ["strength.py", "--ladder", "--games", "3", "--seed", "5000"])
    assert strength.main() == 0
    report = json.loads(capsys.readouterr().out)
    assert report["first_seed"] == 5000
    for pairing in strength.LADDER:
        seeds = [seed for game, seats, seed in played if game == pairing.game and seats == tuple(pairing.seats)]
        assert seeds == [5000, 5001, 5002], pairing.name
        assert report["games"][pairing.game][pairing.name]["won"] == 3
