"""What one seat sees of a Breakaway Football game (``FootballState.view``), as types.

The view is plain JSON data (saves, replays and ``from_view`` read it as it is); these types only name its
keys for the scene, the guide and the bots.  Every key is in every view: a spectator's private keys hold
None.  Only ``pending`` and the steps after the clock carry keys that depend on the phase.
"""
from __future__ import annotations

from typing import Any, Literal, TypedDict


class FootballOptions(TypedDict):
    """The game's options as set up."""

    overtime: str
    late_half_incompletions: bool
    coffin_corner: bool
    ice_the_kicker: bool


class CallView(TypedDict):
    """A card laid face down: its formation (the back, public) and, once decided, whether it was audibled."""

    formation: str
    audible: bool | None


class CommitView(TypedDict):
    """The seat's own card face down on the table: which card and which end is up (1 or 2)."""

    card: int
    end: int


class RevealedOffense(TypedDict):
    """The offense card turned up at the snap and the play at its top."""

    seat: int
    card: int
    end: int
    play_type: str
    kind: str
    strength: int
    low_percentage: bool


class RevealedDefense(TypedDict):
    """The defense card turned up at the snap and the play at its top."""

    seat: int
    card: int
    end: int
    name: str
    run_strength: int
    pass_strength: int
    prevent: bool


class RevealView(TypedDict):
    """The last snap: both plays, their values after Prevent, the breakaway side ("" for none), the gain
    before the Game Day card and the ball's spot at the snap."""

    offense: RevealedOffense
    defense: RevealedDefense
    offense_value: int
    defense_value: int
    breakaway: str
    base: int
    ball: int


class PendingView(TypedDict, total=False):
    """What the phase waits for, its keys by phase (empty in the phases not named here):

    * ``toss``: ``winner``;
    * ``kickoff``: ``kicker``;
    * ``kick_discard``: ``announce`` (punt, coffin, fieldgoal, hailmary, kneel);
    * ``retrieve``: ``return_to`` (the phase the time out came from) and ``called_by``;
    * ``breakaway_choice``: ``side`` (offense or defense);
    * ``penalty``: ``chooser``, ``penalty`` (its key), ``penalized`` and ``breakaway``;
    * ``challenge``: ``seat``, ``next`` (the seats asked after it) and ``penalty`` (a penalty was accepted);
    * ``conversion``: ``team``;
    * ``clock_discard``: ``seat`` and ``count`` (cards still to discard).
    """

    winner: int
    kicker: int
    announce: str
    return_to: str
    called_by: int
    side: str
    chooser: int
    penalty: str | bool
    penalized: int
    breakaway: bool
    seat: int
    next: list[int]
    team: int
    count: int


class NextStep(TypedDict, total=False):
    """What follows once the clock is matched: ``do`` is ``snap``, ``possession`` (with ``team`` and
    ``spot``), ``kickoff`` (with ``team`` and ``after_score``) or ``free_kick`` (with ``team``)."""

    do: Literal["snap", "possession", "kickoff", "free_kick"]
    team: int
    spot: int
    after_score: bool


class FootballView(TypedDict):
    """The whole table as ``seat`` sees it (``seat`` None: a spectator, who sees no hand).

    ``ball`` and ``target`` count yard lines from the offense's own goal line; ``note`` is the results note
    as message data once the game is over (a save from before messages holds its English text).
    """

    teams: list[str]
    options: FootballOptions
    score: list[int]
    quarter: int
    phase: str
    to_move: int | None
    offense: int
    ball: int
    down: int
    target: int
    timeouts: list[int]
    flags: list[bool]
    drives: list[int]
    snaps: int
    opening_receiver: int
    gd_discard: list[int]
    gd_card: int | None
    calls: list[CallView | None]
    reveal: RevealView | None
    pending: PendingView
    after_clock: NextStep | None
    two_point: bool
    ot_drives: int
    note: dict[str, Any] | str
    seat: int | None
    hand_counts: list[int]
    discard_counts: list[int]
    gd_deck_count: int
    #: the seat's own hand, discard pile (sorted) and face-down card; None for a spectator
    hand: list[int] | None
    discard: list[int] | None
    commit: CommitView | None
