"""Breakaway Football's kicking game: a part of ``FootballState`` (rules.py), kept apart by phase of play."""
from __future__ import annotations

from game.i18n import N_, Message, PluralMessage

from . import field
from .cards import BLOCKED_ICON, FUMBLE, FUMBLE_ICON, MISS_ICON, TOUCHDOWN_ICON, GameDayCard
from .plays import PlayResult
from .rules_fields import FootballFields
from .rules_words import absolute, corner_words, down_and_distance, yardage


#: how a kick return ends, by kick ("punt", "blocked punt", "free kick") and ending
_RETURN_WORDS: dict[str, dict[str, str]] = {
    "punt": {
        "touchdown": N_("{team} takes the punt back for a touchdown!"),
        "fumble": N_("{team} fumbles the punt! {kicker} recovers: {where}."),
        "safety": N_("{team} is tackled in the end zone on the punt."),
        "return": N_("Punt return: {gain}, {where}."),
    },
    "blocked punt": {
        "touchdown": N_("{team} takes the blocked punt back for a touchdown!"),
        "fumble": N_("{team} fumbles the blocked punt! {kicker} recovers: {where}."),
        "safety": N_("{team} is tackled in the end zone on the blocked punt."),
        "return": N_("Blocked punt return: {gain}, {where}."),
    },
    "free kick": {
        "touchdown": N_("{team} takes the free kick back for a touchdown!"),
        "fumble": N_("{team} fumbles the free kick! {kicker} recovers: {where}."),
        "safety": N_("{team} is tackled in the end zone on the free kick."),
        "return": N_("Free kick return: {gain}, {where}."),
    },
}


class KickRules(FootballFields):
    """Kickoffs, onside kicks, punts, free kicks and their returns; field goals, Hail Marys and the QB kneel."""

    # --- kicks ------------------------------------------------------------------------------------
    def _kick_off(self, kicker: int) -> None:
        """One card settles kick and return: the offense breakaway corner read on the return table."""
        receiver = 1 - kicker
        card = self._draw("kickoff")
        value = card.offense_breakaway
        data = {"kicker": kicker, "receiver": receiver, "card": card.number, "value": value}
        if value == TOUCHDOWN_ICON:
            self._say(Message("{team} returns the kickoff all the way for a touchdown!", team=self.label(receiver)),
                      "kickoff",
                      {**data, "result": "touchdown", "to": absolute(receiver, field.GOAL_LINE)})
            self._touchdown(receiver)
        elif value == FUMBLE_ICON:
            spot = field.flip(field.TOUCHBACK_SPOT)
            self._say(Message("{team} fumbles the kickoff! {kicker} recovers on the opponent's 20: {down}.",
                              team=self.label(receiver), kicker=self.label(kicker), down=down_and_distance(1, None)),
                      "kickoff",
                      {**data, "result": "fumble", "to": absolute(kicker, spot)})
            self._start_drive(kicker, spot)
        else:
            spot = field.kickoff_return_spot(int(value))
            result = "touchback" if int(value) <= 0 else "return"
            where = self._where(receiver, spot)
            said = (Message("Touchback: {where}.", where=where) if result == "touchback" else
                    Message("Kick returned: {where}.", where=where))
            self._say(said, "kickoff",
                      {**data, "result": result, "to": absolute(receiver, spot)})
            self._start_drive(receiver, spot)

    def _onside_kick(self, kicker: int) -> None:
        receiver = 1 - kicker
        card = self._draw("onside kick")
        recovered = card.field_goal in field.ONSIDE_RECOVERY_VALUES
        winner = kicker if recovered else receiver
        self._say(Message("Onside kick from midfield: {team} recovers (field-goal corner {corner}; 8 or 9 keeps it for "
                          "the kicking team).", team=self.label(winner), corner=corner_words(card.field_goal)), "onside",
                  {"kicker": kicker, "recovered": recovered, "card": card.number,
                   "to": absolute(winner, field.ONSIDE_SPOT)})
        self._start_drive(winner, field.ONSIDE_SPOT)

    def _breakaway_chain(self, first: GameDayCard, start: int, gain: int) -> tuple[int, str]:
        """Add offense breakaway values card after card "until you pull a 0 (tackle) or a fumble icon".

        A -1 is added and the run goes on; a 0 ends it, a fumble icon ends it with a fumble where the runner
        got to, a TD icon or the goal line scores, and a runner driven back to his own goal line is down there.
        Returns the gain from ``start`` and how the run ended: "tackle", "touchdown" or "fumble".
        """
        card = first
        while True:
            value = card.offense_breakaway
            if value == TOUCHDOWN_ICON:
                return gain, "touchdown"
            if value == FUMBLE_ICON:
                return gain, "fumble"
            gain += int(value)
            if start + gain >= field.GOAL_LINE:
                return gain, "touchdown"
            if int(value) == 0 or start + gain <= 0:
                return gain, "tackle"
            card = self._draw("breakaway")

    def _return(self, receiver: int, start: int, gain: int, ending: str, what: str) -> None:
        """Finish a punt or free-kick return for ``receiver`` who caught the ball at ``start``
        (``what``: "punt", "blocked punt" or "free kick")."""
        kicker = 1 - receiver
        said = _RETURN_WORDS[what]
        if ending == "touchdown" or start + gain >= field.GOAL_LINE:
            sentence = said["touchdown"]
            self._say(Message(sentence, team=self.label(receiver)), "return",
                      {"seat": receiver, "result": "touchdown", "from": absolute(receiver, start),
                       "to": absolute(receiver, field.GOAL_LINE)})
            self._touchdown(receiver)
        elif ending == "fumble":
            spot = min(field.flip(start + gain), field.GOAL_LINE - 1)
            sentence = said["fumble"]
            self._say(Message(sentence, team=self.label(receiver), kicker=self.label(kicker),
                              where=self._where(kicker, spot)), "return",
                      {"seat": receiver, "result": "fumble", "from": absolute(receiver, start),
                       "to": absolute(kicker, spot)})
            self._proceed({"do": "possession", "team": kicker, "spot": spot}, drive_over=True)
        elif start + gain <= 0:
            sentence = said["safety"]
            self._say(Message(sentence, team=self.label(receiver)), "return",
                      {"seat": receiver, "result": "safety", "from": absolute(receiver, start),
                       "to": absolute(receiver, 0)})
            self._safety(receiver)
        else:
            spot = start + gain
            sentence = said["return"]
            self._say(Message(sentence, gain=yardage(gain), where=self._where(receiver, spot)), "return",
                      {"seat": receiver, "result": "return", "gain": gain, "from": absolute(receiver, start),
                       "to": absolute(receiver, spot)})
            self._proceed({"do": "possession", "team": receiver, "spot": spot}, drive_over=True)

    def _punt(self, coffin: bool) -> None:
        kicker, receiver = self.offense, self.defense
        card = self._draw("punt")
        if card.punt == BLOCKED_ICON:
            start = field.flip(self.ball)
            self._say(Message("The punt is BLOCKED! {team} picks it up and runs.", team=self.label(receiver)), "punt",
                      {"seat": kicker, "result": "blocked", "from": absolute(kicker, self.ball),
                       "to": absolute(receiver, start)})
            gain, ending = self._breakaway_chain(self._draw("blocked-punt return"), start, 0)
            self._return(receiver, start, gain, ending, "blocked punt")
            return
        distance = max(1, int(card.punt) - (2 if coffin else 0))
        landing = self.ball + distance
        if landing >= field.GOAL_LINE:
            where = self._where(receiver, field.TOUCHBACK_SPOT)
            said = (PluralMessage("The coffin-corner punt of {count} yard lines reaches the end zone: touchback, "
                                  "{where}.", "The coffin-corner punt of {count} yard lines reaches the end zone: "
                                  "touchback, {where}.", distance, where=where) if coffin else
                    PluralMessage("The punt of {count} yard lines reaches the end zone: touchback, {where}.",
                                  "The punt of {count} yard lines reaches the end zone: touchback, {where}.",
                                  distance, where=where))
            self._say(said, "punt",
                      {"seat": kicker, "result": "touchback", "distance": distance, "coffin": coffin,
                       "from": absolute(kicker, self.ball), "to": absolute(receiver, field.TOUCHBACK_SPOT)})
            self._proceed({"do": "possession", "team": receiver, "spot": field.TOUCHBACK_SPOT}, drive_over=True)
            return
        start = field.flip(landing)
        spot = field.on_yard_line(start, "their")
        said = (PluralMessage("The coffin-corner punt travels {count} yard lines, fielded by {team} {spot}.",
                              "The coffin-corner punt travels {count} yard lines, fielded by {team} {spot}.",
                              distance, team=self.label(receiver), spot=spot) if coffin else
                PluralMessage("The punt travels {count} yard lines, fielded by {team} {spot}.",
                              "The punt travels {count} yard lines, fielded by {team} {spot}.",
                              distance, team=self.label(receiver), spot=spot))
        self._say(said, "punt",
                  {"seat": kicker, "result": "kicked", "distance": distance, "coffin": coffin,
                   "from": absolute(kicker, self.ball), "to": absolute(receiver, start)})
        card = self._draw("punt return")
        value = card.offense_breakaway
        if value == TOUCHDOWN_ICON:
            self._return(receiver, start, 0, "touchdown", "punt")
        elif value == FUMBLE_ICON:
            self._return(receiver, start, 0, "fumble", "punt")
        else:
            self._return(receiver, start, int(value), "tackle", "punt")

    def _free_kick(self, kicker: int) -> None:
        """After a safety: a punt from the kicker's own 20 (never blocked), returned as a breakaway."""
        receiver = 1 - kicker
        card = self._draw("free kick")
        while card.punt == BLOCKED_ICON:
            card = self._draw("free kick")
        landing = field.FREE_KICK_SPOT + int(card.punt)
        start = field.flip(landing)
        self._say(PluralMessage("{team} free-kicks {count} yard lines from its own 20.",
                                "{team} free-kicks {count} yard lines from its own 20.", int(card.punt),
                                team=self.label(kicker)), "free_kick",
                  {"seat": kicker, "distance": card.punt, "from": absolute(kicker, field.FREE_KICK_SPOT),
                   "to": absolute(receiver, start)})
        gain, ending = self._breakaway_chain(self._draw("free-kick return"), start, 0)
        self._return(receiver, start, gain, ending, "free kick")

    @staticmethod
    def _kick_words(value: int | str, distance: int, iced: bool) -> Message:
        """'the card shows 7, 6 needed' (with icing: 'the card shows 7, 6 after icing, 6 needed')."""
        if value == MISS_ICON:
            return Message("the card shows a missed kick")
        if iced:
            return Message("the card shows {value}, {iced} after icing, {needed} needed", value=value,
                           iced=int(value) - 1, needed=distance)
        return Message("the card shows {value}, {needed} needed", value=value, needed=distance)

    def _field_goal(self, iced: bool) -> None:
        kicker = self.offense
        distance = field.field_goal_distance(self.ball)
        card = self._draw("field goal")
        value = card.field_goal
        good = value != MISS_ICON and int(value) - (1 if iced else 0) >= distance
        data = {"seat": kicker, "distance": distance, "value": value, "iced": iced, "good": good,
                "card": card.number}
        if good:
            self.score[kicker] += 3
            self._say(Message("Field goal {spot} is GOOD ({card}): {team} +3.", spot=field.from_yard_line(self.ball),
                              card=self._kick_words(value, distance, iced), team=self.label(kicker)), "field_goal", {**data, "score": list(self.score)})
            self._proceed({"do": "kickoff", "team": kicker, "after_score": True}, drive_over=True)
        else:
            spot = max(field.TOUCHBACK_SPOT, field.flip(self.ball))
            self._say(Message("Field goal {spot} is NO GOOD ({card}): {where}.", spot=field.from_yard_line(self.ball),
                              card=self._kick_words(value, distance, iced), where=self._where(self.defense, spot)),
                      "field_goal", {**data, "to": absolute(self.defense, spot)})
            self._proceed({"do": "possession", "team": self.defense, "spot": spot}, drive_over=True)

    # --- special plays -----------------------------------------------------------------------------
    def _hail_mary(self) -> None:
        o, d = self.offense, self.defense
        cards = field.hail_mary_cards(self.ball)
        self._say(PluralMessage("Hail Mary! Up to {count} Game Day card: a 9 completes it, a missed kick is a pick-six.",
                                "Hail Mary! Up to {count} Game Day cards: a 9 completes it, a missed kick is a "
                                "pick-six.", cards), "hail_mary", {"seat": o, "cards": cards})
        for _ in range(cards):
            card = self._draw("Hail Mary")
            if card.field_goal == field.HAIL_MARY_COMPLETION_VALUE:
                start = self.ball
                if start + field.HAIL_MARY_GAIN >= field.GOAL_LINE:
                    self._say(Message("The Hail Mary is CAUGHT in the end zone!"), "hail_mary_result",
                              {"seat": o, "result": "touchdown", "from": absolute(o, start),
                               "to": absolute(o, field.GOAL_LINE)})
                    self._touchdown(o)
                    return
                self._say(Message("The Hail Mary is CAUGHT: 10 yard lines and an offense breakaway!"),
                          "hail_mary_result",
                          {"seat": o, "result": "complete", "from": absolute(o, start),
                           "to": absolute(o, start + field.HAIL_MARY_GAIN)})
                gain, ending = self._breakaway_chain(self._draw("breakaway"), start, field.HAIL_MARY_GAIN)
                self._finish_scrimmage(PlayResult(gain, turnover=FUMBLE if ending == "fumble" else "",
                                                  touchdown=ending == "touchdown", how="Hail Mary"),
                                       played_card=False)
                return
            if card.field_goal == MISS_ICON:
                self._say(Message("The Hail Mary is INTERCEPTED and returned for a touchdown by {team}!",
                                  team=self.label(d)),
                          "hail_mary_result", {"seat": o, "result": "pick_six", "from": absolute(o, self.ball),
                                               "to": absolute(d, field.GOAL_LINE)})
                self._touchdown(d)
                return
        self._say(Message("The Hail Mary falls incomplete."), "hail_mary_result",
                  {"seat": o, "result": "incomplete", "from": absolute(o, self.ball), "to": absolute(o, self.ball)})
        self._finish_scrimmage(PlayResult(0, incomplete=True, how="Hail Mary"), played_card=False)

    def _qb_kneel(self) -> None:
        o = self.offense
        self._say(Message("{team} takes a knee: one yard line lost, no Game Day card.", team=self.label(o)), "kneel",
                  {"seat": o, "from": absolute(o, self.ball), "to": absolute(o, self.ball - 1)})
        self._finish_scrimmage(PlayResult(-1, how="QB kneel"), played_card=False)
