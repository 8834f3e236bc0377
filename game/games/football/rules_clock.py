"""Breakaway Football's clock and overtime: a part of ``FootballState`` (rules.py), kept apart by phase of play."""
from __future__ import annotations

from game.core.protocol import EVERYONE, Event
from game.i18n import Message, PluralMessage

from . import field
from .cards import OFFENSE_CARDS_PER_TEAM
from .phases import (CLOCK_DISCARD, KICKOFF, MAX_SUDDEN_DEATH_PERIODS, OFFENSE_CALL, OVER, RETRIEVE,
                     TIME_OUTS_IN_OVERTIME, TIME_OUTS_PER_HALF, TOSS)
from .rules_fields import FootballFields
from .rules_words import absolute, period_words
from .setup_facts import PRO_OVERTIME, SUDDEN_DEATH
from .views import NextStep


class ClockRules(FootballFields):
    """Time outs, discards, drives and the card clock: quarters, halves, overtime and the game's end."""

    # --- time outs and discards ---------------------------------------------------------------------
    def _time_out(self, seat: int) -> None:
        self.timeouts[seat] -= 1
        self._say(PluralMessage("Time out, {team} ({count} left): {offense} brings back an offense card.",
                                "Time out, {team} ({count} left): {offense} brings back an offense card.",
                                self.timeouts[seat], team=self.label(seat), offense=self.label(self.offense)),
                  "timeout",
                  {"seat": seat, "timeouts": self.timeouts[seat], "offense": self.offense})
        self._set_phase(RETRIEVE, self.offense, {"return_to": self.phase, "called_by": seat})

    def _discard(self, seat: int, card: int, for_clock: bool) -> None:
        """Pay for an announced kick or kneel, or (``for_clock``) match the other team's card clock."""
        self.hands[seat].remove(card)
        self.discards[seat].append(card)
        left = len(self.hands[seat])
        said = (PluralMessage("{team} discards an offense card to match the clock ({count} left).",
                              "{team} discards an offense card to match the clock ({count} left).", left,
                              team=self.label(seat)) if for_clock else
                PluralMessage("{team} discards an offense card to pay for the play ({count} left).",
                              "{team} discards an offense card to pay for the play ({count} left).", left,
                              team=self.label(seat)))
        events = self._events
        events.append(Event(said, "discard", {"seat": seat, "hand": left}, EVERYONE, False))
        events.append(Event(Message("You discard card {card} ({plays}).", card=card,
                                    plays=self.team(seat).offense_card(card).words()),
                            "discard_card", {"seat": seat, "card": card}, (seat,), False))

    # --- drives, the card clock, quarters -------------------------------------------------------------
    def _start_drive(self, team: int, spot: int) -> None:
        self.offense = team
        self.ball = spot
        self.down = 1
        self.target = field.next_first_down_line(spot)
        self.drives[team] += 1
        if self.quarter >= 5:
            self.ot_drives += 1
        self.commits = [None, None]
        self.calls = [None, None]
        self._say(Message("{team} starts a drive {spot}: {down}.", team=self.label(team), spot=field.on_yard_line(spot),
                          down=self.down_words()), "drive",
                  {"seat": team, "ball": absolute(team, spot)})
        self._set_phase(OFFENSE_CALL, team)

    def _proceed(self, step: NextStep, drive_over: bool) -> None:
        """After a play: overtime's end, the card clock (quarter ends, matching discards), then ``step``.

        A two-point try is untimed: its replayed downs never touch the clock.
        """
        if self.two_point:
            self._do(step)
            return
        if drive_over and self._overtime_decided():
            self._end_game(Message("overtime is decided"))
            return
        if min(len(self.hands[0]), len(self.hands[1])) == 0:
            self._end_of_quarter(step)
            return
        if drive_over and len(self.hands[0]) != len(self.hands[1]):
            richer = 0 if len(self.hands[0]) > len(self.hands[1]) else 1
            count = len(self.hands[richer]) - len(self.hands[1 - richer])
            self.after_clock = step
            self._say(PluralMessage("{team} must discard {count} offense card to match the clock.",
                                    "{team} must discard {count} offense cards to match the clock.", count,
                                    team=self.label(richer)), "clock", {"seat": richer, "count": count})
            self._set_phase(CLOCK_DISCARD, richer, {"seat": richer, "count": count})
            return
        self._do(step)

    def _do(self, step: NextStep) -> None:
        what = step["do"]
        if what == "snap":
            self._set_phase(OFFENSE_CALL, self.offense)
        elif what == "possession":
            self._start_drive(step["team"], step["spot"])
        elif what == "kickoff":
            if step["after_score"]:
                self._set_phase(KICKOFF, step["team"], {"kicker": step["team"]})
            else:
                self._kick_off(step["team"])
        else:
            self._free_kick(step["team"])

    def _overtime_decided(self) -> bool:
        """Pro rules: after the first possession, a drive that ends with someone ahead decides it.

        Sudden death: the first score decides it.
        """
        if self.quarter < 5 or self.score[0] == self.score[1]:
            return False
        if self.options["overtime"] == SUDDEN_DEATH:
            return True
        return self.ot_drives >= 2

    def _reclaim(self) -> None:
        for seat in (0, 1):
            self.hands[seat] = list(range(1, OFFENSE_CARDS_PER_TEAM + 1))
            self.discards[seat] = []

    def _end_of_quarter(self, step: NextStep) -> None:
        """A team played its last offense card: the quarter (and maybe the half or the game) is over."""
        q = self.quarter
        self.after_clock = None
        self._say(Message("End of {period}: {score}.", period=period_words(q), score=self.score_words()),
                  "quarter_end", {"quarter": q, "score": list(self.score)})
        if q in (1, 3):
            self._reclaim()
            self.quarter += 1
            self._do(step)
        elif q == 2:
            self._reclaim()
            self.quarter = 3
            self.timeouts = [TIME_OUTS_PER_HALF, TIME_OUTS_PER_HALF]
            self._say(Message("Halftime. Time outs are back to 3 each."), "halftime", {})
            self._kick_off(self.opening_receiver)
        elif q == 4 and self.score[0] == self.score[1]:
            self._start_overtime()
        elif (q >= 5 and self.options["overtime"] == SUDDEN_DEATH and self.score[0] == self.score[1]
              and q - 4 < MAX_SUDDEN_DEATH_PERIODS):
            self._reclaim()
            self.quarter += 1
            self._say(Message("Sudden death goes on into another overtime period."), "overtime",
                      {"period": self.quarter - 4})
            self._do(step)
        else:
            self._end_game(Message("time has run out"))

    def _start_overtime(self) -> None:
        self._reclaim()
        self.quarter = 5
        self.timeouts = [TIME_OUTS_IN_OVERTIME, TIME_OUTS_IN_OVERTIME]
        self.ot_drives = 0
        winner = self.rng.randrange(2)
        said = (Message("Tied after four quarters: OVERTIME (pro rules). {team} wins the toss.", team=self.label(winner))
                if self.options["overtime"] == PRO_OVERTIME else
                Message("Tied after four quarters: OVERTIME (sudden death). {team} wins the toss.",
                        team=self.label(winner)))
        self._say(said, "overtime",
                  {"period": 1, "rule": self.options["overtime"], "winner": winner})
        self._set_phase(TOSS, winner, {"winner": winner})

    def _end_game(self, why: Message) -> None:
        self.after_clock = None
        if self.score[0] == self.score[1]:
            note = Message("Final: {home} and {away} tie {score}-{score} ({why}).", home=self.label(0),
                           away=self.label(1), score=self.score[0], why=why)
        else:
            winner = 0 if self.score[0] > self.score[1] else 1
            note = Message("Final: {winner} beat {loser} {winner_score}-{loser_score} ({why}).",
                           winner=self.label(winner), loser=self.label(1 - winner), winner_score=self.score[winner],
                           loser_score=self.score[1 - winner], why=why)
        self.note = note.to_json()  # plain data, as every public field (saves, views, clones)
        self._say(note, "game_end", {"score": list(self.score)})
        self._set_phase(OVER, None)
