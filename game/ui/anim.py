"""Animations: easing curves, tweens, and a timeline that plays them one after another.

Every change a player must notice moves (docs/ART.md).  Game scenes turn engine
events into steps on a :class:`Timeline`; the timeline plays them in order at
the player's animation speed, and with speed "off" every step jumps to its end
state at once (callbacks still run, so sounds and end states are never lost).

Typical use in a game scene::

    slide = Tween((x0, y0), (x1, y1), 0.35)          # read slide.value in draw_table
    self.anims.add(slide, on_start=lambda: self.play_sound("card_deal"))
    self.anims.wait(0.1)
    self.anims.call(lambda: self.flash("trick"))
"""
from __future__ import annotations

import math
from typing import Callable, Protocol, Sequence

Easing = Callable[[float], float]
Value = float | tuple[float, ...]


def linear(t: float) -> float:
    return t


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    return 4 * t ** 3 if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    """Overshoots a little, then settles: for pieces landing."""
    c1 = 1.70158
    return 1 + (c1 + 1) * (t - 1) ** 3 + c1 * (t - 1) ** 2


def ease_out_bounce(t: float) -> float:
    """Bounces on arrival: for dice."""
    n, d = 7.5625, 2.75
    if t < 1 / d:
        return n * t * t
    if t < 2 / d:
        t -= 1.5 / d
        return n * t * t + 0.75
    if t < 2.5 / d:
        t -= 2.25 / d
        return n * t * t + 0.9375
    t -= 2.625 / d
    return n * t * t + 0.984375


def lerp(a: Value, b: Value, t: float) -> Value:
    """Interpolate numbers or same-length tuples (positions, colours)."""
    if isinstance(a, tuple) and isinstance(b, tuple):
        return tuple(x + (y - x) * t for x, y in zip(a, b))
    return a + (b - a) * t  # type: ignore[operator]


def wobble(t: float, turns: float = 3.0) -> float:
    """-1..1 swaying that dies out: a tumbling die's tilt."""
    return math.sin(t * turns * 2 * math.pi) * (1 - t)


class Step(Protocol):
    """Anything a timeline can play: it is told the time passing until it is done."""

    duration: float

    def start(self) -> None: ...

    def advance(self, dt: float) -> float:
        """Consume up to ``dt`` seconds; return the time left over once done."""

    @property
    def done(self) -> bool: ...

    def finish(self) -> None:
        """Jump to the end state."""


class Tween:
    """A value moving from ``start`` to ``end`` over ``duration`` seconds with an easing.

    Before it starts (waiting in a timeline) its value is ``start``; after, ``end``.
    """

    def __init__(self, start: Value, end: Value, duration: float, ease: Easing = ease_out_cubic,
                 on_update: Callable[[Value], None] | None = None) -> None:
        self.start_value = start
        self.end_value = end
        self.duration = max(0.0, duration)
        self.ease = ease
        self.on_update = on_update
        self.elapsed = 0.0
        self.started = False

    @property
    def progress(self) -> float:
        return 1.0 if self.duration <= 0 else min(1.0, self.elapsed / self.duration)

    @property
    def value(self) -> Value:
        return lerp(self.start_value, self.end_value, self.ease(self.progress))

    @property
    def done(self) -> bool:
        return self.started and self.elapsed >= self.duration

    def start(self) -> None:
        self.started = True

    def advance(self, dt: float) -> float:
        self.elapsed += dt
        if self.on_update is not None:
            self.on_update(self.value)
        return max(0.0, self.elapsed - self.duration)

    def finish(self) -> None:
        self.started = True
        self.elapsed = self.duration
        if self.on_update is not None:
            self.on_update(self.value)


class Wait(Tween):
    """A pause between steps."""

    def __init__(self, duration: float) -> None:
        super().__init__(0.0, 1.0, duration, linear)


class Call(Tween):
    """Run a function when its turn comes (a sound, a state flag)."""

    def __init__(self, function: Callable[[], None]) -> None:
        super().__init__(0.0, 1.0, 0.0, linear)
        self.function = function
        self.called = False

    def start(self) -> None:
        super().start()
        if not self.called:
            self.called = True
            self.function()

    def finish(self) -> None:
        self.start()
        super().finish()


class Together:
    """Several steps played at the same time (cards dealt to all hands at once)."""

    def __init__(self, steps: Sequence[Step]) -> None:
        self.steps = list(steps)
        self.duration = max((s.duration for s in self.steps), default=0.0)

    @property
    def done(self) -> bool:
        return all(s.done for s in self.steps)

    def start(self) -> None:
        for step in self.steps:
            step.start()

    def advance(self, dt: float) -> float:
        return min((s.advance(dt) for s in self.steps if not s.done), default=dt)

    def finish(self) -> None:
        for step in self.steps:
            step.finish()


class Timeline:
    """A queue of steps played one after another at the player's animation speed.

    ``speed`` returns the duration factor each frame (1 normal, 0.5 fast, 0 off),
    so changing the setting mid-game takes effect at once.
    """

    def __init__(self, speed: Callable[[], float] = lambda: 1.0) -> None:
        self.speed = speed
        self.queue: list[tuple[Step, Callable[[], None] | None, Callable[[], None] | None]] = []
        self.current: Step | None = None
        self._on_done: Callable[[], None] | None = None
        #: how many times faster than the player's speed the queued steps play (see ``hurry``); the first
        #: step of a hurried move has a pace of its own
        self.pace = 1.0
        self._first: Step | None = None
        self._first_pace = 1.0

    @property
    def busy(self) -> bool:
        return self.current is not None or bool(self.queue)

    def add(self, step: Step, *, on_start: Callable[[], None] | None = None,
            on_done: Callable[[], None] | None = None) -> Step:
        """Queue a step; returns it so the caller can read its value while drawing."""
        self.queue.append((step, on_start, on_done))
        if self.speed() <= 0:
            self.finish_all()
        return step

    def tween(self, start: Value, end: Value, duration: float, ease: Easing = ease_out_cubic, **hooks) -> Tween:
        tween = Tween(start, end, duration, ease)
        self.add(tween, **hooks)
        return tween

    def together(self, *steps: Step, **hooks) -> Together:
        group = Together(steps)
        self.add(group, **hooks)
        return group

    def wait(self, seconds: float) -> Wait:
        wait = Wait(seconds)
        self.add(wait)
        return wait

    def call(self, function: Callable[[], None]) -> Call:
        step = Call(function)
        self.add(step)
        return step

    def seconds_left(self) -> float:
        """Seconds until every queued step has ended, at the player's speed and the hurried pace."""
        factor = self.speed()
        if factor <= 0:
            return 0.0
        return sum(_step_left(step) / self._pace_of(step) for step in self._steps()) * factor

    def hurry(self, seconds: float) -> None:
        """Play what is queued faster, so that it ends within ``seconds`` (never slower than now).

        The first step (what the player's click set moving) keeps its pace while it fits in half the
        time; the steps after it share the rest.  The pace holds until the queue is empty: steps added
        meanwhile belong to the same move.
        """
        factor = self.speed()
        steps = self._steps()
        if factor <= 0 or not steps:
            return
        budget = seconds / factor
        first, rest = steps[0], steps[1:]
        first_left = _step_left(first) / self._pace_of(first)
        rest_left = sum(_step_left(step) / self._pace_of(step) for step in rest)
        if first_left + rest_left <= budget:
            return
        first_budget = min(first_left, budget / 2) if rest_left > 0 else budget
        if first_left > first_budget > 0:
            self._first_pace = self._pace_of(first) * first_left / first_budget
        self._first = first
        if rest_left > budget - first_budget > 0:
            self.pace *= rest_left / (budget - first_budget)

    def _steps(self) -> list[Step]:
        steps = [step for step, _start, _done in self.queue]
        return [self.current, *steps] if self.current is not None else steps

    def _pace_of(self, step: Step) -> float:
        return self._first_pace if step is self._first else self.pace

    def update(self, dt: float) -> None:
        factor = self.speed()
        if factor <= 0:
            self.finish_all()
            return
        remaining = dt / factor  # seconds at the player's speed, spent at each step's pace
        while remaining > 0 or (self.current is None and self.queue):
            if self.current is None:
                if not self.queue:
                    break
                self._begin_next()
            assert self.current is not None
            pace = self._pace_of(self.current)
            remaining = self.current.advance(remaining * pace) / pace if remaining > 0 else 0.0
            if self.current.done:
                self._end_current()
            else:
                return
        if not self.busy:
            self._calm()

    def finish_all(self) -> None:
        """Jump every queued step to its end, running all callbacks in order."""
        while self.current is not None or self.queue:
            if self.current is None:
                self._begin_next()
            assert self.current is not None
            self.current.finish()
            self._end_current()
        self._calm()

    def clear(self) -> None:
        """Forget pending steps without running them (after an undo)."""
        self.queue.clear()
        self.current = None
        self._on_done = None
        self._calm()

    def _calm(self) -> None:
        """Back to the player's speed: the hurried move is over."""
        self.pace = self._first_pace = 1.0
        self._first = None

    def _begin_next(self) -> None:
        step, on_start, on_done = self.queue.pop(0)
        self.current = step
        self._on_done = on_done
        if on_start is not None:
            on_start()
        step.start()

    def _end_current(self) -> None:
        on_done = self._on_done
        self.current = None
        self._on_done = None
        if on_done is not None:
            on_done()


def _step_left(step: Step) -> float:
    """Seconds of a step still to play at speed 1 (a group lasts as long as its longest part)."""
    if isinstance(step, Together):
        return max((_step_left(part) for part in step.steps), default=0.0)
    duration = getattr(step, "duration", 0.0)
    elapsed = getattr(step, "elapsed", 0.0) if getattr(step, "started", False) else 0.0
    return max(0.0, duration - elapsed)
