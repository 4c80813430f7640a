"""Scenes and overlays: pure functions of a game state and a time."""

from types import SimpleNamespace

import pytest

from wordboard.editions import load_edition
from wordboard.extradiction.edition import load_edition as load_xd
from wordboard.leds import overlays as ov
from wordboard.leds import scenes
from wordboard.leds.frame import OFF, Frame


def test_crossword_premiums_and_occupied_squares():
    layout = load_edition("scrabble").board
    frame = scenes.crossword_scene(layout, occupied={(0, 3)})
    assert frame[0, 0] == frame[14, 14]            # TW corners
    assert frame[0, 0][0] > frame[0, 0][2]          # red
    assert frame[1, 1] != frame[0, 0]               # DW differs from TW
    assert frame[7, 7][1] > 0 and frame[7, 7][2] == 0  # the gold centre
    assert frame[0, 1] == OFF and frame[0, 3] == OFF   # plain, and a DL under a tile
    assert scenes.crossword_scene(load_edition("lexulous").board).rows == 15


def test_extradiction_stars_chance_zones():
    edition = load_xd()
    frame = scenes.extradiction_scene(edition)
    chance = next(iter(edition.chance))
    assert frame[chance] == scenes.scale(scenes.CHANCE_COLOUR, scenes.BASE_LEVEL)
    starred = [sq for sq in edition.squares() if edition.stars_on(sq)]
    by_stars = {edition.stars_on(sq): frame[sq] for sq in starred}
    if len(by_stars) > 1:
        low, high = min(by_stars), max(by_stars)
        assert sum(by_stars[high]) > sum(by_stars[low])
    plain = [sq for sq in edition.squares() if not edition.stars_on(sq) and not edition.is_chance(sq)]
    assert all(frame[sq] != OFF for sq in plain)
    assert all(f == OFF for sq, f in scenes.extradiction_scene(edition, plain, show_zones=False).items()
               if sq in plain)


def fake_hexx(flipped=((0, 1), (0, 2))):
    return SimpleNamespace(rows=2, cols=3, squares={(0, 0), (0, 1), (0, 2), (1, 0), (1, 1)},
                           owners={(0, 0): "red", (0, 1): "red", (0, 2): "red", (1, 0): "black"},
                           placed=((0, 0),), flipped=tuple(flipped))


def test_hexx_settled_and_flip_animation():
    view = fake_hexx()
    settled = scenes.hexx_scene(view)
    assert settled[0, 1] == settled[0, 2] == settled[0, 0]
    assert settled[0, 1][0] > 0 and settled[0, 1][2] == 0          # red
    assert settled[1, 0][2] > settled[1, 0][0]                     # black shows cool white
    assert settled[1, 2] == OFF and settled[1, 1] != OFF           # no square / empty square
    before = scenes.hexx_scene(view, 0.0)
    assert before[0, 1][2] > before[0, 1][0]                       # still black before its flip
    mid = scenes.hexx_scene(view, scenes.FLIP_SECONDS / 2)
    assert min(mid[0, 1]) > 200                                    # white flash mid-flip
    assert mid[0, 2] != mid[0, 1]                                  # the second flip is staggered
    end = scenes.hexx_duration = scenes.hexx_flip_duration(view)
    assert scenes.hexx_scene(view, end) == settled
    frames = [scenes.hexx_scene(view, i / 30) for i in range(int(end * 30) + 1)]
    assert len(set(frames)) > 5                                    # it animates


def test_hexx_adapter_reads_the_engine_shape():
    layout = SimpleNamespace(height=1, width=2, squares=frozenset({(0, 0), (0, 1)}))
    tile = SimpleNamespace(owner="black")
    game = SimpleNamespace(layout=layout, board={(0, 1): tile},
                           last_turn=SimpleNamespace(placed=((0, 1),), flipped=()))
    view = scenes.hexx_view(game)
    assert view.owners == {(0, 1): "black"} and view.placed == ((0, 1),)


def test_dexikon_slots():
    slots = scenes.card_slots(15, 15)
    assert len(slots) == 7 and all(len(s) == 6 for s in slots)
    assert len({sq for s in slots for sq in s}) == 42
    frame = scenes.dexikon_scene(15, 15, slots, ["word", "word", "invalid", "next"], t=0.0)
    assert frame[slots[0][0]][1] > frame[slots[0][0]][0]   # green
    assert frame[slots[2][0]][0] > 0 and frame[slots[2][0]][1] == 0
    assert frame[slots[6][0]] == scenes.scale(scenes.SLOT_COLOURS["empty"], scenes.BASE_LEVEL)
    with pytest.raises(ValueError):
        scenes.card_slots(15, 15, count=8)


def test_overlays():
    base = Frame(3, 3)
    f = ov.compose(base, [ov.last_move([(0, 0)]), ov.hint([(2, 2)])], 0.0)
    assert f[0, 0] != OFF and f[2, 2] != OFF and f[1, 1] == OFF
    assert ov.score_colour(5) != ov.score_colour(25) != ov.score_colour(60)
    valid = ov.pending_valid([(1, 1)], 60, word_squares=[(1, 0), (1, 1)])
    assert valid.word_squares == ((1, 0),)
    assert ov.compose(base, [valid], 0.0)[1, 1] == ov.SCORE_TOP
    bad = ov.pending_invalid([(0, 0), (0, 1)], at_fault=[(0, 1)])
    on, off = ov.compose(base, [bad], 0.0), ov.compose(base, [bad], 0.45)
    assert on[0, 1] == ov.INVALID and off[0, 1] != ov.INVALID and on[0, 0] == off[0, 0]
    blank = ov.blank_waiting((2, 0))
    assert blank.apply(base, 0.0)[2, 0] != blank.apply(base, 0.7)[2, 0]
    moved = ov.tile_disturbed([(1, 2)])
    assert moved.apply(base, 0.0)[1, 2] == ov.DISTURBED and moved.apply(base, 0.2)[1, 2] == OFF
    win = ov.winner()
    assert win.apply(base, 0.0) != win.apply(base, 1.0)             # the wave moves
    assert ov.compose(base, [ov.hint([(0, 0)]), ov.last_move([(0, 0)])], 0.0)[0, 0] == \
        ov.last_move([(0, 0)]).apply(base, 0)[0, 0]                  # later overlays on top


def test_illegal_move_squares_feed_the_invalid_overlay():
    from wordboard.crossword import Game, Play

    game = Game(load_edition("lexulous"), ["A", "B"], seed=1)
    rack = game.rack(game.current)
    play = Play.of(("A1", rack[0]), ("A2", rack[1]))
    err = game.illegal_reason(play)
    assert err is not None
    overlay = ov.pending_invalid(play.squares, err.squares)
    frame = overlay.apply(scenes.crossword_scene(game.edition.board), 0.0)
    assert any(frame[sq] == ov.INVALID for sq in (err.squares or play.squares))
