"""Challenges, as clubs play them: under any rule but void a play stands until it is challenged;
a challenged phony comes off the board and its player's turn is lost; a play that stands costs
the challenger what the rule says (nothing, their next turn, or 5 or 10 points to the other)."""

from __future__ import annotations

import pytest

from wordboard import gcg
from wordboard.crossword import Challenge, Game
from wordboard.crossword.moves import ChallengeBonus, LostTurn, Withdrawn
from wordboard.crossword.record import game_record
from wordboard.dictionary import Dictionary
from wordboard.editions import load_edition
from wordboard.rules import IllegalMove

WORDS = Dictionary.from_words("cat cats at ta act tact".split())


def game(rule: str, physical: bool = True) -> Game:
    return Game(load_edition("scrabble"), ["Ann", "Ben"], dictionary=WORDS, seed=2, first_player=0,
                physical=physical, challenge=rule)


def test_void_refuses_a_phony_as_it_is_played_and_has_no_challenge():
    g = game("void")
    assert not g.dry_run(g.parse_move("8G ZAX")).legal
    g.push(g.parse_move("8G CAT"))
    with pytest.raises(IllegalMove):
        g.push(Challenge(1))


@pytest.mark.parametrize("physical", [True, False])
def test_a_challenged_phony_comes_off_and_the_turn_is_lost(physical):
    g = game("single", physical)
    if not physical:
        g.set_rack(0, "ZAXEEEE")                          # the engine's own rack, dealt
    bag, held = g.bag_count, g.rack_count(0)
    turn = g.push(g.parse_move("8G ZAX"))                 # stands until challenged
    assert turn.score > 0 and g.current == 1
    judged = g.push(Challenge(1))
    assert isinstance(judged.move, Withdrawn) and judged.move.words == ("ZAX",)
    assert g.scores == [0, 0] and g.board.is_empty() and g.current == 1       # Ben moves on
    assert g.bag_count == bag and g.rack_count(0) == held and g.scoreless_turns == 1
    with pytest.raises(IllegalMove):                      # judged once
        g.push(Challenge(1))


def test_a_play_taken_back_is_one_more_scoreless_turn_of_the_run_before_it():
    """As a real record ends (combined_low_scoring.gcg): a phony taken off, a swap, another phony
    taken off and three swaps are six scoreless turns in a row, and the two-player game ends."""
    from wordboard.crossword import Exchange

    g = game("double", physical=True)
    g.dictionary = Dictionary.from_words(["CAT"])                     # VAT is no word here
    for turn, move in enumerate(["8G VAT", 2, "8H VAT", 2, 2, 2]):
        if isinstance(move, str):
            g.push(g.parse_move(move))
            g.push(Challenge(g.current))                              # taken off
        else:
            g.push(Exchange(count=move))
        assert g.scoreless_turns == turn + 1
    assert g.waiting_for_leftovers                                    # over: the table names the racks


def test_single_a_play_that_stands_costs_nothing():
    g = game("single")
    g.push(g.parse_move("8G CAT"))
    g.push(Challenge(1))
    assert g.scores[1] == 0 and g.current == 1 and isinstance(g.history[-1].move, ChallengeBonus)


def test_double_the_challenger_of_a_valid_play_loses_their_turn():
    g = game("double")
    g.push(g.parse_move("8G CAT"))
    g.push(Challenge(1))
    assert isinstance(g.history[-1].move, LostTurn) and g.current == 0      # back to Ann


@pytest.mark.parametrize("rule,bonus", [("five-point", 5), ("ten-point", 10)])
def test_club_penalties_give_the_challenged_player_points(rule, bonus):
    g = game(rule)
    score = g.push(g.parse_move("8G CAT")).score
    g.push(Challenge(1))
    assert g.scores[0] == score + bonus and g.current == 1


def test_undo_of_a_challenge_never_hands_the_lost_turn_back():
    g = game("single")
    g.push(g.parse_move("8G ZAX"))
    g.push(Challenge(1))
    g.pop()                                               # the challenge taken back (a mistake)
    assert not g.board.is_empty() and g.current == 1      # the phony is back; still Ben's turn


def test_challenges_are_written_as_game_records_write_them():
    g = game("five-point")
    g.push(g.parse_move("8G CAT"))
    g.push(Challenge(1))
    g.push(g.parse_move("H7 Z.X"))                        # Ben's phony
    g.push(Challenge(0))
    text = gcg.dumps(game_record(g))
    assert ">Ann: ACT (challenge) +5 15" in text and ">Ben: XZ -- -19 0" in text   # the rack, as records write it
    from tests.gcg.test_gcg_woogles_lines import woogles_refuses

    assert woogles_refuses(text) == []
    record = gcg.parse(text)
    assert any(isinstance(e, gcg.ChallengeBonus) for e in record.events)
    assert any(isinstance(e, gcg.Withdrawn) for e in record.events)


def test_a_phony_challenged_on_the_board_comes_off_and_the_game_goes_on(tmp_path):
    """Through the table: Ann lays a phony, Ben presses the challenge button; the board judges it,
    says to take the tiles back, journals it; the people clear the squares and play on."""
    from wordboard.controller.session import SessionConfig, open_session

    lines = []
    config = SessionConfig(game="scrabble", hardware="direct", camera="none", journal=tmp_path / "j.sqlite3",
                           seed=4, players=("Ann", "Ben"), show_leds=False, habits="tidy",
                           game_options={"challenge": "single", "first_player": 0}, out=lines.append)
    with open_session(config) as s:
        from wordboard.crossword.players import RealBag

        chooser = s.players.choose
        rack = RealBag.replayed(s.adapter.game, s.players.seed).rack(0)
        phony = next(rack[i:i + 3] for i in range(5) if rack[i:i + 3] not in s.adapter.game.dictionary
                     and "?" not in rack[i:i + 3])
        s.players.choose = lambda g: g.parse_move(f"8G {phony}") if not g.history else chooser(g)
        s.run(max_moves=1)
        assert s.adapter.game.history[-1].move.placements and s.adapter.game.scores[0] > 0
        s.controller.buttons.inject("challenge")
        s.run(max_moves=3)
        events = [e.data for e in s.journal.events(s.jgame.id)]
        assert {"challenge": 1, "phonies": [phony]} in events              # the judgement, as made
        assert isinstance(s.adapter.game.history[1].move, Withdrawn) and s.adapter.game.scores[0] == 0
        s.run(max_seconds=120)
        assert s.adapter.over and s.players.mismatches == []
    assert any(f"{phony} is not in the word list" in line and "comes off" in line for line in lines)


# -- house rulings: the table accepts a word the list lacks -----------------------------------------


def test_a_house_ruling_makes_a_word_count_for_the_rest_of_the_game():
    g = game("void")
    assert not g.dry_run(g.parse_move("8G ZAX")).legal
    assert g.accept_words(["zax"]) == ("ZAX",)
    assert g.push(g.parse_move("8G ZAX")).score > 0                   # now a word, scored
    assert g.accept_words(["ZAX", "CAT"]) == ()                       # known already, or listed
    with pytest.raises(IllegalMove):
        g.accept_words(["Z4X"])


def test_a_word_the_house_accepted_stands_against_a_challenge():
    g = game("single")
    g.accept_words(["ZAX"])
    g.push(g.parse_move("8G ZAX"))
    g.push(Challenge(1))
    assert isinstance(g.history[-1].move, ChallengeBonus) and g.scores[0] > 0      # it stood


def test_a_phony_refused_on_the_board_is_accepted_by_a_house_ruling(tmp_path):
    """Through the table: Ann lays a word the list lacks; the board refuses it; the table accepts
    it on the screen (a house ruling). The play is judged again and played, the ruling journalled;
    the resumed game and its record have it, and a word unsuitable for children is never accepted."""
    from wordboard.controller.session import SessionConfig, open_session
    from wordboard.crossword.players import RealBag
    from wordboard.journal import Journal, codec_for, rebuild

    lines: list[str] = []
    config = SessionConfig(game="scrabble", hardware="direct", camera="none", journal=tmp_path / "j.sqlite3",
                           seed=4, players=("Ann", "Ben"), show_leds=False, habits="tidy",
                           game_options={"first_player": 0}, out=lines.append)
    said = []
    with open_session(config) as s:
        game = s.adapter.game
        rack = RealBag.replayed(game, s.players.seed).rack(0)
        phony = next(rack[i:i + 3] for i in range(5) if rack[i:i + 3] not in game.dictionary
                     and "?" not in rack[i:i + 3])
        chooser = s.players.choose
        s.players.choose = lambda g: g.parse_move(f"8G {phony}") if not g.history else chooser(g)
        refused = []
        s.controller.listeners.append(lambda kind, data: refused.append(data) if kind == "invalid" else None)
        s.controller.step_hooks.append(
            lambda now: said.append(s.controller.house_ruling()) if refused and not said else None)
        s.run(max_moves=1)
        assert refused and refused[0].unlisted == (phony,)
        assert said == [f"house ruling: {phony} accepted for this game (the word list lacks it)"]
        assert [w.text for w in game.history[0].words] == [phony] and game.scores[0] > 0
        assert s.controller.house_ruling() == "there is no refused word to accept now"
        assert s.adapter.accept_words(("PENIS",)) == "that word cannot be accepted on this board"
        events = [e.data for e in s.journal.events(s.jgame.id)]
        assert {"house_words": [phony]} in events and {"house_words": ["PENIS"]} not in events
        game_id = s.jgame.id
    journal = Journal(tmp_path / "j.sqlite3")
    try:
        info, resumed = rebuild(journal, game_id)
        assert phony in resumed.house_words and resumed.scores[0] > 0
        text = codec_for(info.kind).export(resumed, "gcg", info)
    finally:
        journal.close()
    assert f"#note house ruling: accepted although the word list lacks them: {phony}" in text
    from tests.gcg.test_gcg_woogles_lines import woogles_refuses

    assert woogles_refuses(text) == []


def test_the_play_that_goes_out_may_still_be_challenged_before_the_game_ends():
    """On a real table the last play can be challenged too: the game waits for the table to accept
    it (the other rack, known, is settled) or challenge it (a phony comes off and play goes on)."""
    def bag_emptied(rule):
        g = game(rule, physical=True)
        g._bag = list("CAT" + "E" * 7)          # 3 tiles on Ann's rack, 7 on Ben's: nothing left to draw
        g._held = [3, 7]
        return g

    g = bag_emptied("single")
    g.push(g.parse_move("8G CAT"))                                    # Ann goes out
    assert not g.is_over and g.known_leftovers().racks == ("", "EEEEEEE") and g.challengeable()
    g.push(g.known_leftovers())                                       # accepted: the game ends
    assert g.is_over and g.challengeable() is None
    g = bag_emptied("single")
    g.push(g.parse_move("8G CAT"))
    g.push(Challenge(1))                                              # stands: the game ends at once
    assert g.is_over and isinstance(g.history[-1].move, ChallengeBonus)
    g = bag_emptied("single")
    g.dictionary = Dictionary.from_words(["ACT"])
    g.push(g.parse_move("8G CAT"))
    g.push(Challenge(1))                                              # a phony: back on Ann's rack
    assert not g.is_over and g.known_leftovers() is None and g.rack_count(0) == 3 and g.current == 1
    g.pop()                                                           # the challenge undone: it waits again
    assert g.known_leftovers() is not None and g.challengeable() is not None
    v = bag_emptied("void")
    v.push(v.parse_move("8G CAT"))
    assert v.is_over                                                  # no challenges: settled at once
