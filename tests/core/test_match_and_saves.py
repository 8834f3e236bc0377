"""The match (history, information-safe undo, listeners) and saved games."""
from __future__ import annotations

import json
from typing import Any, Mapping

import pytest

from fixture_game import HIGH_CARD
from game.core.jsonfile import write_json_atomic
from game.core.match import LogEntry, Match, Seat, default_seats
from game.core.protocol import Action, Event, GameState, IllegalAction, Outcome, act
from game.core.rng import Rng
from game.core.saves import (SaveError, autosave_path, autosaves, load_match, match_to_save, save_match)
from game.core.settings import Settings, load_settings, save_settings, settings_path
from game.core.spec import GameSpec


class StepState(GameState):
    """Each turn a seat takes two steps of 1 or 2, or rolls a die (a reveal)."""

    game_id = "steps"

    def __init__(self, seats: int = 2, seed: int = 0) -> None:
        self.num_seats = seats
        self.totals = [0] * seats
        self.to_move = 0
        self.steps_taken = 0
        self.rng = Rng(seed)

    @classmethod
    def new(cls, num_seats: int, options: Mapping[str, Any], seed: int) -> "StepState":
        return cls(num_seats, seed)

    def current_seat(self) -> int | None:
        return None if max(self.totals) >= 10 else self.to_move

    def legal_actions(self) -> list[Action]:
        return [act("step", 1), act("step", 2), act("roll")]

    def _apply(self, action: Action) -> list[Event]:
        seat = self.to_move
        if action.kind == "roll":
            value = self.rng.randint(1, 6)
            self.totals[seat] += value
            event = Event(f"Seat {seat} rolls {value}.", "roll", reveals=True)
            self.steps_taken = 2
        else:
            self.totals[seat] += int(action.args[0])
            event = Event(f"Seat {seat} steps {action.args[0]}.")
            self.steps_taken += 1
        if self.steps_taken == 2:
            self.steps_taken = 0
            self.to_move = (seat + 1) % self.num_seats
        return [event]

    def outcome(self) -> Outcome:
        return Outcome.from_scores(self.totals, over=self.is_over())

    def summary(self) -> dict[str, Any]:
        return {"totals": self.totals}

    @property
    def turn(self) -> int:
        return 1

    def view(self, seat: int | None) -> dict[str, Any]:
        data = self.to_json()
        del data["rng"]
        return data

    @classmethod
    def from_view(cls, view: Mapping[str, Any], seed: int) -> "StepState":
        return cls.from_json({**view, "rng": Rng(seed).to_json()})

    def to_json(self) -> dict[str, Any]:
        return {"totals": list(self.totals), "to_move": self.to_move, "steps_taken": self.steps_taken,
                "rng": self.rng.to_json()}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "StepState":
        state = cls(len(data["totals"]))
        state.totals = list(data["totals"])
        state.to_move = data["to_move"]
        state.steps_taken = data["steps_taken"]
        state.rng = Rng.from_json(data["rng"])
        return state


STEPS = GameSpec(id="steps", title="Steps", pitch="", state_class=StepState, min_seats=2, max_seats=2,
                 default_seats=2)


def two_humans() -> Match:
    return Match(STEPS, default_seats(STEPS, ["human", "human"]), {}, seed=1)


def test_undo_within_your_own_decision():
    match = two_humans()
    match.apply(act("step", 2))
    assert match.can_undo()
    match.undo()
    assert match.state.totals == [0, 0] and match.history == [] and match.log == []
    assert not match.can_undo()


def test_no_undo_once_the_turn_passed_to_another_seat():
    match = two_humans()
    match.apply(act("step", 1))
    match.apply(act("step", 1))
    assert match.current_seat == 1
    assert not match.can_undo()
    with pytest.raises(IllegalAction, match="nothing you can take back"):
        match.undo()


def test_no_undo_across_a_die_roll():
    match = two_humans()
    match.apply(act("step", 1))
    match.state.steps_taken = 0  # let seat 0 keep the turn so only the roll blocks undo
    match.apply(act("roll"))
    assert not match.can_undo()


def test_no_undo_for_a_bot_seat():
    match = Match(STEPS, default_seats(STEPS, ["bot:easy", "human"]), {}, seed=1)
    match.apply(act("step", 1))
    assert not match.can_undo()


def test_refused_action_changes_nothing_and_listeners_hear_every_action():
    match = Match(HIGH_CARD, default_seats(HIGH_CARD, ["human", "human"]), {}, seed=3)
    heard: list[int] = []
    match.listeners.append(lambda m, events: heard.append(len(events)))
    before = match.to_json()
    with pytest.raises(IllegalAction, match="no 13 in your hand"):
        match.apply(act("play", 13))
    assert match.to_json() == before and heard == []
    match.apply(match.state.legal_actions()[0])
    assert heard == [1]


def test_log_for_a_seat_hides_private_events():
    match = Match(STEPS, default_seats(STEPS, ["human", "human"]), {}, seed=1)
    match.apply(act("step", 1))
    match.log.append(LogEntry(1, 0, Event("Only seat 0 sees this.", visible_to=(0,))))
    assert len(match.log_for(0)) == 2 and len(match.log_for(1)) == 1 and len(match.log_for(None)) == 1


def played_match(actions: int = 3) -> Match:
    match = Match(HIGH_CARD, default_seats(HIGH_CARD, ["human", "bot:easy"]), {"hand_size": 4}, seed=9)
    for _ in range(actions):
        match.apply(match.state.legal_actions()[0])
    return match


def test_save_and_load_continue_the_same_game(tmp_path):
    match = played_match()
    path = tmp_path / "game.json"
    save_match(match, path)
    loaded = load_match(path, {"high-card": HIGH_CARD})
    assert loaded.state == match.state and loaded.options == match.options
    assert [e.event.text for e in loaded.log] == [e.event.text for e in match.log]
    assert not list(tmp_path.glob("*.tmp"))


@pytest.mark.parametrize("damage, words", [
    (lambda text: text[: len(text) // 2], "damaged or truncated"),
    (lambda text: "", "is empty"),
    (lambda text: text.replace('"version":1', '"version":99'), "another version"),
    (lambda text: text.replace('"format":"breakaway-box-save"', '"format":"other"'), "not a Breakaway Box save"),
    (lambda text: text.replace('"game":"high-card"', '"game":"chess"'), "unknown game"),
    (lambda text: text.replace('"seed":9', '"seed":"nine"'), "incomplete or damaged"),
    (lambda text: text.replace('"actions":[[', '"actions":[[7,"play 1"],['), "cannot be replayed"),
    (lambda text: text.replace('"deck":[', '"deck":[5,'), "does not match its own moves"),
    (lambda text: text.replace('"seats":[', '"seats":[{"name":"X","colour":"#000000","controller":"wizard"},'),
     "incomplete or damaged"),
])
def test_a_broken_save_is_explained_not_crashed_on(tmp_path, damage, words):
    path = tmp_path / "game.json"
    save_match(played_match(), path)
    path.write_text(damage(path.read_text()))
    with pytest.raises(SaveError, match=words):
        load_match(path, {"high-card": HIGH_CARD})


def test_random_bytes_are_a_clear_error(tmp_path):
    path = tmp_path / "game.json"
    path.write_bytes(bytes(range(256)) * 4)
    with pytest.raises(SaveError):
        load_match(path, {"high-card": HIGH_CARD})


def test_autosave_listing_sets_broken_files_aside_and_skips_finished_games():
    specs = {"high-card": HIGH_CARD}
    match = played_match()
    save_match(match, autosave_path("high-card"))
    broken = autosave_path("broken")
    broken.write_text("{not json")
    found, problems = autosaves(specs)
    assert [info.game_id for info in found] == ["high-card"]
    assert len(problems) == 1 and "kept as autosave-broken.broken-" in problems[0]
    assert not broken.exists() and list(broken.parent.glob("autosave-broken.broken-*.json"))
    while not match.is_over():
        match.apply(match.state.legal_actions()[0])
    write_json_atomic(autosave_path("high-card"), match_to_save(match))
    assert autosaves(specs)[0] == []


def test_settings_persist_and_a_damaged_file_falls_back_to_defaults():
    settings = Settings(volume=0.3, colour_blind=True, animation_speed="fast")
    save_settings(settings)
    loaded, problem = load_settings()
    assert problem is None and loaded.volume == 0.3 and loaded.colour_blind and loaded.animation_factor == 0.5
    settings_path().write_text(json.dumps({"volume": 7, "animation_speed": "warp", "window_width": 10}))
    loaded, problem = load_settings()
    assert problem is None and loaded.volume == 1.0 and loaded.animation_speed == "normal"
    assert loaded.window_width == 640
    settings_path().write_text("[1, 2")
    loaded, problem = load_settings()
    assert loaded == Settings() and "damaged" in problem and "kept as" in problem


def test_seats_refuse_unknown_controllers():
    assert Seat.from_json({"name": "Anna", "colour": "#fff"}).is_human
    assert Seat("Bot", "#000", "bot:hard").bot_level == "hard"
    with pytest.raises(ValueError):
        Seat.from_json({"name": "X", "colour": "#000", "controller": "bot:godlike"})
