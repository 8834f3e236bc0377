"""Player records across sessions: games played and won, personal bests.

Kept per name used in setup, in one JSON file in the user data folder, written
atomically.  A damaged file is reported and set aside, and a fresh one begins.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .jsonfile import FileProblem, read_json, set_aside, write_json_atomic
from .match import Match
from .paths import data_dir

RECORDS_VERSION = 1


def records_path() -> Path:
    return data_dir() / "records.json"


@dataclass(frozen=True)
class PlayerGameRecord:
    played: int
    won: int
    best: dict[str, float]


def _empty() -> dict[str, Any]:
    return {"version": RECORDS_VERSION, "players": {}}


def _valid(data: Any) -> bool:
    if not isinstance(data, dict) or data.get("version") != RECORDS_VERSION:
        return False
    players = data.get("players")
    if not isinstance(players, dict):
        return False
    for games in players.values():
        if not isinstance(games, dict):
            return False
        for entry in games.values():
            if not (isinstance(entry, dict) and isinstance(entry.get("played"), int)
                    and isinstance(entry.get("won"), int) and isinstance(entry.get("best", {}), dict)
                    and all(isinstance(v, (int, float)) for v in entry.get("best", {}).values())):
                return False
    return True


def load_records() -> tuple[dict[str, Any], str | None]:
    """All records, and a message if the file was damaged (then set aside, records start afresh)."""
    path = records_path()
    if not path.exists():
        return _empty(), None
    try:
        data = read_json(path, "records file")
        if not _valid(data):
            raise FileProblem("The records file has an unexpected layout.")
        return data, None
    except FileProblem as exc:
        moved = set_aside(path)
        return _empty(), f"{exc} Records start afresh; the old file was kept as {moved.name}."


def player_records(data: dict[str, Any], name: str) -> dict[str, PlayerGameRecord]:
    games = data["players"].get(name.strip(), {})
    return {game: PlayerGameRecord(e["played"], e["won"], dict(e.get("best", {}))) for game, e in games.items()}


def record_match(match: Match) -> tuple[list[str], str | None]:
    """Add a finished match to every human seat's records; returns new bests in words, and any problem."""
    if not match.is_over():
        return [], None
    data, problem = load_records()
    outcome = match.outcome()
    labels = type(match.state).record_labels
    news = []
    for seat, info in enumerate(match.seats):
        if not info.is_human:
            continue
        games = data["players"].setdefault(info.name.strip(), {})
        entry = games.setdefault(match.spec.id, {"played": 0, "won": 0, "best": {}})
        entry["played"] += 1
        entry["won"] += int(outcome.winner == seat)
        for key, value in match.state.record_stats(seat).items():
            label, direction = labels.get(key, (key, "max"))
            old = entry["best"].get(key)
            better = old is None or (value > old if direction == "max" else value < old)
            if better:
                entry["best"][key] = value
                if old is not None:
                    news.append(f"{info.name}: new personal best, {label} {value:g} (was {old:g}).")
    write_json_atomic(records_path(), data)
    return news, problem
