"""Spoken prompts through espeak-ng, with a silent fallback."""

import shutil
import wave

import numpy as np
import pytest

from wordboard.speech import EspeakSpeaker, SilentSpeaker, make_speaker, spelled


def test_spelled_says_each_letter():
    assert spelled("apple") == "A, P, P, L, E."


def test_silent_speaker_when_speech_is_off(tmp_path):
    speaker = make_speaker(False)
    assert isinstance(speaker, SilentSpeaker)
    speaker.speak("hello")
    speaker.spell("cat")
    assert speaker.to_wav("hello", tmp_path / "x.wav") is False


def test_missing_binary_gives_a_silent_speaker(monkeypatch):
    monkeypatch.setattr(shutil, "which", lambda name: None)
    assert isinstance(make_speaker(), SilentSpeaker)


@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")
def test_a_prompt_makes_a_wav_file_with_sound(tmp_path):
    path = tmp_path / "prompt.wav"
    assert EspeakSpeaker().to_wav("Apple. " + spelled("apple"), path)
    with wave.open(str(path)) as wav:
        assert wav.getsampwidth() == 2 and wav.getnframes() > 0
        samples = np.frombuffer(wav.readframes(wav.getnframes()), dtype="<i2")
    assert np.abs(samples.astype(np.int32)).max() > 1000      # not silence
    assert (np.abs(samples) > 500).sum() > 1000                # sound, not a click


@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")
def test_speaking_without_an_audio_device_never_fails():
    speaker = EspeakSpeaker()
    speaker.speak("hello")  # plays, or fails quietly where there is no audio device
    speaker.speak("again")
