"""Replays: every finished game kept, and unfinished ones so far, to watch again.

A list, newest first (game, date, players, winner, moves), scrolled with the
wheel, the arrows or Page Up/Down; Enter or a double click opens the selected
game in the replay viewer.  Export writes its replay text to the exports folder
and says where; Import reads a replay file from a typed path or a file dropped
onto the window; Delete asks first.  A file that cannot be read is reported in
words and set aside; the rest of the list is never affected.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Callable, Hashable

import pygame

from game.core.archive import (
    ReplayEntry, clean_path_text, delete_entry, export_replay, import_replay, list_entries, open_entry,
    set_aside_broken,
)
from game.core.replay import ReplayError
from game.ui import draw
from game.ui.menu import MenuScene, screen_title
from game.ui.theme import BODY_PX, HEADING_PX, PALETTE, SMALL_PX, Theme, darker, lighter
from game.ui.widgets import Button, Label, Panel, TextInput, Widget

if TYPE_CHECKING:
    from game.app import App

LIST_RECT = pygame.Rect(70, 128, 1140, 456)
ROW_HEIGHT = 56
HEADER_ROW = 34
DOUBLE_CLICK_SECONDS = 0.45
#: list columns: x offsets inside the list
COLUMNS = {"game": 18, "date": 250, "players": 410, "result": 800, "moves": 1100}


class ReplayList(Widget):
    """The scrolling list of games; Up/Down choose, Enter (or a double click) opens."""

    def __init__(self, rect: pygame.Rect, entries: list[ReplayEntry], on_open: Callable[[ReplayEntry], None],
                 *, colour_blind: bool, selected: int = 0) -> None:
        super().__init__(rect, tooltip="")
        self.entries = entries
        self.on_open = on_open
        self.colour_blind = colour_blind
        self.selected = max(0, min(selected, len(entries) - 1))
        self.top = 0
        self._last_click = (-1, -10.0)
        self.clock = 0.0
        self.keep_in_view()

    @property
    def body(self) -> pygame.Rect:
        return pygame.Rect(self.rect.x, self.rect.y + HEADER_ROW, self.rect.width, self.rect.height - HEADER_ROW)

    @property
    def visible_rows(self) -> int:
        return max(1, self.body.height // ROW_HEIGHT)

    def current(self) -> ReplayEntry | None:
        return self.entries[self.selected] if self.entries else None

    def select(self, index: int) -> None:
        if self.entries:
            self.selected = max(0, min(len(self.entries) - 1, index))
            self.keep_in_view()

    def keep_in_view(self) -> None:
        if self.selected < self.top:
            self.top = self.selected
        elif self.selected >= self.top + self.visible_rows:
            self.top = self.selected - self.visible_rows + 1
        self.top = max(0, min(self.top, max(0, len(self.entries) - self.visible_rows)))

    def scroll(self, rows: int) -> None:
        self.top = max(0, min(self.top + rows, max(0, len(self.entries) - self.visible_rows)))

    def row_at(self, pos: tuple[int, int]) -> int | None:
        if not self.body.collidepoint(pos):
            return None
        index = self.top + (pos[1] - self.body.y) // ROW_HEIGHT
        return index if index < len(self.entries) else None

    # --- input ----------------------------------------------------------------------------
    KEYS = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -6, pygame.K_PAGEDOWN: 6,
            pygame.K_HOME: -10 ** 6, pygame.K_END: 10 ** 6}

    def wants_key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_UP:
            return self.selected > 0
        if event.key == pygame.K_DOWN:
            return self.selected < len(self.entries) - 1
        return event.key in self.KEYS

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
            return False
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(event.pos):
            self.scroll(-event.y)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            index = self.row_at(event.pos)
            if index is None:
                return self.rect.collidepoint(event.pos)
            last_index, last_time = self._last_click
            self.select(index)
            if last_index == index and self.clock - last_time <= DOUBLE_CLICK_SECONDS:
                self._last_click = (-1, -10.0)
                self.on_open(self.entries[index])
            else:
                self._last_click = (index, self.clock)
            return True
        if event.type == pygame.KEYDOWN and self.focused and event.key in self.KEYS:
            self.select(self.selected + self.KEYS[event.key])
            return True
        return False

    def activate(self) -> None:
        entry = self.current()
        if entry is not None:
            self.on_open(entry)

    def update(self, dt: float) -> None:
        self.clock += dt

    def draw_focus(self, surface: pygame.Surface) -> None:
        row = self.row_rect(self.selected)
        if row is not None:
            pygame.draw.rect(surface, PALETTE.focus, row.inflate(6, 2), 3, border_radius=10)

    # --- drawing ----------------------------------------------------------------------------
    def row_rect(self, index: int) -> pygame.Rect | None:
        if not self.top <= index < self.top + self.visible_rows:
            return None
        body = self.body
        return pygame.Rect(body.x + 6, body.y + (index - self.top) * ROW_HEIGHT + 3, body.width - 24,
                           ROW_HEIGHT - 6)

    def look(self) -> Hashable:
        return (tuple(self.entries), self.selected, self.top, self.colour_blind)

    def paint_area(self) -> pygame.Rect:
        return self.rect.inflate(8, 8)

    def paint(self, surface: pygame.Surface, theme: Theme, rect: pygame.Rect) -> None:
        dx, dy = rect.x - self.rect.x, rect.y - self.rect.y
        draw.cardboard(surface, rect, lifted=False, inner_line=False)
        for key, label in (("game", "Game"), ("date", "Played"), ("players", "Players"), ("result", "Result"),
                           ("moves", "Moves")):
            align = "topright" if key == "moves" else "topleft"
            x = rect.x + COLUMNS[key] + (6 if key == "moves" else 0)
            draw.text(surface, theme, label, (x, rect.y + 8), size=SMALL_PX, colour=PALETTE.ink_soft, align=align)
        pygame.draw.line(surface, PALETTE.card_edge, (rect.x + 12, rect.y + HEADER_ROW - 2),
                         (rect.right - 12, rect.y + HEADER_ROW - 2), 2)
        if not self.entries:
            message = ("No replays yet. Every game you finish is kept here, and games in progress show how far "
                       "they got. You can also import a replay file someone sent you.")
            draw.paragraph(surface, theme, message, pygame.Rect(rect.x + 160, rect.y + 150, rect.width - 320, 120),
                           size=BODY_PX, colour=PALETTE.ink_soft, align="center")
            return
        for index in range(self.top, min(len(self.entries), self.top + self.visible_rows)):
            row = self.row_rect(index)
            assert row is not None
            self.paint_row(surface, theme, row.move(dx, dy), self.entries[index], index == self.selected)
        self.paint_scrollbar(surface, rect)

    def paint_row(self, surface: pygame.Surface, theme: Theme, row: pygame.Rect, entry: ReplayEntry,
                  selected: bool) -> None:
        if selected:
            pygame.draw.rect(surface, lighter(PALETTE.accent, 0.55), row, border_radius=8)
            pygame.draw.rect(surface, PALETTE.accent_dark, row, 2, border_radius=8)
        else:
            pygame.draw.line(surface, darker(PALETTE.card, 0.1), (row.x + 8, row.bottom + 2),
                             (row.right - 8, row.bottom + 2), 1)
        x0 = row.x - 6
        centre = row.centery
        draw.text(surface, theme, draw.fit(theme, entry.title, 220, BODY_PX), (x0 + COLUMNS["game"], centre),
                  size=BODY_PX, colour=PALETTE.ink, align="midleft")
        draw.text(surface, theme, entry.played_at or "date unknown", (x0 + COLUMNS["date"], centre),
                  size=SMALL_PX, colour=PALETTE.ink_soft, align="midleft")
        x = x0 + COLUMNS["players"]
        limit = x0 + COLUMNS["result"] - 16
        for name, colour in zip(entry.names, entry.colours + ("#888888",) * len(entry.names)):
            if x > limit - 40:
                draw.text(surface, theme, "…", (x, centre), size=SMALL_PX, colour=PALETTE.ink_soft, align="midleft")
                break
            chip = pygame.Rect(x, centre - 8, 16, 16)
            draw.team_marker(surface, chip, colour, marked=self.colour_blind, radius=4)
            shown = draw.fit(theme, name, min(130, limit - chip.right - 6), SMALL_PX)
            x = draw.text(surface, theme, shown, (chip.right + 5, centre), size=SMALL_PX, colour=PALETTE.ink,
                          align="midleft").right + 14
        if entry.autosave:
            result, colour = "so far (still being played)", PALETTE.accent_dark
        elif entry.winner:
            result, colour = f"{entry.winner} won", PALETTE.ink
        elif entry.finished:
            result, colour = "no single winner", PALETTE.ink_soft
        else:
            result, colour = "unfinished", PALETTE.ink_soft
        draw.text(surface, theme, draw.fit(theme, result, 250, SMALL_PX), (x0 + COLUMNS["result"], centre),
                  size=SMALL_PX, colour=colour, align="midleft")
        draw.text(surface, theme, str(entry.moves), (x0 + COLUMNS["moves"], centre), size=BODY_PX,
                  colour=PALETTE.ink, align="midright")

    def paint_scrollbar(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        if len(self.entries) <= self.visible_rows:
            return
        track = pygame.Rect(rect.right - 14, rect.y + HEADER_ROW + 6, 6, rect.height - HEADER_ROW - 12)
        pygame.draw.rect(surface, PALETTE.card_dark, track, border_radius=3)
        share = self.visible_rows / len(self.entries)
        knob_h = max(24, int(track.height * share))
        span = max(1, len(self.entries) - self.visible_rows)
        top = track.y + int((track.height - knob_h) * self.top / span)
        pygame.draw.rect(surface, PALETTE.ink_soft, (track.x, top, 6, knob_h), border_radius=3)


class ReplaysScene(MenuScene):
    def __init__(self, app: "App") -> None:
        super().__init__(app)
        self.entries: list[ReplayEntry] = []
        self.messages: list[str] = []
        self.list: ReplayList | None = None
        self._selected = 0
        self._delete: Button | None = None

    # --- data ------------------------------------------------------------------------------
    def refresh(self, select: Path | None = None) -> None:
        """Read the archive and the autosaves again; broken files are set aside and reported."""
        try:
            self.entries, problems = list_entries(self.app.playable_specs())
        except OSError as exc:
            self.entries, problems = [], [f"The replays folder could not be read "
                                          f"({exc.strerror or exc.__class__.__name__})."]
        self.messages.extend(problems)
        if select is not None:
            self._selected = next((i for i, e in enumerate(self.entries) if e.path == select), 0)
        self.rebuild()

    def on_enter(self) -> None:
        self.refresh()
        super().on_enter()
        self.show_messages()

    def on_resume(self) -> None:
        super().on_resume()
        self.show_messages()

    def show_messages(self) -> None:
        if self.messages:
            text = "\n\n".join(self.messages)
            self.messages = []
            self.app.manager.push(self.app.scenes.dialog("Please note", text, [("OK", lambda: None)]))

    def selected(self) -> ReplayEntry | None:
        return self.list.current() if self.list is not None else None

    # --- widgets ---------------------------------------------------------------------------------
    def build(self) -> None:
        if self.list is not None:
            self._selected = self.list.selected
        self.list = ReplayList(LIST_RECT, self.entries, self.watch, colour_blind=self.app.settings.colour_blind,
                               selected=self._selected)
        self.form.add(self.list)
        has = bool(self.entries)
        entry = self.list.current()
        can_delete = has and entry is not None and not entry.autosave
        buttons = self.button_row([
            ("Watch", self.watch_selected, {"primary": True, "enabled": has,
                                            "disabled_reason": "There is no replay to watch yet.",
                                            "tooltip": "Open the selected game (Enter or double click)."}),
            ("Export", self.export_selected, {"enabled": has, "disabled_reason": "There is no replay to export.",
                                              "tooltip": "Save its replay as a text file you can send."}),
            ("Import…", self.ask_import, {"tooltip": "Add a replay file (or drop one onto the window)."}),
            ("Delete", self.ask_delete, {"enabled": can_delete,
                                         "disabled_reason": "A game still being played cannot be deleted here."
                                         if has else "There is nothing to delete.",
                                         "tooltip": "Delete the selected replay (asks first)."}),
            ("Back", self.on_back, {}),
        ], 640, 612, width=196, gap=16)
        self._delete = buttons[3]

    def default_focus(self) -> Widget | None:
        return self.list

    def update(self, dt: float) -> None:
        super().update(dt)
        entry = self.selected()
        if self._delete is not None:
            self._delete.enabled = entry is not None and not entry.autosave

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        super().draw_backdrop(surface)
        screen_title(surface, self.theme, "Replays", "Every finished game is kept here (the newest 200): watch "
                                                     "it again, from any seat", y=24)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.DROPFILE:
            self.import_from(Path(event.file))
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_DELETE and self.selected() is not None:
            self.ask_delete()
            return
        super().handle_event(event)

    def on_back(self) -> None:
        self.app.manager.pop(self)

    # --- actions ----------------------------------------------------------------------------------
    def watch_selected(self) -> None:
        entry = self.selected()
        if entry is not None:
            self.watch(entry)

    def watch(self, entry: ReplayEntry) -> None:
        try:
            replay = open_entry(entry, self.app.playable_specs())
        except ReplayError as exc:
            self.messages.append(set_aside_broken(entry.path, f"'{entry.title}' of {entry.played_at} cannot be "
                                                              f"played back: {exc}"))
            self.refresh()
            self.show_messages()
            return
        self.app.manager.push(self.app.scenes.replay_viewer(replay, entry.stem))

    def export_selected(self) -> None:
        entry = self.selected()
        if entry is None:
            return
        try:
            replay = open_entry(entry, self.app.playable_specs())
            path = export_replay(replay, entry.stem)
        except ReplayError as exc:
            self.messages.append(f"'{entry.title}' cannot be exported: {exc}")
        except OSError as exc:
            self.messages.append(f"The replay could not be written ({exc.strerror or exc.__class__.__name__}).")
        else:
            self.app.manager.push(self.app.scenes.dialog(
                "Replay exported", f"The replay was saved as:\n\n{path}\n\nSend this file to anyone with "
                                   "Breakaway Box; they can add it with Import.", [("OK", lambda: None)]))
            return
        self.show_messages()

    def ask_delete(self) -> None:
        entry = self.selected()
        if entry is None or entry.autosave:
            return
        who = ", ".join(entry.names)
        self.app.manager.push(self.app.scenes.dialog(
            "Delete this replay?", f"{entry.title}, {entry.played_at or 'date unknown'}: {who}. "
                                   "The replay file is deleted for good.",
            [("Delete", lambda: self.delete(entry)), ("Keep it", lambda: None)], primary=1))

    def delete(self, entry: ReplayEntry) -> None:
        problem = delete_entry(entry)
        if problem:
            self.messages.append(problem)
        self.refresh()

    def ask_import(self) -> None:
        self.app.manager.push(ImportScene(self.app, self.import_from))

    def import_from(self, source: Path) -> None:
        try:
            entry, new = import_replay(source, self.app.playable_specs())
        except ReplayError as exc:
            self.messages.append(f"'{source.name or source}' cannot be imported: {exc}")
            self.show_messages()
            return
        self.refresh(select=entry.path)
        note = "It is now at the top of your replays." if new else "It was already in your replays."
        self.app.manager.push(self.app.scenes.dialog(
            "Replay imported" if new else "Already there", f"{entry.title}: {', '.join(entry.names)}. {note}",
            [("Watch now", lambda: self.watch(entry)), ("OK", lambda: None)]))


class PathInput(TextInput):
    """A text field for a file path: long paths show their end, where the file name is."""

    def paint(self, surface: pygame.Surface, theme: Theme, rect: pygame.Rect) -> None:
        face = PALETTE.card_light if not self.focused else (255, 252, 240)
        pygame.draw.rect(surface, face, rect, border_radius=6)
        pygame.draw.rect(surface, PALETTE.focus if self.focused else PALETTE.card_edge, rect, 2, border_radius=6)
        font = theme.font(BODY_PX)
        room = rect.width - 20
        start = 0
        while start < self.caret and font.size(self.text[start:self.caret])[0] > room:
            start += 1
        shown = self.text[start:]
        while shown and font.size(shown)[0] > room:
            shown = shown[:-1]
        x = rect.x + 10
        if shown:
            draw.text(surface, theme, shown, (x, rect.centery), align="midleft")
        elif self.placeholder:
            draw.text(surface, theme, self.placeholder, (x, rect.centery), colour=PALETTE.ink_faint, align="midleft")
        if self.caret_shown():
            caret_x = x + font.size(self.text[start:self.caret])[0]
            pygame.draw.line(surface, PALETTE.ink, (caret_x, rect.y + 9), (caret_x, rect.bottom - 9), 2)


class ImportScene(MenuScene):
    """Import a replay: type or paste its path, or drop the file onto the window."""

    opaque = False

    def __init__(self, app: "App", on_import: Callable[[Path], None]) -> None:
        super().__init__(app)
        self.on_import = on_import
        self.path_text = ""
        self.field: PathInput | None = None

    def build(self) -> None:
        panel = Panel(pygame.Rect(240, 200, 800, 320), "Import a replay", title_size=HEADING_PX - 2)
        self.form.add(panel)
        inner = panel.inner
        self.form.add(Label((inner.x, inner.y + 4, inner.width, 60),
                            "Type the full path of a replay file (.txt), or drag the file from your file manager "
                            "and drop it onto this window.", size=SMALL_PX, colour=PALETTE.ink_soft))
        self.field = PathInput((inner.x, inner.y + 78, inner.width, 48), self.path_text, self._typed,
                               max_length=1000, placeholder="for example  ~/Downloads/2024-05-01_1432_breakout.txt")
        self.form.add(self.field)
        self.button_row([("Import", self.submit, {"primary": True}), ("Cancel", self.on_back, {})],
                        panel.rect.centerx, panel.rect.bottom - 74, width=200)

    def _typed(self, text: str) -> None:
        self.path_text = text

    def default_focus(self) -> Widget | None:
        return self.field

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.DROPFILE:
            self.app.manager.pop(self)
            self.on_import(Path(event.file))
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and self.form.focus is self.field:
            self.submit()
            return
        super().handle_event(event)

    def submit(self) -> None:
        self.app.manager.pop(self)
        self.on_import(clean_path_text(self.path_text))

    def on_back(self) -> None:
        self.app.manager.pop(self)

