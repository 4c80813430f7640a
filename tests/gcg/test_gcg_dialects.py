"""The GCG dialects real files use, each written out as a small literal record."""

from __future__ import annotations

import pytest

from wordboard import gcg
from wordboard.errors import DataFileError, UserError

HEADER = "#player1 Alice_B Alice Baker\n#player2 bob Bob\n"


def _parse(body: str, header: str = HEADER) -> gcg.GameRecord:
    return gcg.parse(header + body, path="game.gcg")


def _only_event(body: str):
    (event,) = _parse(body).events
    return event


# -- positions --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "token, position",
    [
        ("8D", gcg.Position(7, 3, True)),
        ("8d", gcg.Position(7, 3, True)),
        ("D8", gcg.Position(7, 3, False)),
        ("h2", gcg.Position(1, 7, False)),
        ("1A", gcg.Position(0, 0, True)),
        ("15O", gcg.Position(14, 14, True)),
        ("Z21", gcg.Position(20, 25, False)),  # 26 columns, 21 rows
        ("21z", gcg.Position(20, 25, True)),
    ],
)
def test_parse_position(token, position):
    assert gcg.parse_position(token) == position
    assert gcg.format_position(position) == token.upper()


@pytest.mark.parametrize("junk", ["", "8", "D", "0D", "D0", "8DD", "DD8", "8-D", "８D", "(8D)", " 8D", "1000A"])
def test_parse_position_rejects_junk(junk):
    with pytest.raises(ValueError):
        gcg.parse_position(junk)


def test_position_checks_its_range():
    with pytest.raises(ValueError):
        gcg.Position(0, 26, True)
    with pytest.raises(ValueError):
        gcg.Position(-1, 0, True)
    assert str(gcg.Position(7, 7, False)) == "H8"


# -- event shapes ----------------------------------------------------------------------------


def test_play_with_dots_and_blank():
    event = _only_event(">Alice_B: ?BCHRUY N1 BRUnCH..Y +115 392\n")
    assert event == gcg.Play("Alice_B", "?BCHRUY", gcg.Position(0, 13, False), "BRUnCH..Y", 115, 392)
    assert event.line == 3


def test_play_with_played_through_tiles_spelled_out_and_lower_case_coordinate():
    event = _only_event(">bob: CEIIJNT 11g JAICE +28 28\n")
    assert event.word == "JAICE"
    assert event.position == gcg.Position(10, 6, True)


def test_cross_words_after_the_total_are_kept_as_trailing_text():
    text = HEADER + ">Alice_B: ADEQRTU 9H QAT +32 100 QI, AT  (crosswords)\n"
    (event,) = gcg.parse(text).events
    assert (event.word, event.score, event.cumulative) == ("QAT", 32, 100)
    assert event.trailing == "QI, AT  (crosswords)"
    assert gcg.parse(gcg.dumps(gcg.parse(text))).events == [event]


def test_pass_and_exchanges():
    record = _parse(
        ">Alice_B: GROUU - +0 0\n"
        ">bob: IIIU -4 +0 0\n"
        ">Alice_B: ?AEIRST -? +0 0\n"
        ">bob: AEIIIOU -IIIO +0 0\n"
    )
    assert record.events == [
        gcg.Pass("Alice_B", "GROUU", 0, 0),
        gcg.Exchange("bob", "IIIU", None, 4, 0, 0),
        gcg.Exchange("Alice_B", "?AEIRST", "?", 1, 0, 0),
        gcg.Exchange("bob", "AEIIIOU", "IIIO", 4, 0, 0),
    ]


def test_withdrawn_phony_challenge_bonus_and_time_penalty():
    record = _parse(
        ">Alice_B: AEEGTTV 8D VETTAGE +80 80\n"
        ">Alice_B: AEEGTTV --  -80 0\n"
        ">bob: DEEORVX H8 VEXED +40 40\n"
        ">bob: DEEORVX (challenge) +5 45\n"
        ">Alice_B: AEEGTTV (time) -10 -10\n"
    )
    kinds = [type(e) for e in record.events]
    assert kinds == [gcg.Play, gcg.Withdrawn, gcg.Play, gcg.ChallengeBonus, gcg.TimePenalty]
    assert record.events[1] == gcg.Withdrawn("Alice_B", "AEEGTTV", -80, 0)
    assert record.events[3] == gcg.ChallengeBonus("bob", "DEEORVX", 5, 45)
    assert record.events[4] == gcg.TimePenalty("Alice_B", "AEEGTTV", -10, -10)


@pytest.mark.parametrize(
    "line, expected",
    [
        (">bob:  (IQ) +22 491", gcg.EndRackBonus("bob", "", "IQ", 22, 491)),
        (">bob: (IQ) +22 491", gcg.EndRackBonus("bob", "", "IQ", 22, 491)),
        (">bob: ANO (IQ) +22 491", gcg.EndRackBonus("bob", "ANO", "IQ", 22, 491)),
        (">bob: EIOQRRT (EIOQRRT) -16 -16", gcg.EndRackPenalty("bob", "EIOQRRT", "EIOQRRT", -16, -16)),
        (">bob: ?? (??) -0 300", gcg.EndRackPenalty("bob", "??", "??", 0, 300)),
        (">bob: (??) +0 300", gcg.EndRackBonus("bob", "", "??", 0, 300)),
    ],
)
def test_end_of_game_rack_lines(line, expected):
    event = _only_event(line + "\n")
    assert event == expected
    assert gcg.parse(gcg.dumps(_parse(line))).events == [expected]


def test_scores_without_plus_sign_and_negative_totals():
    event = _only_event(">bob: AB 8G AB 8 -3\n")
    assert (event.score, event.cumulative) == (8, -3)


# -- notes, pragmas, players, racks --------------------------------------------------------


def test_notes_continue_on_following_lines():
    record = _parse(
        "#note Before the game.\n"
        ">Alice_B: AB 8G AB +8 8\n"
        "#note First line\n"
        "second line\n"
        "\n"
        "  after a blank line  \n"
        "\n"
        "#note Another note\n"
        ">bob: CD 9G CD +9 9\n"
    )
    assert record.pragmas == [("note", "Before the game.")]
    first, second = record.events
    assert first.notes == ("First line\nsecond line\n\nafter a blank line", "Another note")
    assert second.notes == ()
    again = gcg.parse(gcg.dumps(record))
    assert again.events == record.events and again.pragmas == record.pragmas


def test_note_continuation_looking_like_an_event_is_protected_on_write():
    event = gcg.Play("bob", "", gcg.Position(7, 7, True), "AB", 8, 8, notes=("see\n>this\n#that",))
    record = gcg.GameRecord(players=[gcg.Player("bob")], events=[event])
    text = gcg.dumps(record)
    assert "\n >this\n #that\n" in text
    assert gcg.parse(text).events == [event]


def test_unknown_pragmas_are_kept_in_order():
    record = _parse(
        "#lexicon CSW21\n#tile-set english\n#incomplete\n#id io.woogles  AbC123\n>bob: AB 8G AB +8 8\n#game-type classic\n",
        header="#title Club night\n" + HEADER,
    )
    assert record.pragmas == [
        ("title", "Club night"),
        ("lexicon", "CSW21"),
        ("tile-set", "english"),
        ("incomplete", ""),
        ("id", "io.woogles  AbC123"),
        ("game-type", "classic"),
    ]
    again = gcg.parse(gcg.dumps(record))
    assert again.pragmas == record.pragmas


def test_final_rack_trailers():
    record = _parse(">bob: AB 8G AB +8 8\n#rack1 EIQ\n#rack2 ?DR\n")
    assert record.final_racks == {"Alice_B": "EIQ", "bob": "?DR"}
    assert gcg.parse(gcg.dumps(record)).final_racks == record.final_racks


def test_players_three_and_four_are_an_extension():
    header = HEADER + "#player3 carol Carol Chan\n#player4 dan\n"
    record = _parse(">carol: AB 8G AB +8 8\n>dan: CD 9G CD +9 9\n#rack4 X\n", header=header)
    assert record.players[2:] == [gcg.Player("carol", "Carol Chan"), gcg.Player("dan", "")]
    assert record.final_racks == {"dan": "X"}
    text = gcg.dumps(record)
    assert "#player3 carol Carol Chan\n#player4 dan\n" in text
    again = gcg.parse(text)
    assert again.players == record.players and again.events == record.events


# -- text encodings and line ends ------------------------------------------------------------

UTF8_RECORD = (
    "#character-encoding UTF-8\n"
    "#player1 José José Núñez\n"
    "#player2 Zoë Zoë\n"
    ">José: ÑANDÚS 8D ÑANDÚ +20 20   \n"
    "#note ¡Olé!\n"
)


def test_utf8_crlf_bom_trailing_white_space():
    plain = gcg.parse(UTF8_RECORD)
    crlf = gcg.parse("\ufeff" + UTF8_RECORD.replace("\n", "\r\n"))
    assert crlf.players == plain.players == [gcg.Player("José", "José Núñez"), gcg.Player("Zoë", "Zoë")]
    assert crlf.events == plain.events
    assert plain.events[0].word == "ÑANDÚ" and plain.events[0].notes == ("¡Olé!",)
    assert plain.events[0].line == crlf.events[0].line == 4


def test_load_reads_bytes_with_bom_crlf(tmp_path):
    path = tmp_path / "game.gcg"
    path.write_bytes(b"\xef\xbb\xbf" + UTF8_RECORD.replace("\n", "\r\n").encode("utf-8"))
    record = gcg.load(path)
    assert record.path == str(path)
    assert record.events[0].word == "ÑANDÚ"


def test_load_without_encoding_pragma_falls_back_to_latin1(tmp_path):
    path = tmp_path / "old.gcg"
    path.write_bytes("#player1 José José\n>José: AB 8G AB +8 8\n".encode("iso-8859-1"))
    assert gcg.load(path).players == [gcg.Player("José", "José")]


def test_load_declared_utf8_with_bad_bytes_names_the_line(tmp_path):
    path = tmp_path / "bad.gcg"
    path.write_bytes(b"#character-encoding UTF-8\n#player1 a A\n>a: AB 8G A\xe9 +8 8\n")
    with pytest.raises(DataFileError) as caught:
        gcg.load(path)
    assert caught.value.line == 3
    assert str(caught.value).startswith(f"{path}:3: ")


def test_load_unknown_encoding(tmp_path):
    path = tmp_path / "odd.gcg"
    path.write_bytes(b"#character-encoding KLINGON-8\n#player1 a A\n")
    with pytest.raises(DataFileError, match=r":1: unknown character encoding"):
        gcg.load(path)


def test_load_missing_file_is_a_user_error(tmp_path):
    with pytest.raises(UserError, match="no such game record"):
        gcg.load(tmp_path / "nope.gcg")
    with pytest.raises(UserError, match="a folder, not a file"):
        gcg.load(tmp_path)


# -- errors ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "body, line, problem",
    [
        (">bob: ABC 8 ABC +5 5\n", 3, "'8' is not a move"),
        (">bob: ABC ZZ9 ABC +5 5\n", 3, "'ZZ9' is not a move"),
        (">bob: ABC XYZ +5 5\n", 3, "'XYZ' is not a move"),
        (">bob: ABC 8D A-C +5 5\n", 3, "word 'A-C'"),
        (">bob: ABC 8D ABC +5\n", 3, "missing the running total"),
        (">bob: ABC 8D ABC five 5\n", 3, "score 'five' is not a number"),
        (">bob: ABC 8D\n", 3, "missing the word played at 8D"),
        (">bob:\n", 3, "empty"),
        (">bob ABC 8D ABC +5 5\n", 3, "starts with >NICK:"),
        (">carol: AB 8G AB +8 8\n", 3, "player 'carol' is not declared"),
        (">bob: AB -0 +0 0\n", 3, "count must be at least 1"),
        (">bob: AB 8G AB +8 8\nstray words\n", 4, "continuation of a #note"),
        ("#player2 carol Carol\n", 3, "#player2 given twice"),
        ("#player3 bob Bob\n", 3, "already taken"),
        ("#player5 eve Eve\n", 3, "numbered 1 to 4"),
        ("#player3\n", 3, "needs a nick"),
        ("#rack1 A B\n", 3, "letters and ? only"),
        ("#rack3 AB\n", 3, "no #player3"),
        ("# hello\n", 3, "pragma name"),
        ("#character-encoding UTF-8\n", 3, "must be the first line"),
        (">bob: AB 8G AB +8 1234567890123\n", 3, "too large"),
    ],
)
def test_malformed_lines_name_the_line(body, line, problem):
    with pytest.raises(DataFileError) as caught:
        _parse(body)
    assert caught.value.line == line
    assert caught.value.path == "game.gcg"
    assert problem in caught.value.problem


def test_player_numbers_must_start_at_one():
    with pytest.raises(DataFileError, match="#player1 is missing"):
        gcg.parse("#player2 bob Bob\n", path="g.gcg")


def test_no_players_is_not_a_game_record():
    with pytest.raises(DataFileError, match="no #player lines"):
        gcg.parse("\n\n", path="g.gcg")


# -- writing ---------------------------------------------------------------------------------


def test_dumps_writes_standard_gcg():
    record = gcg.GameRecord(
        players=[gcg.Player("Alice_B", "Alice Baker"), gcg.Player("bob", "Bob")],
        events=[
            gcg.Play("Alice_B", "DEMJNOT", gcg.Position(7, 3, True), "JETON", 40, 40, notes=("nice",)),
            gcg.Exchange("bob", "IIIUUVW", "IIIUU", 5, 0, 0),
            gcg.Play("Alice_B", "ADEMQ", gcg.Position(3, 7, False), "Q.ADEM", 30, 70),
            gcg.Withdrawn("Alice_B", "ADEMQ", -30, 40),
            gcg.Pass("bob", "", 0, 0),
            gcg.EndRackBonus("Alice_B", "", "?W", 8, 48),
            gcg.EndRackPenalty("bob", "?W", "?W", -4, -4),
        ],
        pragmas=[("lexicon", "NWL23")],
        final_racks={"bob": "?W"},
    )
    assert gcg.dumps(record) == (
        "#character-encoding UTF-8\n"
        "#player1 Alice_B Alice Baker\n"
        "#player2 bob Bob\n"
        "#lexicon NWL23\n"
        ">Alice_B: DEMJNOT 8D JETON +40 40\n"
        "#note nice\n"
        ">bob: IIIUUVW -IIIUU +0 0\n"
        ">Alice_B: ADEMQ H4 Q.ADEM +30 70\n"
        ">Alice_B: ADEMQ -- -30 40\n"
        ">bob: - +0 0\n"
        ">Alice_B: (?W) +8 48\n"
        ">bob: ?W (?W) -4 -4\n"
        "#rack2 ?W\n"
    )
    again = gcg.parse(gcg.dumps(record))
    assert again.events == record.events and again.final_racks == record.final_racks


@pytest.mark.parametrize(
    "record",
    [
        gcg.GameRecord(players=[gcg.Player("a")], events=[gcg.Pass("b", "", 0, 0)]),
        gcg.GameRecord(players=[gcg.Player("a")], final_racks={"b": "X"}),
        gcg.GameRecord(players=[gcg.Player("a")], pragmas=[("player2", "b")]),
        gcg.GameRecord(players=[gcg.Player("a")], pragmas=[("title", "two\nlines")]),
        gcg.GameRecord(players=[gcg.Player(n) for n in "abcde"]),
    ],
)
def test_dumps_refuses_what_gcg_cannot_say(record):
    with pytest.raises(ValueError):
        gcg.dumps(record)


def test_events_refuse_bad_fields():
    with pytest.raises(ValueError):
        gcg.Exchange("a", "", "AB", 3, 0, 0)
    with pytest.raises(ValueError):
        gcg.EndRackPenalty("a", "", "Q", 10, 10)
    with pytest.raises(ValueError):
        gcg.Play("a b", "", gcg.Position(0, 0, True), "AB", 1, 1)
    with pytest.raises(ValueError):
        gcg.Play("a", "", gcg.Position(0, 0, True), "A B", 1, 1)
