"""Atomic JSON files: write to a temporary file, then replace.

A crash or power cut mid-write leaves the old file intact.  A file that cannot
be read is set aside under a new name, never silently overwritten.
"""
from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any

from game.i18n import _


class FileProblem(Exception):
    """A file that could not be read or written, explained for a player."""


def write_json_atomic(path: Path, data: Any) -> None:
    write_text_atomic(path, json_text(data))


def json_text(data: Any) -> str:
    """The compact JSON text written for ``data`` (encoded in C: json.dump to a file is pure Python)."""
    return json.dumps(data, separators=(",", ":"))


def write_text_atomic(path: Path, text: str) -> None:
    """Write already encoded text atomically (lets a caller encode now and write on another thread)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def read_json(path: Path, what: str) -> Any:
    """Parse a JSON file or raise FileProblem naming ``what`` it is and why it failed.

    ``what`` is an English msgid with its article, marked with ``N_()`` ("The settings file").
    """
    name = _(what)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise FileProblem(_("{what} '{file}' does not exist.").format(what=name, file=path.name)) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise FileProblem(_("{what} '{file}' could not be read ({reason}).").format(
            what=name, file=path.name, reason=exc.__class__.__name__)) from None
    if not text.strip():
        raise FileProblem(_("{what} '{file}' is empty.").format(what=name, file=path.name))
    try:
        return json.loads(text)
    except (json.JSONDecodeError, RecursionError) as exc:
        detail = getattr(exc, "msg", "too deeply nested")
        raise FileProblem(_("{what} '{file}' is damaged or truncated ({reason}).").format(
            what=name, file=path.name, reason=detail)) from None


def set_aside(path: Path) -> Path:
    """Rename a broken file so that nothing overwrites it; returns the new path."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}.broken-{stamp}{path.suffix}")
    counter = 1
    while target.exists():
        target = path.with_name(f"{path.stem}.broken-{stamp}-{counter}{path.suffix}")
        counter += 1
    os.replace(path, target)
    return target
