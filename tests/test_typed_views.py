"""The check that compares a view with its TypedDicts finds what it is there to find."""
from __future__ import annotations

from typing import TypedDict

from typed_views import view_problems


class Inner(TypedDict, total=False):
    count: int


class Outer(TypedDict):
    name: str
    inner: Inner | None
    cards: list[int]


def test_a_view_as_its_types_say_has_no_problem():
    assert view_problems({"name": "a", "inner": None, "cards": [1, 2]}, Outer) == []
    assert view_problems({"name": "a", "inner": {}, "cards": []}, Outer) == []


def test_a_missing_key_an_extra_key_and_a_wrong_type_are_each_named():
    assert view_problems({"inner": {"count": True, "other": 1}, "cards": ["x"]}, Outer) == [
        "view: lacks 'name'", "view.inner: 'other' is not in Inner", "view.inner.count: True is not int",
        "view.cards[0]: 'x' is not int"]
