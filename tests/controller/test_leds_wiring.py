"""The wiring map: a bijection for every configuration, known indices, line-precise errors."""

import itertools
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordboard.datafile import DataFile
from wordboard.errors import DataFileError
from wordboard.leds.config import default_config, default_config_text, load_led_config, parse_led_config
from wordboard.leds.wiring import CORNERS, ROTATIONS, RUNS, Panel, Wiring, WiringError

HARDWARE = Path(__file__).resolve().parents[2] / "hardware"


def assert_bijection(wiring: Wiring) -> None:
    indices = [wiring.index((r, c)) for r in range(wiring.rows) for c in range(wiring.cols)]
    assert len(set(indices)) == wiring.rows * wiring.cols
    assert all(0 <= i < wiring.length for i in indices)
    for r in range(wiring.rows):
        for c in range(wiring.cols):
            assert wiring.square(wiring.index((r, c))) == (r, c)
    skipped = [i for i in range(wiring.length) if wiring.square(i) is None]
    assert len(skipped) + len(indices) == wiring.length


def test_default_15x15_serpentine():
    w = default_config(15, 15).wiring
    assert w.length == 225
    assert [w.index((0, c)) for c in (0, 1, 14)] == [0, 1, 14]
    assert [w.index((1, c)) for c in (14, 13, 0)] == [15, 16, 29]
    assert w.index((14, 14)) == 224  # 15 rows: the last run goes left to right again
    assert_bijection(w)


def test_shipped_files_match_the_builtin_defaults():
    for size in (15, 11):
        shipped = load_led_config(HARDWARE / f"leds-{size}x{size}.conf")
        builtin = default_config(size, size)
        assert shipped.wiring.indices() == builtin.wiring.indices()
        assert shipped.strip == builtin.strip
        assert (HARDWARE / f"leds-{size}x{size}.conf").read_text() == default_config_text(size, size)


@pytest.mark.parametrize("rows,cols", [(1, 1), (1, 5), (4, 4), (3, 5), (5, 3), (15, 15), (11, 11)])
def test_every_single_panel_option_is_a_bijection(rows, cols):
    seen = set()
    for start, runs, serp, rot in itertools.product(CORNERS, RUNS, (True, False), ROTATIONS):
        prows, pcols = (cols, rows) if rot in (90, 270) else (rows, cols)
        w = Wiring(rows, cols, [Panel(prows, pcols, start=start, runs=runs, serpentine=serp, rotation=rot)])
        assert_bijection(w)
        seen.add(tuple(w.indices()))
    if rows > 2 and cols > 2:
        assert len(seen) == 16  # 8 corner/direction choices x serpentine or not, rotations coincide


def test_rotation_turns_the_panel_clockwise():
    # A 2 x 3 panel (LEDs 0 1 2 / 5 4 3) turned 90 degrees clockwise covers 3 rows x 2 columns.
    w = Wiring(3, 2, [Panel(2, 3, rotation=90)])
    assert [[w.index((r, c)) for c in range(2)] for r in range(3)] == [[5, 0], [4, 1], [3, 2]]


def test_non_serpentine_columns_from_bottom_right():
    w = Wiring(2, 2, [Panel(2, 2, start="bottom-right", runs="columns", serpentine=False)])
    assert w.index((1, 1)) == 0 and w.index((0, 1)) == 1 and w.index((1, 0)) == 2


@st.composite
def chained(draw):
    rows = draw(st.integers(1, 12))
    cols = draw(st.integers(1, 12))
    across = draw(st.booleans())
    total = rows if across else cols
    cuts = sorted(draw(st.sets(st.integers(1, total - 1), max_size=3))) if total > 1 else []
    bounds = [0, *cuts, total]
    panels = []
    for a, b in zip(bounds, bounds[1:]):
        h, w = (b - a, cols) if across else (rows, b - a)
        rot = draw(st.sampled_from(ROTATIONS))
        prows, pcols = (w, h) if rot in (90, 270) else (h, w)
        panels.append(Panel(prows, pcols, a if across else 0, 0 if across else a,
                            start=draw(st.sampled_from(CORNERS)), runs=draw(st.sampled_from(RUNS)),
                            serpentine=draw(st.booleans()), rotation=rot, skip=draw(st.integers(0, 3))))
    draw(st.randoms()).shuffle(panels)  # chain order is free
    return rows, cols, panels


@settings(max_examples=300, deadline=None)
@given(chained())
def test_any_chain_of_panels_is_a_bijection(config):
    rows, cols, panels = config
    w = Wiring(rows, cols, panels)
    assert_bijection(w)
    assert w.length == rows * cols + sum(p.skip for p in panels)


def test_overlap_gap_and_overflow_are_refused():
    with pytest.raises(WiringError, match="overlaps"):
        Wiring(2, 2, [Panel(2, 2), Panel(1, 1)])
    with pytest.raises(WiringError, match="have no LED: B2"):
        Wiring(2, 2, [Panel(1, 2), Panel(1, 1, 1, 0)])
    with pytest.raises(WiringError, match="runs off"):
        Wiring(2, 2, [Panel(2, 3)])


def parse(text):
    return parse_led_config(DataFile(text, "leds.conf"))


def test_errors_name_the_line():
    good = default_config_text(15, 15)
    bad = good.replace("rotation: 0", "rotation: 45")
    line = bad.splitlines().index("rotation: 45") + 1
    with pytest.raises(DataFileError) as err:
        parse(bad)
    assert err.value.line == line and "0, 90, 180 or 270" in str(err.value)
    with pytest.raises(DataFileError, match=r"leds.conf:\d+: supply: expected a current"):
        parse(good.replace("supply: 4 A", "supply: lots"))
    with pytest.raises(DataFileError, match="unknown key 'colour'"):
        parse(good.replace("skip: 0", "skip: 0\ncolour: red"))


def test_wiring_problems_point_at_the_panel_section():
    text = ("board: 4 x 4\n[panel a]\nsize: 4 x 2\n\n[panel b]\nsize: 4 x 2\nat: B1\n")
    with pytest.raises(DataFileError) as err:
        parse(text)
    assert err.value.line == 5 and "overlaps panel 1" in str(err.value)
    with pytest.raises(DataFileError, match=r"leds.conf:1: .*have no LED"):
        parse("board: 4 x 4\n[panel a]\nsize: 4 x 2\n")


def test_two_panels_side_by_side_from_a_file():
    text = ("board: 2 x 4\n[panel left]\nsize: 2 x 2\n\n[panel right]\nsize: 2 x 2\nat: C1\nskip: 1\n")
    w = parse(text).wiring
    assert w.length == 9
    assert [w.index((0, c)) for c in range(4)] == [0, 1, 5, 6]
    assert w.square(4) is None
