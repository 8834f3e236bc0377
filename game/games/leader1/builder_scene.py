"""Leader 1's race builder: lay route hexagons, place tokens, check the rulebook's conditions, save, race.

The player adds route hexagons one after the other from the box on the left
(each is laid across the exit of the one before, turned so the roads meet),
picks a hexagon on the drawing to place a climb-category, feed-zone or
bonus-time token on it, and reads, on the right, every breach of the race
conditions in a sentence (the engine's own checks).  A race with no breach
can be saved to the user's races folder as a Tiled map (the engine's writer)
and raced at once against bots.

Saving under the name of a race already saved asks first: the second save
replaces it.  The side lists each token by the hexagon it lies on.

Keys: Up/Down walk the box of hexagons and Space (or Insert) lays the ringed
one; Left/Right pick a hexagon on the drawing and 1-3 (climb category), F
(feed zone), B (bonus time) or 0 (none) place its tokens; Tab goes into and
out of the name field; Backspace takes back the last hexagon, R turns the
road, Ctrl+S saves, Enter saves and starts the race, Esc goes back.
"""
from __future__ import annotations

import os
from typing import TYPE_CHECKING, Callable, Sequence

import pygame

from game.core.match import Match, Seat, default_seats
from game.core.tiled import MapError
from game.i18n import N_, _, ngettext
from game.ui import draw
from game.ui.scene import Scene
from game.ui.theme import MIN_FONT_PX, PALETTE, darker
from game.ui.widgets import Button, LabelRow, TextInput

from .course import build_course
from .hexagons import cell_centre, hexagon_by_id, hexagon_outline, shipped_hexagon_ids, terrain_title
from .races import RaceDef, Token, draft_race, list_races, race_key_for, race_problems, save_user_race, user_race_keys
from .setup_facts import USER_PREFIX
from .scene_board import TERRAIN_BORDER, TERRAIN_FILL, BoardGeometry, paint_board

if TYPE_CHECKING:
    from game.app import App
    from game.ui.theme import Theme

#: the rulebook's suggestion for a first race (A.1), the builder's starting point
FIRST_RACE = ("start", "plain-straight", "rise-straight", "mountain-straight", "mountain-straight",
              "downhill-straight", "downhill-straight", "plain-straight", "arrival-flat")
FIRST_TOKENS = (Token("climb", 3, 0, 2), Token("feed", 5, 2))
#: where each token kind goes on its hexagon (the line before this row)
TOKEN_ROWS = {"climb": 0, "feed": 2, "bonus": 4}
#: token keys: climb categories 1-3, feed zone, bonus time, none
TOKEN_KEYS = {"1": ("climb", 1), "2": ("climb", 2), "3": ("climb", 3), "f": ("feed", 0), "b": ("bonus", 0),
              "0": ("", 0)}
PALETTE_WIDTH = 230
SIDE_WIDTH = 330
MAX_ZOOM = 2.0


#: the box's short names for the start and arrival hexagons, and for terrains and bends ("Mountain left")
SPECIAL_LABELS = {"start": N_("Start"), "arrival-flat": N_("Arrival (flat)"), "arrival-mountain": N_("Arrival (summit)")}
TERRAIN_LABELS = {"plain": N_("Plain"), "rise": N_("Rise"), "mountain": N_("Mountain"), "downhill": N_("Downhill")}
BEND_LABELS = {"straight": N_("straight"), "left": N_("left"), "right": N_("right")}
#: the token buttons: label, kind, climb category
TOKEN_BUTTONS = ((N_("Climb 1"), "climb", 1), (N_("Climb 2"), "climb", 2), (N_("Climb 3"), "climb", 3),
                 (N_("Feed zone"), "feed", 0), (N_("Bonus"), "bonus", 0), (N_("None"), "", 0))


def palette_label(hexagon_id: str) -> str:
    """A short button label: 'Start', 'Arrival (flat)', 'Mountain left'..."""
    if hexagon_id in SPECIAL_LABELS:
        return _(SPECIAL_LABELS[hexagon_id])
    terrain, _dash, bend = hexagon_id.partition("-")
    return _("{terrain} {bend}").format(terrain=_(TERRAIN_LABELS[terrain]), bend=_(BEND_LABELS[bend]))


def row_widths(theme: "Theme", labels: Sequence[str], row: pygame.Rect, gap: int = 8,
               fill: bool = True) -> list[tuple[int, int]]:
    """(x, width) of buttons side by side in ``row``: each as wide as its label needs at 18 px (at 14 px when the
    row is short of room), the spare room shared out (``fill``) or left at the row's end."""
    for px in (18, 16, 14):
        natural = [max(90, theme.font(px).size(label)[0] + 28) for label in labels]
        if sum(natural) + gap * (len(labels) - 1) <= row.width:
            break
    spare = max(0, row.width - sum(natural) - gap * (len(labels) - 1))
    extra = spare // len(labels) if fill else 0
    placed, x = [], row.x
    for width in natural:
        placed.append((x, width + extra))
        x += width + extra + gap
    return placed


class BuilderScene(Scene):
    """The hexagon box on the left, the race drawn in the middle, its checks and saving on the right."""

    def __init__(self, app: "App", seats: Sequence[Seat] | None = None,
                 start_race: Callable[[str], None] | None = None) -> None:
        super().__init__(app)
        from .spec import SPEC
        self.spec = SPEC
        self.seats = list(seats) if seats else default_seats(SPEC, ["human", "bot:normal", "bot:normal",
                                                                    "bot:normal"])
        self.start_race = start_race or self._start_match
        self.title = _("My race")
        self.hexagon_ids: list[str] = list(FIRST_RACE)
        self.tokens: list[Token] = list(FIRST_TOKENS)
        self.rotation = 0
        self.selected = 3
        self.box_index = 0
        self.message = ""
        self.message_good = True
        self.saved_key = ""
        #: the saved race a second save replaces (asked about once, until the name changes)
        self.replace_key = ""
        #: saved race files that cannot be used, in words (shown so that a damaged file is never a mystery)
        self.file_problems: list[str] = [str(p) for p in list_races()[1]]
        self._picture: pygame.Surface | None = None
        self._picture_key: tuple[object, ...] | None = None
        self._zoom = 1.0
        self._origin = (0.0, 0.0)
        width, height = 1280, 720
        self.area = pygame.Rect(PALETTE_WIDTH + 24, 84, width - PALETTE_WIDTH - SIDE_WIDTH - 48, height - 276)
        self.buttons: list[Button] = []
        #: the box's heading: one line, or two when its words are long (the box then starts a line lower)
        self.add_lines, self.add_px = self.add_heading(app.theme)
        y = 110 + (len(self.add_lines) - 1) * app.theme.font(self.add_px).get_linesize()
        self.box_top = y
        for hexagon_id in shipped_hexagon_ids():
            hexagon = hexagon_by_id(hexagon_id)
            label = palette_label(hexagon_id)
            # the terrain's colour mark sits at the button's left: the label keeps clear of it on both sides
            size = draw.fitting_size(app.theme, label, PALETTE_WIDTH - 16 - 44, 18, 14) or 14
            self.buttons.append(Button((16, y, PALETTE_WIDTH - 16, 30), label,
                                       lambda h=hexagon_id: self.add_hexagon(h), size=size,
                                       tooltip=_("{terrain}, milestone {milestone}").format(
                                           terrain=terrain_title(hexagon.terrain), milestone=hexagon.milestone)))
            y += 35
        bottom = self.area.bottom + 32
        self.token_buttons = []
        labels = [_(label) for label, _kind, _value in TOKEN_BUTTONS]
        for (x, button_width), label, (_label, kind, value) in zip(row_widths(app.theme, labels, self.area),
                                                                   labels, TOKEN_BUTTONS):
            self.token_buttons.append(Button((x, bottom, button_width, 40), label,
                                             lambda k=kind, v=value: self.place_token(k, v), size=18,
                                             tooltip=_("climb category token") if kind == "climb" else ""))
        edit_y = bottom + 56
        edits = ((_("Take back last (Bksp)"), self.remove_last), (_("Turn road (R)"), self.turn_road),
                 (_("Clear"), self.clear))
        self.edit_buttons = [Button((x, edit_y, button_width, 40), label, action, size=18)
                             for (x, button_width), (label, action) in zip(
                                 row_widths(app.theme, [label for label, _action in edits], self.area, fill=False),
                                 edits)]
        LabelRow(self.token_buttons)  # a row's labels never shrink below their neighbours'
        LabelRow(self.edit_buttons)
        side = pygame.Rect(width - SIDE_WIDTH - 12, 84, SIDE_WIDTH, height - 96)
        self.side = side
        self.name_input = TextInput((side.x + 14, side.y + 40, side.width - 28, 40), self.title, self.set_title,
                                    max_length=24, placeholder=_("Race name"))
        self.save_button = Button((side.x + 14, side.bottom - 112, side.width - 28, 44), _("Save race (Ctrl+S)"),
                                  self.save, size=20)
        self.race_button = Button((side.x + 14, side.bottom - 60, side.width - 28, 44), _("Save and race (Enter)"),
                                  self.save_and_race, primary=True, size=20)
        self.back_button = Button((16, 720 - 56, PALETTE_WIDTH - 16, 40), _("Back (Esc)"), self.back, size=18)

    @staticmethod
    def add_heading(theme: "Theme") -> tuple[list[str], int]:
        """The hexagon box's heading in one line at 14 px or more, else in two."""
        heading = _("Add (Up/Down, Space):")
        px = draw.fitting_size(theme, heading, PALETTE_WIDTH, 18, 14)
        if px is not None:
            return [heading], px
        return draw.wrap_to_fit(theme, heading, PALETTE_WIDTH, 2, 14, 14)

    # --- the model ---------------------------------------------------------------------------------
    def draft(self) -> RaceDef:
        return draft_race(self.title or "Race", self.hexagon_ids, self.tokens, rotation=self.rotation)

    def problems(self) -> list[str]:
        problems = [str(problem) for problem in race_problems(self.draft())]
        if not self.title.strip():
            problems.append(_("Give the race a name."))
        return problems

    def set_title(self, text: str) -> None:
        if race_key_for(text) != race_key_for(self.title):
            self.replace_key = ""
        self.title = text

    def box_choice(self) -> str:
        """The hexagon of the box that Space lays (ringed as the keyboard focus)."""
        return shipped_hexagon_ids()[self.box_index]

    def add_hexagon(self, hexagon_id: str) -> None:
        self.hexagon_ids.append(hexagon_id)
        self.selected = len(self.hexagon_ids) - 1
        self.message = ""

    def remove_last(self) -> None:
        if not self.hexagon_ids:
            return
        self.hexagon_ids.pop()
        last = len(self.hexagon_ids)
        self.tokens = [t for t in self.tokens if t.order < last]
        self.selected = min(self.selected, last - 1)

    def turn_road(self) -> None:
        self.rotation = (self.rotation + 1) % 6

    def clear(self) -> None:
        self.hexagon_ids = []
        self.tokens = []
        self.selected = -1

    def place_token(self, kind: str, value: int) -> None:
        """Put a token on the selected hexagon (a climb token replaces one there; "" removes them all)."""
        if not 0 <= self.selected < len(self.hexagon_ids):
            self.message, self.message_good = _("Pick a hexagon on the drawing first."), False
            return
        order = self.selected
        if not kind:
            self.tokens = [t for t in self.tokens if t.order != order]
            return
        self.tokens = [t for t in self.tokens if not (t.order == order and t.kind == kind)]
        self.tokens.append(Token(kind, order, TOKEN_ROWS[kind], value))
        self.tokens.sort(key=lambda t: (t.order, t.row, t.kind))

    def save(self) -> str:
        """Write the race to the user's races folder; '' (and a message) when it breaks a rule, or when its
        name is taken by a saved race not yet confirmed to be replaced."""
        problems = self.problems()
        if problems:
            self.message, self.message_good = _("Fix the problems listed first."), False
            return ""
        key = USER_PREFIX + race_key_for(self.title)
        replacing = key in user_race_keys() and key != self.saved_key
        if replacing and key != self.replace_key:
            self.replace_key = key
            self.message, self.message_good = _("A race named '{name}' is saved already. Save again to replace it, "
                                                "or choose another name.").format(name=self.title), False
            return ""
        try:
            self.saved_key = save_user_race(self.draft(), self.title)
        except (OSError, ValueError, MapError) as exc:
            self.message, self.message_good = _("The race could not be saved: {reason}").format(reason=exc), False
            return ""
        self.replace_key = ""
        saved = _("'{name}' replaces the race saved under that name.") if replacing else _("Saved as '{name}'.")
        self.message, self.message_good = saved.format(name=self.title), True
        self.file_problems = [str(p) for p in list_races()[1]]
        return self.saved_key

    def save_and_race(self) -> None:
        key = self.save()
        if key:
            self.start_race(key)

    def _start_match(self, key: str) -> None:
        seed = int.from_bytes(os.urandom(4), "big")
        self.app.start_match(Match(self.spec, list(self.seats), {"race": key}, seed))

    def back(self) -> None:
        self.app.manager.pop(self)

    # --- input ---------------------------------------------------------------------------------------
    def hexagon_at(self, pos: tuple[int, int]) -> int | None:
        if not self.area.collidepoint(pos):
            return None
        race = self.draft()
        best, best_distance = None, 64.0 * self._zoom
        for placement in race.placements:
            cx, cy = cell_centre(placement.col, placement.row)
            x, y = self.to_screen((cx, cy))
            distance = ((x - pos[0]) ** 2 + (y - pos[1]) ** 2) ** 0.5
            if distance < best_distance:
                best, best_distance = placement.order, distance
        return best

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.name_input.focused = self.name_input.rect.collidepoint(event.pos)
        if event.type == pygame.KEYDOWN and self.name_input.focused and event.key in (pygame.K_TAB, pygame.K_ESCAPE):
            self.name_input.focused = False
            return
        if self.name_input.handle_event(event):
            return
        if event.type == pygame.KEYDOWN and self.name_input.focused and self.name_input.wants_key(event):
            return
        for button in self.buttons + self.token_buttons + self.edit_buttons + [self.save_button, self.race_button,
                                                                               self.back_button]:
            if button.handle_event(event):
                return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            order = self.hexagon_at(event.pos)
            if order is not None:
                self.selected = order
        elif event.type == pygame.KEYDOWN:
            self.handle_key(event)

    def handle_key(self, event: pygame.event.Event) -> None:
        key = event.key
        if key == pygame.K_ESCAPE:
            self.back()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.save_and_race()
        elif key == pygame.K_s and event.mod & pygame.KMOD_CTRL:
            self.save()
        elif key == pygame.K_BACKSPACE:
            self.remove_last()
        elif key == pygame.K_r:
            self.turn_road()
        elif key in (pygame.K_LEFT, pygame.K_RIGHT) and self.hexagon_ids:
            step = 1 if key == pygame.K_RIGHT else -1
            self.selected = (self.selected + step) % len(self.hexagon_ids)
        elif key in (pygame.K_UP, pygame.K_DOWN):
            self.box_index = (self.box_index + (1 if key == pygame.K_DOWN else -1)) % len(self.buttons)
        elif key in (pygame.K_SPACE, pygame.K_INSERT):
            self.add_hexagon(self.box_choice())
        elif key == pygame.K_TAB:
            self.name_input.focused = True
            self.name_input.caret = len(self.name_input.text)
        else:
            token = TOKEN_KEYS.get(event.unicode.lower() if event.unicode else "")
            if token is not None:
                self.place_token(*token)

    def update(self, dt: float) -> None:
        self.name_input.update(dt)

    # --- drawing -----------------------------------------------------------------------------------------
    def to_screen(self, point: tuple[float, float]) -> tuple[float, float]:
        return (self.area.x + (point[0] - self._origin[0]) * self._zoom,
                self.area.y + (point[1] - self._origin[1]) * self._zoom)

    def picture(self) -> pygame.Surface:
        """The race as drawn in the game (or plain hexagons while the road cannot be built), fitted to the area."""
        key = (tuple(self.hexagon_ids), tuple(self.tokens), self.rotation)
        if key == self._picture_key and self._picture is not None:
            return self._picture
        self._picture_key = key
        race = self.draft()
        picture = pygame.Surface(self.area.size)
        picture.fill((30, 66, 52))
        if race.placements:
            try:
                course = build_course(race)
                geometry = BoardGeometry(course)
                bounds = geometry.bounds
                self._zoom = min(self.area.width / bounds.width, self.area.height / bounds.height, MAX_ZOOM)
                layer = paint_board(course, geometry, self._zoom, self.app.assets, self.app.theme)
                spare = ((self.area.width - layer.get_width()) / 2, (self.area.height - layer.get_height()) / 2)
                self._origin = (bounds.x - spare[0] / self._zoom, bounds.y - spare[1] / self._zoom)
                picture.blit(layer, (round(spare[0]), round(spare[1])))
            except (MapError, ValueError, IndexError, KeyError, StopIteration):
                self._paint_outlines(picture, race)
        self._picture = picture
        return picture

    def _paint_outlines(self, picture: pygame.Surface, race: RaceDef) -> None:
        centres = [cell_centre(p.col, p.row) for p in race.placements]
        xs, ys = [x for x, _ in centres], [y for _, y in centres]
        width, height = max(xs) - min(xs) + 160, max(ys) - min(ys) + 160
        self._zoom = min(self.area.width / width, self.area.height / height, MAX_ZOOM)
        self._origin = (min(xs) - 80, min(ys) - 80)
        outline = hexagon_outline()
        for placement, (cx, cy) in zip(race.placements, centres):
            hexagon = hexagon_by_id(placement.hexagon)
            corners = [((cx + x - self._origin[0]) * self._zoom, (cy + y - self._origin[1]) * self._zoom)
                       for x, y in outline]
            pygame.draw.polygon(picture, TERRAIN_FILL[hexagon.terrain], corners)
            pygame.draw.polygon(picture, TERRAIN_BORDER[hexagon.terrain], corners, 3)

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        surface.blit(theme.table_texture(surface.get_size()), (0, 0))
        draw.text(surface, theme, _("Race builder"), (16, 18), size=36, colour=PALETTE.on_felt)
        step = theme.font(self.add_px).get_linesize()
        for index, line in enumerate(self.add_lines):
            draw.text(surface, theme, line, (16, self.box_top - 6 - step * (len(self.add_lines) - index)),
                      size=self.add_px, colour=PALETTE.on_felt_soft)
        for button in self.buttons:
            button.draw(surface, theme)
        for hexagon_id, button in zip(shipped_hexagon_ids(), self.buttons):
            terrain = hexagon_by_id(hexagon_id).terrain
            pygame.draw.rect(surface, TERRAIN_BORDER[terrain], (button.rect.x + 6, button.rect.y + 9, 8, 18),
                             border_radius=3)
        if not self.name_input.focused:
            self.buttons[self.box_index].draw_focus(surface)
        draw.shadow(surface, self.area, 8)
        surface.blit(self.picture(), self.area)
        self._draw_labels(surface)
        pygame.draw.rect(surface, darker(PALETTE.wood, 0.2), self.area, 3, border_radius=4)
        selected = _("Tokens for hexagon {number} (Left/Right; keys 1-3, F, B, 0):").format(
            number=self.selected + 1) if 0 <= self.selected < len(self.hexagon_ids) \
            else _("Pick a hexagon on the drawing to place tokens:")
        selected, selected_px = draw.shrink_to_fit(theme, selected, self.area.width, 18)
        draw.text(surface, theme, selected, (self.area.x, self.area.bottom + 4), size=selected_px,
                  colour=PALETTE.on_felt_soft)
        for button in self.token_buttons + self.edit_buttons + [self.back_button]:
            button.draw(surface, theme)
        self._draw_side(surface)

    def _draw_labels(self, surface: pygame.Surface) -> None:
        """Each hexagon's number on the drawing; the selected one ringed."""
        theme = self.app.theme
        previous = surface.get_clip()
        surface.set_clip(self.area)
        for placement in self.draft().placements:
            x, y = self.to_screen(cell_centre(placement.col, placement.row))
            spot = (round(x), round(y - 40 * self._zoom))
            if placement.order == self.selected:
                corners = [(x + cx * self._zoom, y + cy * self._zoom) for cx, cy in hexagon_outline()]
                pygame.draw.polygon(surface, PALETTE.focus, corners, 4)
            label = theme.text(str(placement.order + 1), 18, PALETTE.card_light)
            box = label.get_rect(center=spot).inflate(10, 2)
            pygame.draw.rect(surface, (40, 40, 44), box, border_radius=8)
            surface.blit(label, label.get_rect(center=box.center))
        surface.set_clip(previous)

    def token_lines(self) -> list[tuple[str, str]]:
        """Each token on the road, in road order, as the side lists it: (sprite name, words)."""
        lines = []
        for token in sorted(self.tokens, key=lambda t: (t.order, t.row, t.kind)):
            number = token.order + 1
            if token.kind == "climb":
                words = _("Hexagon {number}: climb {value}").format(number=number, value=token.value)
                sprite = f"token_climb_{token.value}"
            elif token.kind == "feed":
                words, sprite = _("Hexagon {number}: feed zone").format(number=number), "token_feed_zone"
            else:
                words, sprite = _("Hexagon {number}: bonus time").format(number=number), "token_bonus_time"
            lines.append((sprite, words))
        return lines

    def _draw_token_list(self, surface: pygame.Surface, box: pygame.Rect) -> int:
        """The tokens by hexagon under the race's summary (or that it has none); returns the y under them."""
        theme = self.app.theme
        lines = self.token_lines()
        heading = _("Tokens by hexagon:") if lines else _("No tokens on the road yet.")
        heading, px = draw.shrink_to_fit(theme, heading, box.width, 18)
        draw.text(surface, theme, heading, (box.x, box.y), size=px, colour=PALETTE.ink_soft)
        y = box.y + draw.line_height(theme, 18) + 4
        line = draw.line_height(theme, 16)
        for sprite, words in lines:
            icon = self.app.assets.sprite(sprite, (20, 20))
            surface.blit(icon, icon.get_rect(center=(box.x + 12, y + line // 2)))
            # a long line in some languages or at a large interface size goes on in a second line
            used = draw.paragraph(surface, theme, words, pygame.Rect(box.x + 30, y, box.width - 32, 2 * line), size=16,
                                  max_lines=2)
            y += max(24, used + 4)
        return y

    def _problems_size(self, heading: str, problems: Sequence[str], width: int, room: int) -> int:
        """The largest size, down to the smallest readable one, at which the heading and every problem fit ``room``."""
        theme = self.app.theme

        def height(size: int) -> int:
            line = draw.line_height(theme, size)
            return (min(2, len(draw.wrap(theme, heading, width, size))) * line + 4
                    + sum(len(draw.wrap(theme, "- " + problem, width, size)) * line + 6 for problem in problems))
        return next((size for size in range(18, MIN_FONT_PX - 1, -1) if height(size) <= room), MIN_FONT_PX)

    def _draw_side(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        side = self.side
        draw.cardboard(surface, side)
        draw.text(surface, theme, _("Name"), (side.x + 14, side.y + 12), size=18, colour=PALETTE.ink_soft)
        self.name_input.draw(surface, theme)
        race = self.draft()
        y = side.y + 94
        if race.placements:
            energy = sum(hexagon_by_id(h).milestone for h in self.hexagon_ids)
            summary = ngettext("{count} hexagon, {energy} energy per rider",
                               "{count} hexagons, {energy} energy per rider", len(self.hexagon_ids)).format(
                count=len(self.hexagon_ids), energy=energy)
            y += draw.paragraph(surface, theme, summary, pygame.Rect(side.x + 14, y, side.width - 28, 48), size=18,
                                max_lines=2) + 8
            y = self._draw_token_list(surface, pygame.Rect(side.x + 14, y, side.width - 28, 0)) + 6
        problems = self.problems()
        if problems:
            # the list ends above the damaged files' note, the last message and the buttons
            floor = self.save_button.rect.y - (176 if self.file_problems else 56 if self.message else 8)
            width = side.width - 28
            heading = _("To fix before racing:")
            size = self._problems_size(heading, problems, width, floor - y)
            y += draw.paragraph(surface, theme, heading, pygame.Rect(side.x + 14, y, width, 48),
                                size=size, colour=PALETTE.danger, max_lines=2) + 4
            for problem in problems:
                height = len(draw.wrap(theme, "- " + problem, width, size)) * draw.line_height(theme, size)
                if y + height > floor:
                    break  # only whole problems: the rest shows once these are fixed
                y += draw.paragraph(surface, theme, "- " + problem, pygame.Rect(side.x + 14, y, width, height),
                                    size=size) + 6
        else:
            draw.paragraph(surface, theme, _("Ready to race: every rule is met."),
                           pygame.Rect(side.x + 14, y, side.width - 28, 48), size=18, colour=PALETTE.good, max_lines=2)
        if self.file_problems:
            more = len(self.file_problems) - 1
            text = ngettext("{problem} And {count} more damaged file.", "{problem} And {count} more damaged files.",
                            more).format(problem=self.file_problems[0], count=more) if more else self.file_problems[0]
            draw.paragraph(surface, theme, text, pygame.Rect(side.x + 14, self.save_button.rect.y - 172,
                                                              side.width - 28, 118),
                           size=18, colour=PALETTE.ink_soft, max_lines=5)
        if self.message:
            draw.paragraph(surface, theme, self.message, pygame.Rect(side.x + 14, self.save_button.rect.y - 52,
                                                                     side.width - 28, 48), size=18,
                           colour=PALETTE.good if self.message_good else PALETTE.danger, max_lines=2)
        self.save_button.enabled = self.race_button.enabled = not problems
        self.save_button.draw(surface, theme)
        self.race_button.draw(surface, theme)
