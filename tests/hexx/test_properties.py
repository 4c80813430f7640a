"""Invariants over random games: tiles are never made or lost, hands never exceed 6, undo
restores everything, the result counts the board."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordboard.hexx import Colour, DecisionKind, Discard, HexxGame, Pass
from wordboard.hexx.computer import ComputerPlayer

from .conftest import WORDS, all_tile_ids, edition

DICTIONARY = frozenset(WORDS)
PLAYER = ComputerPlayer(DICTIONARY)


def fingerprint(game: HexxGame):
    return (
        tuple(sorted((sq, t.tile.id, t.letter, t.owner) for sq, t in game.board.items())),
        tuple(game.hand(Colour.RED)), tuple(game.hand(Colour.BLACK)), game.bag_tiles(),
        game.to_move, game.turn_number, game.plays_left, game.pending, game.lasting_effects,
        game.history, game.result, game._s.rng.getstate(),
    )


def random_step(game: HexxGame, data) -> None:
    decision = game.pending
    if decision is not None:
        if decision.kind is DecisionKind.ROLL:
            game.decide(data.draw(st.integers(1, 20), label="roll"))
        elif decision.kind is DecisionKind.FLIP_TILES:
            game.decide(data.draw(st.permutations(decision.options), label="tiles")
                        [: decision.count])
        elif decision.options:
            choices = list(decision.options) + ([None] if decision.can_decline else [])
            game.decide(data.draw(st.sampled_from(choices), label=decision.kind.name))
        else:
            game.decide(None)
        return
    plays = PLAYER.best_plays(game, shortlist=8)
    hand = "".join(t.symbol for t in game.hand(game.to_move))
    if plays and data.draw(st.integers(0, 4), label="play?"):
        preview = data.draw(st.sampled_from(plays), label="play")
        game.play(preview.play)
    elif game.bag_size and hand:
        count = data.draw(st.integers(1, len(hand)), label="discard")
        game.play(Discard(hand[:count]))
    elif not game.bag_size:
        game.play(Pass())
    else:
        game.play(Discard(hand or "?"))


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), data=st.data())
def test_random_games_keep_every_tile_and_undo_restores_the_state(seed, data):
    game = HexxGame(edition(), DICTIONARY, seed=seed)
    ids = all_tile_ids(game)
    for _ in range(40):
        if game.is_over:
            break
        before = fingerprint(game)
        random_step(game, data)
        after = game.snapshot()
        game.pop()                      # undo restores the state exactly
        assert fingerprint(game) == before
        game = after
        assert all_tile_ids(game) == ids
        for colour in Colour:
            assert len(game.hand(colour)) <= 6
        assert game.count(Colour.RED) + game.count(Colour.BLACK) == len(game.board)
    if game.is_over:
        assert (game.result.red, game.result.black) == (game.count(Colour.RED),
                                                        game.count(Colour.BLACK))

