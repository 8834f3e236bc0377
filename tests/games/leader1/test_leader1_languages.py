"""Leader 1 in the player's language: the log with the players' names, refusals, a broken race file's report
and the results read in Italian or German, while the English (saves, digests, the command line) stays as it was."""
from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.app import App
from game.core.match import Match, Seat
from game.core.protocol import IllegalAction, act
from game.games import all_specs
from game.games.leader1.races import Token, draft_race, list_races, race_to_tmx, user_races_dir
from game.games.leader1.rules import Leader1State
from game.games.leader1.scene import Leader1Scene
from game.games.leader1.spec import SPEC

SEATS = [Seat("Ann", "#E69F00", "human"), Seat("Ben", "#56B4E9", "human")]
NO_ARRIVAL = ("start", "plain-straight", "rise-straight", "mountain-straight", "downhill-straight", "plain-straight")


@pytest.fixture(autouse=True)
def back_to_english():
    yield
    i18n.set_language("en")
    pygame.quit()


def opened(moves=()):
    """A two-player race at the screen, after ``moves`` (engine moves, as a table would play them)."""
    specs = all_specs()
    app = App(specs, instant=True)
    match = Match(specs["leader-1"], list(SEATS), {}, 5)
    for move in moves:
        match.apply(move)
    app.start_match(match)
    app.step()
    scene = app.manager.find(Leader1Scene)
    assert scene is not None
    return scene


def play_setup(match_or_state) -> None:
    state = match_or_state.state if isinstance(match_or_state, Match) else match_or_state
    while state.phase == "setup":
        match_or_state.apply(state.legal_actions()[0])


def test_the_log_reads_in_italian_with_the_players_names_and_the_english_is_unchanged():
    scene = opened([act("pick", "rouleur"), act("speciality", 0, "sprinter")])
    i18n.set_language("it")
    lines = [scene.log_text(entry) for entry in scene.match.log]
    assert "Ann sceglie un passista." in lines
    assert "Passista Arancio sarà il velocista." in lines
    assert [entry.event.english() for entry in scene.match.log][:2] == ["Orange picks a rouleur.",
                                                                        "The Orange rouleur will be the sprinter."]


def test_a_move_and_the_peloton_read_in_german():
    state = SPEC.create(2, {}, 3)
    play_setup(state)
    events = []
    while len(events) < 40 and not state.is_over():
        events.extend(state.apply(state.legal_actions()[0]))
    i18n.set_language("de")
    by_kind = {event.kind: event for event in reversed(events)}
    first_turn = by_kind["turn"]
    turn, leader = first_turn.data["turn"], first_turn.data["leader"]
    assert first_turn.render(lambda seat: ["Ann", "Ben"][seat]) == f"Spielrunde {turn}: {['Ann', 'Ben'][leader]} führt " \
        "das Hauptfeld an."
    assert first_turn.text == f"Spielrunde {turn}: {['Orange', 'Hellblau'][leader]} führt das Hauptfeld an."
    assert "Hauptfeldwürfel" in by_kind["peloton_roll"].text
    assert by_kind["peloton_move"].text.startswith("Das Hauptfeld fährt ")
    english = {event.kind: event.english() for event in events}
    assert english["peloton_move"].startswith("The peloton rides ")


def test_a_refusal_speaks_german_and_names_the_rider():
    state = SPEC.create(2, {}, 3)
    play_setup(state)
    mine = state.seat_riders(state.current_seat())[0]
    others = next(r for r in state.riders if r.seat != mine.seat)
    i18n.set_language("de")
    with pytest.raises(IllegalAction) as refused:
        state.apply(act("feed", mine.id, 9))
    assert str(refused.value) == f"{mine.label} hat kein Verpflegungsplättchen im Wert von 9."
    assert str(mine.label).split(" ")[0] in ("Rouleur", "Kapitän", "Bergfahrer")
    with pytest.raises(IllegalAction) as refused:
        state.apply(act("feed", others.id, 2))
    assert str(refused.value) == f"Fahrer {others.id} gehört nicht zu deinen Fahrern."
    with pytest.raises(IllegalAction) as refused:
        state.apply(act("fly"))
    assert "ist jetzt kein Zug" in str(refused.value)
    i18n.set_language("en")
    assert "is not a move now" in str(refused.value)


def test_a_broken_race_file_is_reported_in_italian():
    broken = draft_race("No Arrival", NO_ARRIVAL, (Token("climb", 3, 0, 2),))
    (user_races_dir() / "no-arrival.tmx").write_text(race_to_tmx(broken), encoding="utf-8")
    i18n.set_language("it")
    problems = [str(problem) for problem in list_races()[1]]
    assert problems == ["Il tuo file di corsa no-arrival.tmx non si può usare: La corsa deve finire con un esagono "
                        "d’arrivo; l’esagono 6 è «Pianura, rettilineo» (e 1 altro problema)."]
    setup = SPEC.setup_problems(2, {"race": "user:no-arrival"})
    assert setup == ["Il tuo file di corsa no-arrival.tmx non si può usare: La corsa deve finire con un esagono "
                     "d’arrivo; l’esagono 6 è «Pianura, rettilineo». Scegli un’altra corsa, o ricostruiscila."]
    i18n.set_language("en")
    assert [problem.english() for problem in list_races()[1]] == [
        "Your race file no-arrival.tmx cannot be used: The race must end with an arrival hexagon; hexagon 6 is "
        "'Plain, straight' (and 1 more problem)."]


def test_the_results_read_in_italian_and_german():
    scene = opened()
    match = scene.match
    bots = [SPEC.bot_factory("easy", seat, 1 + seat, 1.0) for seat in range(2)]
    while not match.state.is_over():
        seat = match.state.current_seat()
        match.apply(bots[seat].choose(match.state.view(seat), match.state.legal_actions()))
    state = match.state
    assert isinstance(state, Leader1State)
    winner = state.riders[state.rider_ranking()[0]]
    i18n.set_language("it")
    note = i18n.words(state.outcome().note)
    assert note.endswith(" vince.") and note.split(" ")[0] in ("Passista", "Capitano", "Scalatore")
    lines = scene.results_summary_lines()
    assert lines[0].startswith("Arrivo: 1º ") and lines[-1].startswith("Punteggio: ")
    assert any(line.startswith("La corsa è durata ") for line in lines)
    i18n.set_language("de")
    assert scene.results_summary_lines()[0].startswith("Zieleinlauf: 1. ")
    assert i18n.english_words(state.outcome().note) == f"The {winner.name} wins."
