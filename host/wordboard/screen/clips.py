"""What the board says, as WAV clips the pages fetch and play (``GET /speech/<id>.wav``).

The Pi's own screen runs Chromium in the desktop user's session, which has the sound (PipeWire on
Raspberry Pi OS); ``wordboard.service`` runs as a system user that has none. So the service
makes the sound (espeak-ng, :meth:`wordboard.speech.EspeakSpeaker.wav_bytes`) and the page plays
it. A clip's id is a hash of what is said, the voice and the speed, salted with a secret made
when the cache is (a page cannot work out from a text whether it was said; the same text is one
clip while the board runs). The server serves ids it has in the cache, nothing else: no name
or text from a request ever reaches espeak-ng or the file system.

The cache is small and bounded: at most :data:`MAX_BYTES` in all (the least recently used
clips go first), no clip over :data:`MAX_CLIP_BYTES`, and only :data:`MAX_TEXT` characters of
a text are said.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable

MAX_BYTES = 8 << 20          # the whole cache
MAX_CLIP_BYTES = 1 << 20     # one clip: about 23 s of espeak-ng's 22 050 Hz mono 16-bit
MAX_TEXT = 500               # characters said of one text
ID = re.compile(r"^[0-9a-f]{32}$")
#: the path a page fetches a clip from (the server's only dynamic path)
PATH = re.compile(r"^/speech/([0-9a-f]{32})\.wav$")


def trimmed(text: str) -> str:
    """At most :data:`MAX_TEXT` characters, cut at a space when there is one."""
    text = " ".join(text.split())
    if len(text) <= MAX_TEXT:
        return text
    cut = text[:MAX_TEXT]
    return cut.rsplit(" ", 1)[0] if " " in cut else cut


class ClipCache:
    """WAV clips by id, least recently used first out; thread-safe (the bridge's speech thread
    puts, the server's loop gets)."""

    def __init__(self, max_bytes: int = MAX_BYTES, max_clip: int = MAX_CLIP_BYTES, salt: bytes | None = None):
        self.max_bytes = max_bytes
        self.max_clip = min(max_clip, max_bytes)
        self._salt = salt if salt is not None else secrets.token_bytes(16)
        self._clips: OrderedDict[str, bytes] = OrderedDict()
        self._size = 0
        self._lock = threading.Lock()

    def key(self, text: str, voice: str = "", speed: int | str = "") -> str:
        """The id of ``text`` said with ``voice`` at ``speed``: 32 hex digits."""
        digest = hashlib.blake2b(digest_size=16, key=self._salt)
        for part in (str(voice), str(speed), text):
            data = part.encode("utf-8", "surrogatepass")
            digest.update(len(data).to_bytes(4, "big") + data)
        return digest.hexdigest()

    def get(self, clip_id: str) -> bytes | None:
        if not isinstance(clip_id, str) or not ID.match(clip_id):
            return None
        with self._lock:
            clip = self._clips.get(clip_id)
            if clip is not None:
                self._clips.move_to_end(clip_id)
            return clip

    def put(self, clip_id: str, wav: bytes) -> bool:
        """Keep ``wav`` as ``clip_id``; False (and nothing kept) when it is too big."""
        if not ID.match(clip_id) or not wav or len(wav) > self.max_clip:
            return False
        with self._lock:
            old = self._clips.pop(clip_id, None)
            if old is not None:
                self._size -= len(old)
            self._clips[clip_id] = wav
            self._size += len(wav)
            while self._size > self.max_bytes:
                _, dropped = self._clips.popitem(last=False)
                self._size -= len(dropped)
        return True

    def clip(self, text: str, make: Callable[[str], bytes | None], voice: str = "", speed: int | str = "") -> str | None:
        """The id of ``text`` said, made with ``make(text)`` unless it is in the cache already;
        None when it cannot be made or kept."""
        text = trimmed(text)
        if not text:
            return None
        clip_id = self.key(text, voice, speed)
        if self.get(clip_id) is not None:
            return clip_id
        wav = make(text)
        if not wav or not self.put(clip_id, wav):
            return None
        return clip_id

    def __len__(self) -> int:
        with self._lock:
            return len(self._clips)

    @property
    def size(self) -> int:
        with self._lock:
            return self._size
