"""The guided first game and the log's rule links: what to do now, and which rule a log line applies.

:func:`guide` reads only ``view(seat)`` of the seat deciding now and names the
next decision in a sentence or two, with the heading of ``rules_help.md``
that explains it.  Where the view allows, the hint fits the moment: the free
squares from the rider's square, a slipstream, a descender on a downhill, a
crack risk on a pass, a finish within reach, rivals to chase.  Reachable
squares come from the engine's own move search on a state rebuilt from the
view (nothing secret is needed to price a move).

:func:`event_rule` maps a log event to the heading that explains it.
"""
from __future__ import annotations

from typing import Any, Mapping

from game.core.protocol import Event
from game.core.spec import Hint
from game.i18n import Message, SeatName, _, ngettext

from .course import Course, course_for
from .hexagons import terrain_title
from .movement import FINISH, MAX_PAYING, PAYING_COSTS, REJOIN, MoveOption, free_squares
from .views import Leader1View, RiderView

# --- the rules help headings the hints and log links point at (exactly as written there) -------------------
RIDERS = "Riders and teams"
SPECIALISTS = "Sprinters and descenders"
ENERGY = "Energy"
FREE = "Free squares"
PAYING = "Paying squares"
ENERGY_BACK = "Energy back"
SLIPSTREAM = "Slipstream"
BLOCKED = "A blocked road"
GAME_TURN = "A game turn"
BREAKING_AWAY = "Breaking away"
DROPPING_BACK = "Dropping back"
CHASE = "The chase"
PELOTON = "The peloton"
BEHIND = "Riders behind the peloton"
TOKEN = "The peloton token"
CRACK = "Crack"
FALL = "Fall"
RISK_ROLLS = "Risk rolls"
PUNCTURE = "Puncture"
FEED = "Feed zones"
BONUS = "Bonus time"
FINISH_LINE = "The finish"
GENERAL_CLASSIFICATION = "General classification"
CARRIED_OVER = "Energy carried over"

#: below this a rider should think about saving energy or eating a tile
LOW_ENERGY = 6


def deciding_seat(view: Leader1View) -> int | None:
    """The seat whose decision it is, read from a view."""
    phase = view["phase"]
    if phase == "setup":
        return int(view["setup_seat"])
    if phase in ("ahead", "behind"):
        current = int(view["current_rider"])
        return int(view["riders"][current]["seat"]) if current >= 0 else None
    if phase == "breakaway":
        return int(view["breakaway_seats"][0]) if view["breakaway_seats"] else None
    if phase == "pursuit":
        return int(view["leader_seat"])
    return None


#: colour words as the engine names players and riders by their seat's default colour ("Orange") -> the
#: colour a player chose instead ("Sky"), English msgids; empty when every seat kept its own
Colours = Mapping[str, str]


def guide(view: Leader1View, seat: int, colours: Colours | None = None) -> Hint | None:
    """The next thing ``seat`` should do, in words, with the rule behind it (None: not this seat's decision).
    ``colours``: the colours the players chose, which the hint names riders by (the table knows them)."""
    if deciding_seat(view) != seat:
        return None
    phase = view["phase"]
    course = course_for(view["calendar"][view["stage"]])
    colours = colours or {}
    if phase == "setup":
        return _setup_hint(view, seat, course)
    if phase in ("ahead", "behind"):
        return _move_hint(view, course, colours)
    if phase == "breakaway":
        return _breakaway_hint(view, seat, course, colours)
    return _pursuit_hint(view, seat, course, colours)


# --- setup ---------------------------------------------------------------------------------------------------
def _setup_hint(view: Leader1View, seat: int, course: Course) -> Hint:
    mine = [r for r in view["riders"] if r["seat"] == seat]
    if len(mine) < int(view["riders_per_player"]):
        terrains = [h.terrain for h in course.hexagons]
        climbs = terrains.count("mountain")
        if course.arrival_terrain == "mountain" or climbs * 3 >= len(terrains):
            suits = _("a climber suits it best")
        elif climbs <= 2:
            suits = _("a rouleur suits it best")
        else:
            suits = _("a leader suits it best")
        return Hint(ngettext("Pick a rider type. This race has {count} mountain pass hexagon out of {total}: "
                             "{suits}.",
                             "Pick a rider type. This race has {count} mountain pass hexagons out of {total}: "
                             "{suits}.", climbs).format(count=climbs, total=len(terrains), suits=suits), RIDERS)
    if len(mine) == 1:
        if course.arrival_terrain == "mountain":
            return Hint(_("Make your rider the sprinter or the descender. This race ends on a summit, with no "
                          "sprint area: the descender gains more."), SPECIALISTS)
        return Hint(_("Make your rider the sprinter (an extra free square near a flat finish) or the descender "
                      "(an extra free square on every downhill start)."), SPECIALISTS)
    if not any(r["speciality"] == "sprinter" for r in mine):
        return Hint(_("Name your sprinter: one extra free square on moves that start in the sprint area before "
                      "a flat finish. A rouleur is fast there."), SPECIALISTS)
    return Hint(_("Name your descender: one extra free square on every move that starts downhill (never the "
                  "sprinter)."), SPECIALISTS)


# --- moving a rider on the road -------------------------------------------------------------------------------
def _options(view: Leader1View, rider_id: int) -> tuple[dict[tuple[str, int], MoveOption], int]:
    """The rider's destinations (the engine's own search) and his energy."""
    from .rules import Leader1State
    state = Leader1State.from_view(view, 0)
    return state.move_options(rider_id), state.riders[rider_id].energy


def _move_hint(view: Leader1View, course: Course, colours: Colours) -> Hint:
    rider = view["riders"][int(view["current_rider"])]
    name = rider_words(rider, colours)
    options, energy = _options(view, rider["id"])
    affordable = [o for o in options.values() if o.energy_needed <= energy]
    square = course.squares[rider["square"]]
    if not affordable:
        return Hint(_("Your {rider} has no square he can reach: press Stay.").format(rider=name), BLOCKED)
    finishes = [o for o in affordable if o.kind == FINISH]
    if finishes:
        best = max(finishes, key=lambda o: o.target)
        return Hint(_("Your {rider} can cross the line this turn, up to {past} past it for {cost} energy: further "
                      "past the line beats others finishing this turn.").format(rider=name, past=best.target,
                                                                                 cost=best.cost), FINISH_LINE)
    rejoin = options.get((REJOIN, -1))
    if rejoin is not None and rejoin.energy_needed <= energy:
        return Hint(_("Your {rider} can get back into the peloton this turn for {cost} of his {energy} energy: "
                      "reach its last row.").format(rider=name, cost=rejoin.cost, energy=energy), BEHIND)
    if all(o.crossed for o in affordable):
        return Hint(_("The road in front of your {rider} is full: he may ride through riders, 1 energy each, on "
                      "the longest way.").format(rider=name), BLOCKED)
    tiles = view["my_tiles"].get(str(rider["id"]), [])
    if tiles and energy < LOW_ENERGY:
        return Hint(_("Your {rider} is low on energy ({energy}): eat a kept feed tile on his energy table before "
                      "moving.").format(rider=name, energy=energy), FEED)
    free = free_squares(rider["kind"], square.terrain, slipstream=bool(rider["slipstream"]),
                        descender=rider["speciality"] == "descender",
                        sprinter_in_area=rider["speciality"] == "sprinter" and square.sprint_area)
    base = ngettext("Move your {rider}: {count} free square from this {terrain}",
                    "Move your {rider}: {count} free squares from this {terrain}", free).format(
        rider=name, count=free, terrain=terrain_title(square.terrain))
    if rider["slipstream"]:
        return Hint(_("{move}, one of them from the slipstream of the rider he followed.").format(move=base),
                    SLIPSTREAM)
    if rider["speciality"] == "descender" and square.terrain == "downhill":
        return Hint(_("{move}, one extra because he is your descender.").format(move=base), SPECIALISTS)
    if rider["speciality"] == "sprinter" and square.sprint_area:
        return Hint(_("{move}, one extra because he is your sprinter in the sprint area.").format(move=base),
                    SPECIALISTS)
    if any(o.crack for o in affordable):
        limit = min(o.category for o in affordable if o.crack)
        return Hint(ngettext("{move}. On this pass more than {count} paying square risks a crack (red ring).",
                             "{move}. On this pass more than {count} paying squares risks a crack (red ring).",
                             limit).format(move=base, count=limit), CRACK)
    if any(o.fall for o in affordable):
        return Hint(_("{move}. Paying squares over a black square risk a fall (red ring).").format(move=base), FALL)
    if energy < LOW_ENERGY:
        return Hint(_("{move}. With {energy} energy, ride fewer than your free squares to get 1 back each.").format(
            move=base, energy=energy), ENERGY_BACK)
    top = min(MAX_PAYING, max((o.paying for o in affordable), default=0))
    return Hint(_("{move}; up to {count} more cost {costs} energy (orange squares).").format(
        move=base, count=top, costs=", ".join(map(str, PAYING_COSTS[1:top + 1]))), PAYING if top else FREE)


# --- attacks, and the chase ------------------------------------------------------------------------------------
def _breakaway_hint(view: Leader1View, seat: int, course: Course, colours: Colours) -> Hint:
    riders = view["riders"]
    mine = [r for r in riders if r["seat"] == seat and r["place"] == "peloton" and not r["dropping"]]
    behind = [r for r in riders if r["seat"] == seat and r["place"] == "road" and _behind_peloton(view, course, r)]
    if behind and mine:
        return Hint(_("Your {rider} is behind the peloton: a team mate may drop back to wait with him, or attack, "
                      "or pass.").format(rider=rider_words(behind[0], colours)), DROPPING_BACK)
    if not mine:
        return Hint(_("Pass: none of your riders is left in the peloton."), BREAKING_AWAY)
    rider = mine[0]
    options, energy = _options(view, rider["id"])
    if any(o.kind == FINISH and o.energy_needed <= energy for o in options.values()):
        return Hint(_("The finish is in reach: your {rider} can sprint out of the peloton across the line "
                      "now.").format(rider=rider_words(rider, colours)), FINISH_LINE)
    front = course.squares[course.line[min(int(view["peloton"]), len(course.line) - 1)]]
    free = free_squares(rider["kind"], front.terrain, descender=rider["speciality"] == "descender")
    return Hint(_("Attack or pass: a breakaway rides at least 4 squares from the peloton's front; your {rider} "
                  "has {count} free here, the rest costs energy.").format(rider=rider_words(rider, colours),
                                                                           count=free),
                BREAKING_AWAY)


def rider_words(rider: RiderView, colours: Colours | None = None) -> str:
    """A rider of a view by his name in the reader's language ("Orange rouleur"), in the colour his player
    chose where ``colours`` says one."""
    from .rules_words import rider_name
    return str(in_colours(rider_name(int(rider["seat"]), str(rider["kind"])), colours or {}))


def in_colours(text: "Message | str", colours: Colours) -> "Message | str":
    """``text`` with every seat colour word in it (riders and players as the engine names them, by their
    seat's default colour) replaced by the colour that seat's player chose."""
    if not colours or not isinstance(text, Message):
        return text
    if not text.fields and text.plural is None and text.msgid in colours:
        return Message(colours[text.msgid])
    if not text.fields:
        return text
    again = object.__new__(type(text))
    again.msgid, again.plural, again.count = text.msgid, text.plural, text.count
    again.fields = {key: _field_in_colours(value, colours) for key, value in text.fields.items()}
    return again


def _field_in_colours(value: Any, colours: Colours) -> Any:
    if isinstance(value, Message):
        return in_colours(value, colours)
    if isinstance(value, SeatName):
        return SeatName(value.seat, _field_in_colours(value.default, colours))
    if isinstance(value, (tuple, list)):
        return tuple(_field_in_colours(item, colours) for item in value)
    return value


def _behind_peloton(view: Leader1View, course: Course, rider: RiderView) -> bool:
    if int(view["peloton_arrived_turn"]) >= 0:
        return False
    rear = course.line_grow(int(view["peloton"]) - 1)
    return course.squares[rider["square"]].grow < rear


def _pursuit_hint(view: Leader1View, seat: int, course: Course, colours: Colours) -> Hint:
    front = course.line_grow(int(view["peloton"]))
    away = [r for r in view["riders"] if r["place"] == "road" and course.squares[r["square"]].grow > front]
    rivals = [r for r in away if r["seat"] != seat]
    if rivals and not any(r["seat"] == seat for r in away):
        lead = max(rivals, key=lambda r: course.squares[r["square"]].grow)
        gap = course.squares[lead["square"]].grow - front
        return Hint(ngettext("The {rider} is {count} row ahead of the peloton: chase (+1 to its move) to bring "
                             "him back, or just roll.",
                             "The {rider} is {count} rows ahead of the peloton: chase (+1 to its move) to bring "
                             "him back, or just roll.", gap).format(rider=rider_words(lead, colours), count=gap), CHASE)
    if away:
        return Hint(_("Your rider is away ahead: roll the peloton die without chasing, so the bunch stays slow."),
                    PELOTON)
    return Hint(_("Roll the peloton die: it moves 3, 4 or 5 (red face: 4, then punctures). At 5 or more every "
                  "rider in it pays energy."), PELOTON)


# --- the log's rule links ---------------------------------------------------------------------------------------
_EVENT_RULES: dict[str, str] = {
    "pick": RIDERS, "speciality": SPECIALISTS, "stage_start": ENERGY, "turn": GAME_TURN,
    "slipstream": SLIPSTREAM, "slipstream_lost": SLIPSTREAM, "cracked": CRACK, "fallen": FALL,
    "feed_taken": FEED, "feed_tile": FEED, "feed_eaten": FEED, "feed_empty": FEED,
    "bonus_time": BONUS, "bonus_lost": BONUS, "finish": FINISH_LINE, "stay": BLOCKED, "drop": DROPPING_BACK,
    "pass": BREAKING_AWAY, "peloton_move": PELOTON, "absorbed": PELOTON, "peloton_cost": PELOTON,
    "puncture_rolls": PUNCTURE, "punctured": PUNCTURE, "peloton_arrives": FINISH_LINE,
    "eliminated": GENERAL_CLASSIFICATION, "unplaced": FINISH_LINE, "token": TOKEN, "stage_end": FINISH_LINE,
}


def event_rule(event: Event) -> str | None:
    """The rules help heading that explains a log event (None for the end of the game)."""
    data = event.data
    kind = event.kind
    if kind == "move":
        if data.get("breakaway"):
            return FINISH_LINE if data.get("kind") == FINISH else BREAKING_AWAY
        if data.get("kind") == REJOIN:
            return BEHIND
        if data.get("kind") == FINISH:
            return FINISH_LINE
        if data.get("crossed"):
            return BLOCKED
        if data.get("recovered"):
            return ENERGY_BACK
        return PAYING if data.get("paying") else FREE
    if kind == "risk":
        return RISK_ROLLS
    if kind == "stage_start" and data.get("stage", 0) > 0:
        return CARRIED_OVER
    if kind == "peloton_roll":
        return CHASE if data.get("pursue") else PELOTON
    if kind == "dropped":
        return DROPPING_BACK if data.get("reason") == "let_go" else PELOTON
    return _EVENT_RULES.get(kind)


#: every heading the guide and the log links may name (the tests check each is in rules_help.md)
HEADINGS = (RIDERS, SPECIALISTS, ENERGY, FREE, PAYING, ENERGY_BACK, SLIPSTREAM, BLOCKED, GAME_TURN,
            BREAKING_AWAY, DROPPING_BACK, CHASE, PELOTON, BEHIND, TOKEN, CRACK, FALL, RISK_ROLLS, PUNCTURE, FEED,
            BONUS, FINISH_LINE, GENERAL_CLASSIFICATION, CARRIED_OVER)
