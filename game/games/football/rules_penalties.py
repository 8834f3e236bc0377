"""Breakaway Football's penalties and challenges: a part of ``FootballState`` (rules.py), kept apart by phase."""
from __future__ import annotations

from game.i18n import Message

from . import field
from .cards import DEFENSE, OFFENSE
from .phases import CHALLENGE, DOWNS
from .plays import flag_sides, result_with_event
from .rules_fields import FootballFields
from .rules_words import absolute, lines


class PenaltyRules(FootballFields):
    """Penalties (restricted passes, enforcement) and the challenge flag."""

    def _restricted_pass_penalty(self, play_type: str) -> None:
        """Long Pass inside the 15 or Medium Pass on the 5: lose a yard line, no play, replay the down."""
        o = self.offense
        if not self.two_point:
            self._return_play_card()
        before = self.ball
        self.ball -= 1
        self._say(Message("{play} is not allowed {spot}: penalty, one yard line lost, replay the down.",
                          play=Message(play_type), spot=field.on_yard_line(before)), "restricted_pass",
                  {"seat": o, "play_type": play_type, "from": absolute(o, before), "to": absolute(o, self.ball)})
        self._proceed({"do": "snap"}, drive_over=False)

    def _earn_back_flag(self, seat: int) -> None:
        """A team without its flag, tied or losing, wins it back by creating a breakaway."""
        if not self.flags[seat] and self.score[seat] <= self.score[1 - seat]:
            self.flags[seat] = True
            self._say(Message("{team} earns its challenge flag back.", team=self.label(seat)), "flag_earned",
                      {"seat": seat})

    def _offer_challenge(self, penalty: bool) -> None:
        """After the Game Day card of a play that is not a breakaway (and after a penalty was accepted), each side
        whose flag could help it and is ready may throw it: the defense first, then the offense."""
        sides = flag_sides(self._matchup(), self._current_card())
        self._ask_challenge([self.offense if side == OFFENSE else self.defense for side in sides], penalty)

    def _ask_challenge(self, seats: list[int], penalty: bool) -> None:
        """Ask the first of ``seats`` with its flag ready; when every one has let the play stand, resolve it with
        its event (the penalty, when one was accepted)."""
        for index, seat in enumerate(seats):
            if self.flags[seat]:
                self._set_phase(CHALLENGE, seat, {"seat": seat, "next": seats[index + 1:], "penalty": penalty})
                return
        if penalty:
            self._enforce_penalty()
        else:
            self._finish_scrimmage(result_with_event(self._matchup(), self._current_card()))

    def _enforce_penalty(self) -> None:
        """Move the ball (never onto a goal line: stop at the 5), then replay, lose the down or award a first down."""
        o = self.offense
        card = self._current_card()
        penalty = card.event.penalty
        assert penalty is not None
        before = self.ball
        if card.event.side == DEFENSE:
            self.ball = max(self.ball, min(self.ball + penalty.lines, field.PENALTY_LIMIT_FORWARD))
        else:
            self.ball = min(self.ball, max(self.ball - penalty.lines, field.PENALTY_LIMIT_BACK))
        moved = self.ball - before
        name = Message(penalty.name)
        if moved == 0:
            enforced = Message("{penalty}: no yardage (the ball stays put)", penalty=name)
        elif moved > 0:
            enforced = Message("{penalty}: {lines} forward", penalty=name, lines=lines(moved))
        else:
            enforced = Message("{penalty}: {lines} back", penalty=name, lines=lines(-moved))
        data = {"seat": o, "penalty": card.event.penalty_key, "from": absolute(o, before),
                "to": absolute(o, self.ball)}
        if self.two_point:
            if penalty.loss_of_down:
                self._say(Message("{penalty}: the two-point try fails.", penalty=enforced), "penalty_enforced", data)
                self._finish_two_point(False)
            else:
                self._say(Message("{penalty}: replay the try.", penalty=enforced), "penalty_enforced", data)
                self._proceed({"do": "snap"}, drive_over=False)
            return
        if penalty.replay_down:
            self._return_play_card()
        else:
            self._discard_play_card()
        if penalty.automatic_first_down or self.ball >= self.target:
            self._first_down()
            said = (Message("{penalty}, automatic first down.", penalty=enforced) if penalty.automatic_first_down
                    else Message("{penalty}, first down.", penalty=enforced))
        elif penalty.loss_of_down:
            self.down += 1
            said = Message("{penalty}, loss of down.", penalty=enforced)
        else:
            said = Message("{penalty}, replay the down.", penalty=enforced)
        self._say(said, "penalty_enforced", data)
        if self.down > DOWNS:
            self._turnover_on_downs()
        else:
            self._proceed({"do": "snap"}, drive_over=False)
