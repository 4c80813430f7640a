"""The four engines are one family: each satisfies the engine protocol (wordboard.engine), and
whole games played through the protocol alone keep its promises.

For every move of a game: the engine says whose turn it is and what it waits for, a dry run
agrees with what pushing the move does (legal, and the score it scores), the move's text reads
back as the same move, a pop (where the rules allow one) puts the game back exactly, and at the
end the outcome names the players with the best final score.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.crossword.conftest import tiny as tiny  # the crossword tests' tiny edition, as a fixture
from tests.crossword.test_lexulous_invariants import WORDS
from tests.dexikon.conftest import card_set as card_set  # the Dexikon tests' cards, as a fixture
from tests.dexikon.conftest import dictionary as dictionary  # and their words
from wordboard import engine as protocol
from wordboard.rules import IllegalMove, Outcome


def check_outcome(game) -> None:
    assert game.is_over and game.waiting_for().what == protocol.OVER
    outcome = game.outcome()
    assert isinstance(outcome, Outcome)
    assert set(outcome.scores) == set(game.player_names)
    best = max(outcome.scores.values())
    assert set(outcome.winners) == {p for p, s in outcome.scores.items() if s == best} or \
        set(outcome.winners) <= {p for p, s in outcome.scores.items() if s == best}   # a tie-break
    assert outcome.winners


def push_through_the_protocol(game, move, *, state=None, same=None) -> object:
    """One move, every promise of the protocol checked around it (``same``: when two moves are
    the same move, default ``==``)."""
    assert isinstance(game, protocol.Engine)
    waiting = game.waiting_for()
    assert waiting.what in (protocol.MOVE, protocol.DECISION)
    assert 0 <= waiting.player < len(game.player_names)
    text = game.move_text(move)
    again = game.parse_move(text)
    assert (same(again, move) if same else again == move), text
    assert game.move_text(again) == text
    verdict = game.dry_run(move)
    assert verdict.legal, (text, verdict.error)
    if state is not None and game.can_pop():
        before = state(game)
        game.push(move)
        game.pop()
        assert state(game) == before
    return game.push(move)


# -- Lexulous / Scrabble --------------------------------------------------------------------------

@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000), players=st.integers(2, 3))
def test_a_crossword_game_through_the_protocol(tiny, seed, players):
    from wordboard.crossword import Exchange, Game, Pass
    from wordboard.crossword.finder import legal_plays
    from wordboard.crossword.players import same_move

    edition = tiny(extra="E 2 1\nI 2 1\nR 1 1\n? 1 0")
    game = Game(edition, [f"P{i}" for i in range(players)], dictionary=WORDS, seed=seed)
    rng = random.Random(seed)

    def state(g):
        return (tuple(g.board.rows_text()), tuple(g.rack(i) for i in range(players)), tuple(g.scores), g.current)

    while not game.is_over:
        assert game.waiting_for().player == game.current
        plays = legal_plays(game.board, edition, game.rack(game.current), WORDS)
        rack = game.rack(game.current)
        if plays and rng.random() < 0.85:
            move = rng.choice(plays).play
        elif game.is_legal(Exchange(rack[:1])):
            move = Exchange(rack[:1])
        else:
            move = Pass()
        expected = game.dry_run(move).score
        turn = push_through_the_protocol(game, move, state=state, same=same_move)
        assert turn.score == (expected or 0)
    check_outcome(game)
    assert dict(zip(game.player_names, game.result.final)) == game.outcome().scores
    # an illegal move is refused by the dry run, with the rule it breaks
    verdict = game.dry_run(Pass())
    assert not verdict.legal and isinstance(verdict.error, IllegalMove) and verdict.error.rule == "game-over"


def test_crossword_moves_read_as_game_records_write_them(tiny):
    from wordboard.crossword import Exchange, Game, Pass, Play

    game = Game(tiny(), ["Ann", "Ben"], dictionary=WORDS, seed=1)
    assert game.parse_move("-") == Pass() and game.move_text(Pass()) == "-"
    assert game.parse_move("-AB") == Exchange("AB") and game.move_text(Exchange("BA")) == "-AB"
    play = game.parse_move("4C cAT")
    assert isinstance(play, Play) and [p.blank for p in play.placements] == [True, False, False]
    with pytest.raises(ValueError):
        game.parse_move("4C")


# -- HEXX --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_hexx_game_through_the_protocol(seed):
    from tests.hexx.conftest import WORDS, edition
    from wordboard.engine import Answer
    from wordboard.hexx import HexxGame
    from wordboard.hexx.computer import ComputerPlayer

    game = HexxGame(edition(), WORDS, seed=seed)
    computer = ComputerPlayer(WORDS)
    assert game.player_names == ("red", "black")
    decisions = 0
    for _ in range(400):
        if game.is_over:
            break
        waiting = game.waiting_for()
        if waiting.what == protocol.DECISION:
            decisions += 1
            answer = computer.choose_answer(game, waiting.decision)
            if waiting.decision.kind.name == "ROLL":
                answer = "roll"                    # the game's own d20
            move = Answer(answer)
        else:
            move = computer.choose_move(game)
        push_through_the_protocol(game, move, state=lambda g: (g.to_move, dict(g.board), g.pending))
    check_outcome(game)
    assert game.can_pop()
    game.pop()                                    # HEXX takes back a move or an answer
    assert not game.is_over or game.outcome() is not None


def test_a_hexx_roll_is_an_answer():
    from tests.hexx.test_effects import hexx_played
    from wordboard.engine import Answer

    game = hexx_played()
    waiting = game.waiting_for()
    assert waiting.what == protocol.DECISION and waiting.decision.kind.name == "ROLL"
    assert game.parse_move("roll") == Answer("roll") and game.parse_move("roll 8") == Answer(8)
    assert game.move_text(Answer(8)) == "roll 8"
    assert not game.dry_run(Answer(21)).legal
    game.push(Answer(8))                          # the table's own d20 said 8
    assert game.waiting_for().what != protocol.DECISION or game.pending.kind.name != "ROLL"


# -- eXtraDICTION ------------------------------------------------------------------------------------

@pytest.mark.parametrize("level", ["1", "2", "3"])
def test_an_extradiction_game_through_the_protocol(level):
    from tests.extradiction.helpers import game as new_game
    from wordboard.engine import Answer

    game = new_game(level, words=("APPLE", "STAR", "RAT"), players=("Ann", "Bo"))
    while not game.is_over:
        waiting = game.waiting_for()
        if waiting.what == protocol.DECISION:           # a guess is the answer to the clue card
            move = Answer(waiting.decision.card.word)
            assert game.move_text(move) == f"guess {waiting.decision.card.word}"
            game.push(move)
            continue
        options = game.placements()
        move = options[0] if options else game.parse_move("pass")
        stars = game.dry_run(move).score
        push_through_the_protocol(game, move)
        if options:
            assert stars is not None and stars >= 0
    check_outcome(game)
    assert not game.can_pop()
    with pytest.raises(IllegalMove):
        game.pop()


# -- Dexikon -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", [3, 4])
def test_a_dexikon_game_through_the_protocol(seed, card_set, dictionary):
    from wordboard.dexikon.autoplay import AutoPlayer
    from wordboard.dexikon.engine import Game

    game = Game(card_set, dictionary, ["Ann", "Bob"], seed=seed)
    player = AutoPlayer(random.Random(seed))
    for _ in range(20_000):
        if game.is_over:
            break
        push_through_the_protocol(game, player.choose(game))
    check_outcome(game)
    assert not game.can_pop()
