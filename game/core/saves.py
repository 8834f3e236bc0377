"""Saved games: versioned JSON (never pickle), written atomically.

A save holds the seats, options, seed and the list of moves in text form, plus
the resulting state.  Loading replays the moves and checks that they lead to
the saved state, so a truncated, hand-edited or foreign file is reported with a
sentence instead of crashing or being silently "repaired".
"""
from __future__ import annotations

import os
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping, NamedTuple

from game.i18n import N_, _, english

from .jsonfile import FileProblem, read_json, set_aside, write_json_atomic
from .paths import data_dir
from .spec import GameSpec

if TYPE_CHECKING:
    from .match import Match

SAVE_FORMAT = "breakaway-box-save"
SAVE_VERSION = 1


class SaveError(Exception):
    """A save that cannot be used; the message is meant for the player."""


def saves_dir() -> Path:
    path = data_dir() / "saves"
    path.mkdir(parents=True, exist_ok=True)
    return path


def autosave_path(game_id: str) -> Path:
    return saves_dir() / f"autosave-{game_id}.json"


def match_to_save(match: Match) -> dict[str, Any]:
    outcome = match.outcome()
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "saved_at": time.strftime("%Y-%m-%d %H:%M"),
        "title": english(match.spec, "title"),
        "turn": match.state.turn,
        "over": match.is_over(),
        "winner": outcome.winner,
        **match.to_json(),
    }


def save_match(match: Match, path: Path) -> None:
    write_json_atomic(path, match_to_save(match))


def match_from_save(data: Any, specs: Mapping[str, GameSpec], name: str = "save") -> Match:
    """Rebuild a match from parsed save data, or raise SaveError saying what is wrong."""
    # imported here: the launcher lists saves (SaveInfo) before any match module is needed
    from .match import Match, Seat
    from .protocol import Action, IllegalAction
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError(_("'{file}' is not a Breakaway Box save.").format(file=name))
    version = data.get("version")
    if version != SAVE_VERSION:
        raise SaveError(_("'{file}' was written by another version of Breakaway Box (save version {version}, "
                          "this version reads {ours}).").format(file=name, version=repr(version), ours=SAVE_VERSION))
    game_id = data.get("game")
    if not isinstance(game_id, str) or game_id not in specs:
        raise SaveError(_("'{file}' is a save of an unknown game ({game}).").format(file=name, game=repr(game_id)))
    spec = specs[game_id]
    try:
        seats = [Seat.from_json(s) for s in data["seats"]]
        options = dict(data["options"])
        seed = data["seed"]
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError("the seed is not a whole number")
        actions = [(int(seat), Action.parse(str(text))) for seat, text in data["actions"]]
        problems = spec.setup_problems(len(seats), options)
        if problems:
            raise ValueError(" ".join(problems))
        guided = data.get("guided", False)  # saves from before guided games have no such key
        if not isinstance(guided, bool):
            raise TypeError("the guided flag is not true or false")
        hints_used = data.get("hints_used", [])  # saves from before hints have no such key
        if not (isinstance(hints_used, list) and all(isinstance(seat, int) and not isinstance(seat, bool)
                                                     and 0 <= seat < len(seats) for seat in hints_used)):
            raise TypeError("the seats that used hints are not a list of seats")
        match = Match.replay(spec, seats, options, seed, actions, guided=guided)
        match.hints_used = set(hints_used)
    except IllegalAction as exc:
        raise SaveError(_("'{file}' cannot be replayed: {reason}.").format(file=name, reason=exc)) from None
    except (KeyError, TypeError, ValueError, AttributeError, OverflowError, RecursionError) as exc:
        raise SaveError(_("'{file}' is incomplete or damaged ({reason}).").format(
            file=name, reason=f"{exc.__class__.__name__}: {exc}")) from None
    if "state" in data and match.state.to_json() != data["state"]:
        raise SaveError(_("'{file}' does not match its own moves; it was edited or damaged.").format(file=name))
    return match


def load_match(path: Path, specs: Mapping[str, GameSpec]) -> Match:
    try:
        data = read_json(path, N_("The save"))
    except FileProblem as exc:
        raise SaveError(str(exc)) from None
    return match_from_save(data, specs, path.name)


class SaveInfo(NamedTuple):
    """What the launcher shows about a save without replaying it (a named tuple: a dataclass
    would cost the launcher's first frame half a millisecond to define)."""

    path: Path
    game_id: str
    title: str
    saved_at: str
    turn: int
    over: bool
    seat_names: tuple[str, ...]


def read_save_info(path: Path) -> SaveInfo:
    try:
        data = read_json(path, N_("The save"))
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveError(_("'{file}' is not a Breakaway Box save.").format(file=path.name))
        return SaveInfo(path, str(data["game"]), str(data.get("title", data["game"])), str(data.get("saved_at", "")),
                        int(data.get("turn", 0)), bool(data.get("over", False)),
                        tuple(str(s["name"]) for s in data["seats"]))
    except FileProblem as exc:
        raise SaveError(str(exc)) from None
    except (KeyError, TypeError, ValueError) as exc:
        raise SaveError(_("'{file}' is incomplete or damaged ({reason}).").format(
            file=path.name, reason=exc.__class__.__name__)) from None


def autosaves(specs: Mapping[str, GameSpec]) -> tuple[list[SaveInfo], list[str]]:
    """Unfinished autosaves, newest first, and a message for each broken one (set aside)."""
    found, problems = [], []
    folder = saves_dir()
    # listed by name, not globbed: a glob pattern costs the launcher's first frame a regex compile
    names = [name for name in os.listdir(folder) if name.startswith("autosave-") and name.endswith(".json")]
    for path in sorted((folder / name for name in names), key=lambda p: p.stat().st_mtime, reverse=True):
        if ".broken-" in path.name:  # already set aside: never read (or renamed) again
            continue
        try:
            info = read_save_info(path)
        except SaveError as exc:
            moved = set_aside(path)
            problems.append(_("{problem} It was kept as {file}.").format(problem=exc, file=moved.name))
            continue
        if info.game_id in specs and not info.over:
            found.append(info)
    return found, problems


def quarantine(path: Path) -> str:
    """Set a broken save aside; the returned sentence says where it went."""
    try:
        moved = set_aside(path)
    except OSError:
        return _("It could not be moved aside.")
    return _("It was kept as {file}.").format(file=moved.name)
