"""The in-game menu (Esc): resume, rules, undo, settings, save and leave, quit.

It is an overlay: the table stays visible, frozen, under a scrim.  Undo is
offered only when the match allows it (within the current human's own decision,
never across a roll, a draw or a reveal); when it is not, the reason is printed
under the greyed-out button, not only in its tooltip.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import _, ngettext
from game.ui import draw
from game.ui.menu import MenuScene
from game.ui.theme import PALETTE, SMALL_PX
from game.ui.widgets import Button, Label, Panel, Widget

if TYPE_CHECKING:
    from game.app import App
    from game.ui.match_scene import MatchScene

PANEL_WIDTH = 460
BUTTON_GAP = 14


def progress_words(turn: int, moves: int) -> str:
    """How far the game has come, for the menu's foot: no "turn 0" before the first turn (a race's
    setup), and one move in the singular."""
    played = (_("no move played yet") if moves == 0
              else ngettext("{count} move played", "{count} moves played", moves).format(count=moves))
    return f"{_('turn {turn}').format(turn=turn)}  ·  {played}" if turn > 0 else played


class PauseScene(MenuScene):
    opaque = False

    def __init__(self, app: "App", match_scene: "MatchScene") -> None:
        super().__init__(app)
        self.match_scene = match_scene
        self._resume: Button | None = None

    def undo_reason(self) -> str:
        """Why Undo is greyed out, in the match's own words about the last move."""
        match = self.match_scene.match
        if not match.history and match.current_seat is not None:
            return _("Nothing to undo: no move has been made yet.")
        refusal = (match.undo_refusal(len(match.history) - 1) if match.history else None) or _("the game is over.")
        return _("Nothing to undo: {reason}").format(reason=refusal[0].lower() + refusal[1:])

    def build(self) -> None:
        """A column of buttons; under a greyed-out Undo the reason, and the game's progress at the foot."""
        match = self.match_scene.match
        theme = self.theme
        width = PANEL_WIDTH
        inner_width = width - 80
        can_undo = match.can_undo()
        reason = "" if can_undo else self.undo_reason()
        line_height = theme.font(SMALL_PX).get_linesize()
        reason_height = len(draw.wrap(theme, reason, inner_width, SMALL_PX)) * line_height + 14 if reason else 0
        footer = f"{self.match_scene.spec.title}\n{progress_words(match.state.turn, len(match.history))}"
        footer_height = len(draw.wrap(theme, footer, inner_width, SMALL_PX)) * line_height
        button_height = max(52, theme.font(22).get_linesize() + 18)
        height = 76 + 6 * button_height + 5 * BUTTON_GAP + reason_height + 24 + footer_height + 24
        panel = Panel(pygame.Rect(640 - width // 2, max(8, 360 - height // 2), width, height), _("Paused"))
        self.form.add(panel)
        x, y = panel.rect.x + 40, panel.rect.y + 76
        steps = match.undoable_steps()
        undo_label = _("Undo") if steps <= 1 else _("Undo ({steps} steps)").format(steps=steps)
        if reason:
            reason_top = y + 2 * button_height + BUTTON_GAP + 10
            self.form.add(Label((x, reason_top, inner_width, reason_height), reason, size=SMALL_PX,
                                colour=PALETTE.ink_soft, align="center"))
        self.form.add(Label((x, panel.rect.bottom - 24 - footer_height, inner_width, footer_height), footer,
                            size=SMALL_PX, colour=PALETTE.ink_soft, align="center"))
        buttons = self.button_column([
            (_("Resume"), self.resume, {"primary": True}),
            (undo_label, self.undo, {"enabled": can_undo, "disabled_reason": reason,
                                     "tooltip": _("Take back your last step.")}),
        ], x, y, width=inner_width, height=button_height, gap=BUTTON_GAP)
        y += 2 * (button_height + BUTTON_GAP) + reason_height
        self.button_column([
            (_("Rules"), self.rules, {}),
            (_("Settings"), self.settings, {}),
            (_("Save and quit to menu"), self.save_and_leave, {"tooltip": _("Continue it later from the main menu.")}),
            (_("Quit the app"), self.quit_app, {"tooltip": _("The game is saved first.")}),
        ], x, y, width=inner_width, height=button_height, gap=BUTTON_GAP)
        self.panel = panel
        self._resume = buttons[0]

    def default_focus(self) -> Widget | None:
        return self._resume

    def resume(self) -> None:
        self.app.manager.pop(self)

    def undo(self) -> None:
        if self.match_scene.undo():
            self.app.manager.pop(self)

    def rules(self) -> None:
        self.app.manager.push(self.app.scenes.rules(self.match_scene.spec))

    def settings(self) -> None:
        self.app.manager.push(self.app.scenes.settings())

    def save_and_leave(self) -> None:
        self.match_scene.autosave()
        self.app.go_to_launcher()

    def quit_app(self) -> None:
        self.app.quit()

    def on_back(self) -> None:
        self.resume()
