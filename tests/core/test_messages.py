"""Words made at the edge: engines hand over message ids and fields, the reader's language makes the words."""
from __future__ import annotations

import json

import pytest

from game import i18n
from game.core.protocol import Event, IllegalAction
from game.i18n import Message, Number, PluralMessage, SeatName, message_from_json


@pytest.fixture(autouse=True)
def english_again():
    yield
    i18n.set_language("en")


def test_a_message_reads_in_the_language_in_use_and_its_english_never_changes():
    message = Message("Your move.")
    i18n.set_language("de")
    assert str(message) == i18n._("Your move.") != "Your move."
    assert message.english() == "Your move."


def test_a_screen_names_seats_by_their_players_and_keeps_the_engine_name_where_it_has_none():
    message = Message("{a} passes {b}.", a=SeatName(0, "Seat 1"), b=SeatName(1, "Seat 2"))
    assert message.render({0: "Ada"}.get) == "Ada passes Seat 2."


def test_plural_forms_and_numbers_follow_the_language():
    cards = PluralMessage("{count} card left", "{count} cards left", 3)
    assert str(cards) == "3 cards left"
    assert str(PluralMessage("{count} card left", "{count} cards left", 1)) == "1 card left"
    speed = Message("{km} km/h", km=Number(2.5, 1))
    assert str(speed) == "2.5 km/h"
    i18n.set_language("de")
    assert speed.render() == "2,5 km/h"
    assert speed.english() == "2.5 km/h"


def test_lists_of_fields_are_joined_and_nested_messages_are_rendered():
    message = Message("Dealt: {cards}.", cards=(Message("headwind"), 5, "x"))
    assert str(message) == "Dealt: headwind, 5, x."


def test_a_message_survives_its_plain_data_form():
    message = Message("{a} has {n}: {what}", a=SeatName(2, Message("Seat {number}", number=3)),
                      n=Number(1.5, 1), what=(PluralMessage("{count} card", "{count} cards", 2), "x"))
    again = message_from_json(json.loads(json.dumps(message.to_json())))
    assert again == message and again.english() == message.english()
    with pytest.raises(ValueError):
        message_from_json({"fields": {}})


def test_events_keep_their_english_words_in_files_and_read_back_whole():
    event = Event(Message("{seat} draws a card.", seat=SeatName(0, "Seat 1")), "draw", {"seat": 0})
    data = event.to_json()
    assert data["text"] == "Seat 1 draws a card."
    assert Event.from_json(json.loads(json.dumps(data))) == event
    assert event.render({0: "Ada"}.get) == "Ada draws a card."


def test_a_refusal_made_of_a_message_reads_as_a_sentence():
    refusal = IllegalAction(Message("Cyclist {number} is not yours.", number=12))
    assert str(refusal) == "Cyclist 12 is not yours."


def test_the_pseudo_language_lengthens_every_word_and_keeps_fields():
    i18n.set_language(i18n.PSEUDO_LANGUAGE)
    shown = i18n._("Your move, {name}.")
    assert shown.startswith("Ÿöûr") and shown.endswith("{name}.")
    assert len(i18n._("Your move.")) >= 1.4 * len("Your move.")
    assert str(Message("{count} riders", count=12)).startswith("12 ")
    assert i18n.catalog_file() is None
