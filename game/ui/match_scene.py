"""The shared in-game scene that every game's scene subclasses.

A game scene only draws its table and turns input into actions; this base does
everything else the same way for all five games: bots on a worker thread,
hot-seat privacy (the curtain), refused moves as toasts, autosave after every
action (encoded at once, written to disk on a worker thread so a slow disk
never stalls a frame), pause and undo, the header bar, the log (with "Undo to
here" on the current human's own moves and book marks that open the rule
behind an entry), the "Since your last turn" recap, a guided game's hint
banner, the hard bot's hint on request, and the results at the end.

Contract for game scenes
------------------------
Construction: ``GameSpec.scene`` is a zero-argument callable returning the
class (import it lazily there, so engines stay free of pygame); the app builds
the scene as ``SceneClass(app, match)``.  A subclass with its own ``__init__``
calls ``super().__init__(app, match)`` first.

Hooks (override what you need; all have harmless defaults):

``draw_table(surface, view, viewer)``
    Draw the game on the 1280x720 canvas inside ``self.table_rect`` (the
    header, the log and the toasts are drawn by the base around and over it).
    ``view`` is ``match.state.view(viewer)``: draw nothing that is not in it.
    Must not change state: read tweens' ``value``, never advance them here.
``handle_table_event(event, view, viewer)``
    Input on the table: mouse positions are already canvas coordinates, keys
    carry ``unicode`` and ``mod``.  Call ``self.submit(action)`` to play; it
    returns False when the move was refused (the reason is toasted for you);
    ``self.play_move(action)`` also hurries a running animation instead of
    playing, and sounds the error on a refusal.
    Esc (pause), F1 (rules) and the wheel over the log are taken before this.
    Offer keyboard play too (e.g. arrows to choose, Enter to play).
``on_events(events)``
    The events of every applied action, a human's or a bot's: queue
    animations on ``self.anims`` and sounds with ``self.play_sound``.
``update_table(dt)``
    Per-frame time for the scene's own effects (hover glow, idle motion).
``is_animating() -> bool``
    True while something must finish before the next decision (bots wait,
    the curtain waits, the results wait).  Default: ``self.anims.busy``.
``prompt(view, viewer) -> str``
    One line after the current player's name in the header: what they may do
    now ("Click a card to play it").  Shown only while that human is at the
    screen; bots get "is thinking..." instead.
``results_summary_lines() -> list[str]``
    Game-specific lines for the results screen ("Yellow jersey: Anna").
``on_undo()``
    After an undo (the pause menu's, or "Undo to here" from the log) restored
    an earlier state; animations are already cleared.
``recap_marks(entries, view, viewer) -> list[pygame.Rect]``
    Where on the table (canvas coordinates) the log ``entries`` of the
    "Since your last turn" recap changed something: squares a rider left or
    reached, the ball's new spot, the slots filled.  The base outlines them,
    pulsing, while the recap is open.  Default: none.
``toast_area() -> pygame.Rect``
    Where messages such as a refused move drop down from the top of; default
    the table (a scene whose table starts with a scoreboard starts them below it).
``recap_entries(seat) -> list[LogEntry]``
    What the recap lists for ``seat``: by default everything it may read
    since its own last move (a scene that moves for the player, such as an
    automatic pass, reaches back past those).  The recap opens when the
    player comes through the curtain, or once per game turn (``state.turn``)
    when others made at least ``RECAP_MIN_MOVES`` (``game/ui/match_recap.py``) moves meanwhile.
``log_text(entry) -> str``
    The words the log (and the recap) shows for a ``LogEntry``; default its
    event's text.  Called once per entry and viewer, so it may reword (the
    players' names for "Seat 2").  ``log_shows(entry)`` may hide a public line
    that the viewer's own line beside it tells in full (default: all shown).
``log_seat(entry) -> int | None``
    Whose colour chip marks the entry; default the seat the event is about:
    its ``data["seat"]``, else the seat its words name (:func:`seat_named`),
    else none (never merely the seat whose move caused it).
``opening_entries() -> list[LogEntry]``
    What happened while the game was created, before the first move (a draw
    for the lead), as setup entries (index -1) that open the log; read from
    ``match.state``, which keeps it.  The replay viewer calls it too, when it
    rebuilds the log from the moves.  Default: none.

Class attributes: ``log_side`` (below), ``log_follows_animation`` (True: an action's log
lines wait until the scene calls ``show_log_to(count)`` as its animation shows their events, so the
log never tells what the table has not shown yet; all are shown once the animation ends), and
``hint_anchor = "top"``,
``"bottom"`` or ``"log"``: where a guided game's hint banner sits (on the
table, or over the top of the log column, which then starts below it), so that
it never hides what it points at.

Attributes and helpers:

* ``self.app``: ``app.settings`` (``colour_blind``, ``animation_speed``...),
  ``app.theme``, ``app.assets``, ``app.scenes`` (push other screens with
  ``self.app.manager.push(self.app.scenes.rules(self.spec))``);
* ``self.match`` (seats, history, ``current_seat``, ``log_for``), ``self.spec``;
* ``self.viewer``: the seat whose secrets may be drawn now (None: public view);
  ``self.view``: the view for it, cached; ``self.can_act``: the seat deciding
  now is a human at the screen (use it for hover highlights and hints).
  Hot-seat privacy (``self.shared_screen``: several humans): as soon as another
  seat decides after a human's move, ``viewer`` becomes None (right after
  ``on_events``, so that move still animates as its player saw it) and stays
  so while bots move; a human holding secrets gets the screen back only
  through their curtain, even the one who just moved.  So draw secrets only
  from ``view`` and ``viewer`` as they are at drawing time (never from a
  snapshot taken for an earlier viewer), and give a flying card its owner's
  face only while that owner is the viewer.  A single human always stays
  the viewer;
* ``self.table_rect``: where to draw; ``log_side = "bottom"`` (class
  attribute) moves the log under the table for wide boards;
* fonts and colours: ``self.theme.font(px)`` / ``self.theme.text(str, px,
  colour)`` (cached), ``game.ui.theme.PALETTE`` (felt, card, ink, accent...),
  ``self.seat_colour(seat)``, ``self.seat_name(seat)``, ``self.colour_blind``;
  ``game.ui.draw`` has ``cardboard`` (panel with shadow), ``text``,
  ``paragraph``, ``team_marker`` (colour chip with the colour-blind pattern);
* frame budget (4 ms for the whole frame): ``self.theme.image(key, paint)``
  keeps a picture painted once for ``key`` (until the UI scale changes), so
  draw what changes only move by move once and blit it; ``draw.wrap`` and
  ``draw.fit`` remember their measurements; widgets cache their own looks;
* sprites: ``self.assets.sprite(name, size=None, tint=None)`` (a drawn
  stand-in if missing), ``self.assets.has_sprite(name)``;
* sound: ``self.play_sound(name)`` plays ``assets/sounds/<name>.wav``
  (volume and mute from the settings; silent in screenshot mode);
* animation: ``self.anims`` is a :class:`game.ui.anim.Timeline` at the
  player's speed ("off" and screenshot mode jump to end states at once);
  ``Tween``, ``Together``, ``Wait``, ``Call`` and easings live in
  ``game.ui.anim``;
* ``self.toast(text)`` for a message of your own;
* ``self.open_rules(heading=None)`` opens the rules help (at a heading of it).

Keys the base takes before ``handle_table_event``: Esc (pause), F1 (rules; a
guided game's hint rule while a hint shows), L (read the log with the keys:
Up/Down, Enter to undo to an entry or open its rule, Esc to stop), and while
the recap is open Enter, Space, Esc and a click on its card (which close it; any
other click or key closes it too and then goes on to the table).  H goes to the
table first (Football plays its Hail Mary with it); when nothing happened there it
asks what the hard bot would do, as the Hint button over the log does, for the
human whose turn it is at the screen only.
"""
from __future__ import annotations

import logging
import os
import string
from typing import TYPE_CHECKING, Any, Callable

import pygame

from game.core.bots import Suggestion
from game.core.jsonfile import json_text
from game.core.match import LogEntry, Match
from game.core.protocol import Action, Event, IllegalAction
from game.core.saves import autosave_path, match_to_save
from game.core.spec import Hint
from game.i18n import N_, Message, SeatName, _, ngettext, words

from . import draw, hud
from .anim import Timeline
from .focus import tooltip
from .match_hints import HintButton, MatchHints
from .match_log import LogLinks, LogPanel, LogRow
from .match_recap import MatchRecap
from .match_workers import AutosaveWriter, BotJob, write_autosave
from .scene import Scene
from .theme import CANVAS_SIZE, PALETTE, Theme, hex_colour
from .widgets import Button, colour_of

if TYPE_CHECKING:
    from game.app import App

    from .assets import Assets

log = logging.getLogger(__name__)

#: seconds a bot's move stays "thinking" at normal animation speed, so humans can follow; after a human's
#: move they count from that move (the bot thinks while it animates), after a bot's from the table's rest
BOT_MIN_DELAY = 0.7
#: seconds the table rests after a human's move has been shown before the bot answers it
BOT_ANSWER_REST = 0.15
#: at most this many seconds (at normal animation speed) for a human's own move to animate when a bot answers
#: it: the player knows the move they chose and waits for the answer, so the table shows it briskly
OWN_MOVE_SECONDS = 1.0
LOG_WIDTH = 300
LOG_HEIGHT = 150
MARGIN = 12
#: the header's key line (English msgid: show it with ``_()``)
HEADER_KEYS = N_("Esc: menu   F1: rules   L: log")


def seat_named(text: "Message | str") -> int | None:
    """The seat a line's words are about: the first seat its sentence names itself ("Kick returned: Sky ball"),
    else the one seat its parts name; None when they name none or several ("End of 1st quarter: Orange 0,
    Sky 6" is the table's own line)."""
    if not isinstance(text, Message):
        return None
    inner: set[int] = set()
    for _literal, name, _spec, _conversion in string.Formatter().parse(text.msgid):
        value = text.fields.get(name) if name else None
        if isinstance(value, SeatName):
            return value.seat
        _seats_in(value, inner)
    return inner.pop() if len(inner) == 1 else None


def _seats_in(value: Any, found: set[int]) -> None:
    if isinstance(value, SeatName):
        found.add(value.seat)
    elif isinstance(value, Message):
        for field in value.fields.values():
            _seats_in(field, found)
    elif isinstance(value, (tuple, list)):
        for item in value:
            _seats_in(item, found)


class MatchScene(MatchRecap, MatchHints, Scene):
    """Base of every game's scene: owns the match and all shared play mechanics."""

    #: where the log goes: "right" (a column) or "bottom" (a strip under the table)
    log_side: str = "right"
    #: True for a table that only shows a replay: overlays close instead of offering the pause menu
    watching: bool = False
    #: where a guided game's hint banner sits: "top" or "bottom" of the table, or "log": over the top
    #: of the log column (which gives it room), hiding nothing of the table
    hint_anchor: str = "top"
    #: True: an action's log lines wait for ``show_log_to`` (called as the animation reaches their events)
    log_follows_animation: bool = False

    def __init__(self, app: "App", match: Match) -> None:
        super().__init__(app)
        self.match = match
        self.spec = match.spec
        self.anims = Timeline(lambda: self.animation_factor)
        humans = match.humans()
        #: the seat whose private information may be drawn now; None: public view (a single human
        #: is always at the screen; with several, nobody is until one lifts the curtain)
        self.viewer: int | None = humans[0] if len(humans) == 1 else None
        self.toasts = hud.Toasts()
        self.table_rect, log_rect = self._layout()
        #: where the log panel sits when no hint banner takes the top of its column (scenes may move it),
        #: and the shortened rect given to it under a banner
        self._log_home = log_rect.copy()
        self._log_short: pygame.Rect | None = None
        self.log_panel = LogPanel(log_rect, on_rule=self.open_rules, on_rewind=self.ask_undo_to,
                                  book_icon=self.assets.sprite("button_icon_rules", (18, 18), PALETTE.accent))
        self._bot: BotJob | None = None
        self._bot_key: tuple[int, int] | None = None
        self._bot_wait = 0.0
        #: seconds the table has been at rest (no animation) since the bot's job started
        self._bot_rest = 0.0
        self._thinking = 0.0
        self._curtain_up = False
        self._results_shown = False
        self._save_failed = False
        self._saver = AutosaveWriter(lambda path, text: write_autosave(path, text))
        self._view_key: tuple[Any, ...] | None = None
        self._view: dict[str, Any] = {}
        #: bumped whenever the match changes (an action, an undo): the log is re-read only then
        self._changes = 0
        self._log_for: tuple[int, int | None, int] | None = None
        #: the log's rows as shown, read on from where they were: (rows, entries read, the last one, for whom)
        self._log_rows: list[LogRow] = []
        self._log_read = 0
        self._log_last: LogEntry | None = None
        self._log_viewer: int | None = None
        #: log entries from this index on wait for the animation that shows them (None: all are shown)
        self._log_hold: int | None = None
        #: the theme's words version the log rows were read in (another language reads them again)
        self._log_words = -1
        #: the "Since your last turn" card while it is up, the decision (seat, moves played) it was last
        #: considered for, and the (seat, game turn) it last opened in
        self.recap: hud.Recap | None = None
        self._recap_checked: tuple[int, int] | None = None
        self._recap_opened: tuple[int, int] | None = None
        #: the human now at the screen came through the curtain (the recap is then always worth showing)
        self._through_curtain = False
        #: the recap tells only of moves played on this screen (a continued game opens without one)
        self._first_step = len(match.history)
        self._swallow_click = False
        #: a guided game's hint for the view key it was asked for, and the banner's place
        self._hint: Hint | None = None
        self._hint_job: BotJob | None = None
        self._hint_key: tuple[Any, ...] | None = None
        self._why = Button((0, 0, *hud.WHY_SIZE), _(hud.WHY_LABEL), self._explain_hint, size=hud.WHY_PX)
        self._banner_rect: pygame.Rect | None = None
        #: "what would the hard bot do?": the view key it was asked for, its job, and the hint when ready
        self._bot_hint_for: tuple[Any, ...] | None = None
        self._bot_hint_job: BotJob | None = None
        self._bot_hint: Hint | None = None
        self.bot_suggestion: Suggestion | None = None
        self._bot_hint_button = HintButton(self.ask_bot_hint)
        self._bot_hint_button.visible = False  # placed and shown by arrange(), once the turn is known
        #: this frame's hint banner (its picture and place) and the room left for toasts: see arrange()
        self._banner: tuple[pygame.Surface, pygame.Rect] | None = None
        self._toast_area: pygame.Rect | None = None

    # --- what subclasses use --------------------------------------------------------
    @property
    def theme(self) -> Theme:
        return self.app.theme

    @property
    def assets(self) -> "Assets":
        return self.app.assets

    @property
    def animation_factor(self) -> float:
        """Duration multiplier: 0 when animations are off or in instant (screenshot) mode."""
        return 0.0 if self.app.instant else self.app.settings.animation_factor

    @property
    def colour_blind(self) -> bool:
        return self.app.settings.colour_blind

    @property
    def view(self) -> dict[str, Any]:
        """``match.state.view(self.viewer)``, computed once per state change."""
        key = self.shown_key
        if key != self._view_key:
            self._view = self.match.state.view(self.viewer)
            self._view_key = key
        return self._view

    @property
    def shown_key(self) -> tuple[int, int, int | None]:
        """What the screen shows now: the position (the state and its move number) and for whom."""
        return id(self.match.state), len(self.match.history), self.viewer

    @property
    def shared_screen(self) -> bool:
        """Several humans take turns at this screen (hot-seat): each one's secrets only behind their curtain."""
        return len(self.match.humans()) > 1

    @property
    def can_act(self) -> bool:
        """A human seat decides now and is the one at the screen."""
        seat = self.match.current_seat
        return seat is not None and self.match.seats[seat].is_human and seat == self.viewer and not self._curtain_up

    def seat_name(self, seat: int) -> str:
        """The name shown for ``seat``: the one its player chose, or its default in the reader's language."""
        return self.match.seat_name(seat)

    def seat_colour(self, seat: int) -> pygame.Color:
        return hex_colour(self.match.seats[seat].colour)

    def play_sound(self, name: str, volume: float = 1.0) -> None:
        if not self.app.instant:
            self.assets.play(name, volume)

    def toast(self, text: str, kind: str = "error") -> None:
        self.toasts.show(text, kind)

    def submit(self, action: Action) -> bool:
        """Play ``action`` for the human at the screen; a refusal becomes a toast."""
        seat = self.match.current_seat
        if seat is None:
            self.toast(_("The game is over; no more moves can be made."))
            return False
        if not self.match.seats[seat].is_human:
            self.toast(_("Please wait: it is {name}'s turn.").format(name=self.seat_name(seat)))
            return False
        if not self.can_act:
            return False
        try:
            events = self.match.apply(action)
        except IllegalAction as exc:
            self.toast(self.refusal_text(exc))
            return False
        self._after_action(events)
        return True

    def play_move(self, action: Action) -> bool:
        """``submit`` for input on the table: while an animation runs the input only hurries it to its
        end, and a refused move sounds the error besides its toast."""
        if self.anims.busy:
            self.anims.finish_all()
            return False
        if self.submit(action):
            return True
        self.play_sound("error")
        return False

    # --- hooks for subclasses -------------------------------------------------------
    def draw_table(self, surface: pygame.Surface, view: dict[str, Any], viewer: int | None) -> None:
        """Draw the game inside ``self.table_rect``."""

    def handle_table_event(self, event: pygame.event.Event, view: dict[str, Any], viewer: int | None) -> None:
        """Turn input into ``self.submit(action)`` calls."""

    def on_events(self, events: list[Event]) -> None:
        """Queue animations and sounds for the events of an applied action."""

    def arrange_table(self) -> None:
        """Work out what the table's next drawing shows and where its click areas are, after everything
        the update did (a bot's move included): drawing only paints them."""

    def update_table(self, dt: float) -> None:
        """The scene's own per-frame effects."""

    def is_animating(self) -> bool:
        return self.anims.busy

    def prompt(self, view: dict[str, Any], viewer: int | None) -> str:
        return _("Your move.")

    def results_summary_lines(self) -> list[str]:
        return []

    def on_undo(self) -> None:
        """An undo restored an earlier state."""

    def recap_marks(self, entries: list[LogEntry], view: dict[str, Any], viewer: int | None) -> list[pygame.Rect]:
        """Where on the table the recap's ``entries`` changed something (outlined while it is open)."""
        return []

    def log_shows(self, entry: LogEntry) -> bool:
        """Whether the viewer's log lists an entry it may read (see the module's notes)."""
        return True

    def log_text(self, entry: LogEntry) -> str:
        """The words shown for a log entry, in the reader's language, each seat called by its shown name."""
        return self.words_for(entry.event.message)

    def words_for(self, text: "Message | str") -> str:
        """The engine's words (a message, or plain text) in the reader's language, each seat called by its
        shown name: the log, refusals, hints and the results' note.  A game's scene may name more things
        its own way (Leader 1 names riders by the colours their players chose)."""
        return words(text, self.match.names())

    def refusal_text(self, refusal: IllegalAction) -> str:
        """A refused move in the reader's language (as :meth:`words_for` words it)."""
        reason = refusal.args[0] if refusal.args else ""
        return self.words_for(reason) if isinstance(reason, Message) else str(reason)

    def hint_guide(self) -> Callable[[Any, int], Hint | None] | None:
        """The guide asked for a guided game's hints: the spec's (a scene may hand it what only it knows)."""
        return self.spec.guide

    def opening_entries(self) -> list[LogEntry]:
        return []

    def toast_area(self) -> pygame.Rect:
        """Where messages (a refused move) drop down from the top of: the table, unless something there
        must stay in view (a scoreboard)."""
        return self.table_rect

    def log_seat(self, entry: LogEntry) -> int | None:
        """Whose colour marks a log entry: the seat the event is about (its ``data["seat"]``), else the seat
        its words name, else nobody.

        "Green draws a card" after Sky's play is Green's line, not Sky's; "The Game Day deck is reshuffled"
        is nobody's, whoever's move brought it about.
        """
        about = entry.event.data.get("seat")
        if not (isinstance(about, int) and not isinstance(about, bool)):
            about = seat_named(entry.event.message)
        return about if about is not None and 0 <= about < len(self.match.seats) else None

    # --- the shared mechanics ----------------------------------------------------------
    def _layout(self) -> tuple[pygame.Rect, pygame.Rect]:
        width, height = CANVAS_SIZE
        top = hud.HEADER_HEIGHT + MARGIN
        if self.log_side == "bottom":
            log_rect = pygame.Rect(MARGIN, height - LOG_HEIGHT - MARGIN, width - 2 * MARGIN, LOG_HEIGHT)
            table = pygame.Rect(MARGIN, top, width - 2 * MARGIN, log_rect.y - MARGIN - top)
        else:
            log_rect = pygame.Rect(width - LOG_WIDTH - MARGIN, top, LOG_WIDTH, height - top - MARGIN)
            table = pygame.Rect(MARGIN, top, log_rect.x - 2 * MARGIN, height - top - MARGIN)
        return table, log_rect

    def _after_action(self, events: list[Event]) -> None:
        self._view_key = None
        self._changes += 1
        if self.log_follows_animation and self._log_hold is None:
            self._log_hold = len(self.match.log) - len(events)
        self.on_events(events)
        if self._bot_answers_human():
            self.anims.hurry(OWN_MOVE_SECONDS * self.animation_factor)
        self._leave_the_screen()
        self.autosave()

    def _bot_answers_human(self) -> bool:
        """A human has just moved and a bot decides next."""
        history, seat, seats = self.match.history, self.match.current_seat, self.match.seats
        return bool(history) and seats[history[-1][0]].is_human and seat is not None and not seats[seat].is_human

    def _leave_the_screen(self) -> None:
        """At a shared screen, the player who just moved takes their secrets along when another seat decides.

        Everyone at the table watches what comes next (a bot's move, the hand-off), so
        from now on only the public view is drawn, the log included.  It happens after
        ``on_events``: the move just made still animates from where the player saw it
        (a card leaves the hand), while anything drawn for that seat alone is drawn as
        others see it.  Messages shown to that player (a refused move can name a card they hold) go too.
        """
        if self.viewer is not None and self.shared_screen and self.match.current_seat != self.viewer:
            self.viewer = None
            self.toasts.clear()

    def show_log_to(self, count: int) -> None:
        """The animation has shown the events of the first ``count`` entries of ``match.log``: their lines may
        be read now (see ``log_follows_animation``)."""
        if self._log_hold is not None and count > self._log_hold:
            self._log_hold = count if count < len(self.match.log) else None
            self._changes += 1

    def autosave(self) -> None:
        """Save the match as it is now (written atomically in the background); see ``report_saves``."""
        if self.match.is_over():
            return
        self._saver.submit(autosave_path(self.spec.id), json_text(match_to_save(self.match)))

    def flush_autosave(self) -> None:
        """Wait until the last autosave is on disk: before leaving, finishing, or reading it back."""
        self._saver.flush()
        self.report_saves()

    def report_saves(self) -> None:
        """A failed save is shown once, never fatal; so is saving working again."""
        for problem in self._saver.outcomes():
            if problem is not None:
                if not self._save_failed:
                    self.toast(_("The game could not be saved ({reason}). You can play on, but quitting will "
                                 "lose it.").format(reason=problem.strerror or problem.__class__.__name__))
                self._save_failed = True
            elif self._save_failed:
                self.toast(_("Saving works again."), "info")
                self._save_failed = False

    def remove_autosave(self) -> None:
        self.flush_autosave()
        try:
            autosave_path(self.spec.id).unlink(missing_ok=True)
        except OSError as exc:
            log.warning("Could not remove the finished game's autosave: %s", exc)

    def undo(self) -> bool:
        """Take back the current human's last step (from the pause menu)."""
        try:
            self.match.undo()
        except IllegalAction as exc:
            self.toast(self.refusal_text(exc))
            return False
        self._rewound(_("Your last move was taken back."))
        return True

    def ask_undo_to(self, step: int) -> None:
        """"Undo to here" on a log entry: explain a refusal, else confirm first (it may take back several moves)."""
        refusal = self.match.undo_refusal(step) if self.can_act else _("Undo is for the player whose turn it is.")
        if refusal is not None:
            self.toast(refusal)
            return
        count = len(self.match.history) - step
        shown = next((self.log_text(e) for e in self.match.log_for(self.viewer) if e.index == step), "")
        takes_back = ngettext("This takes back your last move, back to just before: {entry}",
                              "This takes back your last {count} moves, back to just before: {entry}", count)
        self.log_panel.stop_browsing()
        self.app.manager.push(self.app.scenes.dialog(
            _("Undo to here?"), takes_back.format(count=count, entry=shown),
            [(_("Undo"), lambda: self.undo_to(step)), (_("Cancel"), lambda: None)]))

    def undo_to(self, step: int) -> bool:
        """Rewind to just before the move ``step`` (a ``LogEntry.index``) of the current human's own moves."""
        if not self.can_act:
            self.toast(_("Undo is for the player whose turn it is."))
            return False
        try:
            count = self.match.undo_to(step)
        except IllegalAction as exc:
            self.toast(self.refusal_text(exc))
            return False
        self._rewound(ngettext("Your last move was taken back.", "Your last {count} moves were taken back.",
                               count).format(count=count))
        return True

    def _rewound(self, message: str) -> None:
        """After any undo: nothing half-animated, the log read again, the game saved, the player told."""
        self.anims.clear()
        self._view_key = None
        self._changes += 1
        self._log_rows, self._log_read, self._log_last = [], 0, None
        self._log_hold = None
        self.recap = None
        self.on_undo()
        self.autosave()
        self.toast(message, "info")

    def open_rules(self, heading: str | None = None) -> None:
        """The rules help on top, opened at ``heading`` (a heading of the game's rules help) when given."""
        self.app.manager.push(self.app.scenes.rules(self.spec, heading=heading))

    def reveal_to(self, seat: int) -> None:
        """The curtain was lifted by ``seat``'s player: their secrets may be drawn now."""
        self._curtain_up = False
        self._through_curtain = True
        self.viewer = seat

    def needs_curtain(self, seat: int) -> bool:
        """Hand-off needed: several humans at the table and ``seat``, holding secrets now, is not the one
        whose secrets the screen shows (also the same player again after the others watched bots move)."""
        return self.shared_screen and seat != self.viewer and self.match.state.holds_secrets(seat)

    def _settle_turn(self) -> None:
        """Give the screen to the human who decides now, through the curtain if needed."""
        seat = self.match.current_seat
        if seat is None or not self.match.seats[seat].is_human or seat == self.viewer:
            return
        if self.needs_curtain(seat):
            self._curtain_up = True
            self.app.manager.push(self.app.scenes.curtain(self, seat))
            return
        self.viewer = seat

    def _start_bot(self) -> bool:
        """Start the bot's decision for the current position unless it runs already; True when it was running.

        Called while the last move still animates too: the bot thinks meanwhile, so a
        player does not wait for the animation and then for the bot as well.
        """
        key = (id(self.match.state), len(self.match.history))
        if self._bot is not None and self._bot_key == key:
            return True
        self._bot = None
        decide = self.match.bot_decision()
        if decide is not None:
            self._bot = BotJob(decide, run_now=self.app.instant)
            self._bot_key = key
            self._bot_wait = self._bot_rest = 0.0
        return False

    def _bot_may_move(self) -> bool:
        """The bot's answer is ready and shown at a pace humans follow (see ``BOT_MIN_DELAY``)."""
        assert self._bot is not None
        if not self._bot.done:
            return False
        history = self.match.history
        factor = self.animation_factor
        if history and self.match.seats[history[-1][0]].is_human:
            return self._bot_wait >= BOT_MIN_DELAY * factor and self._bot_rest >= BOT_ANSWER_REST * factor
        return self._bot_rest >= BOT_MIN_DELAY * factor

    def _run_bot(self, dt: float) -> None:
        seat = self.match.current_seat
        if not self._start_bot():
            return
        self._bot_wait += dt
        self._bot_rest += dt
        if not self._bot_may_move():
            return
        job, self._bot = self._bot, None
        action = job.result
        try:
            if job.error is not None or action is None:
                raise IllegalAction(f"the bot failed ({job.error!r})")
            events = self.match.apply(action)
        except IllegalAction as exc:
            log.warning("%s's bot move was refused (%s); playing the first legal move instead.",
                        self.seat_name(seat), exc)
            events = self.match.apply(self.match.state.legal_actions()[0])
        self._after_action(events)

    def _finish(self) -> None:
        """The game is over and its last animation done: results on top."""
        self._results_shown = True
        self.remove_autosave()
        self.app.manager.push(self.app.scenes.results(self))

    def rematch(self) -> None:
        """Same seats and options, a new seed."""
        seed = int.from_bytes(os.urandom(4), "big")
        self.app.start_match(Match(self.spec, list(self.match.seats), dict(self.match.options), seed,
                                   guided=self.match.guided))

    #: what a table set again keeps of the one it replaces: who is at the screen, the curtain, and what the
    #: recap remembers (the rest is read from the match, as when a saved game is continued)
    SET_AGAIN_KEEPS = ("viewer", "_curtain_up", "_through_curtain", "_first_step", "_recap_checked",
                       "_recap_opened", "_results_shown", "_save_failed")

    def set_again(self) -> "MatchScene":
        """This table set up afresh for the same match, for another language (``App.set_language``).

        A game's scene paints words into pieces it keeps (panels, notes, the play being shown, the log);
        a new scene paints every one of them in the language now in use, which no list of caches to clear
        could promise for every game.  Nothing of the match changes: the new scene reads it as a continued
        game is read, and keeps who sits at the screen from this one.
        """
        fresh = type(self)(self.app, self.match)
        for name in self.SET_AGAIN_KEEPS:
            setattr(fresh, name, getattr(self, name))
        return fresh

    # --- Scene --------------------------------------------------------------------------
    def on_enter(self) -> None:
        self.autosave()
        self.arrange()  # the first frame's input, which comes before its update, finds its places too

    def on_exit(self) -> None:
        self._saver.close()
        self.report_saves()

    def on_quit(self) -> None:
        self.autosave()
        self.flush_autosave()

    def on_resume(self) -> None:
        self._view_key = None

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.recap is not None and self._recap_event(event):
            return
        if event.type == pygame.MOUSEBUTTONUP and self._swallow_click:
            self._swallow_click = False  # the release of the click that closed the recap
            return
        if event.type == pygame.KEYDOWN and self._key_event(event):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and not self.log_panel.rect.collidepoint(event.pos):
            self.log_panel.stop_browsing()  # the mouse is back on the table
        if self._banner_event(event):
            return
        if self._bot_hint_button.visible and hasattr(event, "pos") and self._bot_hint_button.handle_event(event):
            return
        if event.type in (pygame.MOUSEWHEEL, pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) \
                and self.log_panel.handle_event(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_h \
                and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            self._press_hint_key(event)
            return
        self.handle_table_event(event, self.view, self.viewer)

    def _press_hint_key(self, event: pygame.event.Event) -> None:
        """H asks what the hard bot would do, unless the table plays something with it (Football's Hail
        Mary): the table has it first, and the hint comes only when nothing happened there."""
        before = (self._changes, self.toasts.texts())
        self.handle_table_event(event, self.view, self.viewer)
        if (self._changes, self.toasts.texts()) == before and not self.watching:
            self.ask_bot_hint()

    def _key_event(self, event: pygame.event.Event) -> bool:
        """The keys the base takes: reading the log, Esc, F1 and L; True when ``event`` was used."""
        panel = self.log_panel
        if panel.browsing:
            if event.key in (pygame.K_ESCAPE, pygame.K_l):
                panel.stop_browsing()
                return True
            if panel.handle_event(event) or event.key != pygame.K_F1:
                return True
        if event.key == pygame.K_ESCAPE:
            self.app.manager.push(self.app.scenes.pause(self))
            return True
        if event.key == pygame.K_F1:
            hint = self.current_hint()
            self.open_rules(hint.rule if hint is not None and hint.rule else None)
            return True
        if event.key == pygame.K_l and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT) and panel.entries:
            panel.start_browsing()
            return True
        return False

    def update(self, dt: float) -> None:
        self._advance(dt)
        self.arrange()

    def _advance(self, dt: float) -> None:
        self.report_saves()
        if self.recap is not None:
            self.recap.update(dt)
        self.anims.update(dt)
        if self._log_hold is not None and not self.is_animating():
            self.show_log_to(len(self.match.log))
        self.update_table(dt)
        self.toasts.update(dt)
        seat = self.match.current_seat
        is_bot = seat is not None and not self.match.seats[seat].is_human
        self._thinking = self._thinking + dt if is_bot else 0.0
        if self.is_animating():
            if is_bot and not self.match.is_over() and self._start_bot():
                self._bot_wait += dt
            return
        if self.match.is_over():
            if not self._results_shown:
                self._finish()
            return
        if is_bot:
            self._run_bot(dt)
        else:
            self._settle_turn()
            self._consider_recap()

    def covers_canvas(self) -> bool:
        return True  # draw() starts with the whole table

    def arrange(self) -> None:
        """Work out this frame's overlays before it is drawn: the hint banner and its "Why?" button, the log
        (shortened under a banner that reaches it, its rows read anew after a change) and the room left for
        toasts.  Input uses these places until the next update; drawing only paints them."""
        self.arrange_table()
        toast_area = self.toast_area()
        hint = self.current_hint() if self.recap is None else None
        self._banner = self._banner_rect = None
        if self.log_panel.rect != self._log_short:
            self._log_home = self.log_panel.rect.copy()
        log_rect = self._log_home
        if hint is not None:
            _card, rect = self._banner = self._place_banner(hint)
            self._banner_rect = rect
            if rect.colliderect(self._log_home):
                log_rect = pygame.Rect(log_rect.x, rect.bottom + 8, log_rect.width, log_rect.bottom - rect.bottom - 8)
            elif self.hint_anchor != "bottom":
                toast_area = pygame.Rect(self.table_rect.x, rect.bottom + 2, self.table_rect.width,
                                         self.table_rect.bottom - rect.bottom - 2)
        self.log_panel.rect = log_rect
        self._log_short = log_rect if log_rect is not self._log_home else None
        self._toast_area = toast_area
        self.refresh_log()
        self._place_bot_hint_button()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.theme.table_texture(surface.get_size()), (0, 0))
        view = self.view
        self.draw_table(surface, view, self.viewer)
        if self._banner is not None:
            card, rect = self._banner
            draw.shadow(surface, rect.inflate(-4, -4), 10, 5, 90)
            surface.blit(card, rect)
            if self._why.visible:
                self._why.draw(surface, self.theme)
        if self.recap is not None:
            self.recap.draw(surface, self.theme)
        self.draw_log(surface)
        button = self._bot_hint_button
        if button.visible:
            button.draw(surface, self.theme)
        self.draw_header(surface, view)
        self.toasts.draw(surface, self.theme, self._toast_area or self.toast_area())
        if button.visible and button.hovered and button.tooltip:
            tooltip(surface, self.theme, button.tooltip, button.rect.midbottom)

    def refresh_log(self) -> None:
        """The log panel's rows, read again after a change of the match, of the eyes or of the language."""
        if self._log_for != (self._changes, self.viewer, self.theme.version):  # the version: another language
            self.log_panel.set_entries(self._read_log())
            self.log_panel.rewind_from = self.match.undo_floor() if self.can_act else None
            self._log_for = (self._changes, self.viewer, self.theme.version)

    def draw_log(self, surface: pygame.Surface) -> None:
        self.log_panel.draw(surface, self.theme)

    def _rule_of(self, event: Event) -> str | None:
        """The rules heading behind a log event; a failing lookup only costs the book mark."""
        assert self.spec.event_rule is not None
        try:
            return self.spec.event_rule(event)
        except Exception:
            log.exception("The rule lookup of %s failed for %r.", self.spec.id, event.kind)
            return None

    def _read_log(self) -> list[LogRow]:
        """The log's rows for the viewer: text, chip and links; only entries new since the last read are read."""
        log = self.match.log
        fresh = (self._log_viewer != self.viewer or self._log_read > len(log)
                 or self._log_words != self.theme.version
                 or (self._log_read and log[self._log_read - 1] is not self._log_last))
        if fresh:
            self._log_rows, self._log_read, self._log_viewer = [], 0, self.viewer
            self._log_words = self.theme.version
        seats = self.match.seats
        event_rule = self.spec.event_rule
        shown = len(log) if self._log_hold is None else min(self._log_hold, len(log))
        for entry in log[self._log_read:shown]:
            if entry.event.visible(self.viewer) and self.log_shows(entry):
                seat = self.log_seat(entry)
                chip = colour_of(seats[seat].colour) if seat is not None else None
                rule = self._rule_of(entry.event) if event_rule is not None else None
                step = entry.index if entry.index >= 0 else None
                self._log_rows.append((self.log_text(entry), chip, LogLinks(step, rule or None)))
        self._log_read = shown
        self._log_last = log[shown - 1] if shown else None
        return list(self._log_rows)

    def draw_header(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        seat = self.match.current_seat
        title = self.spec.title
        if seat is None:
            outcome = self.match.outcome()
            text = _("Game over")
            if outcome.winner is not None:
                text = _("Game over: {name} wins").format(name=self.seat_name(outcome.winner))
            hud.header(surface, self.theme, title=title, name=None, colour_hex=None, prompt=text,
                       marked=self.colour_blind, thinking=None)
            return
        player = self.match.seats[seat]
        if not player.is_human:
            prompt, thinking = "", self._thinking
        elif self.can_act:
            prompt, thinking = self.prompt(view, self.viewer), None
        else:
            prompt, thinking = _("is next."), None
        keys = self.log_panel.cursor_help() if self.log_panel.browsing else _(HEADER_KEYS)
        hud.header(surface, self.theme, title=title, name=self.seat_name(seat), colour_hex=player.colour, prompt=prompt,
                   marked=self.colour_blind, thinking=thinking, hint=keys)

