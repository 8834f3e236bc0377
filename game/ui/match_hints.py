"""A match's hints: a guided game's hint banner and, on request, what the hard bot would do.

A part of :class:`game.ui.match_scene.MatchScene`.  Both kinds of hint think on a worker thread
(:class:`game.ui.match_workers.BotJob`), so the banner appears when the hint is ready and frames
keep coming.
"""
from __future__ import annotations

import logging
from typing import Any, Callable

import pygame

from game.core.bots import Suggestion, suggest
from game.core.match import mix_seed
from game.core.spec import Hint
from game.i18n import N_, Message, _

from . import draw, hud
from .match_workers import BotJob
from .theme import PALETTE, SMALL_PX, Theme
from .widgets import Button

log = logging.getLogger(__name__)

#: the "what would the hard bot do?" button (English msgid: show it with ``_()``) and its size
BOT_HINT_LABEL = N_("Hint (H)")
BOT_HINT_SIZE = (104, 28)
BOT_HINT_PX = 16
#: the compact Hint button, when the log's title leaves no room for its words: a bulb and the key
BOT_HINT_KEY = "H"
BOT_HINT_BULB = 12


class HintButton(Button):
    """The Hint button over the log: its words when the log's title leaves room for them, else a bulb
    and the key H, its words then told in a note under the mouse."""

    def __init__(self, on_click: Callable[[], None]) -> None:
        super().__init__((0, 0, *BOT_HINT_SIZE), _(BOT_HINT_LABEL), on_click, size=BOT_HINT_PX)
        self.compact = False

    def look(self) -> Any:
        return (super().look(), self.compact)

    @staticmethod
    def full_width(theme: Theme, label: str) -> int:
        return max(BOT_HINT_SIZE[0], theme.font(BOT_HINT_PX).size(label)[0] + 24)

    @staticmethod
    def bulb_size(theme: Theme) -> int:
        """The bulb grows with the UI scale, as the key beside it does."""
        return round(BOT_HINT_BULB * theme.ui_scale)

    @staticmethod
    def compact_width(theme: Theme) -> int:
        return HintButton.bulb_size(theme) + 6 + theme.font(BOT_HINT_PX).size(BOT_HINT_KEY)[0] + 24

    def paint(self, surface: pygame.Surface, theme: Theme, rect: pygame.Rect) -> None:
        if not self.compact:
            super().paint(surface, theme, rect)
            return
        plate, ink = self.paint_plate(surface, rect)
        key_width = theme.font(BOT_HINT_PX).size(BOT_HINT_KEY)[0]
        size = self.bulb_size(theme)
        left = plate.centerx - (size + 6 + key_width) // 2
        bulb = pygame.Rect(left, plate.centery - size // 2 - size // 5, size, size)
        pygame.draw.ellipse(surface, PALETTE.accent, bulb)
        pygame.draw.ellipse(surface, ink, bulb, 1)
        base = max(4, size // 3)
        pygame.draw.rect(surface, ink, (bulb.centerx - base // 2, bulb.bottom - 1, base, base), border_radius=1)
        draw.text(surface, theme, BOT_HINT_KEY, (bulb.right + 6, plate.centery), size=BOT_HINT_PX, colour=ink,
                  align="midleft")


class MatchHints:
    """The hint banner's mechanics, composed into ``MatchScene``: the guide's hint, the hard bot's, the banner."""

    # --- a guided game's hint --------------------------------------------------------------
    def current_hint(self) -> Hint | None:
        """The guide's hint for the human deciding now (guided games only), asked once per view.

        A guide may weigh moves as a bot does, so it thinks on a worker thread like
        one: the banner appears when the hint is ready, and frames keep coming.
        """
        bot_hint = self.current_bot_hint()
        if bot_hint is not None:
            return bot_hint
        guide = self.hint_guide()
        if not (self.match.guided and guide is not None and self.can_act):
            return None
        view = self.view
        if self._hint_key != self._view_key:
            self._hint_key = self._view_key
            seat = self.match.current_seat
            assert seat is not None
            self._hint = None
            self._hint_job = BotJob(lambda: guide(view, seat), run_now=self.app.instant)
        job = self._hint_job
        if job is not None and job.done:
            self._hint_job = None
            if job.error is not None:  # a hint is a help, never a reason to stop a game
                log.error("The guide of %s failed (%r); no hint is shown.", self.spec.id, job.error)
            elif isinstance(job.result, Hint):
                self._hint = job.result
        return self._hint

    # --- what would the hard bot do? ------------------------------------------------------------
    def bot_hint_refusal(self) -> str | None:
        """Why the hard bot's hint cannot be shown now (None: it can): only for the human whose turn it is,
        at the screen, after their curtain; never for a bot, never while a replay is watched."""
        seat = self.match.current_seat
        if self.watching or seat is None or not self.match.seats[seat].is_human:
            return _("A hint is for the player whose turn it is.")
        if not self.can_act:
            return _("A hint is shown only to the player whose turn it is, once they are at the screen.")
        return None

    def ask_bot_hint(self) -> bool:
        """H or the Hint button: the hard bot's move for the seat to move, from that seat's view alone,
        worked out on a worker thread; asked again while shown, it goes away.  The game is marked as
        one where hints were used (saved with it, and in that player's records)."""
        refusal = self.bot_hint_refusal()
        if refusal is not None:
            self.toast(refusal)
            return False
        asked = self.shown_key
        if self._bot_hint_for == asked:
            self._bot_hint_for, self._bot_hint_job, self._bot_hint, self.bot_suggestion = None, None, None, None
            return True
        seat = self.match.current_seat
        assert seat is not None
        view = self.match.state.view(seat)  # the worker's own copy: the screen's view stays the screen's
        legal = self.match.state.legal_actions()
        seed = mix_seed(self.match.seed, seat, len(self.match.history))
        spec = self.spec
        self._bot_hint_for, self._bot_hint, self.bot_suggestion = asked, None, None
        self._bot_hint_job = BotJob(lambda: suggest(spec, view, legal, seat, seed), run_now=self.app.instant)
        if seat not in self.match.hints_used:
            self.match.hints_used.add(seat)
            self.autosave()
        return True

    def current_bot_hint(self) -> Hint | None:
        """The hard bot's hint while it stands for the view it was asked for (a move or the curtain ends it)."""
        if self._bot_hint_for is not None and self._bot_hint_for != self.shown_key:
            self._bot_hint_for, self._bot_hint_job, self._bot_hint, self.bot_suggestion = None, None, None, None
        if self._bot_hint_for is None or not self.can_act:
            return None
        job = self._bot_hint_job
        if job is not None and job.done:
            self._bot_hint_job = None
            if job.error is not None:  # a hint is a help, never a reason to stop a game
                log.error("The hard bot's hint failed in %s (%r).", self.spec.id, job.error)
            elif isinstance(job.result, Suggestion):
                self.bot_suggestion = job.result
                self._bot_hint = Hint(Message("The hard bot would play: {move} {why}", move=job.result.move,
                                              why=job.result.reason))
        return self._bot_hint

    def _place_bot_hint_button(self) -> None:
        """The Hint button at the top right of the log, shown while the player to move may ask."""
        button = self._bot_hint_button
        button.label = _(BOT_HINT_LABEL)
        button.visible = self.bot_hint_refusal() is None and self.recap is None
        panel = self.log_panel
        if not button.visible:
            panel.header_reserve = 0
            return
        # the words when the title still fits beside them at its own size, else the bulb and the key
        width = HintButton.full_width(self.theme, button.label)
        panel.header_reserve = width
        button.compact = draw.fitting_size(self.theme, _(panel.title), panel.title_room(), SMALL_PX,
                                           SMALL_PX) is None
        if button.compact:
            width = HintButton.compact_width(self.theme)
            panel.header_reserve = width
        button.tooltip = button.label if button.compact else ""
        button.rect.size = (width, BOT_HINT_SIZE[1])
        button.rect.topright = (panel.rect.right - 8, panel.rect.y + 8)

    def _explain_hint(self) -> None:
        hint = self.current_hint()
        self.open_rules(hint.rule if hint is not None and hint.rule else None)

    def _place_banner(self, hint: Hint) -> tuple[pygame.Surface, pygame.Rect]:
        # the hard bot's hint, asked for at any time, sits over the log: it hides nothing of the table
        stacked = (self.hint_anchor == "log" or hint is self._bot_hint) and self.log_side == "right"
        width = self._log_home.width if stacked else min(hud.HINT_WIDTH, self.table_rect.width - 40)
        text = self.words_for(hint.text)
        card = self.theme.image(("hint", text, width, bool(hint.rule), stacked),
                                lambda: hud.hint_card(self.theme, text, width, bool(hint.rule), stacked=stacked))
        rect = card.get_rect()
        self._why.label = _(hud.WHY_LABEL)
        self._why.rect.size = hud.why_size(self.theme)
        if stacked:
            rect.topleft = self._log_home.topleft
            self._why.rect.bottomright = (rect.right - 14, rect.bottom - 8)
            self._why.visible = bool(hint.rule)
            return card, rect
        if self.hint_anchor == "bottom":
            rect.midbottom = (self.table_rect.centerx, self.table_rect.bottom - 8)
        else:
            rect.midtop = (self.table_rect.centerx, self.table_rect.y + 8)
        self._why.rect.midright = (rect.right - 14, rect.centery - 2)
        self._why.visible = bool(hint.rule)
        return card, rect

    def _banner_event(self, event: pygame.event.Event) -> bool:
        """Mouse input on the hint banner: its "Why?" button; a click elsewhere on it is used up too."""
        rect = self._banner_rect
        if rect is None or not hasattr(event, "pos"):
            return False
        if self._why.visible and self._why.handle_event(event):
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and rect.collidepoint(event.pos)
