"""Breakaway Football's scrimmage plays: a part of ``FootballState`` (rules.py), kept apart by phase of play."""
from __future__ import annotations

from game.core.protocol import EVERYONE, Event
from game.i18n import N_, Message

from . import field
from .cards import DEFENSE, FUMBLE, INTERCEPTION, OFFENSE, RUN, DefenseCard, OffenseCard
from .phases import BREAKAWAY_CHOICE, CONVERSION, DEFENSE_CALL, DOWNS, LATE_HALF_CARDS, OFFENSE_AUDIBLE, PENALTY_CHOICE
from .plays import Matchup, PlayResult, compare, matching_penalty, result_with_event
from .rules_fields import FootballFields
from .rules_words import absolute, short, yardage


#: a turnover in words, by kind and where the ball ends up
_TURNOVER_WORDS: dict[str, dict[str, str]] = {
    FUMBLE: {
        "touchdown": N_("{story}: FUMBLE in the end zone, TOUCHDOWN {team}!"),
        "turnover": N_("{story}: FUMBLE! {where}."),
    },
    INTERCEPTION: {
        "touchback": N_("{story}: INTERCEPTION in the end zone, touchback: {where}."),
        "touchdown": N_("{story}: INTERCEPTION in the end zone, TOUCHDOWN {team}!"),
        "turnover": N_("{story}: INTERCEPTION! {where}."),
    },
}


class ScrimmageRules(FootballFields):
    """Calls and audibles, the snap (reveal and Game Day card), the play's result, turnovers and scoring."""

    # --- calls and audibles -----------------------------------------------------------------
    def _commit(self, seat: int, card: int, end: int) -> None:
        on_offense = seat == self.offense
        team = self.team(seat)
        if on_offense:
            if not self.two_point:
                self.hands[seat].remove(card)
            chosen: OffenseCard | DefenseCard = team.offense_card(card)
            play_words = chosen.play(end).words()
        else:
            chosen = team.defense_card(card)
            play_words = chosen.play(end).words()
        self.commits[seat] = {"card": card, "end": end}
        self.calls[seat] = {"formation": chosen.formation, "audible": None}
        side = "offense" if on_offense else "defense"
        said = (Message("{team} lays an offense card face down: {formation} formation.", team=self.label(seat),
                        formation=chosen.formation) if on_offense else
                Message("{team} lays a defense card face down: {formation} formation.", team=self.label(seat),
                        formation=chosen.formation))
        events = self._events
        events.append(Event(said, "call", {"seat": seat, "side": side, "formation": chosen.formation}, EVERYONE,
                            False))
        events.append(Event(Message("You call {play}: card {card}.", play=play_words, card=card), "call_private",
                            {"seat": seat, "card": card, "end": end}, (seat,), False))
        if on_offense:
            self._set_phase(DEFENSE_CALL, self.defense)
        else:
            self._set_phase(OFFENSE_AUDIBLE, self.offense)

    def _audible_decision(self, seat: int, audible: bool) -> None:
        call = self.calls[seat]
        commit = self.commits[seat]
        assert call is not None and commit is not None
        call["audible"] = audible
        if audible:
            commit["end"] = 3 - commit["end"]
            self._events.append(Event(Message("{team} calls an audible and turns the card round.",
                                              team=self.label(seat)), "audible", {"seat": seat, "audible": True},
                                      EVERYONE, False))
        else:
            self._events.append(Event(Message("{team} keeps the call.", team=self.label(seat)), "audible",
                                      {"seat": seat, "audible": False}, EVERYONE, False))

    # --- the snap: reveal and Game Day card ----------------------------------------------------------
    def _matchup(self) -> Matchup:
        reveal = self.reveal
        assert reveal is not None
        revealed = self._revealed
        if revealed is not None and revealed[0] is reveal:
            return revealed[1]
        off, dfn = reveal["offense"], reveal["defense"]
        matchup = compare(self.team(self.offense).offense_card(off["card"]).play(off["end"]),
                          self.team(self.defense).defense_card(dfn["card"]).play(dfn["end"]))
        self._revealed = (reveal, matchup)
        return matchup

    def _reveal(self) -> None:
        o, d = self.offense, self.defense
        oc, dc = self.commits[o], self.commits[d]
        assert oc is not None and dc is not None
        off_play = self.team(o).offense_card(oc["card"]).play(oc["end"])
        def_play = self.team(d).defense_card(dc["card"]).play(dc["end"])
        m = compare(off_play, def_play)
        self.reveal = {
            "offense": {"seat": o, "card": oc["card"], "end": oc["end"], "play_type": off_play.play_type,
                        "kind": off_play.kind, "strength": off_play.strength,
                        "low_percentage": off_play.low_percentage},
            "defense": {"seat": d, "card": dc["card"], "end": dc["end"], "name": def_play.name,
                        "run_strength": def_play.run_strength, "pass_strength": def_play.pass_strength,
                        "prevent": def_play.prevent},
            "offense_value": m.offense_value, "defense_value": m.defense_value,
            "breakaway": m.breakaway, "base": m.base, "ball": self.ball,
        }
        self._revealed = (self.reveal, m)
        self.commits = [None, None]
        self.calls = [None, None]
        if not self.two_point:
            self.snaps += 1
        self._say(Message("Reveal: {play} against {defense} (run {run}, pass {passing}).", play=off_play.words(),
                          defense=Message(def_play.name), run=def_play.run_strength, passing=def_play.pass_strength),
                  "reveal",
                  {"offense": dict(self.reveal["offense"]), "defense": dict(self.reveal["defense"]),
                   "breakaway": m.breakaway}, reveals=True)
        if field.restricted_pass(off_play.play_type, self.ball):
            self._restricted_pass_penalty(off_play.play_type)
            return
        if m.breakaway:
            creator = o if m.breakaway == OFFENSE else d
            said = (Message("Offense breakaway: {defense} loses to {play}!", defense=Message(def_play.name),
                            play=Message(off_play.play_type)) if m.breakaway == OFFENSE else
                    Message("Defense breakaway: {defense} wins against {play}!", defense=Message(def_play.name),
                            play=Message(off_play.play_type)))
            self._say(said, "breakaway", {"side": m.breakaway, "seat": creator})
            self._earn_back_flag(creator)
        self._draw("play")
        if m.breakaway == OFFENSE:
            self._set_phase(BREAKAWAY_CHOICE, o, {"side": OFFENSE})
        elif m.breakaway == DEFENSE:
            self._set_phase(BREAKAWAY_CHOICE, d, {"side": DEFENSE})
        else:
            self._event_stage(offense_breakaway=False, breakaway=False)

    def _event_stage(self, offense_breakaway: bool, breakaway: bool) -> None:
        """The play event of the Game Day card: a penalty to accept or decline, else the play's result (a play
        that is not a breakaway goes through the challenge window first)."""
        m = self._matchup()
        card = self._current_card()
        penalty = matching_penalty(card, m)
        if penalty is None:
            if breakaway:
                self._finish_scrimmage(result_with_event(m, card, offense_breakaway))
            else:
                self._offer_challenge(penalty=False)
            return
        penalized = self.offense if card.event.side == OFFENSE else self.defense
        chooser = 1 - penalized
        said = (Message("Flag on the play: {penalty} on {team} (accept or decline).", penalty=Message(penalty.name),
                        team=self.label(penalized)) if penalty.declinable else
                Message("Flag on the play: {penalty} on {team} (cannot be declined).", penalty=Message(penalty.name),
                        team=self.label(penalized)))
        self._say(said, "penalty",
                  {"seat": penalized, "penalty": card.event.penalty_key, "name": penalty.name,
                   "lines": penalty.lines, "declinable": penalty.declinable})
        if penalty.declinable:
            self._set_phase(PENALTY_CHOICE, chooser, {"chooser": chooser, "penalty": card.event.penalty_key,
                                                      "penalized": penalized, "breakaway": breakaway})
        elif breakaway:
            self._enforce_penalty()
        else:
            self._offer_challenge(penalty=True)

    def _offense_breakaway_run(self) -> None:
        m = self._matchup()
        gain, ending = self._breakaway_chain(self._current_card(), self.ball, m.base)
        self._finish_scrimmage(PlayResult(gain, turnover=FUMBLE if ending == "fumble" else "",
                                          touchdown=ending == "touchdown", how="offense breakaway"))

    # --- the result of a scrimmage play --------------------------------------------------------------
    def _return_play_card(self) -> None:
        card = self.reveal["offense"]["card"] if self.reveal else None
        if card is not None and card not in self.hands[self.offense]:
            self.hands[self.offense].append(card)
            self.hands[self.offense].sort()

    def _discard_play_card(self) -> None:
        reveal = self.reveal
        assert reveal is not None  # a played card was revealed at the snap
        self.discards[self.offense].append(reveal["offense"]["card"])

    def _first_down(self) -> None:
        self.down = 1
        self.target = field.next_first_down_line(self.ball)

    def _narrate_play(self, result: PlayResult, played_card: bool) -> tuple[Message, ...]:
        """The play in words, clause by clause (shown joined by commas): the matchup, the breakaway or the plain
        gain, what the Game Day card did."""
        if not played_card:
            return (Message("Hail Mary") if result.how == "Hail Mary" else Message("QB kneel"),)
        m = self._matchup()
        parts = [m.words()]
        if m.breakaway == DEFENSE:
            parts.append(Message("defense breakaway"))
            if result.how == "defense breakaway":
                parts.append(Message("the defense stops it cold") if result.gain == 0
                             else Message("the defense breakaway throws it back {lines}", lines=short(-result.gain)))
        elif m.breakaway == OFFENSE:
            parts.append(Message("offense breakaway, {lines} to start", lines=short(m.base)))
            extra = result.gain - m.base
            if result.how == "offense breakaway" and not result.touchdown:
                if extra > 0:
                    parts.append(Message("the breakaway run adds {lines}", lines=short(extra)))
                elif extra == 0:
                    parts.append(Message("tackled on the next card"))
                else:
                    parts.append(Message("dragged back {lines}", lines=short(-extra)))
        else:
            parts.append(Message("a gain of {lines}", lines=short(m.base)) if m.base else Message("no gain"))
        if result.modifier > 0:
            parts.append(Message("the Game Day card adds {value}", value=result.modifier))
        elif result.modifier < 0:
            parts.append(Message("the Game Day card takes away {value}", value=-result.modifier))
        if result.how == "the play event does not match the play":
            parts.append(Message("the Game Day event is for a run, no effect") if self._current_card().event.kind == RUN
                         else Message("the Game Day event is for a pass, no effect"))
        if result.how.startswith("low-percentage"):
            parts.append(Message("the target pass is complete (green text)") if not result.incomplete
                         else Message("the target pass is incomplete (red text)"))
        return tuple(parts)

    def _finish_scrimmage(self, result: PlayResult, played_card: bool = True) -> None:
        """Move the ball and the downs after a play: score, turnover, first down or next down."""
        if self.two_point:
            success = not result.turnover and (result.touchdown or self.ball + result.gain >= field.GOAL_LINE)
            story = self._narrate_play(result, played_card)
            self._say(Message("{story}: the two-point try is GOOD.", story=story) if success else
                      Message("{story}: the two-point try fails.", story=story), "play",
                      {"seat": self.offense, "gain": result.gain, "result": "two_point",
                       "from": absolute(self.offense, self.ball),
                       "to": absolute(self.offense, min(field.GOAL_LINE, self.ball + max(result.gain, 0)))})
            self._finish_two_point(success)
            return
        o = self.offense
        if played_card:
            late_incomplete = (result.incomplete and self.options["late_half_incompletions"] and self.late_half()
                               and len(self.hands[o]) + 1 <= LATE_HALF_CARDS)
            if late_incomplete:
                self._return_play_card()
                self._say(Message("Late in the half, the incomplete pass keeps its card in the hand."), "late_incompletion",
                          {"seat": o})
            else:
                self._discard_play_card()
        start = self.ball
        story = self._narrate_play(result, played_card)
        spot = start + result.gain
        base = {"seat": o, "gain": result.gain, "from": absolute(o, start)}
        if result.turnover:
            self._turnover(result, story, spot)
            return
        if result.touchdown or spot >= field.GOAL_LINE:
            self._say(Message("{story}: TOUCHDOWN {team}!", story=story, team=self.label(o)), "play",
                      {**base, "result": "touchdown", "to": absolute(o, field.GOAL_LINE)})
            self._touchdown(o)
            return
        if spot <= 0:
            self._say(Message("{story}: tackled in the end zone, SAFETY!", story=story), "play",
                      {**base, "result": "safety", "to": absolute(o, 0)})
            self._safety(o)
            return
        self.ball = spot
        outcome = Message("incomplete pass") if result.incomplete else yardage(result.gain)
        if self.ball >= self.target:
            self._first_down()
            self._say(Message("{story}: {outcome}, FIRST DOWN {spot}.", story=story, outcome=outcome,
                              spot=field.on_yard_line(self.ball)), "play",
                      {**base, "result": "first_down", "incomplete": result.incomplete, "to": absolute(o, spot)})
            self._proceed({"do": "snap"}, drive_over=False)
            return
        self.down += 1
        if self.down > DOWNS:
            self._say(Message("{story}: {outcome}, short of the first-down line.", story=story, outcome=outcome), "play",
                      {**base, "result": "gain", "incomplete": result.incomplete, "to": absolute(o, spot)})
            self._turnover_on_downs()
            return
        self._say(Message("{story}: {outcome}; {down} {spot}.", story=story, outcome=outcome, down=self.down_words(),
                          spot=field.on_yard_line(self.ball)), "play",
                  {**base, "result": "gain", "incomplete": result.incomplete, "to": absolute(o, spot)})
        self._proceed({"do": "snap"}, drive_over=False)

    def _turnover(self, result: PlayResult, story: tuple[Message, ...], spot: int) -> None:
        """Fumbles change hands where the ball is; interceptions at the new spot, end zone = touchback."""
        o, d = self.offense, self.defense
        kind = result.turnover
        said = _TURNOVER_WORDS[kind]
        data = {"seat": o, "gain": result.gain, "from": absolute(o, self.ball), "turnover": kind}
        if kind == INTERCEPTION and spot >= field.GOAL_LINE:
            sentence = said["touchback"]
            self._say(Message(sentence, story=story, where=self._where(d, field.TOUCHBACK_SPOT)),
                      "turnover", {**data, "result": "touchback", "to": absolute(d, field.TOUCHBACK_SPOT)})
            self._proceed({"do": "possession", "team": d, "spot": field.TOUCHBACK_SPOT}, drive_over=True)
        elif spot <= 0:
            sentence = said["touchdown"]
            self._say(Message(sentence, story=story, team=self.label(d)), "turnover",
                      {**data, "result": "touchdown", "to": absolute(o, 0)})
            self._touchdown(d)
        else:
            new = field.flip(min(spot, field.GOAL_LINE - 1))
            sentence = said["turnover"]
            self._say(Message(sentence, story=story, where=self._where(d, new)), "turnover",
                      {**data, "result": "turnover", "to": absolute(d, new)})
            self._proceed({"do": "possession", "team": d, "spot": new}, drive_over=True)

    def _turnover_on_downs(self) -> None:
        d = self.defense
        spot = field.flip(self.ball)
        self.down = DOWNS
        self._say(Message("Turnover on downs: {where}.", where=self._where(d, spot)), "downs",
                  {"seat": self.offense, "to": absolute(d, spot)})
        self._proceed({"do": "possession", "team": d, "spot": spot}, drive_over=True)

    # --- scoring ------------------------------------------------------------------------------------------
    def _touchdown(self, team: int) -> None:
        self.score[team] += 6
        self.offense = team
        self._say(Message("Touchdown {team}: {score}.", team=self.label(team), score=self.score_words()), "touchdown",
                  {"seat": team, "score": list(self.score)})
        if self.quarter >= 5:
            self._end_game(Message("a touchdown ends overtime"))
            return
        self._set_phase(CONVERSION, team, {"team": team})

    def _after_conversion(self) -> None:
        self.two_point = False
        self._proceed({"do": "kickoff", "team": self.offense, "after_score": True}, drive_over=True)

    def _finish_two_point(self, success: bool) -> None:
        team = self.offense
        if success:
            self.score[team] += 2
        self._say(Message("Two-point try is GOOD: {score}.", score=self.score_words()) if success else
                  Message("Two-point try fails: {score}.", score=self.score_words()), "two_point",
                  {"seat": team, "good": success, "score": list(self.score)})
        self._after_conversion()

    def _safety(self, scored_on: int) -> None:
        self.score[1 - scored_on] += 2
        self._say(Message("Safety: {team} +2 ({score}).", team=self.label(1 - scored_on), score=self.score_words()),
                  "safety",
                  {"seat": 1 - scored_on, "score": list(self.score)})
        if self.quarter >= 5:
            self._end_game(Message("a safety ends overtime"))
            return
        self.offense = scored_on
        self._proceed({"do": "free_kick", "team": scored_on}, drive_over=True)

    def score_words(self) -> Message:
        """'Lightning 14, Fire 10'."""
        return Message("{home} {home_score}, {away} {away_score}", home=self.label(0), home_score=self.score[0],
                       away=self.label(1), away_score=self.score[1])
