"""The twin's camera over written letters, and how the written-letter sensor votes readings."""

import numpy as np

from wordboard.camera.worker import board_reader
from wordboard.controller.twin import TwinCamera
from wordboard.controller.written import WrittenLetters
from wordboard.sensor.events import Lifted, Placed


def test_the_twin_camera_shows_letters_the_reader_reads_and_a_rewrite_looks_different():
    cam = TwinCamera(11, 11, seed=3, handwritten=True)
    reader = board_reader(cam, 11, 11, handwritten=True)
    for _ in range(2):
        reader.update(cam.read())
    word = {(4, 3 + i): (bytes([1, i]), ch) for i, ch in enumerate("HOUSE")}
    cam.show(word)
    for _ in range(3):
        reading = reader.update(cam.read())
    read = "".join(reading.squares[4][3 + i].symbol for i in range(5))
    assert sum(a == b for a, b in zip(read, "HOUSE")) >= 4
    first = cam.read()
    cam.show({**word, (4, 3): (b"again", "H")})       # H rubbed out and written again
    assert np.abs(cam.read().astype(int) - first.astype(int)).mean() > 0


class Script:
    """Eyes that report a scripted series of readings."""

    def __init__(self, readings):
        self.readings = list(readings)

    def changed(self):
        return False      # the test scans by hand

    def read(self):
        return self.readings.pop(0) if self.readings else None


def events(sensor):
    out = []
    while (e := sensor.next_event()) is not None:
        out.append(e)
    return out


def test_one_noisy_reading_is_no_event_and_a_letter_changes_only_when_it_holds():
    a = {(1, 1): ("A", 0.9)}
    b = {(1, 1): ("B", 0.9)}
    sensor = WrittenLetters(Script([{}, a, a, {}, a, b, a, b, b, b, {}, {}]), threaded=False, steady=2)
    for _ in range(3):
        sensor._scan()
    assert [type(e) for e in events(sensor)] == [Placed]          # A, seen twice
    sensor._scan()                                                # one reading without it
    sensor._scan()
    sensor._scan()                                                # one reading of B
    sensor._scan()
    assert events(sensor) == [] and sensor.seen == {(1, 1): "A"}
    for _ in range(3):
        sensor._scan()                                            # B three times: rewritten
    assert sensor.seen == {(1, 1): "B"} and [type(e) for e in events(sensor)] == [Placed]
    sensor._scan()
    sensor._scan()                                                # rubbed out
    assert [type(e) for e in events(sensor)] == [Lifted]


SLOT = frozenset((r, c) for r in range(3) for c in range(2))      # a Dexikon card slot, 2 x 3


def _card(squares):
    return {square: ("?", 0.9) for square in squares}


def test_a_card_covers_its_slot_whole_by_most_of_its_squares():
    """The camera alone reads each square; a card covers its slot whole. Four of six squares seen
    covered are the card on all six, two are no card (a misread at the slot's edge), and half and
    half is as it was."""
    most = _card(sorted(SLOT)[:4])
    few = _card(sorted(SLOT)[:2])
    half = _card(sorted(SLOT)[:3])
    sensor = WrittenLetters(Script([few, half, most, half, few, {}]), threaded=False, tiles=True, blocks=[SLOT])
    sensor._scan()
    assert sensor.seen == {}
    sensor._scan()
    assert sensor.seen == {}                                         # half: still none
    sensor._scan()
    assert set(sensor.seen) == SLOT and len(events(sensor)) == 6
    sensor._scan()
    assert set(sensor.seen) == SLOT                                  # half: still the card
    sensor._scan()
    assert sensor.seen == {} and {type(e) for e in events(sensor)} == {Lifted}


def test_a_card_laid_again_where_one_lay_is_another_card_to_the_camera():
    """Two cards of a kind look the same: the card laid after the slot was seen empty has other
    tags, so the board does not take it for the card lifted."""
    card = _card(SLOT)
    sensor = WrittenLetters(Script([card, {}, card]), threaded=False, tiles=True, blocks=[SLOT])
    sensor._scan()
    first = {e.square: e.tag.uid for e in events(sensor)}
    sensor._scan()
    sensor._scan()
    second = {e.square: e.tag.uid for e in events(sensor) if isinstance(e, Placed)}
    assert set(first) == set(second) and all(first[s] != second[s] for s in first)
