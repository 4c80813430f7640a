"""What the move generator serves: the DAWG cache, hints, blank inference, the computer opponent,
post-game analysis, and their commands."""

import json

import pytest

from wordboard import gcg
from wordboard.cli import main
from wordboard.crossword import Board, Exchange, Game, Play, Tile, dawgcache, evaluate_play, parse_square
from wordboard.crossword.analysis import analyse_game, analyse_record
from wordboard.crossword.dawg import Dawg
from wordboard.crossword.hint import hint, infer_blanks
from wordboard.crossword.opponent import Opponent, play_computer_game
from wordboard.dictionary import Dictionary
from wordboard.editions import load_edition

WORDS = Dictionary.from_words("""
    at ta to it ti on no in is si as so os ax ox xi ex re er ed de do od go ag qi za
    cat act cot cog dog god got tog tag gat sat its sit tis ion ions dot tod quit quits suit
    cats acts dogs gods cots cogs tags dots rat tar art arts rats star tars rate tear tare
    date data toad dote dose does odes gates stage rated trade tread stare tears rates
    ratio ration orate irate treat stone notes tones onset toast aorta adore oared roast
""".split())
DAWG = Dawg.from_words(WORDS)


@pytest.fixture(scope="module")
def scrabble():
    return load_edition("scrabble")


def place(board, square, word, across=True):
    r, c = parse_square(square)
    for i, ch in enumerate(word):
        board.place((r, c + i) if across else (r + i, c), Tile(ch.upper(), ch.islower()))
    return board


# -- the cache -----------------------------------------------------------------------------------

def test_the_dawg_is_cached_by_content_and_rebuilt_when_corrupt(tmp_path, caplog):
    first = dawgcache.load_dawg(WORDS, cache_dir=tmp_path)
    [path] = tmp_path.glob("movegen-*.wbd")
    again = dawgcache.load_dawg(WORDS, cache_dir=tmp_path)
    assert list(again) == list(first) == sorted(w for w in WORDS if len(w) > 1)
    assert (again.mask, again.child) == (first.mask, first.child)
    # The same words from another source share the file; other words get their own.
    assert dawgcache.words_sha256(WORDS) == dawgcache.words_sha256(Dictionary.from_words(list(WORDS)))
    dawgcache.load_dawg(Dictionary.from_words(["CAT", "DOG"]), cache_dir=tmp_path)
    assert len(list(tmp_path.glob("movegen-*.wbd"))) == 2
    # Damage: flip a payload byte, then truncate; each time it is rebuilt, never trusted.
    data = bytearray(path.read_bytes())
    data[-5] ^= 0xFF
    path.write_bytes(bytes(data))
    with pytest.raises(dawgcache.CorruptDawgError):
        dawgcache.read_dawg(path)
    assert list(dawgcache.load_dawg(WORDS, cache_dir=tmp_path)) == list(first)
    assert "rebuilding" in caplog.text
    dawgcache.read_dawg(path)  # repaired
    path.write_bytes(path.read_bytes()[:50])
    assert list(dawgcache.load_dawg(WORDS, cache_dir=tmp_path)) == list(first)
    assert not list(tmp_path.glob("*.tmp"))


def test_a_build_says_how_far_it_has_got_and_a_cached_load_says_nothing(tmp_path, monkeypatch):
    from wordboard.crossword import dawg as dawg_module

    monkeypatch.setattr(dawg_module, "PROGRESS_STEP", 10)
    seen = []
    built = dawgcache.load_dawg(WORDS, cache_dir=tmp_path, progress=lambda done, total: seen.append((done, total)))
    total = built.word_count
    assert seen[0] == (0, total) and seen[-1] == (total, total)
    assert [done for done, _ in seen[1:-1]] == list(range(10, total, 10))       # every 10 words, in order
    seen.clear()
    dawgcache.load_dawg(WORDS, cache_dir=tmp_path, progress=lambda done, total: seen.append((done, total)))
    assert seen == []


def test_an_unwritable_cache_folder_only_costs_a_rebuild(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    assert "RATIO" in dawgcache.load_dawg(WORDS, cache_dir=blocker / "cache")


# -- hints and blanks ----------------------------------------------------------------------------

def test_hint_ranks_the_best_plays_and_names_their_squares(scrabble):
    board = place(Board(scrabble.board), "H8", "CAT")
    hints = hint(board, scrabble, "RATIOS?", DAWG, limit=5)
    assert [h.rank for h in hints] == [1, 2, 3, 4, 5]
    assert [h.equity for h in hints] == sorted((h.equity for h in hints), reverse=True)
    by_score = hint(board, scrabble, "RATIOS?", DAWG, limit=5, by="score")
    assert [h.score for h in by_score] == sorted((h.score for h in by_score), reverse=True)
    for h in hints + by_score:
        assert evaluate_play(board, scrabble, h.play, WORDS).score == h.score
        assert all(board[s] is None for s in h.squares)


def test_a_blank_with_one_possible_letter_is_assignable(scrabble):
    board = place(Board(scrabble.board), "G8", "QUIT")
    # A blank put after QUIT: only S makes a word.
    found = infer_blanks(board, scrabble, [(parse_square("K8"), "?")], WORDS)
    assert found.letters == ["S"] and found.assignable
    assert found.assigned.main.display == "QUITs"
    # Before AT... on an empty row: several letters work, ask the player.
    board = place(Board(scrabble.board), "H8", "AT")
    found = infer_blanks(board, scrabble, [(parse_square("G8"), "?")], WORDS)
    assert set(found.letters) == {"C", "G", "R", "S"} and not found.assignable
    # Two blanks: every pair of letters that works.
    found = infer_blanks(Board(scrabble.board), scrabble, [(parse_square("H8"), "?"), (parse_square("I8"), "?")],
                         WORDS)
    assert "QI" in found.letters and "XI" in found.letters and len(found.letters) > 10
    assert infer_blanks(board, scrabble, [(parse_square("A1"), "?")], WORDS).letters == []


# -- the opponent --------------------------------------------------------------------------------

def test_best_plays_the_top_score_and_casual_a_decent_common_word(scrabble):
    game = Game(scrabble, ["Ann", "Cpu"], dictionary=WORDS, seed=3)
    game.set_rack(game.current, "RATIOSE")
    best = Opponent(DAWG, scrabble, "best").choose(game)
    top = hint(game.board, scrabble, "RATIOSE", DAWG, limit=1, by="score")[0]
    assert best.candidate.score == top.score and isinstance(best.move, Play)
    common = {"RAT", "TAR", "ART", "ARTS", "RATS", "STAR", "TEAR", "RATE", "AT", "TA", "TO", "IT"}
    best_common = max(c.score for c in hint(game.board, scrabble, "RATIOSE", DAWG, limit=None, by="score")
                      if c.candidate.word in common)
    picks = set()
    for seed in range(8):
        choice = Opponent(DAWG, scrabble, "casual", seed=seed, vocabulary=common).choose(game)
        assert choice.candidate.word in common
        assert choice.candidate.score >= best_common / 2
        picks.add(choice.candidate)
    again = [Opponent(DAWG, scrabble, "casual", seed=s, vocabulary=common).choose(game).candidate
             for s in range(8)]
    assert set(again) == picks  # the same seeds choose the same plays


def test_with_no_play_the_opponent_swaps_if_it_can_else_passes(scrabble):
    game = Game(scrabble, ["Ann", "Cpu"], dictionary=WORDS, seed=1)
    game.set_rack(game.current, "VVWWUUU")
    move = Opponent(DAWG, scrabble, "best").move(game)
    assert isinstance(move, Exchange) and game.is_legal(move)
    with pytest.raises(ValueError):
        Opponent(DAWG, scrabble, "genius")


def test_computer_games_are_complete_legal_and_deterministic(tiny):
    edition = tiny(extra="E 2 1\nI 2 1\nR 2 1\nN 1 1\n? 1 0")
    one = play_computer_game(edition, WORDS, DAWG, seed=4, strengths=("best", "casual"))
    two = play_computer_game(edition, WORDS, DAWG, seed=4, strengths=("best", "casual"))
    assert one.is_over and one.result.final == two.result.final
    assert [t.move for t in one.history] == [t.move for t in two.history]
    # Each play was the best available to the "best" player, by the analysis of the game.
    analysis = analyse_game(one, DAWG, by="score")
    assert len(analysis.moves) == len(one.history)
    for move, turn in zip(analysis.moves, one.history):
        if turn.player == 0 and isinstance(turn.move, Play):
            assert move.missed == 0
        assert move.missed >= 0


# -- analysis ------------------------------------------------------------------------------------

def test_analysis_of_a_record_puts_each_move_beside_the_best(scrabble):
    text = """#player1 Ann Ann
#player2 Ben Ben
>Ann: ACTXOIS 8G CAT +10 10
>Ben: RATIOSE 9G .O +5 5
>Ann: XOIS??? - +0 10
>Ben: ? -? +0 5
"""
    analysis = analyse_record(gcg.parse(text, "g.gcg"), scrabble, DAWG, by="score")
    first, second, third, fourth = analysis.moves
    assert (first.turn, first.player, first.played, first.score) == (1, "Ann", "8G CAT", 10)
    assert first.best.score >= 10 and first.missed == first.best.score - 10
    assert second.best.score > 5 and second.missed == second.best.score - 5
    assert second.better_plays > 0
    assert third.played == "pass" and third.missed == third.best.score > 0
    assert analysis.missed_by_player()["Ann"] == first.missed + third.missed
    json.dumps([m.as_json() for m in analysis.moves])


# -- commands ------------------------------------------------------------------------------------

@pytest.fixture()
def lexicon(tmp_path, monkeypatch):
    monkeypatch.setenv("WORDBOARD_CACHE_DIR", str(tmp_path / "cache"))
    path = tmp_path / "words.txt"
    path.write_text("\n".join(WORDS) + "\n")
    return str(path)


def test_hint_and_blank_commands(lexicon, tmp_path, capsys):
    assert main(["hint", "RATIOS?", "--lexicon", lexicon, "--top", "3"]) == 0
    out = capsys.readouterr().out
    assert "best plays for RATIOS?" in out and " 1. " in out and " 3. " in out
    record = tmp_path / "g.gcg"
    record.write_text("#player1 Ann Ann\n#player2 Ben Ben\n>Ann: QUITXXX 8G QUIT +26 26\n"
                      ">Ben: AEIOUUU - +0 0\n")
    assert main(["blank", "8G", "....?", "--game", str(record), "--lexicon", lexicon]) == 0
    out = capsys.readouterr().out
    assert "S: QUITs" in out and "assignable: the blank is S" in out
    assert main(["hint", "AB1", "--lexicon", lexicon]) == 2
    assert main(["hint", "QI", "--game", str(record), "--turn", "9", "--lexicon", lexicon]) == 2
    assert main(["hint", "EAT", "--game", str(record), "--turn", "2", "--lexicon", lexicon]) == 0


def test_analyse_and_selfplay_commands(lexicon, tmp_path, capsys):
    record = tmp_path / "g.gcg"
    record.write_text("#player1 Ann Ann\n#player2 Ben Ben\n>Ann: ACTXOIS 8G CAT +10 10\n"
                      ">Ben: RATIOSE 9G .O +5 5\n")
    assert main(["analyse", str(record), "--lexicon", lexicon]) == 0
    out = capsys.readouterr().out
    assert "8G CAT" in out and "equity lost" in out
    assert main(["analyse", "--json", str(record), "--lexicon", lexicon]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["moves"][0]["played"] == "8G CAT"
    folder = tmp_path / "games"
    assert main(["selfplay", "--edition", "scrabble", "--games", "2", "--seed", "5", "--lexicon", lexicon,
                 "--gcg", str(folder)]) == 0
    out = capsys.readouterr().out
    assert "games per second" in out and out.count("seed") == 2
    written = sorted(folder.glob("*.gcg"))
    assert len(written) == 2
    assert main(["replay", *map(str, written), "--lexicon", lexicon, "--check-movegen"]) == 0
    capsys.readouterr()
    assert main(["selfplay", "--games", "0", "--lexicon", lexicon]) == 2


def test_playing_against_the_computer_in_the_terminal(scrabble):
    import io

    from wordboard.crossword.terminal import play

    moves = io.StringIO("help\nhint\nboard\nH8 ZZZ\n8H QIXX\npass\nswap " + "\n" * 3 + "quit\n")
    out = io.StringIO()
    assert play(scrabble, WORDS, DAWG, strength="best", name="Ann", seed=2, stdin=moves, stdout=out) == 0
    text = out.getvalue()
    assert "Ann against the computer (best)" in text
    assert "not allowed" in text or "cannot read" in text
    assert text.count("your rack:") >= 3
    # The end of input stops the game cleanly.
    out = io.StringIO()
    assert play(scrabble, WORDS, DAWG, strength="casual", name="Ann", seed=2, stdin=io.StringIO(""),
                stdout=out) == 0
    assert "end of input" in out.getvalue()


def test_hint_and_blank_refuse_what_cannot_be_on_the_table(lexicon, tmp_path, capsys):
    record = tmp_path / "g.gcg"
    record.write_text("#player1 Ann Ann\n#player2 Ben Ben\n>Ann: QUITXXX 8G QUIT +26 26\n")
    capsys.readouterr()
    for args, message in [
        (["hint", ""], "the rack is empty"),
        (["hint", "AEINRSTU"], "8 tiles, but a Scrabble rack holds 7"),
        (["hint", "QI", "--game", str(record)], "1 x Q, but only 0 are left"),
        (["hint", "???"], "3 x blank, but only 2"),
        (["hint", "AE", "--top", "0"], "--top must be at least 1"),
        (["blank", "8G", "", "--game", str(record)], "WORD is empty"),
        (["blank", "8G", "?", "--game", str(record)], "G8 already holds Q"),
        (["blank", "8G", ".", "--game", str(record)], "no ?"),
        (["blank", "8K", ".?", "--game", str(record)], "K8 is empty"),
        (["blank", "8A", "A?", "--game", str(record)], "must touch"),
        (["blank", "8A", "A?"], "centre"),
    ]:
        assert main([*args, "--lexicon", lexicon]) == 2, args
        captured = capsys.readouterr()
        err = captured.err.strip()
        assert message in err and "\n" not in err and "Traceback" not in err, (args, err)
    # A legal placement that no letter completes is an answer, not an error.
    assert main(["blank", "8K", "Q?", "--game", str(record), "--lexicon", lexicon]) == 1
    assert "no letter makes every word valid" in capsys.readouterr().out


def test_analysis_marks_a_play_the_word_list_lacks(lexicon, tmp_path, capsys):
    record = tmp_path / "g.gcg"
    record.write_text("#player1 Ann Ann\n#player2 Ben Ben\n>Ann: ACTXOIS 8G CAT +10 10\n"
                      ">Ben: ZZEEEEE H7 Z.Z +21 21\n")
    analysis = analyse_record(gcg.load(record), load_edition("scrabble"), DAWG, by="score")
    first, second = analysis.moves
    assert first.listed is True
    assert second.listed is False and second.best.score < second.score and second.missed == 0
    assert main(["analyse", str(record), "--lexicon", lexicon]) == 0
    out = capsys.readouterr().out
    assert "H7 Z.Z*" in out and "8G CAT*" not in out and "a word it lacks" in out
    assert main(["analyse", "--json", str(record), "--lexicon", lexicon]) == 0
    moves = json.loads(capsys.readouterr().out)["moves"]
    assert [m["listed"] for m in moves] == [True, False]


def test_the_terminal_game_checks_a_swap_and_says_what_happened(scrabble):
    import io

    from wordboard.crossword.terminal import play

    def session(lines):
        out = io.StringIO()
        assert play(scrabble, WORDS, DAWG, strength="casual", name="Ann", seed=4,
                    stdin=io.StringIO(lines), stdout=out) == 0
        return out.getvalue()

    text = session("help\nswap QQQQ\npass\nquit\n")
    assert "``" not in text
    assert "has no QQQQ to swap" in text or "has no QQQ to swap" in text or "has no Q" in text
    assert "you pass" in text
    # The same seed and the same input: the same game, move for move (each saved as a game of
    # its own in the journal, like a game on the board).
    import re

    from wordboard.journal import Journal, default_path

    first, second = session("pass\npass\npass\nquit\n"), session("pass\npass\npass\nquit\n")
    assert re.sub(r"game \d+", "game N", first) == re.sub(r"game \d+", "game N", second)
    with Journal(default_path()) as journal:
        games = journal.games()
        assert len(games) == 3 and games[-1].events >= 3 and games[-1].players == ("Ann", "Computer")
