"""The "Since your last turn" recap of a match: a part of :class:`game.ui.match_scene.MatchScene`.

What others did since a human's last decision, shown when they may have missed it: when they come
back through the curtain, or when several moves were made meanwhile.
"""
from __future__ import annotations

import pygame

from game.core.match import LogEntry

from . import hud
from .widgets import colour_of

#: moves by others since a human's last decision that make the recap worth showing (without a curtain)
RECAP_MIN_MOVES = 2
DISMISS_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_ESCAPE)


class MatchRecap:
    """The recap's mechanics, composed into ``MatchScene``: when it opens, what it lists, how it closes."""

    def _consider_recap(self) -> None:
        """Once per decision of a human at the screen: the recap of what others did since their last move.

        Only when the player may have missed it: they come back through the curtain, or several moves
        were made meanwhile, and then at most once per game turn (a team of riders moving one by one
        gets it before the first of them only).  A single move made in front of them (a rival's push,
        a bot's card) was just animated on the table, and a recap of it would only cost a key press.
        """
        seat = self.match.current_seat
        if seat is None or not self.can_act:
            return
        decision = (seat, len(self.match.history))
        through_curtain, self._through_curtain = self._through_curtain, False
        if decision == self._recap_checked and not through_curtain:
            return
        self._recap_checked = decision
        turn = (seat, self.match.state.turn)
        if not self.app.settings.recap_since_last_turn or (turn == self._recap_opened and not through_curtain):
            return
        entries = [entry for entry in self.recap_entries(seat) if entry.index >= self._first_step]
        if entries and (through_curtain or self._moves_by_others(entries, seat) >= RECAP_MIN_MOVES):
            self.open_recap(entries)
            self._recap_opened = turn

    def recap_entries(self, seat: int) -> list[LogEntry]:
        """What ``seat`` may read that happened since its own last decision."""
        return self.match.since_last_decision(seat)

    @staticmethod
    def _moves_by_others(entries: list[LogEntry], seat: int) -> int:
        return len({entry.index for entry in entries if entry.seat is not None and entry.seat != seat})

    def open_recap(self, entries: list[LogEntry]) -> None:
        """Show the recap of ``entries`` (what the human at the screen may read) until dismissed."""
        chips = [colour_of(seat.colour) for seat in self.match.seats]
        rows = [(self.log_text(entry), chips[seat] if (seat := self.log_seat(entry)) is not None else None)
                for entry in entries]
        marks = self.recap_marks(entries, self.view, self.viewer)
        self.recap = hud.Recap(rows, marks, self.table_rect)

    def close_recap(self) -> None:
        self.recap = None

    def _recap_event(self, event: pygame.event.Event) -> bool:
        """The recap closes on the next click or key; True when ``event`` was used up closing it.

        Enter, Space and Esc only close it (they must not also play a move or open
        the menu), and so does a click on the card itself; a click on the table or
        another key closes it and then does what it always does.
        """
        if event.type == pygame.KEYDOWN and event.key != pygame.K_F1:
            self.close_recap()
            return event.key in DISMISS_KEYS
        if event.type == pygame.MOUSEBUTTONDOWN:
            on_card = self.recap is not None and self.recap.rect.collidepoint(event.pos)
            self.close_recap()
            self._swallow_click = on_card
            return on_card
        return False
