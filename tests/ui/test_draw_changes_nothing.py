"""Drawing changes nothing: every screen, drawn twice after an update, is left as it was.

Input and update work out what a frame shows and where its click areas are; ``draw()`` only paints
it (see docs/ARCHITECTURE.md).  A draw that changed the scene would make what a player clicks depend
on whether a frame happened to be drawn, and a screenshot would not show the state a test checked.

A scene is compared as a deep snapshot of its attributes (and of the objects it holds) before a draw,
after it, and after a second one.  Left out of the snapshot, as memoised drawing and no state:
* pygame surfaces and fonts (pictures already painted), functions and bound methods;
* the app shell, the theme and the assets (their image and layout caches are filled while painting);
* worker threads, their locks and what they hand back (the autosave writer);
* the attributes named in ``MEMOS``: each remembers a picture or a value computed from the state, under
  the key it was computed for, so that the next frame need not compute it again.
"""
from __future__ import annotations

import enum
import functools
import pickle
import random
import re
import threading
import types
from typing import Any, Callable

import pygame
import pytest

from game.app import FIXED_DT, App
from game.core.match import Match, Seat
from game.core.replay import Replay
from game.games import all_specs
from game.ui.match_scene import MatchScene
from game.ui.theme import Theme
from ui_support import make_app, step

SPECS = all_specs()

#: memoised drawing: (class name, attribute) -> why it may change while drawing
MEMOS: dict[tuple[str, str], str] = {
    ("MatchScene", "_view"): "the view of the state for the eyes at the screen, read once per change",
    ("MatchScene", "_view_key"): "what the view was read for",
    ("LogPanel", "_lines"): "the log's rows wrapped to the panel, on first need",
    ("LogPanel", "_line_entry"): "which row each wrapped line belongs to, with them",
    ("LogPanel", "_wrapped"): "how many rows are wrapped, with them",
    ("LogPanel", "_wrapped_version"): "the words' version they were wrapped in, with them",
    ("LogPanel", "_painted_key"): "what the panel's picture shows",
    ("GameState", "_legal"): "an engine's legal moves, listed on first need",
    ("KnotArt", "_cache"): "Breakout's pieces, painted on first need",
    ("RiderIcons", "_cache"): "Leader 1's riders, painted on first need",
    ("LogPanel", "_box"): "the panel's box, painted on first need",
    ("LogPanel", "_theme"): "the app's theme, kept from the first drawing for measuring rows under the pointer",
    ("BreakoutScene", "_board"): "the wall's picture",
    ("BreakoutScene", "_caption"): "the caption's picture",
    ("FootballScene", "_scoreboard"): "the scoreboard's picture",
    ("FootballScene", "_bar_text"): "the bar's words for the view they were worked out for",
    ("BreakingAwayScene", "_boards"): "the line boards' rows for the view they were worked out for",
    ("BreakingAwayScene", "_sheet_rows"): "the team sheet's rows for the view they were worked out for",
    ("BreakawayRiderScene", "_resting_shown"): "the table as the resting view shows it, per view",
    ("Panels", "_seats"): "Breakaway Rider's seat panels, painted per look",
    ("Panels", "_column"): "Breakaway Rider's side panels, painted per look",
    ("Leader1Scene", "buttons"): "the choices' buttons, made on first need per state (input asks the same way)",
}

#: the shell's assets, the autosave worker, and the games' painters (each keeps the pictures it painted)
OPAQUE_CLASS_NAMES = ("Assets", "AutosaveWriter", "RiderArt", "CardArt", "KnotArt", "RiderIcons", "PanelCache",
                      "PictureCache")
#: objects the snapshot does not look into (shared shell, caches of pictures, threads)
OPAQUE_TYPES: tuple[type, ...] = (pygame.Surface, pygame.font.Font, types.FunctionType, types.MethodType,
                                  types.BuiltinFunctionType, types.ModuleType, type, threading.Thread,
                                  type(threading.Lock()), threading.Condition, threading.Event, App, Theme)


#: memoised drawing by its name: a picture (layer, image, picture, painted…), a cache, or the key or look
#: a memo was made for
MEMO_NAME = re.compile(r"(^|_)(layers?|pictures?|painted|images?|cache|blits)(_|$)|_key$|_look$")


def is_memo(owner: object, name: str) -> bool:
    return _is_memo_of(type(owner), name)


@functools.cache
def _is_memo_of(kind: type, name: str) -> bool:
    """Whether ``name`` is a memo on objects of ``kind`` (asked for every attribute of every object met)."""
    return MEMO_NAME.search(name) is not None or any((cls.__name__, name) in MEMOS for cls in kind.__mro__)


@functools.cache
def _slot_names(kind: type) -> tuple[str, ...]:
    """The attributes that ``kind`` and its bases keep in slots rather than in ``__dict__``."""
    return tuple(n for cls in kind.__mro__ for n in getattr(cls, "__slots__", ()) if isinstance(n, str) and n != "__dict__")


@functools.cache
def _worked_out_on_first_need(kind: type, name: str) -> bool:
    return isinstance(getattr(kind, name, None), functools.cached_property)


#: the types of most values met, copied as they are without asking further
PLAIN_TYPES = frozenset((type(None), bool, int, float, str, bytes))


def snapshot(value: Any, done: dict[int, Any] | None = None, path: str = "scene") -> Any:
    """A comparable copy of ``value``: plain data, with each object as its class name and attributes.

    An object met again is copied the same wherever it is met; one met inside itself is a cycle."""
    done = {} if done is None else done
    if type(value) in PLAIN_TYPES:
        return value
    if value is None or isinstance(value, (bool, int, float, str, bytes, enum.Enum)):
        return value
    if isinstance(value, (pygame.Rect, pygame.FRect)):
        return ("Rect", tuple(value))
    if isinstance(value, pygame.Color):
        return ("Color", tuple(value))
    if isinstance(value, OPAQUE_TYPES) or type(value).__name__ in OPAQUE_CLASS_NAMES:
        return type(value).__name__
    if id(value) in done:
        return done[id(value)]
    done[id(value)] = "cycle"
    done[id(value)] = copied = _copy(value, done, path)
    return copied


def _copy(value: Any, done: dict[int, Any], path: str) -> Any:
    if isinstance(value, dict):
        return {repr(k): snapshot(v, done, f"{path}[{k!r}]") for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [type(value).__name__, *(snapshot(v, done, f"{path}[{i}]") for i, v in enumerate(value))]
    if isinstance(value, (set, frozenset)):
        return ("set", sorted(repr(v) for v in value))
    fields: dict[str, Any] = {}
    kind = type(value)
    for name in [*getattr(value, "__dict__", {}), *_slot_names(kind)]:
        if _is_memo_of(kind, name) or not hasattr(value, name):
            continue
        if _worked_out_on_first_need(kind, name):
            continue  # worked out on first need, then kept
        fields[f".{name}"] = snapshot(getattr(value, name), done, f"{path}.{name}")
    return (type(value).__name__, fields)


def differences(before: Any, after: Any, path: str = "scene") -> list[str]:
    if type(before) is not type(after):
        return [f"{path}: {before!r:.120} -> {after!r:.120}"]
    if isinstance(before, dict):
        found = []
        for key in before.keys() | after.keys():
            if key not in before or key not in after:
                found.append(f"{path}[{key}]: only {'after' if key in after else 'before'}")
            else:
                found += differences(before[key], after[key], f"{path}{key}" if key.startswith(".") else f"{path}[{key}]")
        return found
    if isinstance(before, (list, tuple)) and len(before) == len(after):
        found = []
        for index, (b, a) in enumerate(zip(before, after)):
            # an object is (class name, attributes): its attributes are named from the object's path
            found += differences(b, a, path if isinstance(before, tuple) else f"{path}[{index}]")
        return found
    return [] if before == after else [f"{path}: {before!r:.120} -> {after!r:.120}"]


def changes(before: Any, after: Any) -> list[str]:
    """:func:`differences`, after a quick look for the usual answer: snapshots whose pickles are the same
    bytes hold the same types and values everywhere, so they have none (a NaN left as it was among them)."""
    try:
        if pickle.dumps(before, pickle.HIGHEST_PROTOCOL) == pickle.dumps(after, pickle.HIGHEST_PROTOCOL):
            return []
    except (pickle.PicklingError, TypeError, AttributeError, RecursionError):
        pass  # (an enum of a test's own cannot be pickled: the walk below compares it)
    return differences(before, after)


def assert_draw_changes_nothing(app: App) -> None:
    """Two frames' drawing of the screen on top (and of those under an overlay) leave every scene as it was."""
    scenes = list(app.manager.stack)
    before = [snapshot(scene) for scene in scenes]
    app.render()
    first = [snapshot(scene) for scene in scenes]
    app.render()
    second = [snapshot(scene) for scene in scenes]
    for scene, b, f, s in zip(scenes, before, first, second):
        changed = [*changes(b, f), *changes(f, s)]
        assert not changed, f"drawing {type(scene).__name__} changed it:\n" + "\n".join(sorted(set(changed))[:40])


#: a short setup of each game: seats and options
SHORT = {"breaking-away": (3, {}), "breakaway-rider": (2, {"stages": 3}), "leader-1": (2, {}),
         "breakaway-football": (2, {}), "breakout": (2, {})}


def played(game_id: str, moves: int | None, seed: int = 3, humans: int = 1) -> Match:
    """A guided game of ``humans`` humans and bots after ``moves`` seeded random moves (None: to the end)."""
    spec = SPECS[game_id]
    seats_count, options = SHORT[game_id]
    seats = [Seat(f"Player{i + 1}", spec.colours[i][1], "human" if i < humans else "bot:easy")
             for i in range(seats_count)]
    match = Match(spec, seats, options, seed, guided=True)
    rng = random.Random(seed)
    while not match.is_over() and (moves is None or len(match.history) < moves):
        match.apply(rng.choice(match.state.legal_actions()))
    return match


def settled(app: App, frames: int = 40) -> App:
    step(app, frames)
    return app


def until_the_human_may_move(app: App) -> MatchScene:
    """Frames (each an update, then the drawing) until the human at the screen may move."""
    table = app.manager.stack[0]
    assert isinstance(table, MatchScene)
    for _frame in range(200):  # the bots have their turns
        step(app)
        if app.manager.top is table and table.can_act and not table.is_animating():
            break
    return table


def shown(app: App, open_scene: Callable[[], Any]) -> None:
    app.manager.push(open_scene())
    settled(app, 5)
    assert_draw_changes_nothing(app)
    app.manager.pop()
    step(app)


def test_the_shell_screens():
    app = settled(make_app(game_specs=SPECS), 3)
    assert_draw_changes_nothing(app)
    spec = SPECS["breaking-away"]
    for open_scene in (app.scenes.settings, app.scenes.records, app.scenes.replays,
                       lambda: app.scenes.rules(spec), lambda: app.scenes.setup(spec)):
        shown(app, open_scene)


@pytest.mark.parametrize("game_id", sorted(SHORT))
@pytest.mark.parametrize("moves", [0, 7, 40])
def test_each_game_table_its_pause_and_curtain(game_id, moves):
    app = make_app(game_specs=SPECS)
    app.start_match(played(game_id, moves))
    table = until_the_human_may_move(app)
    assert_draw_changes_nothing(app)
    shown(app, lambda: app.scenes.pause(table))
    shown(app, lambda: app.scenes.curtain(table, 1))
    # the frame right after a move: its update has run, its drawing has not (the log and the hint are new)
    if app.manager.top is table and table.can_act:
        assert table.submit(random.Random(moves).choice(table.match.state.legal_actions()))
        app.manager.update(FIXED_DT)
        assert_draw_changes_nothing(app)


@pytest.mark.parametrize("game_id", sorted(SHORT))
def test_each_game_results_and_replay(game_id):
    match = played(game_id, None)
    app = make_app(game_specs=SPECS)
    app.start_match(match)
    settled(app, 60)
    assert type(app.manager.top).__name__ == "ResultsScene"
    assert_draw_changes_nothing(app)
    app.manager.reset(app.scenes.launcher())
    shown(app, lambda: app.scenes.replay_viewer(Replay.of_match(match), "Player1"))


def test_football_focus_past_a_shrunken_hand_is_brought_back_by_the_update():
    """A card played from the keyboard leaves the focus past the end of the hand until the next update."""
    app = make_app(game_specs=SPECS)
    app.start_match(played("breakaway-football", 5))
    table = until_the_human_may_move(app)
    assert table.hand_mode(table.view), "the hand is on the table"
    table.keyboard, table.focus_zone, table.focus_index = True, "cards", 99
    app.manager.update(FIXED_DT)
    assert_draw_changes_nothing(app)


def test_a_results_summary_scrolled_past_its_end_is_brought_back_by_the_update():
    """The summary's scroll is kept within its lines by the update (the lines may have become fewer)."""
    app = make_app(game_specs=SPECS)
    app.start_match(played("breakaway-rider", None))
    results = settled(app, 60).manager.top
    assert type(results).__name__ == "ResultsScene"
    results.summary_scroll = 99
    app.manager.update(FIXED_DT)
    assert_draw_changes_nothing(app)
