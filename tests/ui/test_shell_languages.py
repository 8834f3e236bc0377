"""The shell's screens put engine words into the reader's language: the log with the seats' names, refusals
as toasts, the results' note, default seat names, a game set up in German saved with English defaults, and a
language chosen in the middle of a match redrawing every word of the table."""
from __future__ import annotations

import dataclasses
import re
from typing import Any

import pygame
import pytest

from fixture_game import HighCardState
from game import i18n
from game.app import App
from game.core.match import LogEntry, Match, Seat, default_seats
from game.core.protocol import Action, Event, IllegalAction, Outcome
from game.games import all_specs
from game.i18n import Message, SeatName, _
from game.ui.theme import Theme
from game.ui.widgets import Cycle
from high_card_scene import HighCardScene, high_card_spec
from ui_support import key, make_app, run_until, step


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
    for _frame in range(40):
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


# --- a language chosen during a match ------------------------------------------------------------------
GAMES = ("breaking-away", "breakaway-rider", "leader-1", "breakaway-football", "breakout")
#: words a table shows in English in every language on purpose: Football's formation names (its glossary
#: keeps formation and play names English) and the speed unit; single letters (keys such as "[K]", Leader 1's
#: descender mark) are no words either
KEPT_ENGLISH = {"Pistol", "Dime", "Form", "Singleback", "Shotgun", "Trips", "Nickel", "Bear", "km"}
_WORD = re.compile(r"[^\W\d_]+")


def untranslated_words(text: str) -> list[str]:
    """The words of ``text`` the pseudo-language did not lengthen (each of its words ends in "·")."""
    return [word.group(0) for word in _WORD.finditer(text)
            if text[word.end():word.end() + 1] != "·" and len(word.group(0)) > 1 and word.group(0) not in KEPT_ENGLISH]


def match_at_a_human_turn(app: App, game_id: str) -> Match:
    """A match of one human against bots, played on screen in English until the human's turn, a few moves in."""
    spec = app.specs[game_id]
    app.settings.recap_since_last_turn = False
    match = Match(spec, default_seats(spec, ["human"] + ["bot:easy"] * (spec.default_seats - 1)), {}, 7)
    app.start_match(match)
    scene = app.manager.top
    run_until(app, lambda: scene.can_act and not scene.is_animating() and app.frame > 60, frames=3000)
    step(app, 30)
    return match


@pytest.mark.parametrize("game_id", GAMES)
def test_a_language_chosen_during_a_match_redraws_every_word_of_the_table(game_id, monkeypatch):
    """Pause menu, Settings, another language, back to the table: every text drawn from then on is in the
    new language (the pseudo-language marks each translated word), the log's old entries, the panels'
    words, the seats' colour names and the notes included; and the table looks as one opened in it."""
    app = App(all_specs(), instant=True, language="en")
    match = match_at_a_human_turn(app, game_id)
    app.manager.push(app.scenes.pause(app.manager.top))
    step(app)
    app.manager.push(app.scenes.settings())
    step(app)
    drawn: list[str] = []
    render = Theme.text
    monkeypatch.setattr(Theme, "text", lambda theme, text, *args, **kw: drawn.append(text) or render(
        theme, text, *args, **kw))
    app.set_language(i18n.PSEUDO_LANGUAGE)  # what the Settings list calls (tested below with its keys)
    key(app, pygame.K_ESCAPE)  # Settings (which covers the canvas) closes: the pause menu over the table
    key(app, pygame.K_ESCAPE)
    step(app, 30)
    table = [text for text in set(drawn) if untranslated_words(text)]
    assert not table, f"{game_id}: drawn in the old language after the change: {sorted(table)[:8]}"
    assert any("·" in text for text in drawn)
    switched = pygame.image.tobytes(app.canvas, "RGB")
    app.start_match(match)  # the same match opened anew, in the language now in use
    step(app, 30)
    assert pygame.image.tobytes(app.canvas, "RGB") == switched, f"{game_id}: the table differs from a new one"
    app.quit()


def test_the_settings_list_switches_a_match_under_the_pause_menu_to_german():
    app = App(all_specs(), instant=True, language="en")
    match = match_at_a_human_turn(app, "breakaway-rider")
    table = app.manager.top
    key(app, pygame.K_ESCAPE)
    pause = app.manager.top
    app.manager.push(app.scenes.settings())
    step(app)
    language = next(w for w in app.manager.top.form.widgets if isinstance(w, Cycle) and w.value == "en")
    while language.value != "de":
        key(app, pygame.K_RIGHT)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    step(app)
    shown = app.manager.top
    assert shown is not table and shown.match is match and pause.match_scene is shown
    assert _("Game log") == "Spielprotokoll" and shown.log_panel.entries
    listed = [entry for entry in match.log if entry.event.visible(shown.viewer) and shown.log_shows(entry)]
    assert [row[0] for row in shown.log_panel.entries] == [shown.log_text(entry) for entry in listed]
    assert any("Orange" in row[0] or "Hellblau" in row[0] for row in shown.log_panel.entries)
    assert not any("Sky" in row[0] for row in shown.log_panel.entries)
    app.quit()
