"""Rules never import pygame: checked statically, since pytmx drags pygame into sys.modules."""
from __future__ import annotations

import ast
from pathlib import Path

GAME = Path(__file__).resolve().parents[1] / "game"
FORBIDDEN = ("pygame", "pytmx.util_pygame")


def engine_files() -> list[Path]:
    """game/core and every game module that is not a scene (UI files have 'scene' in their name)."""
    files = list((GAME / "core").rglob("*.py"))
    files += [p for p in (GAME / "games").rglob("*.py") if "scene" not in p.name and "ui" not in p.parts]
    return files


def imported_modules(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_engines_never_import_pygame():
    offenders = {}
    for path in engine_files():
        bad = [m for m in imported_modules(path) if any(m == f or m.startswith(f + ".") for f in FORBIDDEN)]
        if bad:
            offenders[str(path.relative_to(GAME.parent))] = bad
    assert offenders == {}


def test_the_check_sees_the_engine_files():
    names = {p.name for p in engine_files()}
    assert {"protocol.py", "match.py", "rng.py"} <= names
