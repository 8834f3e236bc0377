"""What the parts of ``FootballState`` rely on: the state's fields and the methods they call on each other.

The parts (``rules_kicks.py``, ``rules_scrimmage.py``, ``rules_penalties.py``, ``rules_clock.py``) are mixins:
each uses fields that ``FootballState.__init__`` sets and methods another part defines.  Declared here, a
reader of one part sees what it relies on, and the type check finds a misspelt or mistyped one.  The JSON-like
fields have the shapes the view copies them into (``views.py``).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from game.core.protocol import Event
from game.core.rng import Rng
from game.i18n import Message, SeatName

from .cards import GameDayCard, Team
from .plays import Matchup, PlayResult
from .views import CallView, CommitView, FootballOptions, NextStep, PendingView, RevealView


class FootballFields:
    """The state's fields and methods the mixins use, as annotations only: no values, no methods at run time,
    so the state is built, copied, saved and compared exactly as without it."""

    options: FootballOptions
    score: list[int]
    #: 1 to 4, then the overtime periods
    quarter: int
    phase: str
    offense: int
    #: the ball's spot, the down and the first-down line (yard lines from the offense's own goal line)
    ball: int
    down: int
    target: int
    timeouts: list[int]
    #: each side's challenge flag: True while it is ready
    flags: list[bool]
    drives: list[int]
    #: snaps played (a two-point try's are not counted)
    snaps: int
    opening_receiver: int
    #: the formation each side has laid face down this down (public), and the card and end under it (secret)
    calls: list[CallView | None]
    commits: list[CommitView | None]
    #: the last snap's two cards, and that reveal with its matchup (compared once per play)
    reveal: RevealView | None
    _revealed: tuple[RevealView, Matchup] | None
    #: what follows once the clock is matched after a drive
    after_clock: NextStep | None
    two_point: bool
    #: drives started in overtime
    ot_drives: int
    #: the results note once the game is over, as message data (a save from before messages holds the text)
    note: dict[str, Any] | str
    hands: list[list[int]]
    discards: list[list[int]]
    rng: Rng
    #: the events of the action being applied
    _events: list[Event]

    if TYPE_CHECKING:
        # defined by FootballState (rules.py)
        @property
        def defense(self) -> int: ...

        def team(self, seat: int) -> Team: ...

        def label(self, seat: int) -> SeatName: ...

        def _say(self, text: Message, kind: str, data: Mapping[str, Any] | None = None, *, reveals: bool = False,
                 visible_to: tuple[int, ...] | None = None) -> None: ...

        def _set_phase(self, phase: str, seat: int | None, pending: PendingView | None = None) -> None: ...

        def _where(self, seat: int, spot: int) -> Message: ...

        def down_words(self) -> Message: ...

        def late_half(self) -> bool: ...

        def _draw(self, purpose: str) -> GameDayCard: ...

        def _current_card(self) -> GameDayCard: ...

        # defined by KickRules (rules_kicks.py)
        def _kick_off(self, kicker: int) -> None: ...

        def _free_kick(self, kicker: int) -> None: ...

        def _breakaway_chain(self, first: GameDayCard, start: int, gain: int) -> tuple[int, str]: ...

        # defined by ScrimmageRules (rules_scrimmage.py)
        def _matchup(self) -> Matchup: ...

        def _return_play_card(self) -> None: ...

        def _discard_play_card(self) -> None: ...

        def _first_down(self) -> None: ...

        def _finish_scrimmage(self, result: PlayResult, played_card: bool = True) -> None: ...

        def _turnover_on_downs(self) -> None: ...

        def _touchdown(self, team: int) -> None: ...

        def _finish_two_point(self, success: bool) -> None: ...

        def _safety(self, scored_on: int) -> None: ...

        def score_words(self) -> Message: ...

        # defined by PenaltyRules (rules_penalties.py)
        def _restricted_pass_penalty(self, play_type: str) -> None: ...

        def _earn_back_flag(self, seat: int) -> None: ...

        def _offer_challenge(self, penalty: bool) -> None: ...

        def _enforce_penalty(self) -> None: ...

        # defined by ClockRules (rules_clock.py)
        def _start_drive(self, team: int, spot: int) -> None: ...

        def _proceed(self, step: NextStep, drive_over: bool) -> None: ...

        def _end_game(self, why: Message) -> None: ...
