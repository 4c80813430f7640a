"""Every crossword game a table journals rebuilds, whatever happened in it (issue 38).

One game is journalled with every kind of event the crossword table journals: plays, exchanges
(by count and by tiles), passes, challenges that stand and challenges that take a phony off under
each challenge rule, a house ruling, the game clock's times with overtime, a score corrected by
hand, an undo, the camera's corrections, a blank's letter and a note, and the leftover racks at
the end. It is then rebuilt through every path that rebuilds a game (``games show``, ``games
export`` as GCG and JSON, ``games resume``, the session's resume after a power cut, the game
night organiser's replay), after its word list has changed, with the same scores and result.
Journals written before a challenge's judgement was kept still rebuild: judged by the word list
the game names, else by what the rest of the journal and its result say.
"""

from __future__ import annotations

import json

import pytest

from wordboard.cli import main
from wordboard.crossword import Exchange, Pass
from wordboard.crossword.game import Leftovers
from wordboard.journal import Journal, JournaledGame, codec_for, rebuild

RULES = ("single", "double", "five-point", "ten-point")
WORDS = ["CAT", "CATS", "AT", "TA", "ACT", "TACT"]

#: the kinds of event the game below journals (checked against what it journalled)
KINDS = {"play", "exchange count", "exchange tiles", "pass", "challenge stands", "challenge phony",
         "house_words", "clock", "score_edit", "undo", "correction", "blank", "note", "leftovers"}


def kind_of(event_type: str, data: dict) -> str:
    if event_type == "move":
        if "challenge" in data:
            return "challenge phony" if data.get("phonies") else "challenge stands"
        if "exchange" in data:
            return "exchange count" if isinstance(data["exchange"], int) else "exchange tiles"
        return next(k for k in ("play", "pass", "leftovers") if k in data)
    return next(iter(data))


def journal_a_game(path, words_file, rule: str, *, finish: bool = True) -> tuple[int, dict]:
    """Journal the game as the table does (each move checked, journalled, then applied); returns
    its id and what the live game said: scores, result, the history as text."""
    from wordboard.commands.common import open_lexicon

    options = {"lexicon": str(words_file), "racks": "physical", "challenge": rule, "first_player": 0,
               "clock": {"seconds": 60, "increment": 0, "penalty": 10}}
    with Journal(path) as journal:
        jgame = JournaledGame.start(journal, "lexulous", "scrabble", ["Ann", "Ben"], seed=7, options=options)
        game = jgame.game
        game.dictionary = open_lexicon(str(words_file), progress=False)       # as the table's adapter does
        decide = jgame.record

        def challenge() -> None:
            jgame.play(game.judge(game.current))                             # the player to move challenges

        decide("decision", {"clock": {"used_ms": [0, 0], "running": 0}})
        jgame.play(game.parse_move("8G CAT"))
        challenge()                                                          # stands
        decide("decision", {"blank": {"square": "G9", "uid": None, "value": "Z"}})   # a question answered
        jgame.play(game.parse_move("G8 .ZAX"))                               # CZAX: no word in the list
        challenge()                                                          # taken off
        decide("decision", {"correction": {"square": "G9", "value": "."}})   # the camera told: empty
        decide("decision", {"house_words": ["CZAX"]})                        # the table accepts it
        jgame.play(game.parse_move("G8 .ZAX"))
        challenge()                                                          # stands now
        decide("decision", {"clock": {"used_ms": [30000, 20000], "running": game.current}})
        jgame.play(Exchange(count=3))
        jgame.play(Exchange("QV"))
        decide("decision", {"note": "tea spilt on the bag"})
        jgame.play(Pass())
        decide("decision", {"undo": "undo button"})
        decide("decision", {"score_edit": {"player": 1, "delta": -3, "by": "screen"}})
        decide("decision", {"clock": {"used_ms": [61000, 20000], "running": game.current}})  # Ann over
        for _ in range(4 if finish else 2):
            jgame.play(Pass())
        if finish:
            assert game.waiting_for_leftovers
            unseen = game.unseen_tiles()
            jgame.play(Leftovers((unseen[:7], unseen[7:14])))
        live = {"scores": list(game.scores), "result": codec_for("lexulous").result(game),
                "history": [str(t.move) for t in game.history], "board": game.board.render()}
        kinds = {kind_of(e.type, e.data) for e in journal.events(jgame.id)}
        return jgame.id, {**live, "kinds": kinds}


@pytest.fixture
def words_file(tmp_path):
    path = tmp_path / "club.txt"
    path.write_text("\n".join(WORDS) + "\n")
    return path


def rebuilt(path, game_id: int) -> dict:
    with Journal(path) as journal:
        info, game = rebuild(journal, game_id)
        return {"scores": list(game.scores), "result": codec_for(info.kind).result(game),
                "history": [str(t.move) for t in game.history], "board": game.board.render()}


def same(live: dict, other: dict) -> bool:
    return all(live[k] == other[k] for k in ("scores", "result", "history", "board"))


@pytest.mark.parametrize("rule", RULES)
def test_a_game_with_every_kind_of_event_rebuilds_through_every_path(tmp_path, words_file, rule, capsys):
    path = tmp_path / "journal.sqlite3"
    game_id, live = journal_a_game(path, words_file, rule)
    assert live["kinds"] == KINDS
    assert live["result"]["time_penalties"] == [10, 0] and live["result"]["score_edits"] == {"1": -3}
    words_file.write_text("DOG\n")                     # the word list changed since: nothing is judged again
    from wordboard.controller import boardgames

    boardgames._dictionaries.clear()
    assert same(live, rebuilt(path, game_id))

    args = ["games", "--journal", str(path)]
    capsys.readouterr()
    assert main(args + ["show", str(game_id)]) == 0
    shown = capsys.readouterr().out
    final = live["result"]["final"]
    assert f"the game is over (scoreless-turns): Ann {final[0]}, Ben {final[1]}" in shown
    assert main(args + ["resume", str(game_id)]) == 0
    assert f"Ann {final[0]}, Ben {final[1]}" in capsys.readouterr().out
    assert main(args + ["export", str(game_id)]) == 0
    record = capsys.readouterr().out
    assert ">Ann: " in record and record.count("(challenge)") == (2 if rule in ("five-point", "ten-point") else 0)
    assert main(args + ["export", str(game_id), "--format", "json"]) == 0
    exported = json.loads(capsys.readouterr().out)
    assert exported["result"]["final"] == final

    from wordboard.night.games import final_scores
    from wordboard.night.store import rebuild_game

    info = {k: exported[k] for k in ("kind", "edition", "players", "seed", "options", "started")}
    game_info, _, engine = rebuild_game(info, [(e["seq"], e["type"], e["data"]) for e in exported["events"]])
    assert final_scores(game_info, engine) == final


def test_an_unfinished_game_with_every_kind_of_event_resumes_on_the_board(tmp_path, words_file):
    """After a power cut the board carries on the same game: the session rebuilds it."""
    from wordboard.controller.session import SessionConfig, open_session

    path = tmp_path / "journal.sqlite3"
    game_id, live = journal_a_game(path, words_file, "double", finish=False)
    lines: list[str] = []
    config = SessionConfig(hardware="direct", camera="none", journal=path, resume="yes", show_leds=False,
                           out=lines.append)
    with open_session(config) as s:
        assert s.jgame.id == game_id and not s.adapter.over
        assert list(s.adapter.game.scores) == live["scores"]
        assert [str(t.move) for t in s.adapter.game.history] == live["history"]
        assert s.adapter.game.house_words == {"CZAX"}


def strip_judgements(path, game_id: int) -> None:
    """The journal as it was written before challenges kept their judgement."""
    import sqlite3

    db = sqlite3.connect(path)
    with db:
        for seq, data in db.execute("SELECT seq, data FROM events WHERE game=?", (game_id,)).fetchall():
            value = json.loads(data)
            if "challenge" in value:
                value.pop("phonies")
                db.execute("UPDATE events SET data=? WHERE game=? AND seq=?",
                           (json.dumps(value, sort_keys=True, separators=(",", ":")), game_id, seq))
    db.close()


@pytest.mark.parametrize("rule", ["double", "five-point"])
def test_an_old_journal_without_judgements_still_rebuilds(tmp_path, words_file, rule):
    """Judged by the word list the game's options name; with the list gone, by what the rest of
    the journal and its result say; with the list changed so that it would judge otherwise, the
    journal's result still wins."""
    from wordboard.controller import boardgames

    path = tmp_path / "journal.sqlite3"
    game_id, live = journal_a_game(path, words_file, rule)
    strip_judgements(path, game_id)
    with Journal(path) as journal:
        assert all("phonies" not in e.data for e in journal.events(game_id))
    assert same(live, rebuilt(path, game_id))                      # the list the game names
    words_file.unlink()
    boardgames._dictionaries.clear()
    assert same(live, rebuilt(path, game_id))                      # no list: the journal decides
    words_file.write_text("\n".join(WORDS + ["CZAX"]) + "\n")     # CZAX a word now: judged otherwise
    boardgames._dictionaries.clear()
    assert same(live, rebuilt(path, game_id))


def test_a_live_challenge_is_journalled_with_its_judgement(tmp_path, words_file):
    from wordboard.errors import UserError

    with Journal(tmp_path / "j.sqlite3") as journal:
        jgame = JournaledGame.start(journal, "lexulous", "scrabble", ["Ann", "Ben"], seed=7,
                                    options={"racks": "physical", "challenge": "single", "first_player": 0})
        jgame.play(jgame.game.parse_move("8G CAT"))
        with pytest.raises(UserError, match="judgement"):
            jgame.record("move", {"challenge": 1})


def test_a_game_ended_on_the_screen_rebuilds(tmp_path, words_file, capsys):
    """The screen's 'end the game' is journalled as a decision and the game marked finished with
    no scores: it rebuilds as it stood, through every path."""
    path = tmp_path / "journal.sqlite3"
    game_id, live = journal_a_game(path, words_file, "five-point", finish=False)
    with Journal(path) as journal:
        jgame = JournaledGame(journal, game_id)
        jgame.record("decision", {"end": "ended on the screen"})
        journal.finish(game_id, {"reason": "ended on the screen"})
    assert same(live, {**rebuilt(path, game_id), "result": None})
    args = ["games", "--journal", str(path)]
    for action in ("show", "resume", "export"):
        assert main(args + [action, str(game_id)]) == 0
    out = capsys.readouterr().out
    assert "ended on the screen" in out and f"Ann {live['scores'][0]}" in out
