"""The board's speech played by the page: the service makes WAV clips with espeak-ng (it has no
sound of its own on Raspberry Pi OS: a system user has no PipeWire session), the pages whose
sound is on get ``say`` events and fetch ``/speech/<id>.wav``; the Pi's own audio device stays
quiet while a page on the Pi's display plays them (nothing is said twice).

* espeak-ng's WAV in memory: a whole RIFF file (real sizes in its header) that says something;
* the clip cache: ids that hash the text, the voice and the speed, bounded memory;
* where each thing said goes (:class:`wordboard.screen.bridge.Speech`);
* ``GET /speech/<id>.wav`` on the real server, and the ``audio`` message over the WebSocket with
  the real bridge and controller (``rig.py``);
* in headless Chromium: the kiosk page (``?kiosk=1``, ``--autoplay-policy=no-user-gesture-
  required`` as the kiosk unit starts it) plays the clue card's clip and a tapped letter's; a
  browser that refuses to play without a tap shows it, the Pi's device speaks meanwhile, and the
  next tap plays again; a phone's page plays nothing until its sound is turned on.

The attacks on the endpoint are in ``test_screen_attacks.py``.
"""

from __future__ import annotations

import io
import json
import shutil
import struct
import time
import urllib.error
import urllib.request
import wave
from array import array
from types import SimpleNamespace

import pytest

from tests.screen.support import CHROMIUM, PIN, WAIT_MS, launch_browser, wait_until
from wordboard.screen.bridge import Speech
from wordboard.screen.clips import ID, MAX_TEXT, ClipCache
from wordboard.screen.hub import Listeners, ScreenHub
from wordboard.speech import EspeakSpeaker, SilentSpeaker, fix_wav_sizes, spelled

ESPEAK = shutil.which("espeak-ng")
needs_espeak = pytest.mark.skipif(ESPEAK is None, reason="espeak-ng is not installed (Debian package espeak-ng)")
AUTOPLAY = "--autoplay-policy=no-user-gesture-required"
#: a browser's own policy, said outright
NO_AUTOPLAY = "--autoplay-policy=user-gesture-required"

#: a clip is made (espeak-ng) and played (Chromium) in a second or two; a loaded CI machine is slower
CLIP_SECONDS = 60.0


def samples(wav: bytes) -> array:
    with wave.open(io.BytesIO(wav)) as w:
        assert (w.getnchannels(), w.getsampwidth()) == (1, 2)
        frames = w.readframes(w.getnframes())
    assert len(frames) % 2 == 0
    return array("h", frames)


def check_spoken(wav: bytes, seconds=(0.3, 15.0)) -> None:
    """A whole WAV (its header's sizes are the real ones) with speech in it, not silence."""
    assert wav[:4] == b"RIFF" and wav[8:12] == b"WAVE"
    assert struct.unpack_from("<I", wav, 4)[0] == len(wav) - 8
    with wave.open(io.BytesIO(wav)) as w:
        rate, frames = w.getframerate(), w.getnframes()
    assert rate >= 8000 and seconds[0] < frames / rate < seconds[1]
    pcm = samples(wav)
    assert len(pcm) == frames
    assert max(abs(v) for v in pcm) > 3000                                # loud enough to hear
    loud = sum(1 for v in pcm if abs(v) > 500)
    assert loud > 0.15 * len(pcm)                                          # speech, not a click


# -- espeak-ng's WAV in memory ------------------------------------------------------------------------

@needs_espeak
def test_espeak_makes_a_whole_wav_in_memory_that_says_the_text():
    speaker = EspeakSpeaker()
    wav = speaker.wav_bytes("Apple. " + spelled("apple"))
    check_spoken(wav, (1.0, 10.0))
    letter = speaker.wav_bytes(spelled("L"))
    check_spoken(letter, (0.2, 3.0))
    assert len(letter) < len(wav)
    assert speaker.wav_bytes("  ") is None                                 # nothing to say


def test_no_wav_without_espeak_and_a_failing_espeak_gives_none():
    assert SilentSpeaker().wav_bytes("Apple") is None
    failing = shutil.which("false")
    assert EspeakSpeaker(binary=failing).wav_bytes("Apple") is None


def test_the_header_of_a_wav_written_to_a_pipe_gets_its_real_sizes():
    pcm = array("h", [0, 1000, -1000, 0] * 50).tobytes()
    fmt = struct.pack("<HHIIHH", 1, 1, 22050, 44100, 2, 16)
    listed = b"LIST" + struct.pack("<I", 5) + b"INFOx" + b"\0"              # an odd-sized chunk first
    streamed = (b"RIFF" + struct.pack("<I", 0x7FFFF024) + b"WAVE" + b"fmt " + struct.pack("<I", 16) + fmt
                + listed + b"data" + struct.pack("<I", 0x7FFFF000) + pcm)
    fixed = fix_wav_sizes(streamed)
    assert struct.unpack_from("<I", fixed, 4)[0] == len(fixed) - 8
    assert samples(fixed).tobytes() == pcm
    assert fix_wav_sizes(b"not a wav at all") is None and fix_wav_sizes(b"RIFF\0\0\0\0WAVE") is None


# -- the clip cache ---------------------------------------------------------------------------------

def test_a_clip_id_is_a_hash_of_the_text_the_voice_and_the_speed():
    cache = ClipCache()
    apple = cache.key("Apple.", "en", 140)
    assert ID.match(apple) and apple == cache.key("Apple.", "en", 140)
    others = {cache.key("Apple!", "en", 140), cache.key("Apple.", "en-us", 140), cache.key("Apple.", "en", 175),
              cache.key("Apple.", "en1", 40), cache.key("en140Apple.")}
    assert len(others | {apple}) == 6                                      # each part counts, unambiguously
    assert ClipCache().key("Apple.", "en", 140) != apple                   # salted: not guessable from the text
    assert ClipCache(salt=b"s").key("Apple.", "en", 140) == ClipCache(salt=b"s").key("Apple.", "en", 140)


def test_the_clip_cache_is_bounded_and_keeps_the_clips_used_last():
    cache = ClipCache(max_bytes=1000, max_clip=400)
    made = []

    def make(text):
        made.append(text)
        return b"w" * 300

    first, second, third = (cache.clip(f"word {n}", make) for n in range(3))
    assert made == ["word 0", "word 1", "word 2"] and cache.size == 900
    assert cache.clip("word 0", make) == first and len(made) == 3           # said again: from the cache
    fourth = cache.clip("word 3", make)                                    # 1200 bytes: the oldest unused goes
    assert cache.get(second) is None
    assert all(cache.get(i) == b"w" * 300 for i in (first, third, fourth))
    assert cache.size == 900 and len(cache) == 3
    assert cache.clip("too long to keep", lambda text: b"w" * 401) is None  # one clip at most max_clip
    assert cache.size == 900
    assert cache.clip("  ", make) is None and cache.clip("fails", lambda text: None) is None
    heard = []
    assert cache.clip("word " * 1000, lambda text: heard.append(text) or b"w")
    assert len(heard[0]) <= MAX_TEXT and heard[0].endswith("word")         # said: the start, whole words
    for wrong in (first.upper(), first[:-1], first + "0", "../" + first, "", None, 5):
        assert cache.get(wrong) is None


# -- where each thing said goes -----------------------------------------------------------------------

class Device:
    """The Pi's audio device (what is said on it) and espeak-ng's clips (stand-ins)."""

    voice, words_per_minute = "en", 140

    def __init__(self):
        self.said, self.made = [], []

    def speak(self, text):
        self.said.append(("say", text))

    def spell(self, word):
        self.said.append(("spell", word))

    def wav_bytes(self, text):
        self.made.append(text)
        return b"RIFF" + text.encode()


def test_said_aloud_goes_to_the_pages_that_play_and_to_the_device_unless_the_kiosk_plays():
    hub, device = ScreenHub(), Device()
    speech = Speech(device, hub)
    speech.handle("Apple.", "APPLE")                                       # no page plays sound
    assert device.said == [("say", "Apple."), ("spell", "APPLE")]
    assert hub.take_events() == [] and device.made == []                    # no clip made for nobody

    hub.set_listeners(Listeners(pages=1, local=0))                         # a phone plays sound
    speech.handle("Bo, your turn.")
    (event,) = hub.take_events()
    assert event == {"type": "say", "text": "Bo, your turn.", "id": event["id"]}
    assert hub.clips.get(event["id"]) == b"RIFFBo, your turn."
    assert device.said[-1] == ("say", "Bo, your turn.")                    # the table hears the Pi too

    hub.set_listeners(Listeners(pages=2, local=1))                         # and the kiosk on the Pi's display
    before = list(device.said)
    speech.handle("Star.", "STAR")
    (event,) = hub.take_events()
    assert event["text"] == "Star. S, T, A, R." and hub.clips.get(event["id"])
    assert device.said == before                                           # the kiosk is the Pi's voice

    answered = []
    speech.handle("", "L", to=answered.append)                             # asked by a page that plays
    assert answered == [{"type": "say", "text": "L.", "id": hub.clips.key("L.", "en", 140), "asked": True}]
    assert hub.take_events() == [] and device.said == before               # to that page only

    hub.set_listeners(Listeners())                                         # the kiosk closed
    speech.handle("Star.", "STAR")
    assert device.said[-2:] == [("say", "Star."), ("spell", "STAR")] and hub.take_events() == []
    assert device.made.count("Star. S, T, A, R.") == 1                     # made once, then from the cache


def test_without_espeak_the_pages_get_the_text_for_their_own_voice():
    hub = ScreenHub()
    hub.set_listeners(Listeners(pages=1, local=1))
    Speech(SilentSpeaker(), hub).handle("Apple.", "APPLE")
    assert hub.take_events() == [{"type": "say", "text": "Apple. A, P, P, L, E.", "id": None}]


# -- the endpoint and the WebSocket, on the real server --------------------------------------------------

@pytest.fixture(scope="module")
def rig(tmp_path_factory):
    from tests.screen.rig import Rig

    board = Rig(tmp_path_factory.mktemp("speech"), PIN)
    yield board
    board.close()


def fetch(rig, path: str, host: str | None = None):
    request = urllib.request.Request(rig.url.rstrip("/") + path)
    if host is not None:
        request.add_header("Host", host)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


@needs_espeak
def test_a_clip_is_served_by_its_id_with_the_servers_guards(rig):
    speech = Speech(EspeakSpeaker(), rig.hub)
    event = speech.event("Apple.", "APPLE")
    assert event["text"] == "Apple. A, P, P, L, E." and ID.match(event["id"])
    status, headers, body = fetch(rig, f"/speech/{event['id']}.wav")
    assert status == 200 and headers["Content-Type"] == "audio/wav"
    assert body == rig.hub.clips.get(event["id"])
    check_spoken(body, (1.0, 10.0))
    assert headers["Cross-Origin-Resource-Policy"] == "same-origin"
    assert headers["X-Content-Type-Options"] == "nosniff" and "default-src 'self'" in headers["Content-Security-Policy"]
    assert fetch(rig, f"/speech/{'0' * 32}.wav")[0] == 404                 # an id nobody was given
    assert fetch(rig, f"/speech/{event['id']}.wav", host="evil.example")[0] == 403


def messages(ws, until, timeout: float = 20.0) -> list[dict]:
    """What the page gets (states left out) up to and with the first message ``until`` accepts."""
    got, deadline = [], time.monotonic() + timeout
    while True:
        message = json.loads(ws.recv(timeout=max(0.1, deadline - time.monotonic())))
        if message["type"] in ("state", "welcome"):
            continue
        got.append(message)
        if until(message):
            return got


@needs_espeak
def test_a_page_that_plays_gets_the_clips_and_the_pis_device_stays_quiet(rig):
    """The kiosk's messages over a real WebSocket, with the real bridge and controller: the card
    of eXtraDICTION Level 1 and a tapped letter come as clips; the device says nothing; with the
    page gone, the device speaks again; pages without sound get no clips."""
    from websockets.sync.client import connect

    from tests.extradiction.helpers import game

    rig.load("extradiction", game("1", words=("APPLE", "STAR"), players=("Ann", "Bo")), players=("Ann", "Bo"))
    before = len(rig.said)
    ws_url = rig.url.replace("http://", "ws://") + "ws"
    with connect(ws_url, open_timeout=10) as quiet:
        with connect(ws_url, open_timeout=10) as kiosk:
            kiosk.send(json.dumps({"type": "audio", "on": True}))
            kiosk.send(json.dumps({"type": "hello", "mode": "kids"}))       # speech on: the card is said
            (card,) = messages(kiosk, lambda m: m["type"] == "say")
            assert card["text"] == "Apple. A, P, P, L, E." and "asked" not in card
            check_spoken(fetch(rig, f"/speech/{card['id']}.wav")[2])
            assert rig.hub.listeners() == Listeners(pages=1, local=1)
            kiosk.send(json.dumps({"type": "say", "what": "letter", "letter": "L"}))
            (letter,) = messages(kiosk, lambda m: m["type"] == "say")
            assert letter["text"] == "L." and letter["asked"] is True
            check_spoken(fetch(rig, f"/speech/{letter['id']}.wav")[2], (0.2, 3.0))
            assert rig.said[before:] == []                                 # the page was the Pi's voice
            quiet.send('{"type": "lock"}')                                 # the page without sound got no clip
            assert [m["type"] for m in messages(quiet, lambda m: m["type"] == "locked")] == ["locked"]
            kiosk.send(json.dumps({"type": "audio", "on": False}))
            kiosk.send('{"type": "lock"}')
            messages(kiosk, lambda m: m["type"] == "locked")
            assert rig.hub.listeners() == Listeners()
            kiosk.send(json.dumps({"type": "audio", "on": True}))
            kiosk.send('{"type": "lock"}')
            messages(kiosk, lambda m: m["type"] == "locked")
            assert rig.hub.listeners() == Listeners(pages=1, local=1)
        wait_until(lambda: rig.hub.listeners() == Listeners(), "the closed page no longer counted")
        quiet.send(json.dumps({"type": "say", "what": "letter", "letter": "P"}))
        wait_until(lambda: ("spell", "P") in rig.said[before:], "the letter said on the Pi's device")
        quiet.send('{"type": "lock"}')
        assert [m["type"] for m in messages(quiet, lambda m: m["type"] == "locked")] == ["locked"]


# -- the page in Chromium ------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def browsers():
    api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    if CHROMIUM is None:
        pytest.skip("chromium is not installed (Debian package chromium)")
    with api.sync_playwright() as p:
        kiosk, plain = launch_browser(p, (AUTOPLAY,)), launch_browser(p, (NO_AUTOPLAY,))
        yield SimpleNamespace(kiosk=kiosk, plain=plain)
        kiosk.close()
        plain.close()


#: what each page's console said of its clips ("<id> started|playing|ended|blocked|error"), by page
SPEECH_LOGS: dict[object, list[str]] = {}


def open_page(browser, url: str, wait_connected: bool = True):
    """A page of the screen, its clips' fetches recorded. ``wait_connected=False`` does not wait
    for the page to connect: Playwright runs each wait or read in the page as a user's gesture, and
    a gesture lets the browser play a clip it must refuse (read the page's console instead)."""
    page = browser.new_page(viewport={"width": 800, "height": 480})
    fetched, log = [], SPEECH_LOGS.setdefault(page, [])
    page.on("response", lambda r: fetched.append((r.url.split("/", 3)[3], r.status, r.headers.get("content-type")))
            if "/speech/" in r.url else None)
    page.on("console", lambda m: log.append(m.text.removeprefix("speech ")) if m.text.startswith("speech ") else None)
    page.goto(url)
    if wait_connected:
        page.wait_for_selector(".conn.on", timeout=WAIT_MS)
    return page, fetched


def played(page) -> list[str]:
    """What became of the page's clips, from its console (reading it runs nothing in the page; the
    wait lets Playwright deliver the page's events)."""
    page.wait_for_timeout(20)
    return list(SPEECH_LOGS[page])


def clip_id(rig, text: str) -> str:
    return rig.hub.clips.key(text, rig.speaker.voice, rig.speaker.words_per_minute)


@needs_espeak
def test_the_kiosk_plays_the_boards_speech_and_a_tapped_letter(rig, browsers):
    from tests.extradiction.helpers import game

    rig.load("extradiction", game("1", words=("APPLE", "STAR"), players=("Ann", "Bo")), players=("Ann", "Bo"))
    before = len(rig.said)
    page, fetched = open_page(browsers.kiosk, rig.url + "?kiosk=1&mode=kids")
    assert page.get_attribute("#sound", "aria-pressed") == "true"
    card, letter = clip_id(rig, "Apple. A, P, P, L, E."), clip_id(rig, "L.")
    wait_until(lambda: f"{card} playing" in played(page), "the card's clip playing", CLIP_SECONDS)
    assert (f"speech/{card}.wav", 200, "audio/wav") in fetched
    page.locator(".clue-card .letter-tile").nth(3).click()                 # L
    wait_until(lambda: f"{letter} ended" in played(page), "the tapped letter's clip played to its end", CLIP_SECONDS)
    assert (f"speech/{letter}.wav", 200, "audio/wav") in fetched
    assert page.eval_on_selector("#voice", "a => a.ended && a.currentTime > 0 && a.src.endsWith('.wav')")
    assert not any(entry.endswith(("blocked", "error")) for entry in played(page))
    assert rig.said[before:] == []                                         # not said twice: the Pi's device was quiet
    page.close()


@needs_espeak
def test_a_browser_that_will_not_play_without_a_tap_and_a_phone_without_sound(rig, browsers):
    from tests.extradiction.helpers import game, write

    rig.load("extradiction", game("1", words=("APPLE", "STAR"), players=("Ann", "Bo")), players=("Ann", "Bo"))
    before = len(rig.said)
    # a kiosk page in a browser started without the autoplay flag: the clip is refused (nothing is
    # run in the page before then: to Chromium, Playwright's every call is a tap that lets it play)
    page, fetched = open_page(browsers.plain, rig.url + "?kiosk=1&mode=kids", wait_connected=False)
    card = clip_id(rig, "Apple. A, P, P, L, E.")
    wait_until(lambda: f"{card} blocked" in played(page),
               lambda: f"the card's clip refused by the browser (the page's log: {played(page)})", CLIP_SECONDS)
    assert "blocked" in page.get_attribute("#sound", "class")              # the 🔇 asks for a tap
    wait_until(lambda: rig.hub.listeners() == Listeners(), "the page no longer counted as playing")
    # meanwhile the Pi's own device says what comes next (on a Pi with sound for the service)
    rig.play(write("APPLE", "A5"))
    wait_until(lambda: ("spell", "STAR") in rig.said[before:], "the next card said on the Pi's device")
    # the next tap anywhere plays again: a tapped letter, at once, on the page only
    said = len(rig.said)
    page.locator(".clue-card .letter-tile").nth(0).click()                 # S
    letter = clip_id(rig, "S.")
    wait_until(lambda: f"{letter} ended" in played(page), "the tapped letter played after the tap", CLIP_SECONDS)
    assert page.get_attribute("#sound", "aria-pressed") == "true"
    assert (f"speech/{letter}.wav", 200, "audio/wav") in fetched
    assert ("spell", "S") not in rig.said[said:]
    page.close()

    # a phone's page (any page but the kiosk) plays nothing until its viewer turns sound on
    phone, _ = open_page(browsers.plain, rig.url + "?mode=normal")
    assert phone.get_attribute("#sound", "aria-pressed") == "false" and rig.hub.listeners() == Listeners()
    phone.click("#sound")
    wait_until(lambda: rig.hub.listeners().pages == 1, "the phone counted as playing")
    assert phone.get_attribute("#sound", "aria-pressed") == "true"
    phone.click("#sound")
    wait_until(lambda: rig.hub.listeners() == Listeners(), "the phone's sound off again")
    phone.close()
