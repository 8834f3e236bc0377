"""Breakaway Rider: the rivals' hands guessed from the stage's public plays.

A hand carries most of its cards from turn to turn, so every play a rival made
this stage says something about what he holds now: he held the cards he laid,
and, if he rides by the normal rule of thumb, nothing that would have made that
rule play otherwise.  Each rival's hand is followed through his plays by a
particle filter: a set of guessed hands, each drawn again where the play forced
a card into it, weighed by how well the rule of thumb explains the play with it,
and drawn again in proportion to those weights.  The filter reads only the view
(the stage's plays are open to all), so a bot without memory guesses the same
for the same view and seed.
"""
from __future__ import annotations

import math
from collections import Counter
from typing import Any, Mapping, Sequence

from game.core.rng import Rng

from .bots import Situation, Weights, WEIGHTS, candidate_plays, score_play
from .cards import CLIMB, FULL_DECK, HAND_SIZE, HEADWIND, SLOWEST_SPEED, SPRINT, Card, effective_speed
from .rules import BreakawayRiderState, PublicPlay, resolve

#: a rival's hand when he plays: six cards and the one drawn at the start of the turn
HAND_AT_PLAY = HAND_SIZE + 1
#: how strongly a play that the rule of thumb scores below its best counts against a hand (per point of score)
MISMATCH_TEMPERATURE = 0.3
#: the weight left to a hand that could not have held the cards played (a stage read from an odd save)
IMPOSSIBLE_WEIGHT = 1e-9


def _played_cards(play: PublicPlay) -> list[Card]:
    """The cards a play laid from the hand."""
    cards: list[Card] = [] if play.speed is None else [play.speed]
    cards += [SPRINT] * play.sprints
    if play.climb:
        cards.append(CLIMB)
    return cards


def _without(cards: Sequence[Card], removed: Sequence[Card]) -> list[Card]:
    """``cards`` less ``removed`` (as many copies as ``removed`` holds, those present)."""
    rest = list(cards)
    for card in removed:
        if card in rest:
            rest.remove(card)
    return rest


def _play_likelihood(hand: list[Card], play: PublicPlay, minutes_now: list[int], num_seats: int,
                     weights: Weights) -> float:
    """How likely the rule of thumb made ``play`` holding ``hand`` (1 when it is the rule's own choice)."""
    if play.out_of_turn:
        return 1.0 if _wants_climb(hand, play, minutes_now, num_seats) else math.exp(-1.0 / MISMATCH_TEMPERATURE)
    is_rider = play.seat == play.jersey
    if play.speed is None:  # a stall: the hand held no speed card
        return 1.0 if not any(isinstance(card, int) for card in hand) else IMPOSSIBLE_WEIGHT
    facts = Situation(play.pace, play.minutes, play.climb_active, is_rider, play.headwinds,
                      play.deck_count <= weights.late_cards, min(1.0, play.deck_count / 20.0))
    made = score_play((play.speed, play.sprints, int(play.climb)), facts, weights)
    best = max(score_play(option, facts, weights)
               for option in candidate_plays(hand, is_rider, play.headwinds, play.climb_active))
    return math.exp(-max(0.0, best - made) / MISMATCH_TEMPERATURE)


def _wants_climb(hand: list[Card], play: PublicPlay, minutes_now: list[int], num_seats: int) -> bool:
    """``bots.wants_climb`` for a guessed hand at the moment the climb was laid."""
    if play.pace is None:
        return False
    if not any(minutes_now[s] == 0 for s in range(num_seats) if s not in (play.seat, play.jersey)):
        return False
    if play.minutes > 0:
        return True
    fastest = max((c for c in hand if isinstance(c, int)), default=SLOWEST_SPEED) - 2 * play.headwinds
    return fastest == play.pace


def _minutes_before_each_play(plays: Sequence[PublicPlay], num_seats: int) -> list[list[int]]:
    """Every seat's minutes as each play was made, followed from the stage's start."""
    minutes = [0] * num_seats
    before = []
    for play in plays:
        minutes[play.seat] = play.minutes
        before.append(list(minutes))
        if play.out_of_turn or play.seat == play.jersey:
            continue
        on_climb = play.climb_active
        card = SLOWEST_SPEED if play.speed is None else play.speed
        result = resolve(effective_speed(card, play.sprints, play.headwinds, on_climb), play.pace, play.minutes,
                         on_climb, False)
        minutes[play.seat] = play.minutes + result.minutes_change
    return before


def _draw_weight(pool: list[Card], drawn: int, needed: Counter) -> float:
    """How likely ``drawn`` cards taken at random from the pool include the ``needed`` ones (roughly)."""
    count = sum(needed.values())
    if count == 0:
        return 1.0
    if count > drawn:
        return 0.0
    copies = 1
    for card, wanted in needed.items():
        copies *= math.comb(pool.count(card), wanted)
    return copies * math.comb(len(pool) - count, drawn - count) / math.comb(len(pool), drawn)


def rival_kept_cards(view: Mapping[str, Any], rival: int, rng: Rng, particles: int = 48, recent_plays: int = 10,
                     weights: Weights = WEIGHTS) -> list[list[Card]]:
    """Guesses of the cards ``rival`` still holds from his hand at his last play this stage.

    Follows his last ``recent_plays`` plays (older ones say little: the cards have
    mostly been played since).  Each guess is equally likely; the rest of his hand
    is the cards drawn since, unknown.
    """
    num_seats = view["num_seats"]
    plays = [_read(p) for p in view.get("stage_plays", ())]
    minutes_before = _minutes_before_each_play(plays, num_seats)
    own = [i for i, p in enumerate(plays) if p.seat == rival]
    if not own:
        return [[] for _ in range(particles)]
    unseen = Counter(FULL_DECK)
    unseen.subtract(view["set_aside"])
    for pile in view["piles"]:
        unseen.subtract(pile)
    if view["hand"] is not None:
        unseen.subtract(view["hand"])
    his_plays = [_played_cards(plays[i]) for i in own]
    candidates = [card for card in unseen.elements() if card != HEADWIND]
    for cards in his_plays:
        candidates += cards  # what he held once may have come from anywhere he could draw
    start = max(0, len(own) - recent_plays)
    for cards in his_plays[:start]:
        candidates = _without(candidates, cards)
    kept: list[list[Card]] = [[] for _ in range(particles)]
    for index in range(start, len(own)):
        play = plays[own[index]]
        laid = his_plays[index]
        size = HAND_SIZE if play.out_of_turn else HAND_AT_PLAY
        hands, hand_weights = [], []
        for cards in kept:
            needed = Counter(laid)
            needed.subtract(cards)
            needed = +needed
            pool = _without(candidates, cards)
            drawn = size - len(cards)
            weight = _draw_weight(pool, drawn, needed)
            forced = list(needed.elements())
            if weight == 0.0:  # he laid more than he could have drawn: keep fewer of the guessed cards
                cards = rng.sample(cards, max(0, size - len(forced)))
                drawn, weight = size - len(cards), IMPOSSIBLE_WEIGHT
            fresh = rng.sample(_without(pool, forced), max(0, drawn - len(forced)))
            hand = cards + forced + fresh
            hands.append(hand)
            hand_weights.append(weight * _play_likelihood(hand, play, minutes_before[own[index]], num_seats, weights))
        kept = [_without(hand, laid) for hand in _resample(hands, hand_weights, rng)]
        candidates = _without(candidates, laid)
    return kept


def _resample(items: list[list[Card]], item_weights: list[float], rng: Rng) -> list[list[Card]]:
    """Systematic resampling: each item about as often as its share of the weight."""
    total = sum(item_weights)
    if total <= 0.0:
        return items
    step = total / len(items)
    point = rng.random() * step
    chosen, running, index = [], item_weights[0], 0
    for _ in items:
        while point > running and index < len(items) - 1:
            index += 1
            running += item_weights[index]
        chosen.append(items[index])
        point += step
    return chosen


def _read(play: Any) -> PublicPlay:
    return play if isinstance(play, PublicPlay) else PublicPlay(**play)


class HandGuess:
    """Deals of the unseen cards in which each rival's hand follows from his plays this stage."""

    def __init__(self, view: Mapping[str, Any], seed: int, particles: int = 48, recent_plays: int = 10) -> None:
        self.view = view
        rng = Rng(seed)
        seat = view["seat"]
        self.kept = {rival: rival_kept_cards(view, rival, rng, particles, recent_plays)
                     for rival in range(view["num_seats"]) if rival != seat}

    def deal(self, seed: int) -> BreakawayRiderState:
        """One sampled state: a guess of each rival's kept cards, the rest of the unseen cards dealt at random."""
        state = BreakawayRiderState.from_view(self.view, seed)
        rng = state.rng
        rivals = list(self.kept)
        unseen = Counter(card for rival in rivals for card in state.hands[rival])
        unseen.update(state.deck)
        headwinds = unseen.pop(HEADWIND, 0)
        rng.shuffle(rivals)  # which rival's guess gives way where two guesses claim the same card
        hands: dict[int, list[Card]] = {}
        for rival in rivals:
            guesses = self.kept[rival]
            hand = []
            for card in guesses[rng.randrange(len(guesses))][:len(state.hands[rival])]:
                if unseen[card] > 0:
                    unseen[card] -= 1
                    hand.append(card)
            hands[rival] = hand
        rest = list(unseen.elements())
        rng.shuffle(rest)
        for rival in rivals:
            fresh = len(state.hands[rival]) - len(hands[rival])
            state.hands[rival] = hands[rival] + rest[:fresh]
            del rest[:fresh]
        state.deck = rest + [HEADWIND] * headwinds
        rng.shuffle(state.deck)
        return state
