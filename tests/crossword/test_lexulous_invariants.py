"""Invariants of the rules over random games (hypothesis): no tile is ever lost or invented, the
score is the sum of the turns, undo restores every earlier state, the game always ends."""

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordboard.crossword import Exchange, Game, Pass
from wordboard.crossword.finder import legal_plays
from wordboard.dictionary import Dictionary

WORDS = Dictionary.from_words("""
    at ta to it ti on no in is si as so os ax ox xi ex re er ed de do od go ag
    cat act tac cot cog dog god got tog tag gat sat tas its sit tis ion ions dot tod
    cats acts dogs gods cots cogs tags gats dots tods rat tar art arts rats star tars
    date data toad dote dose does odes gates stage
""".split())


def tiles_everywhere(game):
    """Every tile of the set: on the board (blanks as ?), on the racks, in the bag."""
    seen = Counter("?" if t.blank else t.letter for _, t in game.board.tiles())
    seen.update(game.rack(0) + game.unseen_tiles(0))  # unseen by player 0: the bag, the other racks
    return seen


def state(game):
    return (game.board.rows_text(), tuple(game.rack(i) for i in range(len(game.players))),
            game.bag_count, game.unseen_tiles(0), tuple(game.scores), game.current,
            game.scoreless_turns, game.result)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), players=st.integers(2, 3), choices=st.lists(st.integers(0, 99),
       min_size=60, max_size=60))
def test_random_games_keep_every_rule_invariant(tiny, seed, players, choices):
    edition = tiny(extra="E 2 1\nI 2 1\nR 1 1\n? 1 0")
    game = Game(edition, [f"P{i}" for i in range(players)], dictionary=WORDS, seed=seed)
    full_set = Counter(edition.tiles.letters)
    states = [state(game)]
    for choice in choices:
        if game.is_over:
            break
        plays = legal_plays(game.board, edition, game.rack(game.current), WORDS)
        rack = game.rack(game.current)
        if plays and choice < 80:
            move = plays[choice % len(plays)].play
        elif choice < 90 and game.is_legal(Exchange(rack[: 1 + choice % 2])):
            move = Exchange(rack[: 1 + choice % 2])
        else:
            move = Pass()
        assert game.is_legal(move)
        turn = game.push(move)
        # conservation: the tiles on the board, the racks and the bag are the tile set
        assert tiles_everywhere(game) == full_set
        # scores are the sum of the turns
        for i in range(players):
            assert game.scores[i] == sum(t.score for t in game.history if t.player == i)
        assert turn.total == game.scores[turn.player]
        # racks are full while the bag has tiles
        if game.bag_count:
            assert all(len(game.rack(i)) == edition.tiles.rack_size for i in range(players))
        states.append(state(game))
    if game.is_over:
        result = game.result
        assert result.final == tuple(b + a for b, a in zip(result.scores_before, result.adjustments))
        if result.went_out is not None:
            assert result.adjustments[result.went_out] == -sum(
                a for i, a in enumerate(result.adjustments) if i != result.went_out)
    # undo walks back through every state exactly
    while game.history:
        states.pop()
        game.undo()
        assert state(game) == states[-1]


def test_a_greedy_game_always_ends(tiny):
    from wordboard.crossword.selfplay import play_greedy_game

    for seed in range(5):
        game = play_greedy_game(tiny(extra="E 2 1\nI 2 1\nR 1 1"), WORDS, seed=seed)
        assert game.is_over
