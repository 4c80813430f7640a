"""Property-based tests: dumps/parse round trip over generated records, and fuzzing parse()."""

from __future__ import annotations

import string

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordboard import gcg
from wordboard.errors import DataFileError

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

nicks = st.text(string.ascii_letters + string.digits + "_-.é", min_size=1, max_size=10).filter(
    lambda s: not s.startswith(("#", ">"))
)
tiles = st.text(string.ascii_uppercase + "?ÑÉ" + "ab", min_size=1, max_size=8)
racks = st.one_of(st.just(""), tiles)
words = st.text(string.ascii_letters + ".Ü", min_size=1, max_size=15)
positions = st.builds(
    gcg.Position,
    row=st.integers(0, gcg.MAX_ROWS - 1),
    col=st.integers(0, gcg.MAX_COLUMNS - 1),
    across=st.booleans(),
)
scores = st.integers(-999, 999)
totals = st.integers(-9999, 9999)
# One line of free text: no line breaks, no surrounding white space.
one_line = st.text(
    st.characters(blacklist_categories=("Cs",), blacklist_characters="\r\n"), max_size=30
).map(str.strip)
notes = st.lists(one_line, min_size=1, max_size=4).filter(lambda ls: len(ls) == 1 or ls[-1]).map(
    "\n".join
)
note_tuples = st.lists(notes, max_size=2).map(tuple)


def events_for(nick_choices):
    nick = st.sampled_from(nick_choices)
    common = dict(nick=nick, rack=racks, cumulative=totals, notes=note_tuples, trailing=one_line)
    exchange_tiles = tiles.map(lambda t: (t, len(t)))
    exchange_count = st.integers(1, 9).map(lambda n: (None, n))
    return st.one_of(
        st.builds(gcg.Play, position=positions, word=words, score=scores, **common),
        st.builds(gcg.Pass, score=st.just(0), **common),
        st.builds(
            lambda tc, **kw: gcg.Exchange(tiles=tc[0], count=tc[1], **kw),
            st.one_of(exchange_tiles, exchange_count),
            score=st.just(0),
            **common,
        ),
        st.builds(gcg.Withdrawn, score=scores, **common),
        st.builds(gcg.ChallengeBonus, score=scores, **common),
        st.builds(gcg.TimePenalty, score=scores, **common),
        st.builds(gcg.EndRackBonus, tiles=tiles, score=st.integers(0, 99), **common),
        st.builds(gcg.EndRackPenalty, tiles=tiles, score=st.integers(-99, 0), **common),
    )


pragma_names = st.sampled_from(["title", "description", "lexicon", "id", "tile-set", "incomplete", "x-custom"])
pragmas = st.lists(
    st.one_of(st.tuples(pragma_names, one_line), st.tuples(st.just("note"), notes)), max_size=4
)


@st.composite
def records(draw):
    player_nicks = draw(st.lists(nicks, min_size=2, max_size=4, unique=True))
    players = [gcg.Player(n, draw(one_line)) for n in player_nicks]
    events = draw(st.lists(events_for(player_nicks), max_size=12))
    racks_left = draw(st.dictionaries(st.sampled_from(player_nicks), st.one_of(st.just(""), tiles)))
    # Racks are written in seat order; compare as dicts anyway.
    return gcg.GameRecord(players=players, events=events, pragmas=draw(pragmas), final_racks=racks_left)


@SETTINGS
@given(records())
def test_dumps_then_parse_gives_the_same_record(record):
    text = gcg.dumps(record)
    assert text.startswith("#character-encoding UTF-8\n")
    again = gcg.parse(text, path="round.gcg")
    assert again.players == record.players
    assert again.events == record.events
    assert again.pragmas == record.pragmas
    assert again.final_racks == record.final_racks
    # Line numbers point at the event lines of the written text.
    lines = text.split("\n")
    for event in again.events:
        assert lines[event.line - 1].startswith(f">{event.nick}:")
    # Writing is stable.
    assert gcg.dumps(again) == text


@SETTINGS
@given(records(), st.sampled_from(["\n", "\r\n"]), st.booleans(), st.sampled_from(["", " ", "\t "]))
def test_line_ends_bom_and_trailing_white_space_do_not_matter(record, newline, bom, pad):
    text = gcg.dumps(record)
    lines = [line + pad if line.startswith((">", "#player")) else line for line in text.split("\n")]
    mangled = ("\ufeff" if bom else "") + newline.join(lines)
    again = gcg.parse(mangled)
    assert again.events == record.events
    assert again.players == record.players


@SETTINGS
@given(positions)
def test_positions_round_trip_in_any_case(position):
    text = gcg.format_position(position)
    assert gcg.parse_position(text) == position
    assert gcg.parse_position(text.lower()) == position


@SETTINGS
@given(st.text(max_size=6))
def test_parse_position_raises_only_value_error(text):
    try:
        position = gcg.parse_position(text)
    except ValueError:
        return
    assert gcg.parse_position(gcg.format_position(position)) == position


@SETTINGS
@given(st.text(max_size=300))
def test_parse_raises_only_data_file_error_on_arbitrary_text(text):
    try:
        gcg.parse(text, path="fuzz.gcg")
    except DataFileError as exc:
        assert str(exc).startswith("fuzz.gcg")


gcg_tokens = st.sampled_from(
    ["#player1", "#player2", "#player3", "#rack1", "#note", "#lexicon", "#", "#character-encoding",
     ">a:", ">b:", ">c:", ">:", "a", "b", "AB", "?", "8D", "d8", "0A", "Z99", "--", "-", "-3", "-?",
     "-0", "(challenge)", "(time)", "(AB)", "()", "+5", "-5", "12", "+99999999999", "x", "\n",
     "\r\n", "\r", " ", "\t", "\ufeff", "é", "."]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(gcg_tokens, max_size=40).map(" ".join))
def test_parse_raises_only_data_file_error_on_gcg_like_text(text):
    try:
        record = gcg.parse("#player1 a A\n#player2 b B\n" + text, path="fuzz.gcg")
    except DataFileError as exc:
        assert exc.line is None or exc.line >= 1
        return
    # Whatever parses must also write and read back to the same events.
    assert gcg.parse(gcg.dumps(record)).events == record.events
