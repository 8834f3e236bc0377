"""The app shell sits on top: screens, widgets, engines and games never import ``game.app`` when they run."""
from __future__ import annotations

import ast
from pathlib import Path

GAME = Path(__file__).resolve().parents[1] / "game"
#: the layers below the app shell (game/cli.py, the entry point, starts the app and is above it)
BELOW_THE_APP = ("core", "games", "scenes", "ui")


def run_time_imports(tree: ast.AST) -> set[str]:
    """Modules imported anywhere in ``tree`` except under ``if TYPE_CHECKING:`` (annotations only)."""
    names: set[str] = set()
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            names |= set().union(*(run_time_imports(child) for child in node.orelse)) if node.orelse else set()
            continue
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
        names |= run_time_imports(node)
    return names


def test_nothing_below_the_app_shell_imports_it_at_run_time():
    offenders = [str(path.relative_to(GAME.parent)) for layer in BELOW_THE_APP for path in (GAME / layer).rglob("*.py")
                 if "game.app" in run_time_imports(ast.parse(path.read_text(encoding="utf-8"), str(path)))]
    assert offenders == []


def test_the_check_sees_a_run_time_import_and_leaves_an_annotation_import():
    tree = ast.parse("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from game.app import App\n"
                     "def size():\n    from game.app import screen_size\n    return screen_size()\n")
    assert "game.app" in run_time_imports(tree)
    assert "game.app" not in run_time_imports(ast.parse("if TYPE_CHECKING:\n    from game.app import App\n"))
