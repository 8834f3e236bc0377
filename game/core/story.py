"""The story of a finished game: its own chart, a win-chance line per seat and the key moments.

Everything here is read from the public replay only: ``replay.view_at(step, None)`` and the
events every seat saw.  Each game says what its chart shows with a ``story`` function in its
spec's ``extra`` (``extra["story"](replay) -> tuple[Panel, ...]``); the win chance is the same
for every game:

*Win chance.*  At up to ``SAMPLED_STEPS`` evenly spread steps (and at a few more steps bisected
where the line moved most), the public view is turned into full games with the hidden parts
re-dealt by the game's own ``from_view`` (as the bots determinize), and each is played to its end
by the game's easy bots, ``playouts`` times.  A seat's chance is the share of those games it won
(a shared first place is split).  The deals and the bots are seeded from fixed numbers, the same
at every step, so a replay always tells the same story and neighbouring steps differ by the
game, not by luck.  Steps between samples are interpolated; the last step is the real result.
The easy bots play much like each other, so the line says how the position stood between equal
players, not what the players at the table would have made of it.  Each game sets its playouts a
step (``extra["story_playouts"]``: 8 for Breaking Away, whose playouts are dearest, up to 48) so that
a typical game is told within 20 s on two cores (``tools/bench.py --only story``); with so few, a
chance is good to about a tenth either way (a sixth for Breaking Away): a sketch of the game, which
is why a key moment must move a chance by at least ``SMALLEST_MOMENT``.

*The hard bot's move.*  At a key moment whose move a human made, the hard bot is asked what it would
have played there, from that player's own view before the move and with the hint's seed: exactly
the hint that player could have asked for (the game is over, and it is their knowledge at the time).
The played move and the hard bot's are then weighed alike: each played on the same ``playouts``
states rebuilt from that view, and played on by the easy bots with the same seeds.  They start from
the player's view, not the public one, because a move can be a sealed choice (a sheet, a play call)
that the public view does not show yet; the luck of the move itself (a die, a card drawn) is dealt
the same way for both, so neither gets the real game's luck.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Callable, Iterator, Mapping, Sequence, Union

from game.i18n import Message, SeatName, SeatNames, english_words, message_from_json, words

if TYPE_CHECKING:
    from .protocol import Action, Event, GameState, View
    from .replay import Replay

#: evenly spread steps at which the win chance is estimated before refining
SAMPLED_STEPS = 24
#: extra samples spent halving the intervals where the chance moved most
REFINE_SAMPLES = 10
#: playouts per sampled step, unless the game's spec says otherwise (``extra["story_playouts"]``)
PLAYOUTS = 16
#: the seed behind every deal and bot of the playouts (never the game's own seed: that one dealt its secrets)
STORY_SEED = 0x5709_11E5
#: key moments shown: at most this many, at least three when the game has them
MOST_MOMENTS = 5
#: a change of the win chance smaller than this is no key moment
SMALLEST_MOMENT = 0.1
#: a bound on a playout's moves (the longest games have a few thousand)
MAX_PLAYOUT_MOVES = 20_000
#: a hard bot's move at a key moment weighs about this many sampled steps (its search, two estimates)
HARD_MOVE_SAMPLES = 3

Progress = Callable[[float], None]
Cancelled = Callable[[], bool]


class StoryCancelled(Exception):
    """The player stopped the analysis before it was done."""


@dataclass(frozen=True)
class Series:
    """One line of a chart: ``(step, value)`` points, in its seat's colour (None: no seat's)."""

    seat: int | None
    label: "Label"
    points: tuple[tuple[int, float], ...]
    #: a thin line (one rider of a team) under the thick ones (the teams)
    thin: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "label": _text_json(self.label), "points": [list(p) for p in self.points],
                "thin": self.thin}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Series":
        seat = data["seat"]
        return cls(None if seat is None else int(seat), _text_from_json(data["label"]),
                   tuple((int(step), float(value)) for step, value in data["points"]), bool(data.get("thin", False)))


@dataclass(frozen=True)
class Marker:
    """Something that happened at a step (a sprint, a touchdown, a jersey): drawn on the chart."""

    step: int
    kind: str
    label: "Label"
    seat: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"step": self.step, "kind": self.kind, "label": _text_json(self.label), "seat": self.seat}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Marker":
        seat = data.get("seat")
        return cls(int(data["step"]), str(data["kind"]), _text_from_json(data["label"]),
                   None if seat is None else int(seat))


@dataclass(frozen=True)
class Panel:
    """One chart with its own vertical scale: a title, the lines and the marks."""

    title: "Label"
    series: tuple[Series, ...]
    markers: tuple[Marker, ...] = ()
    #: the value scale runs downwards (minutes, gaps: less is better)
    downwards: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"title": _text_json(self.title), "series": [s.to_json() for s in self.series],
                "markers": [m.to_json() for m in self.markers], "downwards": self.downwards}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Panel":
        return cls(_text_from_json(data["title"]), tuple(Series.from_json(s) for s in data["series"]),
                   tuple(Marker.from_json(m) for m in data.get("markers", ())), bool(data.get("downwards", False)))


@dataclass(frozen=True)
class HardMove:
    """What the hard bot would have played for the human who made a key moment's move (see the module's
    docstring), and that human's chance of winning after the move played and after the hard bot's."""

    #: the human who moved (not always the seat whose chance the moment is about)
    seat: int
    #: the hard bot's move in text form, and in the log's words as that seat would have read them
    action: str
    words: "Message | str"
    #: the move played, in the same words (a list says only what differs between the two)
    played_words: "Message | str"
    #: the hard bot chose the very move that was played (then both chances are the same estimate)
    same: bool
    played: float
    hard: float

    def to_json(self) -> dict[str, Any]:
        """The key moment's part: ``hard_move`` (who, what, in words) and ``chances`` (played, hard)."""
        return {"hard_move": {"seat": self.seat, "action": self.action, "words": _text_json(self.words),
                              "played_words": _text_json(self.played_words), "same": self.same},
                "chances": {"played": self.played, "hard": self.hard}}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "HardMove | None":
        """Read back from a key moment's data; None for a moment without one (also stories kept before)."""
        if data.get("hard_move") is None:
            return None
        move, chances = data["hard_move"], data["chances"]
        return cls(int(move["seat"]), str(move["action"]), _words_from_json(move["words"]),
                   _words_from_json(move["played_words"]), bool(move["same"]), float(chances["played"]),
                   float(chances["hard"]))


@dataclass(frozen=True)
class KeyMoment:
    """A step where a seat's win chance moved most (``change`` from -1 to 1); ``hard`` when a human made
    its move."""

    step: int
    seat: int
    change: float
    hard: HardMove | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"step": self.step, "seat": self.seat, "change": self.change}
        return {**data, **self.hard.to_json()} if self.hard is not None else data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "KeyMoment":
        return cls(int(data["step"]), int(data["seat"]), float(data["change"]), HardMove.from_json(data))

    def summary(self) -> dict[str, Any]:
        """The command line's part: rounded chances, the moves in English words (as the line's names are)."""
        data: dict[str, Any] = {"step": self.step, "seat": self.seat, "change": round(self.change, 3)}
        if self.hard is None:
            return data
        hard = self.hard
        return {**data, "hard_move": {"seat": hard.seat, "action": hard.action, "words": english_words(hard.words),
                                      "played_words": english_words(hard.played_words), "same": hard.same},
                "chances": {"played": round(hard.played, 3), "hard": round(hard.hard, 3)}}


@dataclass(frozen=True)
class Story:
    """A finished game told in pictures: its chart panels, each seat's win chance per step, key moments."""

    steps: int
    panels: tuple[Panel, ...]
    #: per seat, the chance of winning after each step (``steps + 1`` values)
    win_chance: tuple[tuple[float, ...], ...]
    key_moments: tuple[KeyMoment, ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        return {"steps": self.steps, "panels": [p.to_json() for p in self.panels],
                "win_chance": [list(seat) for seat in self.win_chance],
                "key_moments": [m.to_json() for m in self.key_moments]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Story":
        """Read back :meth:`to_json`; ValueError, KeyError or TypeError on anything else."""
        steps = int(data["steps"])
        chances = tuple(tuple(float(c) for c in seat) for seat in data["win_chance"])
        if any(len(seat) != steps + 1 for seat in chances):
            raise ValueError("the win-chance line does not cover every step")
        moments = tuple(KeyMoment.from_json(m) for m in data["key_moments"])
        return cls(steps, tuple(Panel.from_json(p) for p in data["panels"]), chances, moments)

    def summary(self) -> dict[str, Any]:
        """The command line's part: win chance per seat and step, and the key moments."""
        return {"win_chance": {str(seat): [round(c, 3) for c in line] for seat, line in enumerate(self.win_chance)},
                "key_moments": [m.summary() for m in self.key_moments]}


Label = Union[Message, SeatName, str]


def label_words(label: Label, names: SeatNames | None = None) -> str:
    """A chart's words in the current language, each seat called by ``names(seat)`` where it gives one."""
    if isinstance(label, SeatName):
        chosen = names(label.seat) if names is not None else None
        return chosen if chosen is not None else words(label.default, names)
    return words(label, names)


def _text_json(text: Label) -> Any:
    if isinstance(text, SeatName):
        return {"seat_name": text.seat, "default": _text_json(text.default)}
    return {"message": text.to_json()} if isinstance(text, Message) else text


def _words_from_json(data: Any) -> "Message | str":
    words = _text_from_json(data)
    if isinstance(words, SeatName):
        raise ValueError("a seat's name is no move")
    return words


def _text_from_json(data: Any) -> Label:
    if isinstance(data, dict):
        if "seat_name" in data:
            default = _text_from_json(data["default"])
            if isinstance(default, SeatName):
                raise ValueError("a seat's name is not a seat")
            return SeatName(int(data["seat_name"]), default)
        return message_from_json(data["message"])
    return str(data)


# --- reading the public replay ----------------------------------------------------------------
def public_views(replay: "Replay", steps: Sequence[int] | None = None) -> Iterator[tuple[int, "View"]]:
    """``(step, public view)`` for every step (or the given ones), step 0 being the start."""
    for step in (range(len(replay) + 1) if steps is None else steps):
        yield step, replay.view_at(step, None)


def public_events(replay: "Replay") -> Iterator[tuple[int, "Event"]]:
    """``(step, event)`` for every event everybody saw; ``step`` is the step after the move that made it."""
    for index, step in enumerate(replay.steps):
        for event in step.events:
            if event.visible(None):
                yield index + 1, event


def compress(points: Sequence[tuple[int, float]]) -> tuple[tuple[int, float], ...]:
    """The points where the value changes (and the last one): the same line, fewer points to store."""
    kept: list[tuple[int, float]] = []
    for index, (step, value) in enumerate(points):
        if index == 0 or index == len(points) - 1 or value != points[index - 1][1] or value != points[index + 1][1]:
            kept.append((step, value))
    return tuple(kept)


def value_at(points: Sequence[tuple[int, float]], step: int) -> float:
    """A compressed line's value at ``step`` (straight between its points)."""
    if step <= points[0][0]:
        return points[0][1]
    for (left, low), (right, high) in zip(points, points[1:]):
        if left <= step <= right:
            return low if right == left else low + (high - low) * (step - left) / (right - left)
    return points[-1][1]


# --- the win chance ------------------------------------------------------------------------------
def result_shares(state: "GameState") -> list[float]:
    """Who won a finished game: 1 for the winner, a shared first place split, nothing for the rest."""
    outcome = state.outcome()
    if outcome.winner is not None:
        return [1.0 if seat == outcome.winner else 0.0 for seat in range(len(outcome.ranks))]
    first = [seat for seat, rank in enumerate(outcome.ranks) if rank == 1]
    return [1.0 / len(first) if seat in first else 0.0 for seat in range(len(outcome.ranks))]


def _mixed(*parts: int) -> int:
    value = STORY_SEED
    for part in parts:
        value = (value * 6364136223846793005 + part + 1442695040888963407) % (1 << 64)
    return value


def _played_on(replay: "Replay", state: "GameState", number: int) -> list[float]:
    """Who won ``state`` played to its end by the easy bots of playout ``number`` (shared when it never ends)."""
    spec = replay.spec
    seats = len(replay.seats)
    bots = [spec.make_bot("easy", seat, _mixed(number, seat + 1)) for seat in range(seats)]
    moves = 0
    while not state.is_over() and moves < MAX_PLAYOUT_MOVES:
        seat = state.current_seat()
        assert seat is not None
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
        moves += 1
    return result_shares(state) if state.is_over() else [1.0 / seats] * seats


def chances_at(replay: "Replay", step: int, playouts: int) -> list[float]:
    """Each seat's share of wins in ``playouts`` easy-bot games played on from the public view at ``step``."""
    view = replay.view_at(step, None)
    wins = [0.0] * len(replay.seats)
    for number in range(playouts):
        for index, share in enumerate(_played_on(replay, replay.spec.state_class.from_view(view, _mixed(number)),
                                                 number)):
            wins[index] += share
    return [won / playouts for won in wins]


def chance_after(replay: "Replay", step: int, seat: int, action: "Action", playouts: int) -> float:
    """``seat``'s share of wins when it plays ``action`` after ``step`` moves: played on ``playouts`` states
    rebuilt from its own view (the same deals for any action), then by the easy bots as in :func:`chances_at`."""
    view = replay.view_at(step, seat)
    won = 0.0
    for number in range(playouts):
        state = replay.spec.state_class.from_view(view, _mixed(number))
        state.apply(action)
        won += _played_on(replay, state, number)[seat]
    return won / playouts


def hard_move(replay: "Replay", moment: KeyMoment, playouts: int,
              cancelled: Cancelled | None = None) -> HardMove | None:
    """What the hard bot would have played at ``moment`` for the human who moved there, and what each move
    gave that human (None when a bot made the move)."""
    from .bots import move_words, suggest
    from .match import mix_seed
    if not 0 < moment.step <= len(replay.steps):
        return None
    played = replay.steps[moment.step - 1]
    if not replay.seats[played.seat].is_human:
        return None
    before = moment.step - 1
    seat = played.seat
    view = replay.view_at(before, seat)
    # the hint's own seed: the match's, the seat and the number of moves made
    suggestion = suggest(replay.spec, view, replay.state_at(before).legal_actions(), seat,
                         mix_seed(replay.seed, seat, before))
    same = suggestion.action == played.action
    _stop_if(cancelled)
    chance_played = chance_after(replay, before, seat, played.action, playouts)
    _stop_if(cancelled)
    chance_hard = chance_played if same else chance_after(replay, before, seat, suggestion.action, playouts)
    return HardMove(seat, suggestion.action.text(), suggestion.move,
                    move_words(replay.spec, view, seat, played.action), same, chance_played, chance_hard)


def _stop_if(cancelled: Cancelled | None) -> None:
    if cancelled is not None and cancelled():
        raise StoryCancelled


def win_chances(replay: "Replay", progress: Progress | None = None, cancelled: Cancelled | None = None,
                playouts: int | None = None) -> tuple[tuple[float, ...], ...]:
    """Per seat, the chance of winning after each step (see the module's docstring for how)."""
    last = len(replay)
    budget = playouts or int(replay.spec.extra.get("story_playouts", PLAYOUTS))
    spread = _spread(last)
    total = len(spread) + REFINE_SAMPLES
    samples: dict[int, list[float]] = {last: result_shares(replay.final)}
    done = 0

    def sample(step: int) -> None:
        nonlocal done
        if cancelled is not None and cancelled():
            raise StoryCancelled
        samples[step] = chances_at(replay, step, budget)
        done += 1
        if progress is not None:
            progress(min(1.0, done / total))

    for step in spread:
        sample(step)
    for _round in range(REFINE_SAMPLES):
        steps = sorted(samples)
        gaps = [(max(abs(a - b) for a, b in zip(samples[left], samples[right])), left, right)
                for left, right in zip(steps, steps[1:]) if right - left > 1]
        if not gaps:
            break
        _swing, left, right = max(gaps, key=lambda gap: (gap[0], -gap[1]))
        sample((left + right) // 2)
    if progress is not None:
        progress(1.0)
    steps = sorted(samples)
    lines = []
    for seat in range(len(replay.seats)):
        points = [(step, samples[step][seat]) for step in steps]
        lines.append(tuple(value_at(points, step) for step in range(last + 1)))
    return tuple(lines)


def _spread(last: int) -> list[int]:
    """The evenly spread steps sampled first (never the last: its result is known)."""
    return sorted({round(last * i / SAMPLED_STEPS) for i in range(SAMPLED_STEPS)} - {last})


def key_moments(win_chance: Sequence[Sequence[float]], most: int = MOST_MOMENTS,
                marks: Sequence[Marker] = ()) -> tuple[KeyMoment, ...]:
    """The steps where a seat's chance moved most, in the order they happened.

    A move is measured over a short window (a sixteenth of the game), so a swing spread over a few
    interpolated steps counts as one moment; moments closer than that window are one moment.  The
    line is straight between two estimated steps, so the swing happened somewhere between them: where
    the chart marks an event there that explains it (a touchdown of the seat that gained, of a rival
    of the seat that lost), the moment is put at that event's step.
    """
    steps = len(win_chance[0]) - 1 if win_chance else 0
    if steps < 1:
        return ()
    window = max(1, steps // 16)
    swings: list[tuple[float, int, int]] = []
    for seat, line in enumerate(win_chance):
        for step in range(1, steps + 1):
            change = line[step] - line[max(0, step - window)]
            swings.append((change, step, seat))
    chosen: list[KeyMoment] = []
    for change, step, seat in sorted(swings, key=lambda s: (-abs(s[0]), s[1], s[2])):
        if abs(change) < SMALLEST_MOMENT or len(chosen) >= most:
            break
        at = _steepest(win_chance[seat], step, window)
        first, last = _straight_part(win_chance[seat], at)
        explaining = [mark.step for mark in marks if first <= mark.step <= last and mark.seat is not None
                      and (mark.seat == seat) == (change > 0)]
        if explaining:
            at = min(explaining, key=lambda mark: (abs(mark - at), mark))
        if all(abs(at - moment.step) > window for moment in chosen):
            chosen.append(KeyMoment(at, seat, change))
    return tuple(sorted(chosen, key=lambda m: m.step))


def _steepest(line: Sequence[float], step: int, window: int) -> int:
    """The step within the window ending at ``step`` where the line moved most (where the moment is)."""
    first = max(1, step - window + 1)
    return max(range(first, step + 1), key=lambda s: (abs(line[s] - line[s - 1]), -s))


def _straight_part(line: Sequence[float], step: int) -> tuple[int, int]:
    """The steps around ``step`` over which the line moves by the same amount each step (one interpolated
    stretch between two estimates): the first and the last step whose move belongs to it."""
    slope = line[step] - line[step - 1]
    first = last = step
    while first > 1 and abs(line[first - 1] - line[first - 2] - slope) < 1e-9:
        first -= 1
    while last < len(line) - 1 and abs(line[last + 1] - line[last] - slope) < 1e-9:
        last += 1
    return first, last


def chart(replay: "Replay") -> tuple[Panel, ...]:
    """The game's own chart panels (none for a game whose spec draws no chart)."""
    draw = replay.spec.extra.get("story")
    return tuple(draw(replay)) if draw is not None else ()


def tell(replay: "Replay", progress: Progress | None = None, cancelled: Cancelled | None = None,
         playouts: int | None = None) -> Story:
    """The whole story of a finished game; StoryCancelled when ``cancelled()`` turns true on the way."""
    if not replay.is_finished():
        raise ValueError("only a finished game has a story")
    budget = playouts or int(replay.spec.extra.get("story_playouts", PLAYOUTS))
    panels = chart(replay)
    # the progress bar's share of the win chance, the rest for the hard bot's moves (when a human played)
    samples = len(_spread(len(replay))) + REFINE_SAMPLES
    spare = MOST_MOMENTS * HARD_MOVE_SAMPLES if any(seat.is_human for seat in replay.seats) else 0
    share = samples / (samples + spare)

    def chances_told(done: float) -> None:
        if progress is not None:
            progress(done * share)

    chances = win_chances(replay, chances_told, cancelled, budget)
    marks = [marker for panel in panels for marker in panel.markers]
    moments = list(key_moments(chances, marks=marks))
    for index, moment in enumerate(moments):
        _stop_if(cancelled)
        moments[index] = replace(moment, hard=hard_move(replay, moment, budget, cancelled))
        if progress is not None:
            progress(share + (1.0 - share) * (index + 1) / len(moments))
    if progress is not None:
        progress(1.0)
    return Story(len(replay), panels, chances, tuple(moments))


def seat_name(replay: "Replay", seat: int) -> SeatName:
    """A seat as a chart's words name it: its side's own name where the game gives sides one (Football's
    teams, through ``spec.extra["side_name"]``, as its table calls them), else its chosen name, else a
    default one in the reader's language."""
    side_name = replay.spec.extra.get("side_name")
    if side_name is not None:
        return SeatName(seat, side_name(replay.final, seat))
    name = replay.seats[seat].name
    return SeatName(seat, Message(name) if name in replay.spec.default_seat_names() else name)


def seat_names(replay: "Replay") -> tuple[str, ...]:
    """Every seat's name as the story shows it (its legend, its key moments), in the reader's language."""
    return tuple(label_words(seat_name(replay, seat)) for seat in range(len(replay.seats)))
