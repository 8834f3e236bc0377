"""The shell's screens put engine words into the reader's language: the log with the seats' names, refusals
as toasts, the results' note, default seat names, and a game set up in German saved with English defaults."""
from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from fixture_game import HighCardState
from game import i18n
from game.core.match import LogEntry, Match, Seat
from game.core.protocol import Action, Event, IllegalAction, Outcome
from game.i18n import Message, SeatName
from high_card_scene import HighCardScene, high_card_spec
from ui_support import make_app, step


@pytest.fixture(autouse=True)
def english_again():
    yield
    i18n.set_language("en")


class WordyHighCard(HighCardState):
    """High Card whose words are messages, as the converted engines' are."""

    def check(self, action: Action) -> None:
        if action.kind != "play" or not action.args or action.args[0] not in self.hands[self.to_move]:
            raise IllegalAction(Message("Please wait: it is {name}'s turn.",
                                        name=SeatName(1 - self.to_move, Message("Seat {number}", number=2))))

    def _apply(self, action: Action) -> list[Event]:
        seat = self.to_move
        events = super()._apply(action)
        played = events[0]
        return [Event(Message("{name} wins!", name=SeatName(seat, "Seat")), played.kind, played.data,
                      reveals=played.reveals)] + events[1:]

    def outcome(self) -> Outcome:
        plain = super().outcome()
        return dataclasses.replace(plain, note=Message("{name} won", name=SeatName(0, "Seat 1")))


def wordy_specs() -> dict[str, Any]:
    spec = dataclasses.replace(high_card_spec(), state_class=WordyHighCard)
    return {spec.id: spec}


def start(app, seats: list[Seat], seed: int = 7) -> HighCardScene:
    app.new_match(app.specs["high-card"], seats, {}, seed)
    step(app)
    scene = app.manager.find(HighCardScene)
    assert scene is not None
    return scene


def test_the_log_and_refusals_use_the_readers_language_and_the_seats_shown_names():
    app = make_app(game_specs=wordy_specs())
    app.set_language("de")
    scene = start(app, [Seat("Green", "#009E73"), Seat("Anna", "#E69F00", "bot:easy")], seed=3)
    while scene.match.current_seat != 0:
        step(app)
    scene.submit(Action("play", (99,)))
    assert scene.toasts.texts()[-1] == "Bitte warten: Anna ist am Zug."
    scene.play(scene.view["hand"][0])
    step(app)
    rows = [row[0] for row in scene._read_log()]
    assert "Grün gewinnt!" in rows
    assert scene.seat_name(0) == "Grün"
    app.set_language("en")
    assert "Green wins!" in [row[0] for row in scene._read_log()], "another language reads the log again"


def test_a_scene_may_still_word_its_log_itself():
    class OwnWords(HighCardScene):
        def log_text(self, entry: LogEntry) -> str:
            return "own: " + entry.event.english()

    spec = dataclasses.replace(high_card_spec(), state_class=WordyHighCard, scene=lambda: OwnWords)
    app = make_app(game_specs={spec.id: spec})
    scene = start(app, [Seat("Anna", "#E69F00"), Seat("Ben", "#56B4E9", "bot:easy")])
    for _ in range(40):
        step(app)
    assert all(row[0].startswith("own: ") for row in scene._read_log())


def test_the_results_note_and_names_read_in_german():
    app = make_app(game_specs=wordy_specs())
    app.set_language("de")
    scene = start(app, [Seat("Green", "#009E73"), Seat("Sky", "#56B4E9")], seed=3)
    match: Match = scene.match
    while not match.is_over():
        match.apply(match.state.legal_actions()[0])
    results = app.scenes.results(scene)
    app.manager.push(results)
    step(app)
    from game.i18n import words
    assert words(results.outcome.note, match.names()) == "Grün hat gewonnen"
    assert "Green" not in results.headline() and "Sky" not in results.headline()


def test_a_game_set_up_in_german_keeps_its_default_names_in_english():
    app = make_app()
    app.set_language("de")
    setup = app.scenes.setup(app.specs["high-card"])
    app.manager.push(setup)
    step(app)
    assert [seat.name for seat in setup.seats] == ["Orange", "Hellblau"]
    setup.seats[1].controller = "human"
    setup.start()
    step(app, frames=2)
    scene = app.manager.find(HighCardScene)
    assert [seat.name for seat in scene.match.seats] == ["Orange", "Sky"]
    assert scene.seat_name(1) == "Hellblau"
    app.set_language("fr")
    assert scene.seat_name(1) == i18n._("Sky") != "Sky"


def test_a_rematch_setup_shows_default_names_in_the_readers_language_and_keeps_chosen_ones():
    app = make_app()
    app.set_language("it")
    setup = app.scenes.setup(app.specs["high-card"], seats=[Seat("Green", "#009E73"), Seat("Zoe", "#E69F00")])
    assert [seat.name for seat in setup.seats] == [i18n._("Green"), "Zoe"]
    assert not setup.seats[0].named_by_player and setup.seats[1].named_by_player


def test_a_saved_game_names_its_default_seats_in_the_readers_language():
    """The launcher's Continue tooltip and the continue-or-replace question name the seats as the table does."""
    from game.cli import LaunchRequest
    from game.core.saves import autosave_path, read_save_info
    from ui_support import run_until
    app = make_app(LaunchRequest(game_id="high-card", controllers=["human", "bot:easy"], seed=2))
    scene = app.manager.find(HighCardScene)
    run_until(app, lambda: scene.can_act)
    scene.play(scene.view["hand"][0])
    step(app, 5)
    app.quit()
    save = read_save_info(autosave_path("high-card"))
    assert save.seat_names == ("Orange", "Sky"), "defaults are stored in English"
    app = make_app()
    app.set_language("de")
    assert app.save_players(save) == "Orange, Hellblau"
    assert app.seat_label("high-card", "Zoe") == "Zoe" and app.seat_label("no-such-game", "Sky") == "Sky"
    app.go_to_launcher()
    step(app)
    tips = [widget.tooltip for widget in app.manager.top.form.widgets if getattr(widget, "tooltip", "")]
    assert any("Orange, Hellblau" in tip for tip in tips), tips
    app.open(LaunchRequest(game_id="high-card", controllers=["human", "bot:easy"], seed=9))
    step(app)
    question = app.manager.top
    assert type(question).__name__ == "DialogScene"
    assert "(Orange, Hellblau, " in question.message and "Sky" not in question.message
