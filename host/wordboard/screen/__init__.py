"""The screen: scoreboard, prompts and the children's kiosk, as a local web page.

``wordboard run --screen [HOST:]PORT`` serves one page (plain HTML/CSS/JS from ``static/``) and
a WebSocket that pushes the game live: the board as the LEDs show it, scores, whose turn, the
last move, the bag, the history and each game's own view (``snapshot.py``). Questions the board
asks are answered by touch, on a phone, or with the board's buttons. Changing a game needs the
PIN (``wordboard screen set-pin``). ``?mode=kids`` is the children's mode. What the board says
(espeak-ng) is made into WAV clips the pages play (``clips.py``; who plays what: ``bridge.py``).

Threads: the controller runs in its own loop; :class:`~wordboard.screen.bridge.ScreenBridge` (a
step hook, in the controller's thread) publishes snapshots into a
:class:`~wordboard.screen.hub.ScreenHub` and takes the pages' commands from it; the
:class:`~wordboard.screen.server.ScreenServer` runs an asyncio loop on another thread.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from wordboard.screen.bridge import ScreenBridge
    from wordboard.screen.hub import ScreenAnswerer, ScreenHub
    from wordboard.screen.server import ScreenServer


@dataclass
class Screen:
    hub: ScreenHub
    server: ScreenServer
    bridge: ScreenBridge
    answerer: ScreenAnswerer

    @property
    def url(self) -> str:
        return self.server.url

    def close(self) -> None:
        self.server.stop()


def setup_choices(session, editions: dict[str, dict[str, str]] | None = None,
                  card_packs: dict[str, str] | None = None) -> dict:
    """What the page's game setup offers (fixed lists: nothing typed reaches a path).
    ``editions``: the owner's edition files (:func:`edition_files`), ``card_packs`` the owner's
    clue card files (:func:`card_pack_files`), offered by name only."""
    from wordboard import registry
    from wordboard.controller import session as sessions
    from wordboard.screen.protocol import (
        CLOCK_MINUTES,
        COLOURS,
        INCREMENTS,
        LEVELS,
        LEXICONS,
        QUIET_TIMES,
        TURNS,
        VARIANTS,
    )

    games = list(registry.game_names())
    options = dict(getattr(session.config, "game_options", None) or {})
    # the twin's scripted players choose their words from a word list: it offers no "none"
    lexicons = [name for name in LEXICONS if name != "none" or not getattr(session, "twin", False)]
    return {"games": games, "lexicons": lexicons, "quiet": list(QUIET_TIMES),
            "players": list(getattr(session.config, "players", ()) or sessions.DEFAULT_PLAYERS),
            # each game starts on its own word list unless the setup chooses another (never the
            # list of the game being played, which may be another game's)
            "lexicon": sessions.DEFAULT_LEXICON,
            "default_lexicons": {g: registry.family(g).default_lexicon for g in games},
            "word_list_options": {g: {name: list(values) for name, values in
                                      registry.family(g).word_list_options.items()} for g in games},
            "levels": list(LEVELS), "variants": list(VARIANTS), "turns": list(TURNS),
            "level": str(options.get("level", "3")), "variant": str(options.get("variant", "quick")),
            "turn_count": int(options.get("turns", 10)),
            "colours": list(COLOURS), "colour": str(options.get("colours", COLOURS[-1])),
            "player_counts": {g: list(registry.family(g).player_counts) for g in games},
            "clocks": list(CLOCK_MINUTES), "increments": list(INCREMENTS),
            "clock_games": [g for g in games if registry.family(g).clock], **_clock_setup(session),
            "editions": {game: sorted(files) for game, files in (editions or {}).items()},
            "card_packs": sorted(card_packs or {}),
            "card_games": [g for g in games if _plays_cards(registry.family(g))]}


def _plays_cards(family) -> bool:
    """Whether a family takes an owner's clue card file."""
    from wordboard.registry import GameFamily

    return type(family).check_cards_file is not GameFamily.check_cards_file


def card_pack_files(session, folder=None, out=print) -> dict[str, str]:
    """The owner's clue card files the page's setup offers, by the name shown (the file's name
    without ``.txt``): the card files in the configuration folder's ``cards/`` and the file
    ``wordboard run --cards`` named. A file that does not load is not offered, said once in the
    log with its loader's one line. The page names a pack, never a path."""
    import re
    from pathlib import Path

    from wordboard import registry
    from wordboard.errors import UserError
    from wordboard.extradiction.cards import pack_files

    files = pack_files(folder)
    named = (getattr(session.config, "game_options", None) or {}).get("cards")
    if named and Path(str(named)).is_file() and Path(str(named)).resolve() not in {f.resolve() for f in files}:
        files.append(Path(str(named)))
    players = [f for f in registry.families() if _plays_cards(f)]
    found: dict[str, str] = {}
    for path in files:
        try:
            for family in players:
                family.check_cards_file(str(path))
        except (UserError, OSError) as exc:
            out(f"screen: {exc}: not offered")
            continue
        stem = re.sub(r"[^A-Za-z0-9._-]", "-", path.stem).lstrip("._-")[:50] or "cards"
        name, n = stem, 2
        while name in found:
            name, n = f"{stem}-{n}", n + 1
        found[name] = str(path.resolve())
    return found


def edition_files(session, folder=None, out=print) -> dict[str, dict[str, str]]:
    """The owner's own edition files the page's setup offers, by game name, then by the name shown
    (the file's name without ``.edition``): the files in the configuration folder's ``editions/``
    (``/etc/wordboard/editions`` on a board set up as a service) and the file ``wordboard run
    --edition`` named. Each is offered for the games whose family loads it; a file none loads
    is said once in the log. The page names a file, never a path (the paths stay here)."""
    import re
    from pathlib import Path

    from wordboard import registry
    from wordboard.errors import UserError
    from wordboard.paths import config_dir

    folder = Path(folder) if folder is not None else config_dir() / "editions"
    files = sorted(folder.glob("*.edition")) if folder.is_dir() else []
    named = (getattr(session.config, "game_options", None) or {}).get("edition")
    if named and Path(str(named)).is_file() and Path(str(named)).resolve() not in {f.resolve() for f in files}:
        files.append(Path(str(named)))
    found: dict[str, dict[str, str]] = {}
    for path in files:
        taken = False
        for game in registry.game_names():
            try:
                registry.family(game).check_edition_file(str(path))
            except (UserError, OSError):
                continue
            taken = True
            choices = found.setdefault(game, {})
            stem = re.sub(r"[^A-Za-z0-9._-]", "-", path.stem).lstrip("._-")[:50] or "edition"
            name, n = stem, 2
            while name in choices or name in registry.game_names():
                name, n = f"{stem}-{n}", n + 1
            choices[name] = str(path.resolve())
        if not taken:
            out(f"screen: {path} is no game's edition file: not offered")
    return found


def _clock_setup(session) -> dict:
    """The game clock the setup offers first: the one of the game being played, or the nearest the
    page offers (else none)."""
    from wordboard.screen.protocol import CLOCK_MINUTES, INCREMENTS

    clock = session.jgame.info.options.get("clock") if getattr(session, "jgame", None) is not None else None
    if not isinstance(clock, dict):
        return {"clock": 0, "increment": 0}
    minutes = float(clock.get("seconds", 0)) / 60
    increment = float(clock.get("increment", 0))
    return {"clock": min((m for m in CLOCK_MINUTES if m), key=lambda m: abs(m - minutes)),
            "increment": min(INCREMENTS, key=lambda i: abs(i - increment))}


def start_screen(session, listen: str | None, *, lan: bool, speak: bool = False,
                 screen_only: bool = False, server=None, out=print) -> Screen:
    """Serve ``session``'s board on ``listen`` (``[HOST:]PORT``); the screen answers questions
    alongside the session's answerer (``screen_only``: instead of it). ``server``: keep an
    already running server (a new game in the same ``wordboard run``)."""
    from wordboard.screen.bridge import ScreenBridge
    from wordboard.screen.hub import ScreenAnswerer, ScreenHub, TeeAnswerer
    from wordboard.screen.server import ScreenServer, parse_listen

    controller = session.controller
    if server is None:
        hub = ScreenHub()
        answerer = ScreenAnswerer()
        host, port = parse_listen(listen, lan=lan)
        server = ScreenServer(hub, answerer, host=host, port=port, out=out).start()
    hub, answerer = server.hub, server.answerer
    controller.answerer = TeeAnswerer(answerer, None if screen_only else controller.answerer)
    editions = edition_files(session, out=out)
    packs = card_pack_files(session, out=out)
    bridge = ScreenBridge(controller, hub, answerer=answerer, speak=speak, dawg=getattr(session, "dawg", None),
                          setup_choices=setup_choices(session, editions, packs), edition_files=editions,
                          card_files=packs)
    bridge.publish_safely()
    jgame = controller.adapter.jgame
    code = server.new_game((id(jgame.journal), jgame.id))
    from wordboard.screen.guard import GameCode

    out(f"screen: players join with the code {GameCode.shown(code)} (on the board's screen) or at {server.join_url()}")
    return Screen(hub, server, bridge, answerer)
