"""A tiny card game used to test the shell: hidden hands, draws, tricks.

Each seat is dealt three cards from 1..12 (two copies each); in turn every seat
plays a card face up, the highest card takes the trick (first played wins ties)
and leads the next.  Three tricks; most tricks wins.
"""
from __future__ import annotations

from typing import Any, Mapping

from game.core.protocol import Action, Event, GameState, IllegalAction, Outcome, act
from game.core.rng import Rng, shuffled
from game.core.spec import GameSpec, OptionSpec

FULL_DECK = tuple(sorted(list(range(1, 13)) * 2))


class HighCardState(GameState):
    game_id = "high-card"
    has_secrets = True

    def __init__(self) -> None:
        self.num_seats = 2
        self.hands: list[list[int]] = []
        self.deck: list[int] = []
        self.trick: list[tuple[int, int]] = []
        self.played: list[int] = []
        self.tricks_won: list[int] = []
        self.to_move = 0
        self.tricks_played = 0
        self.hand_size = 3
        self.rng = Rng(0)

    @classmethod
    def new(cls, num_seats: int, options: Mapping[str, Any], seed: int) -> "HighCardState":
        state = cls()
        state.num_seats = num_seats
        state.hand_size = int(options.get("hand_size", 3))
        state.rng = Rng(seed)
        state.deck = shuffled(state.rng, FULL_DECK)
        state.hands = [sorted(state.deck.pop() for _ in range(state.hand_size)) for _ in range(num_seats)]
        state.tricks_won = [0] * num_seats
        state.to_move = state.rng.randrange(num_seats)
        return state

    def current_seat(self) -> int | None:
        return None if self.tricks_played >= self.hand_size else self.to_move

    def legal_actions(self) -> list[Action]:
        return [act("play", card) for card in sorted(set(self.hands[self.to_move]))]

    def check(self, action: Action) -> None:
        if action.kind != "play" or len(action.args) != 1 or not isinstance(action.args[0], int):
            raise IllegalAction("Play one card from your hand, e.g. 'play 7'.")
        if action.args[0] not in self.hands[self.to_move]:
            raise IllegalAction(f"You have no {action.args[0]} in your hand.")

    def _apply(self, action: Action) -> list[Event]:
        card = int(action.args[0])
        seat = self.to_move
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        self.played.append(card)
        events = [Event(f"Seat {seat + 1} plays {card}.", "play", {"seat": seat, "card": card}, reveals=True)]
        if len(self.trick) < self.num_seats:
            self.to_move = (seat + 1) % self.num_seats
            return events
        best = max(self.trick, key=lambda sc: sc[1])  # max keeps the first of equals
        self.tricks_won[best[0]] += 1
        self.tricks_played += 1
        self.trick = []
        self.to_move = best[0]
        events.append(Event(f"Seat {best[0] + 1} takes the trick with {best[1]}.", "trick", {"seat": best[0]}))
        return events

    def outcome(self) -> Outcome:
        return Outcome.from_scores(self.tricks_won, over=self.is_over())

    def summary(self) -> dict[str, Any]:
        return {"tricks": {str(i): n for i, n in enumerate(self.tricks_won)}}

    @property
    def turn(self) -> int:
        return self.tricks_played + (0 if self.is_over() else 1)

    def check_invariants(self) -> None:
        held = sum(len(h) for h in self.hands)
        assert held + len(self.deck) + len(self.played) == len(FULL_DECK), "a card went missing"

    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            "num_seats": self.num_seats, "seat": seat, "hand_size": self.hand_size,
            "hand": list(self.hands[seat]) if seat is not None else None,
            "hand_counts": [len(h) for h in self.hands], "deck_count": len(self.deck),
            "trick": [list(t) for t in self.trick], "played": list(self.played),
            "tricks_won": list(self.tricks_won), "to_move": self.to_move, "tricks_played": self.tricks_played,
        }

    @classmethod
    def from_view(cls, view: Mapping[str, Any], seed: int) -> "HighCardState":
        state = cls()
        state.num_seats = view["num_seats"]
        state.hand_size = view["hand_size"]
        state.rng = Rng(seed)
        seat = view["seat"]
        unseen = list(FULL_DECK)
        for card in list(view["played"]) + list(view["hand"] or []):
            unseen.remove(card)
        state.rng.shuffle(unseen)
        state.hands = []
        for s, count in enumerate(view["hand_counts"]):
            if s == seat:
                state.hands.append(list(view["hand"]))
            else:
                state.hands.append(sorted(unseen.pop() for _ in range(count)))
        state.deck = unseen
        state.trick = [tuple(t) for t in view["trick"]]
        state.played = list(view["played"])
        state.tricks_won = list(view["tricks_won"])
        state.to_move = view["to_move"]
        state.tricks_played = view["tricks_played"]
        return state

    def to_json(self) -> dict[str, Any]:
        return {"num_seats": self.num_seats, "hand_size": self.hand_size, "hands": [list(h) for h in self.hands],
                "deck": list(self.deck), "trick": [list(t) for t in self.trick], "played": list(self.played),
                "tricks_won": list(self.tricks_won), "to_move": self.to_move,
                "tricks_played": self.tricks_played, "rng": self.rng.to_json()}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "HighCardState":
        state = cls()
        state.num_seats = int(data["num_seats"])
        state.hand_size = int(data["hand_size"])
        state.hands = [list(map(int, h)) for h in data["hands"]]
        state.deck = list(map(int, data["deck"]))
        state.trick = [(int(s), int(c)) for s, c in data["trick"]]
        state.played = list(map(int, data["played"]))
        state.tricks_won = list(map(int, data["tricks_won"]))
        state.to_move = int(data["to_move"])
        state.tricks_played = int(data["tricks_played"])
        state.rng = Rng.from_json(data["rng"])
        return state


HIGH_CARD = GameSpec(
    id="high-card", title="High Card", pitch="A tiny trick-taking game for testing the shell.",
    state_class=HighCardState, min_seats=2, max_seats=4, default_seats=2,
    options=(OptionSpec("hand_size", "Cards in hand", 3, "int", minimum=1, maximum=5),),
)
