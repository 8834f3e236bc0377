"""Leader 1's refusals in words: a part of ``Leader1State`` (rules.py), kept apart by step of the game turn."""
from __future__ import annotations

from typing import Any, Mapping

from game.core.protocol import Action, IllegalAction
from game.i18n import Message, PluralMessage

from .movement import BREAKAWAY_MIN_SQUARES, FINISH, REJOIN, RIDER_TYPES, SQUARE, MoveOption
from .rider import PELOTON, Rider
from .rules_fields import Leader1Fields
from .rules_words import rider_type_word


class RefusalRules(Leader1Fields):
    """Why an action is refused, in a sentence the player understands."""

    def _phase_hint(self) -> Message:
        if self.phase == "setup":
            return Message("choose your riders ('pick rouleur') and your sprinter and descender "
                           "('speciality 0 sprinter').")
        if self.phase in ("ahead", "behind"):
            rider = self.riders[self.current_rider_id()]
            return Message("the {rider} moves now ('move <square>', 'finish <squares past the line>' or 'rejoin').",
                           rider=rider.label)
        if self.phase == "breakaway":
            return Message("send riders out of the peloton ('breakaway <rider> <square>'), 'drop <rider>' or 'pass'.")
        return Message("the peloton leader rolls the peloton die ('roll') or chases with +1 ('pursue').")

    def _check_feed(self, seat: int, args: tuple[Any, ...]) -> None:
        if len(args) != 2 or not all(isinstance(a, int) for a in args):
            raise IllegalAction(Message("Eat a feed tile with 'feed <rider> <value>', e.g. 'feed 0 3'."))
        rider_id, value = args
        if not 0 <= rider_id < len(self.riders) or self.riders[rider_id].seat != seat:
            raise IllegalAction(Message("Rider {number} is not one of your riders.", number=rider_id))
        rider = self.riders[rider_id]
        if not rider.racing:
            raise IllegalAction(Message("The {rider} is no longer racing.", rider=rider.label))
        if value not in rider.tiles:
            raise IllegalAction(Message("The {rider} holds no feed tile worth {value}.", rider=rider.label,
                                        value=value))

    def _explain_setup(self, action: Action) -> None:
        mine = self.seat_riders(self.setup_seat)
        if len(action.args) != (1 if action.kind == "pick" else 2):
            raise IllegalAction(Message("Use 'pick rouleur' (or leader, climber) and 'speciality <rider> sprinter' "
                                        "(or descender)."))
        if action.kind == "pick":
            if len(mine) >= self.riders_per_player:
                raise IllegalAction(PluralMessage("You already have your {count} rider; now choose who sprints and "
                                                  "who descends.", "You already have your {count} riders; now choose "
                                                  "who sprints and who descends.", self.riders_per_player))
            choice = action.args[0] if action.args else ""
            if choice not in RIDER_TYPES:
                raise IllegalAction(Message("'{choice}' is not a rider type; pick a rouleur, a leader or a climber.",
                                            choice=choice))
            raise IllegalAction(Message("You cannot pick a {choice} now; available: {available}.",
                                        choice=rider_type_word(choice),
                                        available=tuple(map(rider_type_word,
                                                            self._types_available(self.setup_seat)))))
        if len(mine) < self.riders_per_player:
            raise IllegalAction(Message("Pick all your riders before choosing their specialities."))
        raise IllegalAction(Message("Name your sprinter first, then your descender: one of your riders each, "
                                    "never both on the same rider."))

    def _explain_move(self, rider: Rider, action: Action, kind: str, args: tuple[Any, ...]) -> None:
        options = self.move_options(rider.id)
        if kind == "stay":
            raise IllegalAction(Message("The {rider} can still move; a rider may not stand still.",
                                        rider=rider.label))
        if kind == "rejoin":
            option = options.get((REJOIN, -1))
            if option is None:
                raise IllegalAction(Message("The {rider} cannot reach the peloton this turn.", rider=rider.label))
            raise IllegalAction(self.refusal(rider, option))
        if len(args) != 1 or not isinstance(args[0], int):
            raise IllegalAction(Message("Give one number: '{move} 12'.", move=kind))
        self._explain_target(rider, options, SQUARE if kind == "move" else FINISH, args[0])

    def _explain_target(self, rider: Rider, options: Mapping[tuple[str, int], MoveOption], kind: str,
                        target: int) -> None:
        if kind == SQUARE and not 0 <= target < len(self.course.squares):
            raise IllegalAction(Message("There is no square {number} on this race.", number=target))
        option = options.get((kind, target))
        if option is None:
            where = Message("square {number}", number=target) if kind == SQUARE else \
                PluralMessage("{count} square past the finish line", "{count} squares past the finish line", target)
            raise IllegalAction(Message("The {rider} cannot reach {where} this turn (free squares, then at most "
                                        "six paying squares, straight or diagonally, never through a rider unless "
                                        "the road is blocked).", rider=rider.label, where=where))
        raise IllegalAction(self.refusal(rider, option))

    def _explain_breakaway(self, seat: int, action: Action, kind: str, args: tuple[Any, ...]) -> None:
        if not args or not isinstance(args[0], int) or not 0 <= args[0] < len(self.riders) \
                or self.riders[args[0]].seat != seat:
            raise IllegalAction(Message("Name one of your riders by number, e.g. 'breakaway 0 25'."))
        rider = self.riders[args[0]]
        if rider.place != PELOTON:
            raise IllegalAction(Message("The {rider} is not in the peloton.", rider=rider.label))
        if rider.dropping:
            raise IllegalAction(Message("The {rider} is already letting the peloton go this turn.",
                                        rider=rider.label))
        if len(args) != 2 or not isinstance(args[1], int):
            raise IllegalAction(Message("Give the rider and one number: '{move} {number} 25'.", move=kind,
                                        number=rider.id))
        options = self.move_options(rider.id)
        target_kind = SQUARE if kind == "breakaway" else FINISH
        if target_kind == SQUARE and 0 <= args[1] < len(self.course.squares) and (SQUARE, args[1]) not in options:
            raise IllegalAction(Message("To break away the {rider} must ride at least {count} squares ahead of the "
                                        "peloton and can reach no further than his free squares plus six; square "
                                        "{number} is not among them.", rider=rider.label,
                                        count=BREAKAWAY_MIN_SQUARES, number=args[1]))
        self._explain_target(rider, options, target_kind, args[1])
