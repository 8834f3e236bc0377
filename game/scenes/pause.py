"""The in-game menu (Esc): resume, rules, undo, settings, save and leave, quit.

It is an overlay: the table stays visible, frozen, under a scrim.  Undo is
offered only when the match allows it (within the current human's own decision,
never across a roll, a draw or a reveal) and says why when it does not.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui import draw
from game.ui.menu import MenuScene
from game.ui.theme import PALETTE
from game.ui.widgets import Button, Panel, Widget

if TYPE_CHECKING:
    from game.app import App
    from game.ui.match_scene import MatchScene


class PauseScene(MenuScene):
    opaque = False

    def __init__(self, app: "App", match_scene: "MatchScene") -> None:
        super().__init__(app)
        self.match_scene = match_scene
        self._resume: Button | None = None

    def undo_reason(self) -> str:
        match = self.match_scene.match
        seat = match.current_seat
        if seat is None:
            return "The game is over."
        if not match.seats[seat].is_human:
            return "A bot is deciding; undo is for your own moves."
        if not match.history:
            return "No move has been made yet."
        return "Nothing to take back: undo works only within your current turn and never past a roll, a draw or a reveal."

    def build(self) -> None:
        match = self.match_scene.match
        panel = Panel(pygame.Rect(440, 70, 400, 580), "Paused")
        self.form.add(panel)
        can_undo = match.can_undo()
        steps = match.undoable_steps()
        undo_label = "Undo" if steps <= 1 else f"Undo ({steps} steps)"
        buttons = self.button_column([
            ("Resume", self.resume, {"primary": True}),
            (undo_label, self.undo, {"enabled": can_undo, "disabled_reason": self.undo_reason(),
                                     "tooltip": "Take back your last step."}),
            ("Rules", self.rules, {}),
            ("Settings", self.settings, {}),
            ("Save and quit to menu", self.save_and_leave, {"tooltip": "Continue it later from the main menu."}),
            ("Quit the app", self.quit_app, {"tooltip": "The game is saved first."}),
        ], panel.rect.x + 40, panel.rect.y + 76, width=320, height=52, gap=18)
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

    def draw_front(self, surface: pygame.Surface) -> None:
        super().draw_front(surface)
        match = self.match_scene.match
        line = f"{self.match_scene.spec.title}  ·  turn {match.state.turn}  ·  {len(match.history)} moves played"
        draw.text(surface, self.theme, line, (640, self.panel.rect.bottom - 30), size=18, colour=PALETTE.ink_soft,
                  align="center")
