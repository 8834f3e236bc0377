"""The replay archive: every finished game kept as replay text in the user data folder.

A finished game is written once (its fingerprint is in the file name, so a
game loaded again or a results screen shown again never adds a copy), under a
name a person can read: date, game and players.  Only the newest
``KEEP_NEWEST`` are kept.  Files in the folder are never trusted: one that
cannot be read is set aside under a new name and reported, never deleted, and
never stops the others from being listed.  Unfinished games appear too, read
from their autosaves, as games "so far".
"""
from __future__ import annotations

import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping, Sequence

from game.i18n import N_, _, english, format_percent

from .jsonfile import FileProblem, json_text, read_json, set_aside, write_text_atomic
from .match import Match
from .paths import data_dir
from .replay import COMMENT, Replay, ReplayError, game_digest, match_text, read_header
from .saves import SaveError, autosaves, load_match
from .spec import GameSpec
from .story import Story, seat_names

KEEP_NEWEST = 200
SUFFIX = ".txt"
#: a replay's story (chart and win chance), kept beside it once told
STORY_SUFFIX = ".story.json"
#: a file set aside by ``set_aside`` carries this in its name; it is never listed or pruned again
BROKEN_MARK = ".broken-"
#: the largest file Import reads (the longest real replays are a few hundred kilobytes)
MAX_IMPORT_BYTES = 4_000_000
_UNSAFE = re.compile(r"[^A-Za-z0-9]+")
#: why a game not over has no export: a replay file holds the seed and every move, so all hidden cards
EXPORT_CLOSED = N_("A game still being played can be exported once it has ended: its replay file would give "
                   "away every player's secrets.")


def archive_dir() -> Path:
    path = data_dir() / "replays"
    path.mkdir(parents=True, exist_ok=True)
    return path


def exports_dir() -> Path:
    path = data_dir() / "exports"
    path.mkdir(parents=True, exist_ok=True)
    return path


@dataclass(frozen=True)
class ReplayEntry:
    """One line of the replays list: what is known about a game without playing it back."""

    path: Path
    game_id: str
    title: str
    played_at: str
    names: tuple[str, ...]
    colours: tuple[str, ...]
    winner: str | None
    moves: int
    finished: bool
    #: an unfinished game read from its autosave (cannot be deleted here: it is still being played)
    autosave: bool = False

    @property
    def stem(self) -> str:
        """A readable file name (without folder or suffix) for exports."""
        return readable_stem(self.played_at, self.game_id, self.names)


@dataclass(frozen=True)
class ArchiveResult:
    """What archiving a finished game did: where it went, whether it was new, and any problem in words."""

    path: Path | None
    new: bool
    problem: str | None = None


def readable_stem(played_at: str, game_id: str, names: tuple[str, ...] | list[str]) -> str:
    """'2024-05-01_1432_breakout_Anna-Bob': sorts by date and says what is inside."""
    digits = re.sub(r"\D", "", played_at)
    date = f"{digits[:4]}-{digits[4:6]}-{digits[6:8]}_{digits[8:12]}" if len(digits) >= 12 else "undated"
    people = "-".join(filter(None, (_UNSAFE.sub("", name)[:12] for name in names[:6]))) or "players"
    return f"{date}_{_UNSAFE.sub('-', game_id)[:24]}_{people}"


def _digest_of_name(path: Path) -> str:
    """The fingerprint written at the end of an archived file's name ('' if there is none)."""
    head, _, tail = path.stem.rpartition("_")
    return tail if head and re.fullmatch(r"[0-9a-f]{10}", tail) else ""


def archived_paths() -> list[Path]:
    """Archived replay files, newest first (files set aside are left out)."""
    paths = [p for p in archive_dir().glob(f"*{SUFFIX}") if BROKEN_MARK not in p.name and p.is_file()]
    return sorted(paths, key=lambda p: (p.stat().st_mtime, p.name), reverse=True)


def find_archived(digest: str) -> Path | None:
    for path in archive_dir().glob(f"*_{digest}{SUFFIX}"):
        if BROKEN_MARK not in path.name:
            return path
    return None


def _write_new(text: str, stem: str, digest: str) -> Path:
    path = archive_dir() / f"{stem}_{digest}{SUFFIX}"
    write_text_atomic(path, text)
    prune()
    return path


def archive_match(match: Match) -> ArchiveResult:
    """Keep a finished match's replay (once); a disk problem is returned in words, never raised."""
    if not match.is_over():
        return ArchiveResult(None, False)
    digest = game_digest(match.spec.id, match.seed, match.options, match.seats, match.history)
    try:
        existing = find_archived(digest)
        if existing is not None:
            return ArchiveResult(existing, False)
        played_at = time.strftime("%Y-%m-%d %H:%M")
        stem = readable_stem(played_at, match.spec.id, [s.name for s in match.seats])
        return ArchiveResult(_write_new(match_text(match, played_at), stem, digest), True)
    except OSError as exc:
        return ArchiveResult(None, True, _("The replay of this game could not be kept ({reason}).").format(
            reason=exc.strerror or exc.__class__.__name__))


def prune(keep: int = KEEP_NEWEST) -> None:
    """Delete archived replays beyond the newest ``keep`` (only files this archive wrote), and their stories."""
    for old in archived_paths()[keep:]:
        if _digest_of_name(old):
            old.unlink(missing_ok=True)
            story_path(old).unlink(missing_ok=True)


# --- stories ---------------------------------------------------------------------------------
def story_path(replay_path: Path) -> Path:
    """Where a replay's story is kept: beside it, under the same name."""
    return replay_path.with_name(f"{replay_path.stem}{STORY_SUFFIX}")


def load_story(replay_path: Path, steps: int, seats: int) -> Story | None:
    """The story told before for this replay, or None (never told, or a file that does not fit the game:
    it is then told again and written over)."""
    try:
        data = read_json(story_path(replay_path), N_("The story file"))
        story = Story.from_json(data)
    except (FileProblem, ValueError, KeyError, TypeError, AttributeError):
        return None
    return story if story.steps == steps and len(story.win_chance) == seats else None


def save_story(replay_path: Path, story: Story) -> str | None:
    """Keep a replay's story beside it, so it is told once; a disk problem is returned in words."""
    try:
        write_text_atomic(story_path(replay_path), json_text(story.to_json()))
    except OSError as exc:
        return _("The story of this game could not be kept ({reason}).").format(
            reason=exc.strerror or exc.__class__.__name__)
    return None


# --- the list ------------------------------------------------------------------------------
def entry_of_text(path: Path, text: str, specs: Mapping[str, GameSpec]) -> ReplayEntry:
    """A list entry from a replay file's header lines, or ReplayError saying what is wrong."""
    header = read_header(text)
    if header.game_id is None or header.game_id not in specs:
        raise ReplayError(_("The replay is of an unknown game ({game}).").format(game=repr(header.game_id)))
    if not header.seats:
        raise ReplayError(_("The replay names no players."))
    info = header.info
    spec = specs[header.game_id]
    played_at_text = info.get("played_at")
    played_at = played_at_text if isinstance(played_at_text, str) else ""
    winner = info.get("winner") if isinstance(info.get("winner"), str) else None
    return ReplayEntry(path, spec.id, english(spec, "title"), played_at[:16], tuple(s.name for s in header.seats),
                       tuple(s.colour for s in header.seats), winner, len(header.moves),
                       info.get("over") is True)


def read_text(path: Path) -> str:
    """A replay file's text, or ReplayError in words (missing, unreadable, not text, too large)."""
    try:
        if path.stat().st_size > MAX_IMPORT_BYTES:
            raise ReplayError(_("'{file}' is too large to be a Breakaway Box replay.").format(file=path.name))
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ReplayError(_("'{file}' does not exist.").format(file=path.name)) from None
    except IsADirectoryError:
        raise ReplayError(_("'{file}' is a folder, not a replay file.").format(file=path.name)) from None
    except UnicodeDecodeError:
        raise ReplayError(_("'{file}' is not a text file, so it is not a Breakaway Box replay.").format(
            file=path.name)) from None
    except OSError as exc:
        raise ReplayError(_("'{file}' could not be read ({reason}).").format(
            file=path.name, reason=exc.strerror or exc.__class__.__name__)) from None


def set_aside_broken(path: Path, problem: str) -> str:
    """Move a replay that cannot be used out of the list; the sentence says what happened."""
    try:
        moved = set_aside(path)
    except OSError:
        return _("{problem} The file '{file}' could not be moved aside.").format(problem=problem, file=path.name)
    return _("{problem} The file was kept as {file} and left out of the list.").format(problem=problem,
                                                                                       file=moved.name)


def list_entries(specs: Mapping[str, GameSpec]) -> tuple[list[ReplayEntry], list[str]]:
    """Archived games and unfinished autosaves, newest first, and a sentence for each file set aside."""
    entries: list[tuple[float, ReplayEntry]] = []
    problems: list[str] = []
    for path in archived_paths():
        try:
            entry = entry_of_text(path, read_text(path), specs)
        except ReplayError as exc:
            problems.append(set_aside_broken(path, _("The replay '{file}' cannot be read: {reason}").format(
                file=path.name, reason=exc)))
            continue
        entries.append((_mtime(path), entry))
    saves, save_problems = autosaves(specs)
    problems.extend(save_problems)
    for info in saves:
        try:
            data = read_json(info.path, N_("The save"))
            moves = len(data["actions"]) if isinstance(data, dict) and isinstance(data.get("actions"), list) else 0
            colours = tuple(str(s.get("colour", "#888888")) for s in data["seats"] if isinstance(s, dict))
        except (FileProblem, KeyError, TypeError):
            continue  # the launcher reports and sets aside broken autosaves when it reads them
        if moves == 0:
            continue  # a game set up but not yet begun has nothing to watch
        entries.append((_mtime(info.path), ReplayEntry(info.path, info.game_id, info.title, info.saved_at,
                                                        info.seat_names, colours, None, moves, False, True)))
    entries.sort(key=lambda pair: pair[0], reverse=True)
    return [entry for _, entry in entries], problems


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def open_entry(entry: ReplayEntry, specs: Mapping[str, GameSpec]) -> Replay:
    """Play a listed game back into a Replay, or raise ReplayError saying what is wrong."""
    if entry.autosave:
        try:
            replay = Replay.of_match(load_match(entry.path, specs))
        except SaveError as exc:
            raise ReplayError(str(exc)) from None
        replay.info = {"played_at": entry.played_at}
        return replay
    return Replay.from_text(read_text(entry.path), specs)


def delete_entry(entry: ReplayEntry) -> str | None:
    """Delete an archived replay; a problem is returned in words (autosaves are never deleted here)."""
    if entry.autosave:
        return _("This game is still being played; finish it or start a new one from the main menu.")
    try:
        entry.path.unlink(missing_ok=True)
        story_path(entry.path).unlink(missing_ok=True)
    except OSError as exc:
        return _("'{file}' could not be deleted ({reason}).").format(
            file=entry.path.name, reason=exc.strerror or exc.__class__.__name__)
    return None


# --- export and import ------------------------------------------------------------------------
#: how a key moment reads in an export (English msgids): the seat's chance went up or down
MOMENT_ROSE = N_("Move {step}: {player}'s chance of winning rose by {change}")
MOMENT_FELL = N_("Move {step}: {player}'s chance of winning fell by {change}")


def key_moment_lines(replay: Replay, story: Story, notes: Sequence[str] = ()) -> list[str]:
    """The story's key moments in words, one line each, in the reader's language; ``notes`` says what happened
    at each (the story chart's ``moment_notes``) and is added in brackets."""
    names = seat_names(replay)
    lines = []
    for index, moment in enumerate(story.key_moments):
        words = _(MOMENT_ROSE if moment.change > 0 else MOMENT_FELL).format(
            step=moment.step, player=names[moment.seat], change=format_percent(abs(moment.change)))
        note = notes[index] if index < len(notes) else ""
        lines.append(f"{words} ({note})" if note else words)
    return lines


def export_text(replay: Replay, story: Story | None = None, notes: Sequence[str] = ()) -> str:
    """A replay file with the story's key moments after the moves, as lines a reader skips (Import reads
    the game alone); a game without a story, or whose story has no key moment, is written as it is."""
    text = replay.to_text()
    if story is None:
        return text
    moments = key_moment_lines(replay, story, notes) or [_("No single move changed the race much.")]
    lines = [COMMENT, f"{COMMENT} {_('Key moments')}", *(f"{COMMENT} {line}" for line in moments)]
    return text + "\n".join(lines) + "\n"


def export_replay(replay: Replay, stem: str, story: Story | None = None, notes: Sequence[str] = ()) -> Path:
    """Write a finished game's replay text (and its story's key moments, see :func:`export_text`) to the exports
    folder under a new name; OSError on a disk problem, ReplayError for a game not over (its seed and moves
    would give every seat's secrets away)."""
    if not replay.secrets_open():
        raise ReplayError(_(EXPORT_CLOSED))
    folder = exports_dir()
    path = folder / f"{stem}{SUFFIX}"
    number = 2
    while path.exists():
        path = folder / f"{stem}-{number}{SUFFIX}"
        number += 1
    write_text_atomic(path, export_text(replay, story, notes))
    return path


def clean_path_text(text: str) -> Path:
    """A path as typed or pasted: quotes and a file:// prefix removed, ~ expanded."""
    text = text.strip().strip("'\"").strip()
    if text.startswith("file://"):
        from urllib.parse import unquote
        text = unquote(text[len("file://"):])
    return Path(text).expanduser()


def import_replay(source: Path, specs: Mapping[str, GameSpec]) -> tuple[ReplayEntry, bool]:
    """Check a replay file by playing it back, then keep a copy in the archive.

    Returns its list entry and whether it was new; ReplayError says why a file
    cannot be imported (the file itself is never changed).
    """
    if not str(source).strip() or str(source) == ".":
        raise ReplayError(_("Type the path of a replay file first (or drop the file onto the window)."))
    replay = Replay.from_text(read_text(source), specs)
    digest = replay.digest()
    try:
        existing = find_archived(digest)
        if existing is not None:
            return entry_of_text(existing, read_text(existing), specs), False
        played_at = _played_at(replay.info)
        replay.info = {**replay.info, "played_at": played_at}
        stem = readable_stem(played_at, replay.spec.id, [s.name for s in replay.seats])
        path = _write_new(replay.to_text(), stem, digest)
    except OSError as exc:
        raise ReplayError(_("The replay could not be copied into your replays folder ({reason}).").format(
            reason=exc.strerror or exc.__class__.__name__)) from None
    return entry_of_text(path, replay.to_text(), specs), True


def _played_at(info: Mapping[str, Any]) -> str:
    value = info.get("played_at")
    if isinstance(value, str) and re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d", value):
        return value
    return time.strftime("%Y-%m-%d %H:%M")
