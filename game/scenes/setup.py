"""New game: seats (name, colour, human or bot), the game's options, a guided first game, an optional seed.

Everything on this screen comes from the game's :class:`GameSpec`: seat limits,
colours, options with their labels and help.  What is wrong with the setup is
listed in words (the spec's own checks plus names), and Start stays disabled,
with the reason in its tooltip, until nothing is.  "Guided first game" is offered
when the game has a guide; it needs a human seat (the hints are for people).
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Mapping, Sequence

import pygame

from game.core.match import Match, Seat
from game.core.saves import autosave_path
from game.core.spec import GameSpec, OptionSpec
from game.i18n import N_, _
from game.ui import draw
from game.ui.menu import MenuScene, screen_title
from game.ui.theme import MIN_FONT_PX, PALETTE, SMALL_PX
from game.ui.widgets import Button, Cycle, LabelRow, Panel, Stepper, TextInput, Toggle, Widget

if TYPE_CHECKING:
    from game.app import App

CONTROLLER_CHOICES = (("human", N_("Human")), ("bot:easy", N_("Easy bot")), ("bot:normal", N_("Normal bot")),
                      ("bot:hard", N_("Hard bot")))
NAME_LENGTH = 14
CONTROL_WIDTH = 190
#: what a choice's arrows and a stepper's buttons take of a control's width, besides the value's words
CYCLE_FRAME, STEPPER_FRAME = 66, 94
#: room kept under the options for the list of problems
PROBLEMS_ROOM = 96
SEED_HELP = N_("The same seed and moves give the same game. Leave empty for a fresh deal.")
GUIDED_LABEL = N_("Guided first game (hints)")
GUIDED_HELP = N_("A hint says what to do next, with a Why? button to the rule.")
GUIDED_NEEDS_A_HUMAN = N_("Hints are for people: make at least one seat Human.")
SEATS_PANEL = pygame.Rect(40, 112, 650, 500)
#: a seat's row: number, colour, name, who plays it; rows share the panel's height up to a comfortable size
SEAT_COLUMNS = ((56, 180), (246, 170), (426, 204))
SEAT_ROW_MAX = 58
SEAT_FIELD_MAX = 46
OPTION_ROW_MIN = 48
#: the options' label sizes, largest first: a smaller one when the rows would not fit the panel
OPTION_LABEL_SIZES = (20, 18, 16)
#: choices named "user:<name>" are things the player made (a race they built)
USER_CHOICE_PREFIX = "user:"


def choice_label(choice: str) -> str:
    """How a choice reads in a menu: "grand-loop" -> "Grand loop", "user:hills" -> "Yours: hills"."""
    if choice.startswith(USER_CHOICE_PREFIX):
        return _("Yours: {name}").format(name=choice[len(USER_CHOICE_PREFIX):])
    return _(choice.replace("_", " ").replace("-", " ").capitalize())
OPTIONS_PANEL = pygame.Rect(710, 112, 530, 500)


@dataclass
class SeatChoice:
    """One seat as the player is filling it in."""

    name: str
    colour: str
    controller: str
    named_by_player: bool = False


class SetupScene(MenuScene):
    def __init__(self, app: "App", spec: GameSpec, *, seats: Sequence[Seat] | None = None,
                 options: Mapping[str, Any] | None = None, seed: int | None = None, guided: bool = False) -> None:
        super().__init__(app)
        self.spec = spec
        self.options: dict[str, Any] = {**spec.default_options(), **(options or {})}
        self.seed_text = "" if seed is None else str(seed)
        if seats:
            # a default name (stored in English) is shown in the reader's language and still follows its colour
            self.seats = [SeatChoice(spec.seat_label(s.name), s.colour, s.controller,
                                     s.name not in spec.default_seat_names()) for s in seats]
        else:
            self.seats = []
            for _seat in range(spec.default_seats):
                self.add_seat()
        self.guided = guided
        self._start: Button | None = None
        self._guided_toggle: Toggle | None = None

    # --- the model ---------------------------------------------------------------------
    def colour_name(self, colour: str) -> str:
        for name, value in self.spec.colours:
            if value == colour:
                return _(name)
        return colour

    def default_name(self, index: int, colour: str) -> str:
        if index < len(self.spec.seat_names):
            return _(self.spec.seat_names[index])
        return self.colour_name(colour)

    def add_seat(self) -> None:
        used = {s.colour for s in self.seats}
        colour = next((value for _, value in self.spec.colours if value not in used), self.spec.colours[0][1])
        index = len(self.seats)
        controller = "human" if index == 0 else "bot:normal"
        self.seats.append(SeatChoice(self.default_name(index, colour), colour, controller))

    def set_seat_count(self, count: int) -> None:
        while len(self.seats) < count:
            self.add_seat()
        del self.seats[count:]
        self.rebuild()

    def set_colour(self, index: int, colour: str) -> None:
        """Free colours come first; when none is left, taking another seat's colour swaps the two."""
        seat = self.seats[index]
        holder = next((other for i, other in enumerate(self.seats) if i != index and other.colour == colour), None)
        old = seat.colour
        self._recolour(seat, colour)
        if holder is not None:
            self._recolour(holder, old)
        self.rebuild()

    def _recolour(self, seat: SeatChoice, colour: str) -> None:
        """A seat named after its colour (and not by the player) keeps being named after it."""
        named_for_colour = seat.name == self.colour_name(seat.colour)
        seat.colour = colour
        if not seat.named_by_player and named_for_colour:
            seat.name = self.colour_name(colour)

    def _free_colour(self) -> bool:
        """True when some colour is held by no seat (then taken ones are skipped, not swapped)."""
        taken = {seat.colour for seat in self.seats}
        return any(value not in taken for _, value in self.spec.colours)

    def colour_tooltip(self) -> str:
        if len(self.spec.colours) <= len(self.seats):
            return _("Team colour: choosing another seat's colour swaps the two.")
        return _("Team colour: Left/Right or a click on an arrow; colours in use are skipped.")

    def controller_tooltip(self) -> str:
        """Who plays the seat, and what each bot level does in this game (one line each)."""
        lines = [_("Who plays this seat: a person at this screen, or a bot.")]
        for level, label in (("easy", _("Easy")), ("normal", _("Normal")), ("hard", _("Hard"))):
            if self.spec.level_help.get(level):
                lines.append(_("{label}: {value}").format(label=label, value=_(self.spec.level_help[level])))
        return "\n".join(lines)

    def set_name(self, index: int, name: str) -> None:
        self.seats[index].name = name
        self.seats[index].named_by_player = True

    def set_option(self, key: str, value: Any) -> None:
        self.options[key] = value

    def use_tool_options(self, options: Mapping[str, Any]) -> None:
        """A setup tool (such as a race builder) chose options: close it, take them, start."""
        self.app.manager.pop()
        self.options.update(options)
        self.rebuild()
        self.start()

    def has_human(self) -> bool:
        return any(seat.controller == "human" for seat in self.seats)

    def set_guided(self, on: bool) -> None:
        self.guided = on

    def problems(self) -> list[str]:
        """Everything that keeps the game from starting, in words."""
        problems = list(self.spec.setup_problems(len(self.seats), self.options))
        names = [s.name.strip() for s in self.seats]
        for index, name in enumerate(names):
            if not name:
                problems.append(_("Seat {number} needs a name.").format(number=index + 1))
        seen: set[str] = set()
        for name in names:
            if name and name.lower() in seen:
                problems.append(_("Two players are called {name}; give each a different name.").format(name=name))
                break
            seen.add(name.lower())
        if len({s.colour for s in self.seats}) < len(self.seats):
            problems.append(_("Two seats have the same colour."))
        return problems

    # --- widgets -----------------------------------------------------------------------
    def build(self) -> None:
        self.form.add(Panel(SEATS_PANEL, _("Players")))
        self.form.add(Panel(OPTIONS_PANEL, _("Options")))
        count = Stepper((SEATS_PANEL.right - 190, SEATS_PANEL.y + 8, 170, 40), len(self.seats), self.spec.min_seats,
                        self.spec.max_seats, self.set_seat_count,
                        tooltip=_("{label}: {value}").format(label=self.spec.title, value=self.spec.players_label))
        self.form.add(count)
        row_height = min(SEAT_ROW_MAX, (SEATS_PANEL.height - 100) // max(1, len(self.seats)))
        field_height = min(SEAT_FIELD_MAX, row_height - 6)
        self.field_height = field_height
        y = SEATS_PANEL.y + 92
        colours = [(value, _(name)) for name, value in self.spec.colours]
        swatches = {value: value for _, value in self.spec.colours}
        (colour_x, colour_w), (name_x, name_w), (by_x, by_w) = SEAT_COLUMNS
        self.seat_rows: list[int] = []
        for index, seat in enumerate(self.seats):
            self.seat_rows.append(y)
            x = SEATS_PANEL.x
            self.form.add(Cycle((x + colour_x, y, colour_w, field_height), colours, seat.colour,
                                lambda value, i=index: self.set_colour(i, value), swatches=swatches,
                                skip=lambda value, i=index: self._colour_taken(i, value) and self._free_colour(),
                                marked=self.app.settings.colour_blind, tooltip=self.colour_tooltip()))
            self.form.add(TextInput((x + name_x, y, name_w, field_height), seat.name,
                                    lambda text, i=index: self.set_name(i, text), max_length=NAME_LENGTH,
                                    placeholder=_("Name")))
            who = [(key, _(label)) for key, label in CONTROLLER_CHOICES]
            self.form.add(Cycle((x + by_x, y, by_w, field_height), who, seat.controller,
                                lambda value, i=index: setattr(self.seats[i], "controller", value),
                                tooltip=self.controller_tooltip()))
            y += row_height
        self._build_options()
        back = Button((SEATS_PANEL.x, 634, 180, 52), _("Back"), self.on_back)
        rules = Button((SEATS_PANEL.x + 196, 634, 180, 52), _("Rules"),
                       lambda: self.app.manager.push(self.app.scenes.rules(self.spec)))
        self._start = Button((OPTIONS_PANEL.right - 260, 634, 260, 52), _("Start game"), self.start, primary=True)
        row = [self._start, back, rules]
        tool = self.spec.extra.get("setup_tool")
        if tool is not None:
            label, open_tool = tool
            row.append(Button((SEATS_PANEL.x + 392, 634, 220, 52), _(label),
                              lambda: self.app.manager.push(open_tool(self.app, self.use_tool_options))))
        LabelRow(row)
        for button in row:
            self.form.add(button)

    def _build_options(self) -> None:
        """Options top to bottom, then the seed; help under each label when it all fits.

        When it does not, each label stands alone and the help of the option under
        the mouse or the keyboard focus is shown in a box under the list.
        """
        inner = pygame.Rect(OPTIONS_PANEL.x + 22, OPTIONS_PANEL.y + 64, OPTIONS_PANEL.width - 44,
                            OPTIONS_PANEL.height - 80)
        self.control_width = self._control_width(inner.width)
        label_width = inner.width - self.control_width - 14
        guided = [(_(GUIDED_LABEL), _(GUIDED_HELP))] if self.spec.guide is not None else []
        rows = [(o.label, o.help) for o in self.spec.options] + guided + [(_("Seed"), _(SEED_HELP))]
        self.label_px = self._label_size(rows, label_width, inner.height)
        with_help = [self._row_height(label, text, label_width, True, self.label_px) for label, text in rows]
        self.inline_help = self.label_px == OPTION_LABEL_SIZES[0] and sum(with_help) + PROBLEMS_ROOM <= inner.height
        self.option_rows: list[tuple[OptionSpec | None, int]] = []
        self.option_widgets: list[tuple[Widget, str, str]] = []
        y = inner.y
        for index, (label, help_text) in enumerate(rows):
            option = self.spec.options[index] if index < len(self.spec.options) else None
            rect = pygame.Rect(inner.right - self.control_width, y + 2, self.control_width, 42)
            # help not printed under its label is still one hover away
            tooltip = "" if self.inline_help else help_text
            if option is not None:
                widget = self._option_widget(option, rect, tooltip)
            elif label == _(GUIDED_LABEL):
                widget = self._guided_toggle = Toggle(rect, "", self.guided, self.set_guided, tooltip=tooltip,
                                                      disabled_reason=_(GUIDED_NEEDS_A_HUMAN))
            else:
                widget = TextInput(rect, self.seed_text, self._set_seed, max_length=12, placeholder=_("random"),
                                   allowed=str.isdigit, tooltip=tooltip)
            self.form.add(widget)
            self.option_widgets.append((widget, label, help_text))
            self.option_rows.append((option, y))
            y += self._row_height(label, help_text, label_width, self.inline_help, self.label_px)
        self.problems_top = y + 8

    def _control_width(self, room: int) -> int:
        """The options' controls are as wide as their longest value needs at the smallest text size
        (values in words, choices), at least ``CONTROL_WIDTH`` and at most half the panel."""
        font = self.theme.font(MIN_FONT_PX)
        needed = CONTROL_WIDTH
        for option in self.spec.options:
            if option.kind == "choice":
                texts, frame = [choice_label(choice) for choice in option.menu_choices()], CYCLE_FRAME
            elif option.kind == "int":
                texts = [option.value_text(value) for value in
                         {option.minimum, option.maximum, *(number for number, _words in option.value_words)}]
                frame = STEPPER_FRAME
            else:
                continue
            needed = max(needed, *(font.size(text)[0] + frame for text in texts))
        return min(needed, room // 2)

    def _label_size(self, rows: list[tuple[str, str]], width: int, room: int) -> int:
        """The largest label size at which every option's row fits (long words, or a large interface,
        wrap labels onto more lines); the smallest when none does."""
        for size in OPTION_LABEL_SIZES:
            if sum(self._row_height(label, text, width, False, size) for label, text in rows) <= room:
                return size
        return OPTION_LABEL_SIZES[-1]

    def _row_height(self, label: str, help_text: str, width: int, with_help: bool, label_px: int) -> int:
        line = draw.line_height(self.theme, SMALL_PX)
        height = len(draw.wrap(self.theme, label, width, label_px)) * draw.line_height(self.theme, label_px) + 4
        if with_help and help_text:
            height += len(draw.wrap(self.theme, help_text, width, SMALL_PX)) * line
        return max(OPTION_ROW_MIN, height + 10)

    def help_in_focus(self) -> tuple[str, str] | None:
        """(label, help) of the option under the mouse, else of the focused one."""
        hovered = [(label, text) for widget, label, text in self.option_widgets if widget.hovered]
        focused = [(label, text) for widget, label, text in self.option_widgets if widget.focused]
        found = hovered or focused
        return found[0] if found and found[0][1] else None

    def _option_widget(self, option: OptionSpec, rect: pygame.Rect, tooltip: str) -> Widget:
        value = self.options.get(option.key, option.default)
        if option.kind == "bool":
            return Toggle(rect, "", bool(value), lambda v, k=option.key: self.set_option(k, v), tooltip=tooltip)
        if option.kind == "int":
            return Stepper(rect, int(value), option.minimum, option.maximum,
                           lambda v, k=option.key: self.set_option(k, v), shown=option.value_text, tooltip=tooltip)
        return Cycle(rect, [(choice, choice_label(choice)) for choice in option.menu_choices()], value,
                     lambda v, k=option.key: self.set_option(k, v), tooltip=tooltip)

    def _set_seed(self, text: str) -> None:
        self.seed_text = text

    def _colour_taken(self, index: int, colour: str) -> bool:
        return any(seat.colour == colour for i, seat in enumerate(self.seats) if i != index)

    def default_focus(self) -> Widget | None:
        return self._start

    # --- actions ------------------------------------------------------------------------
    def start(self) -> None:
        if self.problems():
            return
        if autosave_path(self.spec.id).exists():
            self.app.manager.push(self.app.scenes.dialog(
                _("Replace the unfinished game?"),
                _("You have an unfinished game of {game}. Starting a new one replaces it.").format(
                    game=self.spec.title),
                [(_("Start new game"), self._start_now), (_("Cancel"), lambda: None)]))
            return
        self._start_now()

    def _start_now(self) -> None:
        # default names are stored in English, so the game reads in whatever language it is opened in
        seats = [Seat(self.spec.stored_seat_name(s.name.strip()), s.colour, s.controller) for s in self.seats]
        seed = int(self.seed_text) if self.seed_text else int.from_bytes(os.urandom(4), "big")
        guided = self.guided and self.spec.guide is not None and self.has_human()
        self.app.start_match(Match(self.spec, seats, dict(self.options), seed, guided=guided))

    def on_back(self) -> None:
        self.app.manager.pop(self)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self._start is not None:
            problems = self.problems()
            self._start.enabled = not problems
            self._start.disabled_reason = " ".join(problems)
        if self._guided_toggle is not None:
            self._guided_toggle.enabled = self.has_human()

    # --- drawing --------------------------------------------------------------------------
    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """Title, the two panels and every fixed label: they change only with a rebuild."""
        surface.blit(self.theme.table_texture(surface.get_size()), (0, 0))
        screen_title(surface, self.theme, _("{game}: new game").format(game=self.spec.title), self.spec.pitch, y=18,
                     bottom=SEATS_PANEL.y - 2)
        for panel in self.form.widgets[:self.static_count()]:
            panel.draw(surface, self.theme)
        self.draw_seat_labels(surface)
        self.draw_option_labels(surface)

    def draw_front(self, surface: pygame.Surface) -> None:
        self.draw_problems(surface)
        # the key line first: a tooltip reaching down to it stays readable
        draw.key_hint(surface, self.theme, _("Tab or arrows to move, Left/Right to change, Enter to press"), (640, 716))
        super().draw_front(surface)

    def draw_seat_labels(self, surface: pygame.Surface) -> None:
        y = SEATS_PANEL.y + 62
        draw.text(surface, self.theme, self.spec.players_label, (SEATS_PANEL.right - 200, SEATS_PANEL.y + 28),
                  size=SMALL_PX, colour=PALETTE.ink_soft, align="midright")
        for label, (offset, _width) in zip((_("Colour"), _("Name"), _("Played by")), SEAT_COLUMNS):
            draw.text(surface, self.theme, label, (SEATS_PANEL.x + offset + 4, y), size=SMALL_PX,
                      colour=PALETTE.ink_soft)
        for index, top in enumerate(self.seat_rows):
            centre = top + self.field_height // 2
            radius = min(15, self.field_height // 2)
            pygame.draw.circle(surface, PALETTE.card_dark, (SEATS_PANEL.x + 32, centre), radius)
            size = draw.size_for_height(self.theme, SMALL_PX, 2 * radius + 4)
            draw.text(surface, self.theme, str(index + 1), (SEATS_PANEL.x + 32, centre), size=size,
                      colour=PALETTE.ink, align="center")

    def draw_option_labels(self, surface: pygame.Surface) -> None:
        x = OPTIONS_PANEL.x + 22
        label_width = OPTIONS_PANEL.width - 44 - self.control_width - 14
        for (option, top), (_widget, label, help_text) in zip(self.option_rows, self.option_widgets):
            used = draw.paragraph(surface, self.theme, label, pygame.Rect(x, top + 2, label_width, 52),
                                  size=self.label_px)
            if self.inline_help and help_text:
                draw.paragraph(surface, self.theme, help_text, pygame.Rect(x, top + 4 + used, label_width, 48),
                               size=SMALL_PX, colour=PALETTE.ink_soft)

    def draw_problems(self, surface: pygame.Surface) -> None:
        problems = self.problems()
        box = pygame.Rect(OPTIONS_PANEL.x + 22, self.problems_top, OPTIONS_PANEL.width - 44,
                          OPTIONS_PANEL.bottom - 18 - self.problems_top)
        about = None if self.inline_help else self.help_in_focus()
        if about is not None:
            words = _("{label}: {value}").format(label=about[0], value=about[1])
            lines = draw.wrap(self.theme, words, box.width - 20, SMALL_PX)
            note = pygame.Rect(box.x, box.y, box.width, len(lines) * draw.line_height(self.theme, SMALL_PX) + 14)
            if note.bottom <= box.bottom:  # else the help shows in the tooltip only
                pygame.draw.rect(surface, PALETTE.card_light, note, border_radius=8)
                pygame.draw.rect(surface, PALETTE.card_dark, note, 1, border_radius=8)
                draw.paragraph(surface, self.theme, words, note.inflate(-20, -14), size=SMALL_PX,
                               colour=PALETTE.ink_soft)
                box = pygame.Rect(box.x, note.bottom + 14, box.width, box.bottom - note.bottom - 14)
        if box.height < 30:
            return
        pygame.draw.line(surface, PALETTE.card_dark, (box.x, self.problems_top - 8),
                         (box.right, self.problems_top - 8), 1)
        if not problems:
            pygame.draw.circle(surface, PALETTE.good, (box.x + 10, box.y + 12), 9)
            pygame.draw.lines(surface, PALETTE.card_light, False,
                              [(box.x + 5, box.y + 12), (box.x + 9, box.y + 16), (box.x + 15, box.y + 8)], 3)
            draw.text(surface, self.theme, _("Ready to start."), (box.x + 28, box.y + 1), colour=PALETTE.good)
            return
        y = box.y
        line_height = draw.line_height(self.theme, SMALL_PX)
        for problem in problems:  # as many as fit; Start's tooltip has them all
            lines = len(draw.wrap(self.theme, problem, box.width - 24, SMALL_PX))
            if y + lines * line_height > box.bottom:
                break
            pygame.draw.circle(surface, PALETTE.danger, (box.x + 8, y + 11), 6)
            y += draw.paragraph(surface, self.theme, problem, pygame.Rect(box.x + 24, y, box.width - 24,
                                                                          box.bottom - y),
                                size=SMALL_PX, colour=PALETTE.danger) + 4
