"""Replay files are never trusted: any damage is a ReplayError in words, and nothing else is lost.

The same holds for the archive folder: junk in it is reported and set aside (renamed, never
deleted) while every good replay is still listed.
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from fixture_game import HIGH_CARD
from game.core import archive
from game.core.match import Match, Seat, default_seats
from game.core.replay import HEADER, Replay, ReplayError
from game.core.saves import autosave_path, save_match

SPECS = {"high-card": HIGH_CARD}


def finished_match(seed: int = 3, humans: int = 1) -> Match:
    controllers = ["human"] * humans + ["bot:easy"] * (3 - humans)
    match = Match(HIGH_CARD, default_seats(HIGH_CARD, controllers), {"hand_size": 4}, seed)
    while not match.is_over():
        match.apply(match.state.legal_actions()[0])
    return match


def good_text(seed: int = 3) -> str:
    return Replay.of_match(finished_match(seed)).to_text()


def parses_or_says_why(text: str) -> Replay | None:
    """The only outcomes allowed for any text: a replay, or a ReplayError with a sentence."""
    try:
        return Replay.from_text(text, SPECS)
    except ReplayError as exc:
        assert str(exc) and str(exc)[0].isupper() and str(exc).endswith((".", ")", "'")), str(exc)
        return None


def test_every_truncation_is_a_shorter_game_or_a_clear_error():
    text = good_text()
    for cut in range(0, len(text), 7):
        replay = parses_or_says_why(text[:cut])
        if replay is not None:
            assert replay.to_text().count("\nmove ") <= text.count("\nmove ")


@pytest.mark.parametrize("line, expected", [
    ("options [1, 2]", "options are not a table"),
    ('options {"hand_size": "four"}', "setup is not valid"),
    ('options {"hand_size": 1e400}', "setup is not valid"),
    ("seed twelve", "Line"),
    ("seed " + "9" * 5000, "Line"),
    ('seat "Anna"', "not a table"),
    ('seat {"name": "Anna"}', "Line"),
    ('seat {"name": "Anna", "colour": "red"}', "not a colour"),
    ('seat {"name": "", "colour": "#E69F00"}', "not a usable name"),
    ('seat {"name": "Anna", "colour": "#E69F00", "controller": "wizard"}', "unknown controller"),
    ("move x play 3", "Line"),
    ("move 0", "empty move"),
    ("move 99999999999999999999999 play 1", "wrong seat"),
    ("move 0 play 99999999999999999999999999", "refused|cannot be played"),
    ("move -1 play 1", "wrong seat"),
    ("teleport 0 0", "unknown entry"),
    ("game high-card", "given twice"),
])
def test_wrong_types_and_huge_numbers_are_reported(line: str, expected: str):
    lines = good_text().splitlines()
    if line.startswith(("options", "seed")):
        key = line.split(" ")[0]
        lines = [line if existing.startswith(key + " ") else existing for existing in lines]
    elif line.startswith("seat"):
        lines.insert(5, line)
    elif line.startswith("move"):
        first_move = next(i for i, existing in enumerate(lines) if existing.startswith("move"))
        lines[first_move] = line
    else:
        lines.insert(3, line)
    with pytest.raises(ReplayError, match=expected):
        Replay.from_text("\n".join(lines), SPECS)


def test_wrong_header_version_and_game_are_named():
    text = good_text()
    with pytest.raises(ReplayError, match="another version"):
        Replay.from_text(text.replace(HEADER, "# Breakaway Box replay v7"), SPECS)
    with pytest.raises(ReplayError, match="not a Breakaway Box replay"):
        Replay.from_text("# Chess PGN\n" + text, SPECS)
    with pytest.raises(ReplayError, match="unknown game"):
        Replay.from_text(text.replace("game high-card", "game chess"), SPECS)
    with pytest.raises(ReplayError, match="too large"):
        Replay.from_text(HEADER + "\n" + "x" * 2_100_000, SPECS)


def test_illegal_and_extra_moves_are_named_with_their_number():
    text = good_text()
    moves = [line for line in text.splitlines() if line.startswith("move")]
    swapped = text.replace(moves[0], moves[0].replace("move 0", "move 1"), 1)
    with pytest.raises(ReplayError, match="Move 1 .* wrong seat"):
        Replay.from_text(swapped, SPECS)
    with pytest.raises(ReplayError, match=f"Move {len(moves) + 1} .* after the end"):
        Replay.from_text(text + moves[-1] + "\n", SPECS)
    refused = text.replace(moves[2], moves[2].rsplit(" ", 1)[0] + " 77", 1)
    with pytest.raises(ReplayError, match="Move 3 .* refused"):
        Replay.from_text(refused, SPECS)


def test_random_bytes_and_random_edits_never_raise_anything_else():
    rng = random.Random(20)
    text = good_text()
    for _ in range(150):
        junk = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 400))).decode("latin-1")
        parses_or_says_why(junk)
        parses_or_says_why(HEADER + "\n" + junk)
        chars = list(text)
        for _ in range(rng.randrange(1, 6)):
            chars[rng.randrange(len(chars))] = rng.choice("0123456789 {}[]\":,-xé\n#")
        parses_or_says_why("".join(chars))


def test_the_info_line_is_shown_in_lists_but_never_trusted_for_play():
    text = good_text()
    lying = text.replace('"winner": "', '"winner": "Nobody', 1)
    replay = Replay.from_text(lying, SPECS)
    assert replay.winner_name() != replay.info["winner"]
    assert Replay.from_text(replay.to_text(), SPECS).to_text() == text


# --- the archive folder ---------------------------------------------------------------------------
def test_a_finished_match_is_archived_once_under_a_readable_name():
    match = finished_match()
    first = archive.archive_match(match)
    again = archive.archive_match(match)
    assert first.new and not again.new and first.path == again.path
    assert first.path is not None and first.path.name.count("_") >= 3 and "Orange-Sky-Green" in first.path.name
    assert len(archive.archived_paths()) == 1
    unfinished = Match(HIGH_CARD, default_seats(HIGH_CARD, ["human", "human"]), {}, 1)
    assert archive.archive_match(unfinished) == archive.ArchiveResult(None, False)


def test_only_the_newest_are_kept():
    for seed in range(5):
        archive.archive_match(finished_match(seed))
    archive.prune(keep=3)
    assert len(archive.archived_paths()) == 3


def test_junk_in_the_archive_folder_is_set_aside_and_the_rest_listed():
    good = archive.archive_match(finished_match()).path
    folder = archive.archive_dir()
    junk = {
        "random.txt": bytes(range(256)) * 3,
        "empty.txt": b"",
        "wrong-game.txt": good_text().replace("game high-card", "game chess").encode(),
        "not-a-replay.txt": b"hello",
    }
    for name, data in junk.items():
        (folder / name).write_bytes(data)
    (folder / "a-folder.txt").mkdir()
    (folder / "notes.md").write_text("mine")
    entries, problems = archive.list_entries(SPECS)
    assert [e.path for e in entries] == [good]
    assert len(problems) == len(junk) and all("kept as" in p for p in problems)
    left = {p.name for p in folder.iterdir()}
    assert "notes.md" in left and "a-folder.txt" in left and good.name in left
    assert sum(".broken-" in name for name in left) == len(junk)
    entries, problems = archive.list_entries(SPECS)
    assert [e.path for e in entries] == [good] and problems == [], "set-aside files are never read again"


def test_a_replay_with_a_bad_move_is_listed_but_refused_when_opened():
    path = archive.archive_match(finished_match()).path
    assert path is not None
    text = path.read_text()
    last_move = [line for line in text.splitlines() if line.startswith("move")][-1]
    path.write_text(text.replace(last_move, last_move.rsplit(" ", 1)[0] + " 99"))
    entries, _ = archive.list_entries(SPECS)
    with pytest.raises(ReplayError, match="refused"):
        archive.open_entry(entries[0], SPECS)


def test_unfinished_autosaves_are_listed_so_far_and_open_as_replays():
    match = Match(HIGH_CARD, [Seat("Anna", "#E69F00"), Seat("Bob", "#56B4E9")], {}, 2)
    for _ in range(3):
        match.apply(match.state.legal_actions()[0])
    save_match(match, autosave_path("high-card"))
    entries, problems = archive.list_entries(SPECS)
    assert problems == [] and len(entries) == 1
    entry = entries[0]
    assert entry.autosave and not entry.finished and entry.moves == 3 and entry.names == ("Anna", "Bob")
    assert len(archive.open_entry(entry, SPECS)) == 3
    assert archive.delete_entry(entry) is not None and autosave_path("high-card").exists()


def test_export_then_import_gives_the_same_game(tmp_path: Path):
    match = finished_match()
    archive.archive_match(match)
    entry = archive.list_entries(SPECS)[0][0]
    exported = archive.export_replay(archive.open_entry(entry, SPECS), entry.stem)
    assert exported.parent == archive.exports_dir() and exported.read_text().startswith(HEADER)
    assert archive.export_replay(archive.open_entry(entry, SPECS), entry.stem) != exported
    imported, new = archive.import_replay(exported, SPECS)
    assert not new and imported.path == entry.path
    archive.delete_entry(entry)
    imported, new = archive.import_replay(archive.clean_path_text(f"'{exported}'"), SPECS)
    assert new and archive.open_entry(imported, SPECS).final == match.state
    with pytest.raises(ReplayError, match="does not exist"):
        archive.import_replay(tmp_path / "missing.txt", SPECS)
    with pytest.raises(ReplayError, match="Type the path"):
        archive.import_replay(archive.clean_path_text("  "), SPECS)


def test_a_game_set_up_but_not_begun_is_not_listed():
    match = Match(HIGH_CARD, [Seat("Anna", "#E69F00"), Seat("Bob", "#56B4E9")], {}, 2)
    save_match(match, autosave_path("high-card"))
    entries, problems = archive.list_entries(SPECS)
    assert problems == [] and entries == []
