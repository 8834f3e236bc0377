"""Breakaway Rider on screen: the riders' open piles, the pace, the deck, and your hand.

Every rider has a panel in seat order (the order of play): the open pile with
its top speed card and the special cards lying crosswise on it, the yellow
jersey on the breakaway rider, penalty minutes as blue 1-minute and red
5-minute chips, the hand's size and the last result.  The column on the left
holds the stage, the pace (and the climb when one applies) and the deck.  The
rider at the screen sees their hand along the bottom: pointing at a speed card
shows what it would do ("slipstream", "dropped: +4 min", "takes the jersey"),
sprint and climb cards are switched on before the speed card is played.

Keys: Left/Right (or Tab/Shift+Tab) or the number on a card's key cap (1-7, counting the cards as
they lie, left to right) choose a speed card (the number of a sprint or climb card switches that
card, like a click), S switches sprint cards (one more each press), C the climb, Enter or Space
plays the chosen speed card.  In the climb window: C lays the climb, Enter passes.

The out-of-turn climb window asks every other rider in seat order.  With one
player at the screen that player is asked only when holding a climb card (no
one else is watching, so passing for them gives nothing away).  With several
players sharing the screen, one short public "Any climb?" call replaces the
per-player questions: no hand is shown, a player claims by number or name
(never checked in public), the call closes by itself after a fixed time (or at
once with Enter), and the scene passes for everyone who did not claim; the
claimant answers behind their own curtain when the window reaches them (see
scene_call).  Bots answer at a pace that does not depend on their cards.
"""
from __future__ import annotations

import inspect
from typing import TYPE_CHECKING, Any, Callable, Mapping

import pygame

from game.core.match import LogEntry, Match
from game.core.protocol import Action, Event, act
from game.i18n import _, ngettext
from game.ui import draw, hud
from game.ui.anim import Wait
from game.ui.match_scene import HEADER_KEYS, MatchScene
from game.ui.match_workers import BotJob
from game.ui.theme import PALETTE
from game.ui.widgets import Button

from .bots import HardBot
from .cards import CLIMB, HEADWIND_PENALTY, SPRINT, SPRINT_BONUS, Card
from .rules import CLIMB_WINDOW, PLAY, preview_play
from .scene_art import BACK, CardArt
from .scene_layout import CHIP, CROSS_SIZE, HAND_LIFT, TableLayout
from .scene_opening import opening_draw_events
from .scene_call import ClimbCall
from .scene_hand import KEYED_CARDS, HandZone
from .scene_overlays import StageTableScene
from .scene_panels import TONE_COLOURS, Panels, SeatLook
from .scene_show import POP_SECONDS, RESULT_TONE, Pop, Shown, TableShow, short_result
from .views import BreakawayRiderView

if TYPE_CHECKING:
    from game.app import App

CONFIRM_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
#: seconds an easy or normal bot takes to answer the climb window at normal speed
CLIMB_ANSWER_SECONDS = 0.3
#: a hard bot's answer always takes this long: above its thinking ceiling, so holding a climb card
#: (and thinking about it) never makes it slower than passing empty-handed
HARD_CLIMB_ANSWER_SECONDS = inspect.signature(HardBot).parameters["time_budget"].default + 0.2
#: a stage break lasts until its table is closed; this only has to outlast any player
HOLD_SECONDS = 1e9


def once_per_draw(entries: list[LogEntry]) -> list[LogEntry]:
    """Entries with each draw told once: a drawer who may read the card drawn ("Sky draws 48 km/h.") is not
    also told the public line of the same draw ("Sky draws a card.")."""
    known = {(entry.index, entry.event.data["seat"]) for entry in entries if entry.event.kind == "drawn-card"}
    return [entry for entry in entries
            if not (entry.event.kind == "draw" and (entry.index, entry.event.data["seat"]) in known)]


class StageBreak(Wait):
    """A timeline step that opens the stage table and lasts until the table is closed."""

    def __init__(self, open_table: Callable[["StageBreak"], None]) -> None:
        super().__init__(HOLD_SECONDS)
        self.open_table = open_table
        self.opened = False

    def start(self) -> None:
        super().start()
        self._open()

    def finish(self) -> None:
        self._open()
        super().finish()

    def _open(self) -> None:
        if not self.opened:
            self.opened = True
            self.open_table(self)

    def release(self) -> None:
        self.elapsed = self.duration


class BreakawayRiderScene(HandZone, MatchScene):
    """The table of piles above, the hand below, the log on the right."""

    #: a guided game's hint goes over the log column: the riders' panels fill the table's top and the hand its bottom
    hint_anchor = "log"

    def __init__(self, app: "App", match: Match) -> None:
        super().__init__(app, match)
        seats = len(match.seats)
        self.layout = TableLayout(self.table_rect, seats)
        self.art = CardArt(self.assets)
        self.panels = Panels(self.theme, self.art, self.layout)
        self.show = TableShow(self.layout, self.anims, self.play_sound, self._open_stage_table,
                              lambda: self.animation_factor > 0)
        #: the hand card under the mouse, and the one chosen with the keys (indexes into the hand)
        self.hover: int | None = None
        self.focus = 0
        self.keyboard = False
        self.sprints_chosen = 0
        self.climb_chosen = False
        self.play_button = Button(pygame.Rect(0, 0, self.layout.action.width - 28, 46), _("Play"), self.play_chosen,
                                  primary=True, size=20)
        self.play_button.rect.midbottom = (self.layout.action.centerx, self.layout.action.bottom - 14)
        wide = self.layout.action.width - 28
        self.climb_button = Button(pygame.Rect(0, 0, wide, 40), _("Lay the climb (C)"), self.lay_climb, primary=True,
                                   size=20)
        self.pass_button = Button(pygame.Rect(0, 0, wide, 40), _("No climb (Enter)"), self.pass_climb, size=20)
        self.pass_button.rect.midbottom = (self.layout.action.centerx, self.layout.action.bottom - 12)
        self.climb_button.rect.midbottom = (self.layout.action.centerx, self.pass_button.rect.y - 10)
        #: answers given at the shared climb call, by window: the seat that claims the climb (None: nobody)
        self.climb_calls: dict[tuple[int, int], int | None] = {}
        #: moves the scene made for a player (a pass without a climb card, an answer given at the shared call):
        #: not the player's own decisions, so the recap since their last turn looks past them
        self.answered_for: set[int] = set()
        #: the shared "Any climb?" question while it waits for an answer
        self.climb_call: ClimbCall | None = None
        #: the step holding the animations while a stage table is up
        self._stage_break: StageBreak | None = None
        self._climb_job: BotJob | None = None
        self._climb_job_key: tuple[int, int] | None = None
        self._climb_wait = 0.0
        #: the view drawn at rest and its snapshot (the view itself is kept: a new one may reuse an old id)
        self._resting_shown: tuple[BreakawayRiderView, Shown] | None = None
        #: the turn the chosen card was last set for (a new turn chooses a sensible card to start from)
        self._focus_turn: tuple[int, int] | None = None
        self._log_the_opening_draw()
        if not match.history:
            self.show.intro(self.view, self.viewer)

    def _log_the_opening_draw(self) -> None:
        """The draw for the lead happened when the game was created: it opens the log as setup entries
        (index -1), once per match, also for a loaded game (its log is rebuilt from the moves)."""
        if not any(entry.index < 0 for entry in self.match.log):
            self.match.log[:0] = self.opening_entries()

    def opening_entries(self) -> list[LogEntry]:
        """The draw for the lead (the state keeps its rounds), told before the first move."""
        view = self.match.state.view(None)
        return [LogEntry(-1, None, event) for event in opening_draw_events(view)] if view["opening_draw"] else []

    # --- who is at the screen -------------------------------------------------------------------
    def _everyone_at_the_screen(self) -> None:
        """A public moment (the climb call, a stage table): no hand is drawn, and the next player
        at the screen comes through the curtain."""
        if self.shared_screen:
            self.viewer = None

    # --- hooks ------------------------------------------------------------------------------------
    def prompt(self, view: BreakawayRiderView, viewer: int | None) -> str:
        if view["phase"] == CLIMB_WINDOW:
            if not view["can_climb"]:
                return _("You hold no climb card: Enter rides on.")
            return _("Climb on {rider}'s pace?  C: climb   Enter: no").format(rider=self.seat_name(view["turn_seat"]))
        hand = view["hand"] or []
        if not any(isinstance(c, int) for c in hand):
            return _("No speed card in hand: press Enter to stall at 39 km/h.")
        pace, minutes = view["pace"], view["minutes"][viewer] if viewer is not None else 0
        if view["jersey"] == viewer:
            return _("You wear the yellow jersey: any speed card sets the pace.")
        if minutes:
            return ngettext("{count} penalty minute: beat {pace} km/h to win it back.",
                            "{count} penalty minutes: beat {pace} km/h to win them back.", minutes).format(
                                count=minutes, pace=pace)
        if view["climb_active"]:
            return _("Climb! Ride {pace} km/h or more: no passing, no slipstream.").format(pace=pace)
        return _("Keep up with {pace} km/h; faster takes the jersey.").format(pace=pace)

    def on_events(self, events: list[Event]) -> None:
        actor = self.match.history[-1][0] if self.match.history else None
        self.show.play(events, self.view, self.viewer)
        self.hover = None
        seat = self.match.current_seat
        if seat is not None and seat != actor and self.match.seats[seat].is_human and self.view["phase"] == PLAY:
            self.anims.call(lambda: self.play_sound("turn_chime", 0.6))

    def update_table(self, dt: float) -> None:
        self.show.tick(dt)
        if self.climb_call is not None:
            self.climb_call.update(dt)
        if not self.anims.busy:
            view = self.view
            self.show.rest(view)
            hand = view["hand"] or []
            if self.can_act and view["phase"] == PLAY and self._focus_turn != self.window_key(view):
                self._focus_turn = self.window_key(view)
                self.focus = self.starting_choice(view, hand)
            self.focus = min(self.focus, max(0, len(hand) - 1))
            self.sprints_chosen = min(self.sprints_chosen, hand.count(SPRINT))
            self.climb_chosen = self.climb_chosen and CLIMB in hand and view["jersey"] == self.viewer

    def arrange_table(self) -> None:
        """The buttons' words, in the reader's language: what Enter and a click play now."""
        speed = self.chosen_speed(self.view["hand"] or [])
        self.play_button.label = _("Stall at 39 (Enter)") if speed is None else _("Play {speed} (Enter)").format(
            speed=speed)
        self.climb_button.label, self.pass_button.label = _("Lay the climb (C)"), _("No climb (Enter)")
        if draw.fitting_size(self.theme, self.pass_button.label, self.pass_button.rect.width - 16,
                             self.pass_button.size) is None:
            self.pass_button.label = _("No climb")  # a long name for the key: the toast still tells it

    def is_animating(self) -> bool:
        """Also while a question or a stage table waits: bots, the curtain and the results wait for it."""
        return self.anims.busy or self.climb_call is not None or self._stage_break is not None

    def on_undo(self) -> None:
        self.show.reset()
        self.hover = None
        self.answered_for = {index for index in self.answered_for if index < len(self.match.history)}
        # a window played again is called again: an answer given for it before the undo no longer stands
        now = self.window_key(self.view)
        self.climb_calls = {key: claimant for key, claimant in self.climb_calls.items() if key < now}

    def results_summary_lines(self) -> list[str]:
        lines = []
        for number, result in enumerate(self.view["stage_results"], start=1):
            others = ", ".join(f"{self.seat_name(s)} {score:+d}" for s, score in enumerate(result["scores"])
                               if s != result["jersey"])
            lines.append(_("Stage {number}: {rider} in the yellow jersey (+1); {others}.").format(
                number=number, rider=self.seat_name(result["jersey"]), others=others))
        return lines

    # --- the climb window -------------------------------------------------------------------------
    def window_key(self, view: BreakawayRiderView) -> tuple[int, int]:
        """One climb window: the play it follows."""
        return (int(view["stage"]), int(view["turns_played"]))

    def climb_call_seats(self) -> list[int]:
        """The players the shared call asks now: the humans still to answer this window."""
        view = self.view
        asked = [view["to_move"], *view["window"]]
        return [seat for seat in asked if self.match.seats[seat].is_human]

    def answer_climb_call(self, claimant: int | None) -> None:
        """The shared call's answer: the seat that claims the climb (None: nobody).  Every claim closes the
        call the same way, whatever the claimant holds: the claimant answers later, behind their curtain."""
        self.climb_calls[self.window_key(self.view)] = claimant
        self.climb_call = None

    def _settle_turn(self) -> None:
        seat = self.match.current_seat
        view = self.view
        if seat is None or not self.match.seats[seat].is_human or view["phase"] != CLIMB_WINDOW:
            super()._settle_turn()
            return
        if self.shared_screen:
            key = self.window_key(view)
            if key not in self.climb_calls:
                self._everyone_at_the_screen()
                self.play_sound("turn_chime", 0.6)
                self.climb_call = ClimbCall(self, self.climb_call_seats(), int(view["turn_seat"]), int(view["pace"]),
                                            self.layout.hand_zone)
            elif self.climb_calls[key] == seat:
                super()._settle_turn()  # the claimant takes the screen through their curtain and answers
            else:
                self._answer(act("no-climb"))
            return
        super()._settle_turn()
        if self.can_act and not self.view["can_climb"]:
            self._answer(act("no-climb"))  # the only player watching knows their own hand

    def _answer(self, action: Action) -> None:
        """Play a climb-window answer for the human being asked (a pass: nothing claimed, or no card to lay)."""
        self.answered_for.add(len(self.match.history))
        self._after_action(self.match.apply(action))

    def climb_answer_seconds(self, seat: int) -> float:
        if self.app.instant:
            return 0.0
        if self.match.seats[seat].bot_level == "hard":
            return HARD_CLIMB_ANSWER_SECONDS
        return CLIMB_ANSWER_SECONDS * self.animation_factor

    def _run_bot(self, dt: float) -> None:
        """Bots answer the climb window quickly, and all at the same pace (see the module notes)."""
        if self.view["phase"] != CLIMB_WINDOW:
            super()._run_bot(dt)
            return
        seat = self.match.current_seat
        key = (id(self.match.state), len(self.match.history))
        if self._climb_job is None or self._climb_job_key != key:
            decide = self.match.bot_decision()
            if decide is None:
                return
            self._climb_job, self._climb_job_key, self._climb_wait = BotJob(decide, run_now=self.app.instant), key, 0.0
            return
        self._climb_wait += dt
        if seat is None or not self._climb_job.done or self._climb_wait < self.climb_answer_seconds(seat):
            return
        job, self._climb_job = self._climb_job, None
        action = job.result
        if job.error is not None or action is None or action not in self.match.state.legal_actions():
            action = act("no-climb")
        self._after_action(self.match.apply(action))

    # --- stages -----------------------------------------------------------------------------------
    def _open_stage_table(self, data: Mapping[str, Any]) -> "StageBreak":
        """The step that puts the stage table up once the stage's last card has landed, and holds the
        animations (the next stage's deal) until it is closed."""
        def open_table(hold: StageBreak) -> None:
            self._stage_break = hold
            self._everyone_at_the_screen()
            view = self.match.state.view(None)
            stage = int(data["stage"])
            result = {"stage": stage, "stages_total": view["stages_total"], "jersey": data["jersey"],
                      "totals": data["totals"], "stage_results": view["stage_results"][:stage]}
            self.app.manager.push(StageTableScene(self.app, self, result, self._stage_table_closed))

        return StageBreak(open_table)

    def _stage_table_closed(self) -> None:
        if self._stage_break is not None:
            self._stage_break.release()
            self._stage_break = None

    # --- playing ----------------------------------------------------------------------------------
    def starting_choice(self, view: BreakawayRiderView, hand: list[Card]) -> int:
        """The card chosen when a turn starts: the lowest that costs no minutes, else the highest.
        Only a starting point for Enter; nothing is played until the player says so."""
        speeds = [i for i, c in enumerate(hand) if isinstance(c, int)]
        if not speeds or self.viewer is None:
            return 0
        for index in speeds:
            if preview_play(view, self.viewer, int(hand[index])).minutes_change <= 0:
                return index
        return speeds[-1]

    def chosen_card(self, hand: list[Card]) -> Card | None:
        return hand[self.focus] if 0 <= self.focus < len(hand) else None

    def chosen_speed(self, hand: list[Card]) -> int | None:
        """The speed card Enter and the Play button play: the chosen one, else the lowest."""
        card = self.chosen_card(hand)
        if isinstance(card, int):
            return card
        return next((c for c in hand if isinstance(c, int)), None)

    def play_action(self, speed: int | None) -> Action:
        if speed is None:
            return act("stall")
        return act(PLAY, speed, self.sprints_chosen, int(self.climb_chosen))

    def play(self, speed: int | None) -> None:
        """Play a speed card with the sprints and climb switched on; a click mid-animation hurries it."""
        if self.anims.busy:
            self.anims.finish_all()
            return
        if self.submit(self.play_action(speed)):
            self.sprints_chosen, self.climb_chosen, self.focus, self.hover = 0, False, 0, None
        else:
            self.play_sound("error", 0.5)

    def play_chosen(self) -> None:
        view = self.view
        if view["phase"] == CLIMB_WINDOW:
            self.pass_climb()
            return
        self.play(self.chosen_speed(view["hand"] or []))

    def lay_climb(self) -> None:
        if self.anims.busy:
            self.anims.finish_all()
        if self.view["phase"] == CLIMB_WINDOW and not self.view["can_climb"]:
            return  # a claimant without the card: the panel says so, and no refusal may outlast the hand-off
        if not self.submit(act("climb")):
            self.play_sound("error", 0.5)

    def pass_climb(self) -> None:
        if self.anims.busy:
            self.anims.finish_all()
        self.submit(act("no-climb"))

    def toggle_sprint(self, index: int | None = None) -> None:
        """One more sprint card (S, or a click on a resting one); back to none after the last."""
        hand = self.view["hand"] or []
        count = hand.count(SPRINT)
        if not count:
            self.toast(_("You hold no sprint card."))
            return
        if index is not None and hand[index] == SPRINT:
            rank = hand[:index].count(SPRINT)
            self.sprints_chosen = rank if rank < self.sprints_chosen else rank + 1
        else:
            self.sprints_chosen = (self.sprints_chosen + 1) % (count + 1)
        self.play_sound("click", 0.4)

    def toggle_climb(self) -> None:
        view = self.view
        if CLIMB not in (view["hand"] or []):
            self.toast(_("You hold no climb card."))
            return
        if view["jersey"] != self.viewer:
            self.toast(_("Only the breakaway rider adds a climb to a speed card; the others may lay one right "
                         "after the breakaway rider has played."))
            return
        self.climb_chosen = not self.climb_chosen
        self.play_sound("click", 0.4)

    def use_card(self, index: int) -> None:
        """A click on a hand card (or its number key, for a sprint or climb card)."""
        view = self.view
        hand = view["hand"] or []
        card = hand[index]
        if view["phase"] == CLIMB_WINDOW:
            if card == CLIMB:
                self.lay_climb()
            else:
                self.toast(_("The breakaway rider has just played: lay a climb card (C) or pass (Enter)."))
            return
        if card == SPRINT:
            self.toggle_sprint(index)
        elif card == CLIMB:
            self.toggle_climb()
        else:
            self.play(int(card))

    # --- input ------------------------------------------------------------------------------------
    def hand_rects(self, hand: list[Card]) -> list[pygame.Rect]:
        """Each hand card where it is drawn now: chosen specials and the pointed card rise."""
        rects = self.layout.hand_rects(len(hand))
        raised = self.raised_cards(hand)
        return [rect.move(0, -HAND_LIFT) if index in raised else rect for index, rect in enumerate(rects)]

    def raised_cards(self, hand: list[Card]) -> set[int]:
        raised = set()
        sprint_indexes = [i for i, c in enumerate(hand) if c == SPRINT]
        raised.update(sprint_indexes[:self.sprints_chosen])
        if self.climb_chosen and CLIMB in hand:
            raised.add(hand.index(CLIMB))
        if self.can_act:
            if self.hover is not None:
                raised.add(self.hover)
            if self.keyboard:
                raised.add(self.focus)
        return {index for index in raised if index < len(hand)}

    def card_at(self, pos: tuple[int, int], hand: list[Card]) -> int | None:
        rests = self.layout.hand_rects(len(hand))
        for index in range(len(hand) - 1, -1, -1):
            if rests[index].union(rests[index].move(0, -HAND_LIFT)).collidepoint(pos):
                return index
        return None

    def handle_table_event(self, event: pygame.event.Event, view: BreakawayRiderView, viewer: int | None) -> None:
        if self.climb_call is not None:
            self.climb_call.handle_event(event)
            return
        hand = (view["hand"] or []) if self.viewer is not None else []
        buttons = self.active_buttons(view)
        for button in buttons:
            if button.handle_event(event):
                return
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.card_at(event.pos, hand)
            if self.hover is not None:
                self.keyboard = False
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self.card_at(event.pos, hand)
            if self.anims.busy:
                self.anims.finish_all()
            elif index is not None:
                if isinstance(hand[index], int):
                    self.focus = index
                self.use_card(index)
        elif event.type == pygame.KEYDOWN and hand:
            self.handle_key(event, view, hand)

    def handle_key(self, event: pygame.event.Event, view: BreakawayRiderView, hand: list[Card]) -> None:
        """Left/Right walk the speed cards, a number takes the card at that place (a sprint or climb card
        is switched, as by a click), S and C switch sprints and the climb, Enter or Space plays."""
        key = event.key
        speeds = [i for i, c in enumerate(hand) if isinstance(c, int)]
        if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB) and speeds:
            back = key == pygame.K_LEFT or (key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT)
            place = speeds.index(self.focus) if self.focus in speeds else 0
            self.focus = speeds[(place + (-1 if back else 1)) % len(speeds)]
            self.keyboard = True
        elif event.unicode and event.unicode.isdigit() and 1 <= int(event.unicode) <= min(len(hand), KEYED_CARDS):
            index = int(event.unicode) - 1
            self.keyboard = True
            if isinstance(hand[index], int):
                self.focus = index
            elif view["phase"] != CLIMB_WINDOW:
                self.use_card(index)
        elif key == pygame.K_s:
            self.toggle_sprint()
        elif key == pygame.K_c:
            if view["phase"] == CLIMB_WINDOW:
                self.lay_climb()
            else:
                self.toggle_climb()
        elif key in CONFIRM_KEYS:
            self.keyboard = True
            if view["phase"] == CLIMB_WINDOW:
                self.pass_climb()
            else:
                self.play(self.chosen_speed(hand))

    def active_buttons(self, view: BreakawayRiderView) -> list[Button]:
        if not self.can_act:
            return []
        if view["phase"] == CLIMB_WINDOW:
            return [self.climb_button, self.pass_button] if view["can_climb"] else [self.pass_button]
        return [self.play_button]

    # --- since your last turn --------------------------------------------------------------------
    def recap_entries(self, seat: int) -> list[LogEntry]:
        """The recap reaches back to the player's own last decision, past the climb-window answers the
        scene gave for them (else a pass made for them would hide the breakaway rider's card)."""
        history = self.match.history
        last = next((index for index in range(len(history) - 1, -1, -1)
                     if history[index][0] == seat and index not in self.answered_for), None)
        if last is None:
            return []
        entries = [entry for entry in self.match.log if entry.index > last and entry.event.visible(seat)]
        return once_per_draw(entries)

    def recap_marks(self, entries: list[LogEntry], view: BreakawayRiderView, viewer: int | None) -> list[pygame.Rect]:
        """Where the recapped entries changed the table: the cards played, the chips, the jersey, the pace."""
        marks: list[pygame.Rect] = []
        for entry in entries:
            for rect in self.marks_for(entry.event):
                if rect not in marks:
                    marks.append(rect)
        return marks

    def marks_for(self, event: Event) -> list[pygame.Rect]:
        layout, data = self.layout, event.data
        cells = layout.cells

        def pile(seat: int) -> pygame.Rect:
            cell = cells[seat]
            return cell.pile.union(cell.pile.move(CROSS_SIZE[1] // 2, 0)).inflate(10, 10)

        def chips(seat: int) -> pygame.Rect:
            cell = cells[seat]
            return pygame.Rect(cell.chips.x - 5, cell.chips.y - 5, cell.chips.width + 10, CHIP + 36)

        if event.kind == "play":
            marks = [pile(int(data["seat"]))]
            if data["result"] in ("sets-pace", "takes-jersey"):
                marks.append(layout.pace_panel)
            return marks
        if event.kind in ("minutes-added", "minutes-reduced"):
            return [chips(int(data["seat"]))]
        if event.kind == "jersey":
            return [cells[int(data["to"])].jersey.inflate(24, 40).move(0, 12)]
        if event.kind == "climb":
            return [pile(int(data["rider"])), layout.pace_panel]
        if event.kind == "headwind":
            return [pile(int(data["seat"]))]
        if event.kind == "climb-ends":
            return [layout.pace_panel]
        if event.kind in ("stage-start", "stage-end"):
            return [layout.stage_panel]
        return []

    # --- the log ------------------------------------------------------------------------------------
    def log_shows(self, entry: LogEntry) -> bool:
        """The drawer reads which card they drew ("Anna draws 47 km/h."), not also that they drew one."""
        event = entry.event
        return not (event.kind == "draw" and self.viewer is not None and event.data.get("seat") == self.viewer)

    def log_text(self, entry: LogEntry) -> str:
        """The log (and the recap) in the reader's language and the players' own names ('Ben plays...')."""
        return entry.event.render(self.chosen_name)

    def chosen_name(self, seat: int) -> str | None:
        """The name the player of ``seat`` chose (None for a seat the match does not have)."""
        return self.seat_name(seat) if 0 <= seat < len(self.match.seats) else None

    def draw_header(self, surface: pygame.Surface, view: BreakawayRiderView) -> None:
        if view["phase"] == CLIMB_WINDOW and not self.can_act:
            rider = self.seat_name(view["turn_seat"])
            hud.header(surface, self.theme, title=self.spec.title, name=None, colour_hex=None,
                       prompt=_("Climb window: any climb on {rider}'s {pace} km/h?").format(rider=rider,
                                                                                            pace=view["pace"]),
                       marked=self.colour_blind,
                       thinking=None, hint=_(HEADER_KEYS))
            return
        super().draw_header(surface, view)

    # --- drawing ------------------------------------------------------------------------------------
    def shown(self, view: BreakawayRiderView) -> Shown:
        if self.show.shown is not None:
            return self.show.shown
        if self._resting_shown is None or self._resting_shown[0] is not view:
            self._resting_shown = (view, Shown.of_view(view))
        return self._resting_shown[1]

    def seat_look(self, seat: int, shown: Shown, view: BreakawayRiderView) -> SeatLook:
        player = self.match.seats[seat]
        if not player.is_human:
            subtitle = _("Bot ({level})").format(level=_(player.bot_level))
        elif seat == self.viewer and not self.shared_screen:
            subtitle = _("You")
        else:
            subtitle = _("Player")
        last = shown.last_plays[seat]
        cell = self.layout.cells[seat]
        waiting = shown.this_round is not None and seat not in shown.this_round and not shown.opening
        result, tone = "", "neutral"
        if waiting:
            result, tone = self.yet_to_play_words(last, cell.result.width - 18), "waiting"
        elif last is not None:
            result = self.result_words(last, cell.result.width - 18)
            tone = RESULT_TONE.get(str(last["result"]), "neutral")
        return SeatLook(self.seat_name(seat), player.colour, self.colour_blind, seat + 1, subtitle, shown.hand_counts[seat],
                        int(view["totals"][seat]), tuple(shown.piles[seat]), shown.opening.get(seat),
                        shown.jersey == seat, shown.minutes[seat], shown.headwinds[seat], result, tone, waiting,
                        cell.rect.width, cell.rect.height)

    def yet_to_play_words(self, last: Mapping[str, Any] | None, width: int) -> str:
        """The line under a pile whose rider has not played this round: the card still on it is last round's
        ('yet to play (48 last round)', or just 'yet to play' where that does not fit or nothing was played)."""
        if last is not None and last["speed"] is not None:
            words = _("yet to play ({speed} last round)").format(speed=last["speed"])
            if self.theme.font(18).size(words)[0] <= width:
                return words
        return _("yet to play")

    def result_words(self, last: Mapping[str, Any], width: int) -> str:
        """A rider's last play under the pile, read with the cards on it: '45 +3 sprints = 51: takes the
        jersey', '49 +1 sprint = 50 max' on a climb ('at 51: takes the jersey' where the panel is too narrow)."""
        words = short_result(str(last["result"]), int(last["effective"]), on_climb=bool(last.get("on_climb")))
        effective = int(last["effective"])
        if last["speed"] is None:
            return _("stall at {speed}: {result}").format(speed=effective, result=words)
        speed, sprints, headwinds = int(last["speed"]), int(last.get("sprints", 0)), int(last.get("headwinds", 0))
        if effective == speed and not sprints and not headwinds:
            return words
        parts = [str(speed)]
        if sprints:
            parts.append(ngettext("+{count} sprint", "+{count} sprints", sprints).format(count=sprints))
        if headwinds:
            parts.append(ngettext("\u2212{count} headwind", "\u2212{count} headwinds", headwinds).format(
                count=headwinds))
        if effective != speed + SPRINT_BONUS * sprints - HEADWIND_PENALTY * headwinds:
            # TRANSLATORS: Breakaway Rider: under a pile, "45 +3 sprints = 50 max: takes the jersey" (the sprint cap)
            summed = _("{cards} = {speed} max: {result}").format(cards=" ".join(parts), speed=effective, result=words)
        else:
            # TRANSLATORS: Breakaway Rider: under a pile, "45 +1 sprint = 47: takes the jersey"
            summed = _("{cards} = {speed}: {result}").format(cards=" ".join(parts), speed=effective, result=words)
        if self.theme.font(18).size(summed)[0] <= width:
            return summed
        return _("at {speed}: {result}").format(speed=effective, result=words)

    def draw_table(self, surface: pygame.Surface, view: BreakawayRiderView, viewer: int | None) -> None:
        shown = self.shown(view)
        setter = shown.jersey if shown.jersey is not None else view["jersey"]
        climb_by = None if shown.climb_by is None else self.seat_name(shown.climb_by)
        self.panels.column(surface, stage=shown.stage, stages=int(view["stages_total"]), pace=shown.pace,
                           setter=self.seat_name(setter), climb_by=climb_by, deck_count=shown.deck_count,
                           set_aside=len(shown.set_aside), simple=not view["special_cards"])
        for seat in range(len(self.match.seats)):
            self.panels.seat(surface, seat, self.seat_look(seat, shown, view))
        if shown.turn_seat is not None and view["phase"] != "over":
            ring = self.layout.cells[shown.turn_seat].rect.inflate(8, 8)
            colour = PALETTE.danger if view["phase"] == CLIMB_WINDOW and self.show.shown is None else PALETTE.accent
            pygame.draw.rect(surface, colour, ring, 4, border_radius=14)
        if self.climb_call is not None:
            self.climb_call.draw(surface, self.theme, self.panels.blit_cached)
        else:
            self.draw_hand_zone(surface, view, shown)
            self.draw_action_panel(surface, view, shown)
        self.draw_flights(surface)
        self.draw_pops(surface)

    def draw_flights(self, surface: pygame.Surface) -> None:
        for flight in self.show.flights:
            if not flight.flying:
                continue
            (x, y), angle = flight.pose()
            sprite = flight.sprite if flight.owner is None or flight.owner == self.viewer else BACK
            rect = pygame.Rect((0, 0), flight.size)
            rect.center = (round(x), round(y))
            if sprite.startswith("card_"):
                self.art.card_sprite(surface, sprite, rect, angle=angle)
            else:
                image = self.art.image(sprite, flight.size, angle)
                surface.blit(image, image.get_rect(center=rect.center))

    def draw_pops(self, surface: pygame.Surface) -> None:
        for pop, box, alpha in self.line_lights():
            colour = TONE_COLOURS.get(pop.tone, PALETTE.ink)
            light = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.rect(light, (*colour, alpha // 5), light.get_rect(), border_radius=8)
            pygame.draw.rect(light, (*colour, alpha), light.get_rect(), 2, border_radius=8)
            surface.blit(light, box)
        for pop, box, alpha in self.pop_plates():
            colour = TONE_COLOURS.get(pop.tone, PALETTE.ink)
            label = self.theme.text(pop.text, 20, colour)
            plate = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.rect(plate, (*PALETTE.card_light, 245), plate.get_rect(), border_radius=8)
            pygame.draw.rect(plate, (*colour, 255), plate.get_rect(), 2, border_radius=8)
            plate.blit(label, label.get_rect(center=plate.get_rect().center))
            plate.set_alpha(alpha)
            surface.blit(plate, box)

    def line_lights(self) -> list[tuple[Pop, pygame.Rect, int]]:
        """A play's result lights up the line under its pile for a moment (the line says the words once;
        nothing covers the card), fading out like the rising words."""
        lights = []
        for pop in self.show.pops:
            if pop.on_line:
                t = min(1.0, pop.age / POP_SECONDS)
                alpha = 255 if t < 0.7 else int(255 * (1 - t) / 0.3)
                lights.append((pop, self.layout.cells[pop.seat].result.inflate(14, 4), max(0, min(255, alpha))))
        return lights

    def pop_plates(self) -> list[tuple[Pop, pygame.Rect, int]]:
        """Where each rising word plate is drawn, and how opaque.  Plates over the same pile stack: the
        newest rises from the pile, the older ones sit above it, so words never cover words; every plate
        stays inside its rider's panel."""
        plates: list[tuple[Pop, pygame.Rect, int]] = []
        for seat, cell in enumerate(self.layout.cells):
            above: int | None = None
            rising = (p for p in self.show.pops if p.seat == seat and not p.on_line)
            for pop in sorted(rising, key=lambda p: p.age):
                t = min(1.0, pop.age / POP_SECONDS)
                alpha = 255 if t < 0.7 else int(255 * (1 - t) / 0.3)
                width, height = self.theme.font(20).size(pop.text)
                box = pygame.Rect(0, 0, width + 18, height + 10)
                x, y = pop.at
                box.center = (round(x) + 30, round(y - 24 * t))
                if above is not None:
                    box.bottom = min(box.bottom, above - 4)
                box.clamp_ip(cell.rect.inflate(-6, -6))
                above = box.top
                plates.append((pop, box, max(0, min(255, alpha))))
        return plates
