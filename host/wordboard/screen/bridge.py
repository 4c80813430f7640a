"""The controller's side of the screen: runs in the controller's thread (a step hook).

Each tick it carries out what the pages asked for (board buttons, PIN-checked changes), and
publishes a fresh snapshot when something changed (at once after a move or a question, else at
most :attr:`ScreenBridge.interval` seconds apart, for the LEDs' animations).

It also speaks (:class:`Speech`, on a worker thread, espeak-ng through :mod:`wordboard.speech`).

* What is said: with speech on (``wordboard run --speak``, or a page in the children's mode on
  the Pi's own display), moves, turns, questions and the clue card being played; and whatever a
  page asks to hear (a tapped letter, the card, the last word, the question), speech on or not.
* Where it is heard: the pages whose sound is on get a ``say`` event naming a WAV clip
  (``/speech/<id>.wav``, :mod:`wordboard.screen.clips`) and play it: the kiosk page
  (``?kiosk=1``) by default, other pages (phones) once their viewer turns sound on. The Pi's own
  audio device (espeak-ng run by this process) says it too, **unless a page on the Pi's own
  display** (a page from 127.0.0.1: the kiosk) **plays sound**: then that page is the Pi's voice,
  through the desktop session's speakers, and nothing is said twice. On Raspberry Pi OS the
  service (a system user, no PipeWire session) cannot be heard anyway; ``wordboard run --speak``
  in a terminal of the desktop, or a Pi whose sound the service can use, speaks on the device
  while no kiosk page plays (its sound blocked, closed, or not there).
* What a page asks to hear is said to that page only when its sound is on (the Pi's device stays
  quiet); a page without sound (the Pi's own screen in a browser that may not play) has it said
  aloud, as above.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable
from typing import TypedDict

from wordboard.screen.hub import Command, ScreenAnswerer, ScreenHub
from wordboard.screen.snapshot import correctable, snapshot


class _SaidTo(TypedDict, total=False):
    """``to`` for :meth:`Speech.say`, passed only when there is one; ``kids``: asked by a page in
    the children's mode."""

    to: Callable[[dict], None]
    kids: bool


class Speech:
    """The board's voice on its own thread; at most a few sentences wait (older ones are dropped).

    :meth:`say` with ``to`` (a page's reply function): a clip for that page only. Without: a
    clip for every page that plays sound (``hub``'s listeners), and the device (``speaker``)
    unless one of those pages is on the Pi's own display."""

    def __init__(self, speaker=None, hub=None):
        self.speaker = speaker
        self.hub = hub
        self._queue: queue.Queue = queue.Queue(maxsize=4)
        self._thread: threading.Thread | None = None

    def _ensure(self):
        if self.speaker is None:
            from wordboard.speech import make_speaker

            self.speaker = make_speaker()
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, daemon=True, name="screen-speech")
            self._thread.start()

    def say(self, text: str, spell: str | None = None, to: Callable[[dict], None] | None = None) -> None:
        self._ensure()
        item = (text, spell, to)
        try:
            self._queue.put_nowait(item)
        except queue.Full:
            try:
                self._queue.get_nowait()
            except queue.Empty:
                pass
            self._queue.put_nowait(item)

    def _run(self) -> None:
        while True:
            item = self._queue.get()
            try:
                self.handle(*item)
            except Exception:  # noqa: BLE001 - sound never stops a game
                pass

    def handle(self, text: str, spell: str | None = None, to: Callable[[dict], None] | None = None) -> None:
        """Say one thing where it is to be heard (see the module's docstring)."""
        if to is not None:
            to(self.event(text, spell, asked=True))
            return
        listening = self.hub.listeners() if self.hub is not None else None
        if listening is not None and listening.pages:
            self.hub.notice(self.event(text, spell))
        if listening is None or not listening.local:
            if text:
                self.speaker.speak(text)
            if spell:
                self.speaker.spell(spell)

    def event(self, text: str, spell: str | None = None, asked: bool = False) -> dict:
        """A ``say`` event for the pages: what is said and the clip that says it (no ``id`` when
        there is no espeak-ng: the page may use the browser's own voice)."""
        from wordboard.screen.clips import trimmed
        from wordboard.speech import spelled

        words = trimmed(" ".join(part for part in (text, spelled(spell) if spell else "") if part))
        clip_id = None
        make = getattr(self.speaker, "wav_bytes", None)
        if self.hub is not None and make is not None and words:
            clip_id = self.hub.clips.clip(words, make, getattr(self.speaker, "voice", ""),
                                          getattr(self.speaker, "words_per_minute", ""))
        event = {"type": "say", "text": words, "id": clip_id}
        if asked:
            event["asked"] = True
        return event


class ScreenBridge:
    interval = 0.25   # wall seconds between snapshots while only the LEDs change

    def __init__(self, controller, hub: ScreenHub, *, answerer: ScreenAnswerer | None = None,
                 speak: bool = False, speech: Speech | None = None, dawg=None,
                 setup_choices: dict | None = None, edition_files: dict | None = None,
                 card_files: dict | None = None,
                 wall: Callable[[], float] = time.monotonic):
        self.controller = controller
        self.hub = hub
        self.answerer = answerer
        self.speak = speak
        self.speech = speech or Speech()
        if self.speech.hub is None:
            self.speech.hub = hub
        self.dawg = dawg
        self.setup_choices = setup_choices or {}
        self.edition_files: dict = edition_files or {}    # game -> the name the page shows -> path
        self.card_files: dict = card_files or {}          # the name the page shows -> the card file
        self.wall = wall
        self.stop_requested = False
        self.failed: Exception | None = None      # the last snapshot that could not be made
        self.next_setup: dict | None = None
        self.ended = False
        self.corrections: dict[int, int] = {}
        self.analysis: dict | None = None
        self._analysing = False
        self._dirty = True
        self._last_build = float("-inf")
        self._last_published: dict | None = None
        self._card_key: tuple[str, int, bool] | None = None   # the card last announced
        self._read_corrections()
        controller.listeners.append(self._heard)
        controller.step_hooks.append(self.tick)
        family = self._family()
        hub.child_words = getattr(controller.adapter, "known_word", None) if family.for_children else None

    # -- the journal ------------------------------------------------------------------------------

    def _read_corrections(self) -> None:
        jgame = self.controller.adapter.jgame
        for event in jgame.journal.events(jgame.id):
            body = event.data.get("score_edit") if isinstance(event.data, dict) else None
            if isinstance(body, dict):
                player = int(body.get("player", -1))
                self.corrections[player] = self.corrections.get(player, 0) + int(body.get("delta", 0))

    # -- what happens -----------------------------------------------------------------------------

    def _heard(self, kind: str, data) -> None:
        self._dirty = True
        if not self.speak:
            return
        adapter = self.controller.adapter
        if kind == "commit":
            last = self._last_word()
            self._say(getattr(data, "text", ""), spell=last)
            if not adapter.over:
                self._say(f"{adapter.player_to_move()}, your turn.")
        elif kind == "question":
            self._say(self._spoken_prompt(data))
        elif kind == "over":
            self._say(str(data))

    def _say(self, text: str, spell: str | None = None, kids: bool = False, **said) -> None:
        """Everything the board says goes through here, through the children's gate
        (:func:`~wordboard.extradiction.childtext.spoken_for_child`) when the game is a
        children's, when a page in the children's mode asked for it (``kids``), and for any game
        once the Pi's own screen has shown the children's mode (``hub.kids_heard``: the device
        and the kiosk's clips are heard by the children there). A children's game's words are
        its list's; another game's, the children's own list's
        (:func:`~wordboard.extradiction.childtext.in_childrens_list`)."""
        adapter = self.controller.adapter
        children = self._family().for_children
        if children or kids or self.hub.kids_heard:
            from wordboard.extradiction.childtext import in_childrens_list, spoken_for_child

            known = getattr(adapter, "known_word", None) if children else in_childrens_list
            text, spell = spoken_for_child(text, spell, known)
        self.speech.say(text, spell, **said)

    def _last_word(self) -> str | None:
        game = getattr(self.controller.adapter, "game", None)
        history = getattr(game, "history", None)
        if not history:
            return None
        last = history[-1]
        words = getattr(last, "words", ())
        if words:
            first = words[0]
            return getattr(first, "text", None) or getattr(first, "word", None)
        placement = getattr(last, "placement", None)          # eXtraDICTION: the word written
        move = getattr(placement, "move", None)
        return getattr(move, "word", None) or None

    def _card(self):
        """The clue card being played (a game with clue cards: eXtraDICTION), and whether its word
        is shown."""
        return self._family().clue_card(self.controller.adapter)

    def _family(self):
        from wordboard import registry

        return registry.family_for_kind(self.controller.adapter.kind)

    def _spoken_prompt(self, question) -> str:
        """A question as said aloud: with a clue card on the screen, its meaning and the question
        (the card's picture is drawn in the terminal's prompt, not for saying)."""
        prompt = getattr(question, "prompt", "") or ""
        card, _ = self._card()
        lines = [line.strip() for line in prompt.splitlines() if line.strip()]
        if card is not None and len(lines) > 1:
            return f"{card.meaning}. {lines[-1]}"
        return " ".join(lines)

    def _announce_card(self) -> None:
        """A new clue card whose word is shown: say the word and spell it (no reading needed)."""
        card, shown = self._card()
        history = getattr(getattr(self.controller.adapter, "game", None), "history", ()) or ()
        key = (card.word, len(history), shown) if card is not None else None
        if key == self._card_key:
            return
        self._card_key = key
        if self.speak and card is not None and shown:
            self._say(card.word.capitalize() + ".", spell=card.word)

    def say(self, what: str, letter: str | None = None, to: Callable[[dict], None] | None = None,
            kids: bool = False) -> None:
        """A page asked to hear something again: said to that page (``to``: it plays sound
        itself), else aloud (the pages that play sound, the Pi's speaker); asked by a page in the
        children's mode (``kids``): through the children's gate, whatever the game."""
        adapter = self.controller.adapter
        said: _SaidTo = {} if to is None else {"to": to}
        if kids:
            said["kids"] = True
        if what == "last":
            word = self._last_word()
            if word:
                self._say(word.capitalize() + ".", spell=word, **said)
        elif what == "turn" and not adapter.over:
            self._say(f"{adapter.player_to_move()}, your turn.", **said)
        elif what == "prompt" and self.controller.question is not None:
            self._say(self._spoken_prompt(self.controller.question), **said)
        elif what == "card":
            card, shown = self._card()
            if card is not None:
                if shown:
                    self._say(card.word.capitalize() + ".", spell=card.word, **said)
                else:
                    self._say(card.meaning, **said)
        elif what == "letter" and letter:
            self._say("", spell=letter, **said)

    # -- the step hook ----------------------------------------------------------------------------

    def tick(self, now: float) -> None:
        for command in self.hub.take_commands():
            try:
                self._command(command, now)
            except Exception as exc:  # noqa: BLE001 - a page's request must never stop the board
                self._reply(command, {"type": "error", "message": str(exc)})
        wall = self.wall()
        if not self._dirty and wall - self._last_build < self.interval:
            return
        self._dirty = False
        self._last_build = wall
        self.publish_safely(now)

    def publish_safely(self, now: float | None = None) -> None:
        """:meth:`publish`, but a snapshot that fails is reported once and the board goes on."""
        try:
            self.publish(now)
        except Exception as exc:  # noqa: BLE001 - the screen must never stop the board
            if self.failed is None:
                self.controller.say(f"screen: could not show the game ({type(exc).__name__}: {exc})")
            self.failed = exc

    def publish(self, now: float | None = None) -> None:
        self._announce_card()
        state = snapshot(self.controller, now, extra=self._extra())
        if state != self._last_published:
            self._last_published = state
            self.hub.publish(state)

    def _extra(self) -> dict:
        adapter = self.controller.adapter
        if adapter.over and self.analysis is None and not self._analysing:
            self._start_analysis()
        return {"corrections": {str(k): v for k, v in self.corrections.items() if v},
                "analysis": self.analysis, "ended": self.ended,
                "setup": self.setup_choices, "speech": self.speak}

    def _reply(self, command: Command, message: dict) -> None:
        if command.reply is not None:
            command.reply(message)

    def _command(self, command: Command, now: float) -> None:
        c = self.controller
        data = command.data
        kind = command.type
        if kind == "button":
            if c.buttons is None:
                raise ValueError("this board has no buttons")
            if data["name"] == "pass":
                c.buttons.inject("end-turn", "long")
            else:
                c.buttons.inject(data["name"])
            return
        if kind == "say":
            self.say(data["what"], data.get("letter"), to=command.reply if command.audio else None,
                     kids=command.kids)
            return
        if kind == "speech":
            if command.kids:
                self.hub.kids_heard = True   # the Pi's own screen in the children's mode
            if bool(data.get("on")) and not self.speak:
                self._card_key = None        # say the card being played to the new listener
            self.speak = bool(data.get("on"))
            self._dirty = True
            return
        if kind == "correct":
            self._correct(command)
            return
        if kind == "house":
            text = c.house_ruling()
            self._reply(command, {"type": "ok" if text.startswith("house ruling") else "error", "message": text})
            self._dirty = True
            return
        if not command.admin:
            raise PermissionError("unlock with the PIN first")
        jgame = c.adapter.jgame
        if kind == "undo":
            if c.buttons is None:
                raise ValueError("this board has no buttons")
            c.buttons.inject("undo")
            self._reply(command, {"type": "ok", "message": "the last turn is taken back"})
        elif kind == "score":
            players = self._players()
            player = data["player"]
            if player >= len(players):
                raise ValueError("no such player")
            jgame.record("decision", {"score_edit": {"player": player, "delta": data["delta"], "by": "screen"}})
            self.corrections[player] = self.corrections.get(player, 0) + data["delta"]
            c.say(f"score corrected: {players[player]} {data['delta']:+d}")
            self._reply(command, {"type": "ok", "message": f"{players[player]} {data['delta']:+d}"})
        elif kind == "end":
            if not c.adapter.over:
                jgame.record("decision", {"end": "ended on the screen"})
                jgame.journal.finish(jgame.id, {"reason": "ended on the screen"})
            self.ended = True
            c.say("the game was ended on the screen")
            self.stop_requested = True
            self._reply(command, {"type": "ok", "message": "the game is ended"})
        elif kind == "new":
            games = self.setup_choices.get("games", ())
            if data["game"] not in games:
                raise ValueError(f"this board plays {', '.join(games)}")
            low, high = self.setup_choices.get("player_counts", {}).get(data["game"], (2, 4))
            if not low <= len(data["players"]) <= high:
                raise ValueError(f"{data['game']} is for {low} players" if low == high else
                                 f"{data['game']} is for {low} to {high} players")
            self._check_word_list(data)
            setup = dict(data)
            if data.get("edition"):
                path = self.edition_files.get(data["game"], {}).get(data["edition"])
                if path is None:
                    raise ValueError(f"this board has no edition {data['edition']!r} for {data['game']}")
                setup["edition_path"] = path
            if data.get("cards"):
                from wordboard import registry

                path = self.card_files.get(data["cards"])
                if path is None or data["game"] not in self.setup_choices.get("card_games", ()):
                    raise ValueError(f"this board has no card pack {data['cards']!r} for {data['game']}")
                registry.family(data["game"]).check_cards_file(path)   # changed since: its loader's one line
                setup["cards_path"] = path
            self.next_setup = setup
            self.stop_requested = True
            c.say(f"a new game of {data['game']} is set up")
            self._reply(command, {"type": "ok", "message": "starting the new game"})
        self._dirty = True

    def _check_word_list(self, data: dict) -> None:
        """A new game's word list: one this board offers, and not "none" for a game that checks
        every word (eXtraDICTION's Level 3 and Speed): refused in one line, the game played goes on."""
        from wordboard import registry

        lexicon = data["lexicon"]
        if lexicon not in self.setup_choices.get("lexicons", (lexicon,)):
            raise ValueError(f"this board offers no word list {lexicon!r}: the simulated board's players "
                             "choose their words from one" if lexicon == "none" else
                             f"this board offers no word list {lexicon!r}")
        family = registry.family(data["game"])
        if lexicon == "none" and family.needs_word_list(data):
            chosen = "".join(f" {name} {data[name]}" for name in family.word_list_options if data.get(name))
            raise ValueError(f"{family.title}{chosen} checks every word in a dictionary: choose one, not none")

    def _correct(self, command: Command) -> None:
        """A square as the table says it is, where the camera reads the board: empty ("."), this
        letter, or (tiles) a blank ("?"). A written game: a grown-up with the PIN, or on Level 1 a
        player (the child's big button); tiles read by the camera alone: the players. Journalled
        by the controller, said back in words."""
        c = self.controller
        who = correctable(c.adapter, getattr(c, "sensor", None))
        if who is None:
            raise ValueError("the camera reads nothing on this board's squares: there is nothing to correct")
        if not command.admin and who not in ("players", "tiles"):
            raise PermissionError("correcting what the camera reads needs the PIN (on Level 1 the players may)")
        text = c.correct((command.data["row"], command.data["col"]), command.data["value"])
        self._reply(command, {"type": "ok" if text.startswith("corrected") else "error", "message": text})
        self._dirty = True

    def _players(self) -> list[str]:
        game = getattr(self.controller.adapter, "game", None)
        return [str(p) for p in getattr(game, "players", ())]

    # -- the end ----------------------------------------------------------------------------------

    def _start_analysis(self) -> None:
        """The missed best moves, for a game whose family analyses finished games."""
        analyse = self._family().end_analysis(self.controller.adapter)
        if analyse is None:
            self.analysis = {"available": False}
            return
        self._analysing = True

        def work():
            try:
                self.analysis = {"available": True, **analyse()}
            except Exception as exc:  # noqa: BLE001 - the summary shows without it
                self.analysis = {"available": False, "error": str(exc)}
            self._dirty = True

        threading.Thread(target=work, daemon=True, name="screen-analysis").start()

