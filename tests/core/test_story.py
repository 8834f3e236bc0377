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
