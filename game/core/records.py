"""Player records across sessions: games played and won, personal bests.

Kept per name used in setup, in one JSON file in the user data folder, written
atomically.  A damaged file is reported and set aside, and a fresh one begins;
a file that cannot be written is reported too: records never stop a game.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from game.i18n import N_, Message, _, format_decimal, words

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
    #: games in which this player asked what the hard bot would do
    hinted: int = 0


def _empty() -> dict[str, Any]:
    return {"version": RECORDS_VERSION, "players": {}}


def _valid(data: Any) -> bool:
    if not isinstance(data, dict) or data.get("version") != RECORDS_VERSION:
        return False
    players = data.get("players")
    if not isinstance(players, dict):
        return False
    recent = data.get("last_played", {})
    if not isinstance(recent, dict) or not all(isinstance(v, str) for v in recent.values()):
        return False
    for games in players.values():
        if not isinstance(games, dict):
            return False
        for entry in games.values():
            if not (isinstance(entry, dict) and isinstance(entry.get("played"), int)
                    and isinstance(entry.get("won"), int) and isinstance(entry.get("best", {}), dict)
                    and isinstance(entry.get("hinted", 0), int)
                    and all(isinstance(v, (int, float)) for v in entry.get("best", {}).values())):
                return False
    return True


def load_records() -> tuple[dict[str, Any], str | None]:
    """All records, and a message if the file was damaged (then set aside, records start afresh)."""
    path = records_path()
    if not path.exists():
        return _empty(), None
    try:
        data = read_json(path, N_("The records file"))
        if not _valid(data):
            raise FileProblem(_("The records file has an unexpected layout."))
        return data, None
    except FileProblem as exc:
        moved = set_aside(path)
        return _empty(), _("{problem} Records start afresh; the old file was kept as {file}.").format(
            problem=exc, file=moved.name)


def player_records(data: dict[str, Any], name: str) -> dict[str, PlayerGameRecord]:
    games = data["players"].get(name.strip(), {})
    return {game: PlayerGameRecord(e["played"], e["won"], dict(e.get("best", {})), e.get("hinted", 0))
            for game, e in games.items()}


def players_in_order(data: dict[str, Any]) -> list[str]:
    """Names with records, the most recently seen first, then the one with the most games."""
    recent = data.get("last_played", {}) if isinstance(data.get("last_played"), dict) else {}

    def key(name: str) -> tuple[str, int, str]:
        games = sum(entry["played"] for entry in data["players"][name].values())
        return (str(recent.get(name, "")), games, name)

    return sorted(data["players"], key=key, reverse=True)


def number_text(value: float) -> str:
    """A best as a player reads it: 12, not 12.0; 2,5 in German."""
    return format_decimal(value, group=False)


def record_label(key: str, labels: Mapping[str, tuple["Message | str", str]]) -> str:
    """A personal best's name in the reader's language (a game's ``record_labels``: a message, or English
    text marked for translation); a key the game no longer names reads as its words ("race_total")."""
    label = labels[key][0] if key in labels else key.replace("_", " ")
    return words(label) if isinstance(label, Message) else _(label)


def hints_note(match: Match) -> str | None:
    """The results' mark of a game where players asked the hard bot for hints: who did (None: nobody)."""
    names = [match.seat_name(seat) for seat in sorted(match.hints_used) if match.seats[seat].is_human]
    if not names:
        return None
    return _("Hints used: {names}.").format(names=", ".join(names))


def record_match(match: Match) -> tuple[list[str], str | None]:
    """Add a finished match to every human seat's records; returns new bests in words, and any problem.
    A game in which a player asked for hints counts in that player's "with hints" games.

    A best beaten is told with the old value; a best kept for the first time is only mentioned.
    """
    if not match.is_over():
        return [], None
    try:
        data, problem = load_records()
    except OSError as exc:
        return [], _("The records file could not be read or set aside ({reason}); this game was not added to "
                     "your records.").format(reason=exc.__class__.__name__)
    outcome = match.outcome()
    labels = type(match.state).record_labels
    news: list[str] = []
    #: names whose first result for a best was kept (told in one line: the first game is no feat)
    firsts: list[str] = []
    stamp = time.strftime("%Y-%m-%d %H:%M:%S")
    for seat, info in enumerate(match.seats):
        if not info.is_human:
            continue
        name = info.name.strip()
        games = data["players"].setdefault(name, {})
        data.setdefault("last_played", {})[name] = stamp
        entry = games.setdefault(match.spec.id, {"played": 0, "won": 0, "best": {}})
        entry["played"] += 1
        entry["won"] += int(outcome.winner == seat)
        if seat in match.hints_used:
            entry["hinted"] = entry.get("hinted", 0) + 1
        improved = []
        for key, value in match.state.record_stats(seat).items():
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
                continue
            direction = labels[key][1] if key in labels else "max"
            label = record_label(key, labels)
            old = entry["best"].get(key)
            if old is None:
                entry["best"][key] = value
                if match.seat_name(seat) not in firsts:
                    firsts.append(match.seat_name(seat))
            elif value > old if direction == "max" else value < old:
                entry["best"][key] = value
                improved.append(_("{label} {value} (was {old})").format(
                    label=label, value=number_text(value), old=number_text(old)))
        if improved:
            news.append(_("{name}, new personal best: {bests}.").format(name=match.seat_name(seat),
                                                                          bests="; ".join(improved)))
    if firsts:
        who = firsts[0] if len(firsts) == 1 else ", ".join(firsts[:-1]) + _(" and ") + firsts[-1]
        news.append(_("First personal bests kept for {names}: see Records on the main menu.").format(names=who))
    try:
        write_json_atomic(records_path(), data)
    except OSError as exc:
        return [], _("The records file could not be written ({reason}); this game was not added to your "
                     "records.").format(reason=exc.strerror or exc.__class__.__name__)
    return news, problem
