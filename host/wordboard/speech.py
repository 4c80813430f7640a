"""Spoken prompts through the espeak-ng program, with a silent fallback.

The kiosk, the screen and the terminal games say things aloud ("Apple. A, P, P, L, E.") with
one small interface::

    from wordboard.speech import make_speaker
    speaker = make_speaker()          # espeak-ng if installed, otherwise silent
    speaker.speak("Apple")            # to the audio device
    speaker.spell("apple")            # letter by letter
    speaker.to_wav("Apple", "apple.wav")
    speaker.wav_bytes("Apple")        # the same WAV in memory (the screen's pages play it)

espeak-ng is Debian's ``espeak-ng`` package. When it is missing, or the audio device cannot be
opened, speaking does nothing (a :class:`SilentSpeaker` never fails), so a game never stops
because of sound. ``to_wav`` on a silent speaker returns ``False`` and writes nothing;
``wav_bytes`` returns ``None``. Making a WAV needs no audio device: a service that cannot be
heard (a system user has no PipeWire session on Raspberry Pi OS) can still hand the sound to a
browser in the desktop session.
"""

from __future__ import annotations

import shutil
import struct
import subprocess
from pathlib import Path
from typing import Protocol

ESPEAK = "espeak-ng"
DEFAULT_VOICE = "en"
DEFAULT_WORDS_PER_MINUTE = 140  # a little slower than espeak-ng's 175: for children
TIMEOUT_SECONDS = 30
MAX_WAV_BYTES = 4 << 20    # espeak-ng's 22 050 Hz mono 16-bit: about 95 s of speech


class Speaker(Protocol):
    """Anything that can say a prompt."""

    def speak(self, text: str) -> None: ...

    def spell(self, word: str) -> None: ...

    def to_wav(self, text: str, path: str | Path) -> bool: ...

    def wav_bytes(self, text: str) -> bytes | None: ...


def spelled(word: str) -> str:
    """``"apple"`` -> ``"A, P, P, L, E."``: letters a speech engine says one by one."""
    return ", ".join(ch.upper() for ch in word if ch.isalpha()) + "."


class SilentSpeaker:
    """Says nothing: where there is no espeak-ng, or speech is switched off."""

    available = False

    def speak(self, text: str) -> None:
        return None

    def spell(self, word: str) -> None:
        return None

    def to_wav(self, text: str, path: str | Path) -> bool:
        return False

    def wav_bytes(self, text: str) -> bytes | None:
        return None


class EspeakSpeaker:
    """Speaks through the espeak-ng program (``binary``: its path, found on PATH by default)."""

    available = True

    def __init__(self, binary: str | None = None, *, voice: str = DEFAULT_VOICE,
                 words_per_minute: int = DEFAULT_WORDS_PER_MINUTE):
        found = binary or shutil.which(ESPEAK)
        if not found:
            raise FileNotFoundError(f"{ESPEAK} is not installed (Debian package espeak-ng)")
        self.binary = found
        self.voice = voice
        self.words_per_minute = words_per_minute
        self.failed = False  # set once the audio device could not be used

    def _command(self, text: str, *extra: str) -> list[str]:
        # "--" ends the options: a prompt starting with '-' is still text
        return [self.binary, "-v", self.voice, "-s", str(self.words_per_minute), *extra, "--", text]

    def speak(self, text: str) -> None:
        """Say ``text`` on the audio device and wait until it is said; quietly nothing on failure."""
        if self.failed or not text.strip():
            return
        try:
            result = subprocess.run(self._command(text), stdin=subprocess.DEVNULL,
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                    timeout=TIMEOUT_SECONDS, check=False)
        except (OSError, subprocess.TimeoutExpired):
            self.failed = True
            return
        if result.returncode != 0:
            self.failed = True  # no audio device: stay silent from now on

    def spell(self, word: str) -> None:
        self.speak(spelled(word))

    def to_wav(self, text: str, path: str | Path) -> bool:
        """Write ``text`` spoken to a WAV file; True when the file was written."""
        try:
            result = subprocess.run(self._command(text, "-w", str(path)), stdin=subprocess.DEVNULL,
                                    stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                    timeout=TIMEOUT_SECONDS, check=False)
        except (OSError, subprocess.TimeoutExpired):
            return False
        return result.returncode == 0 and Path(path).exists()

    def wav_bytes(self, text: str) -> bytes | None:
        """``text`` spoken, as a WAV file's bytes (``espeak-ng --stdout``: no audio device, no
        temporary file); None when espeak-ng fails or the WAV would exceed :data:`MAX_WAV_BYTES`."""
        if not text.strip():
            return None
        try:
            result = subprocess.run(self._command(text, "--stdout"), stdin=subprocess.DEVNULL,
                                    stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                    timeout=TIMEOUT_SECONDS, check=False)
        except (OSError, subprocess.TimeoutExpired):
            return None
        if result.returncode != 0 or len(result.stdout) > MAX_WAV_BYTES:
            return None
        return fix_wav_sizes(result.stdout)


def fix_wav_sizes(data: bytes) -> bytes | None:
    """A WAV written to a pipe (espeak-ng ``--stdout``) has placeholder sizes in its header (it
    did not know the length yet): set the RIFF and ``data`` chunk sizes to the real ones, so
    every player reads it. None when ``data`` is not a PCM WAV."""
    if len(data) < 12 or data[:4] != b"RIFF" or data[8:12] != b"WAVE":
        return None
    out = bytearray(data)
    struct.pack_into("<I", out, 4, len(out) - 8)
    at = 12
    while at + 8 <= len(out):
        name = bytes(out[at:at + 4])
        size = struct.unpack_from("<I", out, at + 4)[0]
        if name == b"data":
            size = len(out) - at - 8
            struct.pack_into("<I", out, at + 4, size)
            return bytes(out[:at + 8 + size])
        at += 8 + size + (size & 1)
    return None


def make_speaker(enabled: bool = True, *, binary: str | None = None, voice: str = DEFAULT_VOICE,
                 words_per_minute: int = DEFAULT_WORDS_PER_MINUTE) -> EspeakSpeaker | SilentSpeaker:
    """espeak-ng when ``enabled`` and installed, otherwise a :class:`SilentSpeaker`."""
    if not enabled:
        return SilentSpeaker()
    try:
        return EspeakSpeaker(binary, voice=voice, words_per_minute=words_per_minute)
    except FileNotFoundError:
        return SilentSpeaker()

