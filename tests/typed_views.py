"""Checks a game's view against the TypedDicts that describe it (game/games/<game>/views.py).

A key the view has and the type does not name, a required key it lacks or a value of another type is a
problem: the types are only worth having while they say what the view really holds.
"""
from __future__ import annotations

import types
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints, is_typeddict


def view_problems(value: Any, expected: Any, where: str = "view") -> list[str]:
    """Every way ``value`` differs from the type ``expected``, each as 'where: what'."""
    if expected is Any:
        return []
    if is_typeddict(expected):
        if not isinstance(value, dict):
            return [f"{where}: {type(value).__name__}, not a dict"]
        hints = get_type_hints(expected)
        found = [f"{where}: lacks '{key}'" for key in sorted(expected.__required_keys__) if key not in value]
        found += [f"{where}: '{key}' is not in {expected.__name__}" for key in value if key not in hints]
        for key, item in value.items():
            if key in hints:
                found += view_problems(item, hints[key], f"{where}.{key}")
        return found
    origin, args = get_origin(expected), get_args(expected)
    if origin in (Union, types.UnionType):
        if value is not None:  # a value that is there is judged by the types it could be
            args = tuple(alternative for alternative in args if alternative is not type(None)) or args
        each = [view_problems(value, alternative, where) for alternative in args]
        return [] if any(not found for found in each) else min(each, key=len)
    if origin is Literal:
        return [] if value in args else [f"{where}: {value!r} is not one of {args}"]
    if origin in (list, tuple):
        if not isinstance(value, (list, tuple)):
            return [f"{where}: {type(value).__name__}, not a list"]
        item_type = args[0] if args else Any
        return [problem for index, item in enumerate(value)
                for problem in view_problems(item, item_type, f"{where}[{index}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where}: {type(value).__name__}, not a dict"]
        item_type = args[1] if args else Any
        return [problem for key, item in value.items() for problem in view_problems(item, item_type, f"{where}.{key}")]
    if expected is None or expected is type(None):
        return [] if value is None else [f"{where}: {value!r}, not None"]
    if expected is float:
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
    elif expected is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
    else:
        ok = isinstance(value, expected)
    return [] if ok else [f"{where}: {value!r} is not {getattr(expected, '__name__', expected)}"]

