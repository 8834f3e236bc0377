"""The shell shows engine words in the reader's language: seat names, refusals, setup problems, record labels.

Seats named by default are stored under their English names (a colour), so a game saved in one
language reads in another; they are shown in the reader's language.
"""
from __future__ import annotations

import dataclasses

import pytest

from fixture_game import HIGH_CARD, HighCardState
from game import i18n
from game.core import records
from game.core.match import Match, Seat, default_seats
from game.core.protocol import IllegalAction
from game.i18n import Message, SeatName


@pytest.fixture(autouse=True)
def english_again():
    yield
    i18n.set_language("en")


def test_default_seat_names_are_stored_in_english_and_shown_in_the_readers_language():
    seats = default_seats(HIGH_CARD, ["human", "human", "human"])
    assert [seat.name for seat in seats] == ["Orange", "Sky", "Green"]
    match = Match(HIGH_CARD, seats, {}, seed=3)
    i18n.set_language("de")
    assert [match.seat_name(seat) for seat in range(3)] == ["Orange", "Hellblau", "Grün"]
    assert match.to_json()["seats"][2]["name"] == "Green"
    i18n.set_language("fr")
    assert match.seat_name(2) == i18n._("Green") != "Green"


def test_a_name_chosen_by_a_player_is_never_translated():
    match = Match(HIGH_CARD, [Seat("Anna", "#E69F00"), Seat("Sky", "#56B4E9")], {}, seed=3)
    i18n.set_language("de")
    assert match.seat_name(0) == "Anna"
    # "Sky" is the default name of the second colour: a player who kept it sees it in their language
    assert match.seat_name(1) == "Hellblau"


def test_a_default_name_typed_in_the_readers_language_is_stored_in_english():
    i18n.set_language("de")
    assert HIGH_CARD.stored_seat_name("Grün") == "Green"
    assert HIGH_CARD.stored_seat_name("Anna") == "Anna"
    assert HIGH_CARD.seat_label("Green") == "Grün"


def test_a_refusal_names_the_seats_as_the_table_shows_them():
    match = Match(HIGH_CARD, [Seat("Anna", "#E69F00"), Seat("Sky", "#56B4E9")], {}, seed=3)
    refusal = IllegalAction(Message("Please wait: it is {name}'s turn.", name=SeatName(1, Message("Seat {number}",
                                                                                                   number=2))))
    i18n.set_language("de")
    assert match.refusal_words(refusal) == "Bitte warten: Hellblau ist am Zug."
    assert match.refusal_words(IllegalAction("plain words")) == "plain words"


def test_the_log_is_rendered_with_the_seats_shown_names():
    match = Match(HIGH_CARD, [Seat("Anna", "#E69F00"), Seat("Green", "#009E73")], {}, seed=3)
    message = Message("{name} wins!", name=SeatName(1, "Seat 2"))
    i18n.set_language("de")
    assert message.render(match.names()) == "Grün gewinnt!"
    assert match.names()(5) is None


def test_setup_problems_from_a_game_read_in_the_readers_language():
    spec = dataclasses.replace(HIGH_CARD, check_setup=lambda seats, options: [Message("Two seats have the same colour.")])
    i18n.set_language("de")
    problems = spec.setup_problems(2, {})
    assert problems == [i18n._("Two seats have the same colour.")]
    assert problems[0] != "Two seats have the same colour."


class RecordedHighCard(HighCardState):
    """High Card with a personal best named by a message (as converted engines name theirs)."""

    record_labels = {"tricks": (Message("Personal bests"), "max")}

    def record_stats(self, seat: int) -> dict[str, float]:
        return {"tricks": self.tricks_won[seat] + 0.5}


def test_record_labels_and_numbers_read_in_the_readers_language():
    labels = {"tricks": (Message("Personal bests"), "max"), "plain": ("Game", "min")}
    i18n.set_language("de")
    assert records.record_label("tricks", labels) == "Bestwerte"
    assert records.record_label("plain", labels) == "Spiel"
    assert records.record_label("gone_key", labels) == "gone key"
    assert records.number_text(2.5) == "2,5"
    assert records.number_text(12.0) == "12"


def test_new_bests_name_the_seat_in_the_readers_language():
    spec = dataclasses.replace(HIGH_CARD, state_class=RecordedHighCard)
    from game.core.rng import Rng
    for attempt in range(2):
        match = Match(spec, [Seat("Green", "#009E73"), Seat("Anna", "#E69F00", "bot:easy")], {}, seed=attempt)
        rng = Rng(attempt)
        while not match.is_over():
            match.apply(rng.choice(match.state.legal_actions()))
        i18n.set_language("de")
        news, problem = records.record_match(match)
        assert problem is None
        if attempt == 0:
            assert "Grün" in news[0] and "Green" not in news[0]
        i18n.set_language("en")
    data, _problem = records.load_records()
    assert "Green" in data["players"] and "Grün" not in data["players"]
