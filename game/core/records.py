"""Player records across sessions: games played and won, personal bests, and each game's recent results.

Kept per name used in setup, in one JSON file in the user data folder, written
atomically.  A damaged file is reported and set aside, and a fresh one begins;
a file that cannot be written is reported too: records never stop a game.

Each game's entry also keeps its last ``HISTORY_KEEP`` results in order (date,
place, seats, won, score, hardest bot at the table) for the records charts.  The
history is an optional key of the same layout, so files written before it load
as they are, and an older app reading a newer file keeps it untouched.
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
from .protocol import Outcome
from .spec import BOT_LEVELS

RECORDS_VERSION = 1
#: results kept per player and game for the charts (the totals count every game)
HISTORY_KEEP = 100


def records_path() -> Path:
    return data_dir() / "records.json"


@dataclass(frozen=True)
class PlayerGameRecord:
    played: int
    won: int
    best: dict[str, float]
    #: games in which this player asked what the hard bot would do
    hinted: int = 0


@dataclass(frozen=True)
class PastGame:
    """One finished game in a player's history, as the records chart tells it."""

    #: the player's game number in this game (1: their first), counted over every game played
    number: int
    #: the day it was played, YYYY-MM-DD
    date: str
    #: 1 is best; players tied share a place
    place: int
    seats: int
    won: bool
    score: float | None
    #: the hardest bot level at the table (None: humans only)
    bots: str | None

    @property
    def drawn(self) -> bool:
        """Shared first place with no winner: a draw in a duel, a tie at the top of a race."""
        return not self.won and self.place == 1


@dataclass(frozen=True)
class GameHistory:
    """A player's kept results in one game, oldest first, with the share of all their games won after each."""

    games: tuple[PastGame, ...]
    win_share: tuple[float, ...]


def _empty() -> dict[str, Any]:
    return {"version": RECORDS_VERSION, "players": {}}


def _valid_result(result: Any) -> bool:
    return (isinstance(result, dict) and isinstance(result.get("date"), str)
            and isinstance(result.get("place"), int) and isinstance(result.get("seats"), int)
            and result["place"] >= 1 and result["seats"] >= 1 and isinstance(result.get("won"), bool)
            and isinstance(result.get("score", 0), (int, float)) and not isinstance(result.get("score", 0), bool)
            and result.get("bots") in (None, *BOT_LEVELS))


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
                    and all(isinstance(v, (int, float)) for v in entry.get("best", {}).values())
                    and isinstance(entry.get("history", []), list)
                    and all(_valid_result(result) for result in entry.get("history", []))):
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


def game_history(data: dict[str, Any], name: str, game_id: str) -> GameHistory:
    """A name's kept results in a game, numbered among all the games they played in it, and the running share
    of those games won (games played before the kept ones count in the share as the totals hold them)."""
    entry = data["players"].get(name.strip(), {}).get(game_id)
    kept = entry.get("history", []) if entry else []
    if not kept:
        return GameHistory((), ())
    played_before = max(0, entry["played"] - len(kept))
    won_before = min(played_before, max(0, entry["won"] - sum(result["won"] for result in kept)))
    games, shares = [], []
    won = won_before
    for index, result in enumerate(kept):
        number = played_before + index + 1
        score = result.get("score")
        games.append(PastGame(number, result["date"], result["place"], result["seats"], result["won"],
                              None if score is None else float(score), result.get("bots")))
        won += result["won"]
        shares.append(won / number)
    return GameHistory(tuple(games), tuple(shares))


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


def _result(match: Match, outcome: Outcome, seat: int, day: str) -> dict[str, Any]:
    """What the history keeps of a finished game for one seat."""
    result: dict[str, Any] = {"date": day, "place": outcome.ranks[seat], "seats": len(match.seats),
                              "won": outcome.winner == seat}
    score = outcome.scores[seat] if seat < len(outcome.scores) and match.state.score_in_records else None
    if score is not None and math.isfinite(score):
        result["score"] = score
    levels = [info.bot_level for info in match.seats if info.bot_level in BOT_LEVELS]
    if levels:
        result["bots"] = max(levels, key=BOT_LEVELS.index)
    return result


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
        history = entry.setdefault("history", [])
        history.append(_result(match, outcome, seat, stamp[:10]))
        del history[:-HISTORY_KEEP]
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
