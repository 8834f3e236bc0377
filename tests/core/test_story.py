"""The story of a finished game: chart data, the win-chance line and key moments, from public views only."""
from __future__ import annotations

import json

import pytest

from game.core import story
from game.core.match import Match, default_seats
from game.core.replay import Replay
from game.games import all_specs

SPECS = all_specs()


def finished_replay(game_id: str, seed: int, level: str = "easy") -> Replay:
    spec = SPECS[game_id]
    match = Match(spec, default_seats(spec, [f"bot:{level}"] * spec.default_seats), {}, seed)
    while not match.is_over():
        decide = match.bot_decision()
        assert decide is not None
        match.apply(decide())
    return Replay.of_match(match)


class TwinReplay(Replay):
    """The same game's public record, every state behind it with the hidden parts re-dealt.

    A story that reads a seat's secrets (a hand, a sheet) tells a different story on the twin.
    """

    def __init__(self, original: Replay, seed: int) -> None:  # noqa: D107 - copies, plays nothing
        self.__dict__.update(original.__dict__)
        self._original = original
        self._twin_seed = seed
        self.final = self._redealt(len(original))

    def _redealt(self, step: int):  # type: ignore[no-untyped-def]
        public = self._original.state_at(step).view(None)
        return self.spec.state_class.from_view(public, self._twin_seed + step)

    def state_at(self, step: int):  # type: ignore[no-untyped-def, override]
        return self._redealt(max(0, min(step, len(self))))


@pytest.mark.parametrize("game_id", list(SPECS))
def test_every_game_tells_a_story_that_ends_with_the_winner(game_id: str) -> None:
    replay = finished_replay(game_id, 5)
    told = story.tell(replay, playouts=2)
    assert told.panels and all(panel.series for panel in told.panels)
    assert len(told.win_chance) == len(replay.seats)
    assert all(len(line) == len(replay) + 1 for line in told.win_chance)
    winner = replay.final.outcome().winner
    if winner is not None:
        assert told.win_chance[winner][-1] == 1.0
        assert all(line[-1] == 0.0 for seat, line in enumerate(told.win_chance) if seat != winner)
    assert all(0.0 <= chance <= 1.0 for line in told.win_chance for chance in line)
    again = story.Story.from_json(json.loads(json.dumps(told.to_json())))
    assert again == told


@pytest.mark.parametrize("game_id", ["breakaway-football", "breakaway-rider", "breaking-away"])
def test_a_seats_secrets_change_nothing(game_id: str) -> None:
    """The story of the twin game, whose hands and sheets are dealt anew, is the same story."""
    replay = finished_replay(game_id, 9)
    twin = TwinReplay(replay, 777)
    assert twin.state_at(len(replay) // 2).to_json() != replay.state_at(len(replay) // 2).to_json()
    assert story.tell(twin, playouts=2) == story.tell(replay, playouts=2)


def test_breakout_chart_is_exact_for_a_pinned_game() -> None:
    replay = finished_replay("breakout", 3, "normal")
    escapes, heights = story.chart(replay)
    assert [series.points for series in escapes.series] == PINNED_ESCAPES
    assert [(marker.step, marker.kind, marker.seat) for marker in escapes.markers] == PINNED_MARKS
    assert max(value for series in heights.series for _step, value in series.points) == 5.0


def test_the_story_is_the_same_every_time_and_stops_when_asked() -> None:
    replay = finished_replay("breakout", 4)
    seen: list[float] = []
    first = story.win_chances(replay, seen.append, playouts=3)
    assert first == story.win_chances(replay, playouts=3)
    assert seen[-1] == 1.0 and seen == sorted(seen)
    with pytest.raises(story.StoryCancelled):
        story.win_chances(replay, cancelled=lambda: len(seen) > 3, progress=seen.append, playouts=3)


def test_key_moments_are_the_biggest_swings_in_order() -> None:
    flat = [0.5] * 40
    line = [0.5] * 10 + [0.9] * 20 + [0.1] * 10
    moments = story.key_moments([line, [1 - c for c in line]])
    assert [(m.step, m.seat, round(m.change, 2)) for m in moments] == [(10, 0, 0.4), (30, 0, -0.8)]
    assert story.key_moments([flat, flat]) == ()
    ramp = [0.5] * 10 + [0.5 + 0.1 * i for i in range(1, 5)] + [0.9] * 26
    marks = [story.Marker(11, "sprint", "Sky", 1), story.Marker(12, "sprint", "Orange", 0),
             story.Marker(30, "sprint", "Orange", 0)]
    marked = story.key_moments([ramp, [1 - c for c in ramp]], marks=marks)
    assert [(m.step, m.seat) for m in marked] == [(12, 0)]


PINNED_ESCAPES = [((0, 0.0), (48, 0.0), (49, 1.0), (234, 1.0), (235, 2.0), (280, 2.0), (281, 3.0)),
                  ((0, 0.0), (71, 0.0), (72, 1.0), (145, 1.0), (146, 2.0), (281, 2.0))]
PINNED_MARKS = [(49, "escape", 0), (49, "round", None), (72, "escape", 1), (72, "round", None), (146, "escape", 1),
                (146, "round", None), (235, "escape", 0), (235, "round", None), (281, "escape", 0)]


def test_a_story_is_kept_beside_its_replay_and_goes_with_it() -> None:
    from game.core.archive import archive_match, delete_entry, list_entries, load_story, save_story, story_path
    spec = SPECS["breakout"]
    match = Match(spec, default_seats(spec, ["bot:easy", "bot:easy"]), {}, 6)
    while not match.is_over():
        match.apply(match.bot_decision()())  # type: ignore[misc]
    path = archive_match(match).path
    assert path is not None and load_story(path, len(match.history), 2) is None
    told = story.tell(Replay.of_match(match), playouts=1)
    assert save_story(path, told) is None
    assert load_story(path, len(match.history), 2) == told
    assert load_story(path, len(match.history) + 1, 2) is None  # not this game's: told again
    story_path(path).write_text("{ not json", encoding="utf-8")
    assert load_story(path, len(match.history), 2) is None
    save_story(path, told)
    entries, _problems = list_entries(SPECS)
    assert [entry.path for entry in entries] == [path]
    assert delete_entry(entries[0]) is None and not story_path(path).exists()


def test_football_names_each_side_by_its_team_as_the_table_does() -> None:
    """One name per side everywhere: the story's legend and lines call Football's sides by their teams."""
    replay = finished_replay("breakaway-football", 2)
    teams = story.seat_names(replay)
    assert teams == tuple(story.words(replay.final.team_name(seat)) for seat in range(2))
    assert not set(teams) & {seat.name for seat in replay.seats}
    score = story.chart(replay)[0]
    assert [story.label_words(series.label) for series in score.series] == list(teams)


# --- what the hard bot would have played at a human's key moment -------------------------------------------
def human_replay(game_id: str, seed: int, level: str = "easy") -> Replay:
    """A bots' game told as if seat 0 had been a human's: the replay's seats say who was human."""
    played = finished_replay(game_id, seed, level)
    spec = played.spec
    seats = default_seats(spec, ["human"] + [f"bot:{level}"] * (len(played.seats) - 1))
    return Replay(spec, seats, played.options, seed, [(step.seat, step.action) for step in played.steps])


class OthersRedealt(Replay):
    """The same game with every other seat's hidden cards (and the deck) dealt anew at every step: only
    ``seat``'s own view is kept.  What is worked out from that seat's view alone comes out the same."""

    def __init__(self, original: Replay, seat: int, seed: int) -> None:  # noqa: D107 - copies, plays nothing
        self.__dict__.update(original.__dict__)
        self._original, self._seat, self._twin_seed = original, seat, seed
        self.final = self.state_at(len(original))

    def state_at(self, step: int):  # type: ignore[no-untyped-def, override]
        step = max(0, min(step, len(self)))
        seen = self._original.state_at(step).view(self._seat)
        return self.spec.state_class.from_view(seen, self._twin_seed + step)


@pytest.fixture
def unhurried_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hard bot's clock stands still: it searches its whole budget of samples however busy the machine,
    so the same view and seed give the same move."""
    monkeypatch.setattr("game.core.bots.thread_clock", lambda: (0.0, 0.0))


@pytest.mark.usefixtures("unhurried_bots")
def test_a_humans_key_moment_tells_the_hard_bots_move_from_that_seats_view_alone() -> None:
    from game.core.bots import suggest
    from game.core.match import mix_seed
    replay = human_replay("breakaway-rider", 1)
    told = story.tell(replay, playouts=2)
    movers = [replay.steps[moment.step - 1].seat for moment in told.key_moments]
    assert 0 in movers and any(mover != 0 for mover in movers)
    for moment, mover in zip(told.key_moments, movers):
        if mover != 0:
            assert moment.hard is None  # a bot's move: nothing to weigh it against
            continue
        hard = moment.hard
        assert hard is not None and hard.seat == 0
        before = moment.step - 1
        hint = suggest(replay.spec, replay.view_at(before, 0), replay.state_at(before).legal_actions(), 0,
                       mix_seed(replay.seed, 0, before))
        assert (hard.action, hard.words) == (hint.action.text(), hint.move)  # exactly what the hint said
        assert hard.same == (hard.action == replay.steps[before].action.text())
        assert 0.0 <= hard.played <= 1.0 and 0.0 <= hard.hard <= 1.0
        if hard.same:
            assert hard.played == hard.hard
    assert any(moment.hard is not None and not moment.hard.same for moment in told.key_moments)
    # the other seats' hands dealt anew: the same moves, the same chances, the same story
    twin = OthersRedealt(replay, 0, 4242)
    middle = len(replay) // 2
    assert twin.state_at(middle).to_json() != replay.state_at(middle).to_json()
    assert twin.view_at(middle, 0) == replay.view_at(middle, 0)
    assert story.tell(twin, playouts=2) == told


@pytest.mark.usefixtures("unhurried_bots")
def test_the_hard_bots_move_goes_through_json_and_the_command_lines_summary() -> None:
    told = story.tell(human_replay("breakaway-rider", 2), playouts=2)
    assert story.Story.from_json(json.loads(json.dumps(told.to_json()))) == told
    summary = {entry["step"]: entry for entry in told.summary()["key_moments"]}
    for moment in told.key_moments:
        entry = summary[moment.step]
        if moment.hard is None:
            assert set(entry) == {"step", "seat", "change"}
            continue
        assert entry["hard_move"]["action"] == moment.hard.action
        assert entry["hard_move"]["words"] == story.english_words(moment.hard.words)
        assert entry["chances"] == {"played": round(moment.hard.played, 3), "hard": round(moment.hard.hard, 3)}
    same = [moment for moment in told.key_moments if moment.hard is not None and moment.hard.same]
    assert same and summary[same[0].step]["hard_move"]["same"] is True


def test_a_story_kept_before_hard_moves_were_told_still_reads() -> None:
    kept = {"steps": 4, "panels": [], "win_chance": [[0.5, 0.5, 0.9, 1.0, 1.0], [0.5, 0.5, 0.1, 0.0, 0.0]],
            "key_moments": [{"step": 2, "seat": 0, "change": 0.4}]}
    read = story.Story.from_json(kept)
    assert read.key_moments == (story.KeyMoment(2, 0, 0.4),) and read.key_moments[0].hard is None
    assert read.to_json() == kept


@pytest.mark.usefixtures("unhurried_bots")
def test_the_hard_moves_fill_the_progress_bar_to_its_end_and_stop_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    replay = human_replay("breakaway-rider", 1)
    seen: list[float] = []
    told = story.tell(replay, seen.append, playouts=1)
    assert seen == sorted(seen) and seen[-1] == 1.0
    # the win chance fills the bar up to its share, each key moment's hard move a step of the rest
    samples = len(story._spread(len(replay))) + story.REFINE_SAMPLES
    share = samples / (samples + story.MOST_MOMENTS * story.HARD_MOVE_SAMPLES)
    assert share in seen
    assert len([done for done in seen if share < done < 1.0]) == len(told.key_moments) - 1
    asked: list[int] = []
    real = story.hard_move

    def counted(*args, **kwargs):  # type: ignore[no-untyped-def]
        asked.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(story, "hard_move", counted)
    with pytest.raises(story.StoryCancelled):
        story.tell(replay, playouts=1, cancelled=lambda: bool(asked))
    assert len(asked) == 1
