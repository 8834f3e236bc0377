"""The football table as players watch it: the log keeps pace with the animation, one name per side, the
halftime screen, refusals beside the scoreboard, the guided game's hints, card faces at 130 %."""
from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.core.protocol import act
from game.games.football.bots import bot_factory
from test_football_scene import ANNA, BOT, advance, anna_to, open_game, receiving
from scene_input import key, step

SCORE_KINDS = ("touchdown", "field_goal", "safety", "extra_point", "two_point")


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")
    pygame.quit()


def shown_entries(scene):
    """The log entries whose lines the log panel shows now (the panel reads them in the log's order)."""
    visible = [entry for entry in scene.match.log if entry.event.visible(scene.viewer)]
    return visible[:len(scene.log_panel.entries)]


def play_along(app, scene, decisions: int, each_frame) -> None:
    """Anna decides as the easy coach would, at normal animation speed, ``each_frame`` checked every frame."""
    made = 0
    for number in range(20000):
        step(app)
        each_frame()
        if scene.match.is_over() or made >= decisions:
            return
        if scene.ready():
            view = scene.view
            bot = bot_factory("easy", 0, 500 + made)
            assert scene.submit(bot.choose(view, scene.match.state.legal_actions()))
            made += 1
    pytest.fail("the decisions were not reached")


# --- the log keeps pace with the table -------------------------------------------------------------------
def test_the_log_names_a_game_day_card_only_once_it_lies_face_up_and_a_score_only_with_the_scoreboard():
    app, scene = open_game(receiving(), instant=False)
    # the draws made before the table opened lie on it already
    landed = {"count": sum(entry.event.kind == "gameday" for entry in scene.match.log), "was": True}
    checked = {"draws": 0, "scores": 0}

    def each_frame() -> None:
        pic = scene.show.pic
        face_up = pic.gd_card is not None and pic.gd_face and pic.gd_fly >= 1 and pic.gd_squash >= 1
        if face_up and not landed["was"]:
            landed["count"] += 1
        landed["was"] = face_up
        shown = shown_entries(scene)
        draws = sum(entry.event.kind == "gameday" for entry in shown)
        assert draws <= landed["count"], "the log names a Game Day card still face down or in the air"
        checked["draws"] = max(checked["draws"], draws)
        scores = [entry for entry in shown if entry.event.kind in SCORE_KINDS and "score" in entry.event.data]
        if scores and scene.anims.busy:
            assert list(scores[-1].event.data["score"]) == pic.score, "the log tells a score the board does not show"
            checked["scores"] += 1

    play_along(app, scene, 14, each_frame)
    assert checked["draws"] >= 3


# --- one name per side ----------------------------------------------------------------------------------
def test_a_side_is_called_by_its_team_in_the_header_log_recap_and_results_never_by_a_seat_colour():
    from game.core.match import Match, default_seats
    from game.scenes.results import ResultsScene
    from test_football_scene import SPEC
    seats = default_seats(SPEC, ["human", "bot:easy"])
    colours = [seat.name for seat in seats]
    assert colours == ["Orange", "Sky"]
    match = Match(SPEC, seats, {"team_1": "Lightning", "team_2": "Fire"}, 3)
    advance(match, lambda state: len(match.log) > 60)
    app, scene = open_game(match)
    assert [scene.seat_name(0), scene.seat_name(1)] == ["Lightning", "Fire"], "the header's names"
    step(app, 2)
    log = [text for text, _chip in scene.log_panel.entries]
    assert any("Lightning" in text for text in log) and any("Fire" in text for text in log)
    recap = [scene.log_text(entry) for entry in scene.recap_entries(0)]
    waiting = scene.bar_text(scene.view, [], False)
    advance(match, lambda state: state.is_over(), limit=4000)
    results = ResultsScene(app, scene)
    for text in [*log, *recap, *waiting, results.headline(), *results.summary]:
        assert not any(colour in text for colour in colours), f"a seat's colour name in {text!r}"
    assert results.headline() in ("Lightning wins!", "Fire wins!", "A draw")


# --- a refusal leaves the score in view -------------------------------------------------------------------
def test_a_refused_move_is_told_without_hiding_the_scoreboard_or_the_field():
    app, scene = open_game(receiving())
    step(app, 2)
    top = scene.layout.field.bottom + 4
    above = pygame.Rect(0, 0, scene.table_rect.right, top)
    before = app.canvas.subsurface(above).copy()
    assert not scene.submit(act("call", 99, 1))
    assert scene.toasts.items, "the refusal is told"
    step(app, 20)
    after = app.canvas.subsurface(above)
    changed = [(x, y) for x in range(0, above.width, 3) for y in range(0, above.height, 3)
               if before.get_at((x, y)) != after.get_at((x, y))]
    assert not changed, f"the refusal covers the scoreboard or the field, e.g. at {changed[:3]}"


# --- card faces at 130 % ----------------------------------------------------------------------------------
@pytest.mark.parametrize("language", ["en", "de"])
def test_the_low_percentage_target_never_covers_a_play_name_at_any_ui_scale(language):
    from game.app import App
    from game.games import all_specs
    from game.games.football.cards import TEAMS
    from game.games.football.scene_art import CardArt, card_areas, scaled
    from game.games.football.scene_layout import HAND_CARD, TABLE_CARD
    app = App(all_specs(), instant=True)
    app.set_language(language)
    covered: list[str] = []
    for scale in (1.0, 1.3):
        app.settings.ui_scale = scale
        app.apply_settings()
        art = CardArt(app.assets, app.theme)
        for size in (HAND_CARD, TABLE_CARD):
            area = scaled(card_areas("play_card_frame")["top"], size)
            for team in TEAMS.values():
                for number in range(1, 16):
                    for play in team.offense_card(number).ends:
                        if not play.low_percentage:
                            continue
                        surface = pygame.Surface(size, pygame.SRCALPHA)
                        names, target = art._offense_end(surface, area, play, size[0] >= 150, False)
                        assert target is not None
                        if any(name.colliderect(target) for name in names):
                            covered.append(f"{play.play_type} at {scale:.0%} on a {size[0]} px card")
    assert not covered, sorted(set(covered))


# --- the guided game's hints ----------------------------------------------------------------------------
def guided_offense(seed: int):
    """A guided game with Anna on offense, calling her first play."""
    from game.core.match import Match
    from test_football_scene import SPEC
    match = Match(SPEC, [ANNA, BOT], {}, seed, guided=True)
    advance(match, anna_to("offense_call"))
    return match


def hint_now(app, scene) -> str:
    step(app, 2)
    hint = scene.current_hint()
    assert hint is not None
    return scene.words_for(hint.text)


def test_a_suggested_call_says_the_keys_that_make_it_and_following_them_makes_it():
    import re
    from game.games.football.cards import TEAMS
    from game.games.football.guide import advised_action
    for seed in range(3, 40):
        match = guided_offense(seed)
        advice = advised_action(match.state.view(0), 0)
        if advice.kind == "call" and advice.args[1] == 2:
            break
    else:
        pytest.fail("no position where the bottom end of a card is suggested")
    app, scene = open_game(match)
    text = hint_now(app, scene)
    keys = re.search(r"keys: (\d), R until the play is on top, Enter", text)
    assert keys is not None, f"the hint says how to call it with the keys: {text!r}"
    team = TEAMS[scene.team(0)]
    play = team.offense_card(advice.args[0]).play(advice.args[1]).words().render()
    assert play in text
    key(app, pygame.K_0 + int(keys.group(1)), keys.group(1))
    _side, cards = scene.hand_cards(scene.view)
    focused = cards[scene.focus_index]
    for _turn in range(2):
        if team.offense_card(focused).play(scene.top_end("offense", focused)).words().render() == play:
            break
        key(app, pygame.K_r, "r")
    key(app, pygame.K_RETURN, "\r")
    assert scene.match.history[-1] == (0, advice), "doing what the hint says makes the suggested call"


def test_the_audible_hint_notices_a_call_other_than_the_suggested_one():
    from game.games.football.guide import advised_action
    match = guided_offense(3)
    app, scene = open_game(match)
    hint_now(app, scene)
    advice = advised_action(match.state.view(0), 0)
    assert advice.kind == "call"
    other = next(action for action in match.state.legal_actions()
                 if action.kind == "call" and action != advice)
    assert scene.submit(other)
    for _ in range(200):
        step(app)
        if scene.can_act and scene.view["phase"] == "offense_audible":
            break
    assert scene.view["phase"] == "offense_audible"
    text = hint_now(app, scene)
    from game.games.football.cards import TEAMS
    card = TEAMS[scene.team(0)].offense_card(other.args[0])
    called, hinted = card.play(other.args[1]).words().render(), TEAMS[scene.team(0)].offense_card(
        advice.args[0]).play(advice.args[1]).words().render()
    assert "suits their formation, so keep it" not in text, "no praise for a call the hint did not suggest"
    assert called in text and hinted in text, text


# --- the halftime screen --------------------------------------------------------------------------------
def to_halftime(seed: int = 3):
    """Anna against the bot, up to the move that ends the first half (played by the bot's own decision when
    it is the bot's): returns the match and that move."""
    from game.core.match import Match
    from test_football_scene import SPEC
    match = Match(SPEC, [ANNA, BOT], {}, seed)
    for number in range(2000):
        state = match.state
        seat = state.current_seat()
        if seat == 1:
            action = match.bot_decision()()
        else:
            action = bot_factory("easy", 0, 900 + number).choose(state.view(0), state.legal_actions())
        if any(event.kind == "halftime" for event in state.clone().apply(action)):
            return match, action
        match.apply(action)
    pytest.fail("no halftime")


def test_halftime_is_a_screen_that_waits_for_the_players_with_the_half_in_numbers():
    match, ending = to_halftime()
    app, scene = open_game(match)
    if match.state.current_seat() == 0:
        assert scene.submit(ending)
    step(app, 10)
    assert scene.halftime is not None, "the halftime screen is up"
    moves = len(match.history)
    texts = [text for text, _chip in scene.log_panel.entries]
    assert texts[-1].startswith("Halftime"), "the log stops at halftime: the kickoff waits with the screen"
    step(app, 120)
    assert scene.halftime is not None and len(match.history) == moves, "nobody plays on behind the screen"
    half = scene.halftime
    ended = next(entry.event.data["score"] for entry in reversed(match.log)
                 if entry.event.kind == "quarter_end" and entry.event.data["quarter"] == 2)
    assert list(half.half) == list(ended) and half.kicker == match.state.opening_receiver
    assert half.teams == ("Lightning", "Fire")
    card, button = scene.halftime_rects()
    assert card.contains(button) and scene.table_rect.contains(card)
    key(app, pygame.K_RETURN, "\r")
    assert scene.halftime is None
    step(app, 30)
    assert any(text.startswith("Kick") or "kickoff" in text for text in
               [text for text, _chip in scene.log_panel.entries][len(texts):]), "then the kickoff is shown"


def test_bots_alone_play_through_halftime_without_waiting():
    from game.core.match import Match
    from test_football_scene import SPEC
    match = Match(SPEC, [BOT, BOT], {}, 3)
    app, scene = open_game(match)
    for _ in range(3000):
        step(app)
        assert scene.halftime is None
        if match.state.quarter >= 3 and not scene.is_animating():
            break
    assert match.state.quarter >= 3, "the second half started by itself"


@pytest.mark.parametrize("language", ["en", "de", "fr", "it"])
def test_the_halftime_screen_says_everything_whole_at_130_percent(language, monkeypatch):
    from game.app import App
    from game.games import all_specs
    from game.games.football import scene_halftime
    from game.games.football.scene_halftime import HalfTime, card_height, paint_halftime
    from game.ui import draw
    app = App(all_specs(), instant=True)
    app.set_language(language)
    app.settings.ui_scale = 1.3
    app.apply_settings()
    cut: list[str] = []
    original = draw.fit

    def watched(theme, content, width, size=20):
        shown = original(theme, content, width, size)
        if shown != content:
            cut.append(content)
        return shown
    monkeypatch.setattr(draw, "fit", watched)
    half = HalfTime(("Pharaohs (home)", "Pharaohs (away)"), ("#E69F00", "#56B4E9"), ((14, 10), (21, 17)),
                    tuple((100, 105) for _row in scene_halftime.STAT_ROWS), 1)
    card = paint_halftime(app.theme, half, colour_blind=True)
    assert not cut, cut
    assert card.get_height() == card_height(app.theme) < 620, "the card fits the table"
