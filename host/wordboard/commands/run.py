"""``wordboard run``: the board controller, what the Pi starts at boot (see host/systemd/).

With the hardware attached it reads the sensor board (and the camera if asked), lights the
LEDs, listens to the buttons and asks its questions on the terminal. With no hardware (the
default off a Pi) it runs the digital twin: the sensor board's firmware on a simulated grid over a
pseudo-terminal, the virtual camera, the simulated LED strip drawn in the terminal, virtual
buttons, and scripted players who play a whole game the way people do.
"""

from __future__ import annotations

from wordboard.timecontrol import CLUB_MINUTES, CLUB_PENALTY


def register(subparsers) -> None:
    from wordboard import registry

    parser = subparsers.add_parser(
        "run", help="run the board: sensors, LEDs, buttons, rules and journal (or its digital twin)",
        description="Run the board controller. With no hardware it plays a whole game on the digital "
                    "twin (simulated sensor board, camera, LEDs and buttons, scripted players), printing "
                    "the board, the LEDs and the scores as it goes. The latest unfinished game is resumed "
                    "(after a crash or a power cut it carries on exactly where it was).")
    parser.add_argument("--game", choices=(*registry.game_names(), "all"),
                        default=None,
                        help="the game (default: the unfinished game, else lexulous); all: a short game of "
                             "each family in turn (a demo)")
    parser.add_argument("--level", choices=("1", "2", "3", "speed"), default=None,
                        help="eXtraDICTION: the level (default 3)")
    parser.add_argument("--colours", choices=("green", "blue", "red", "green,blue", "blue,red", "green,blue,red"),
                        default=None, metavar="PACKS",
                        help="eXtraDICTION: the clue card packs, by the colour of their bar: green, blue, red "
                             "or a list (green,blue; default all three)")
    parser.add_argument("--cards", default=None, metavar="PATH",
                        help="eXtraDICTION: your own clue cards (a card file: word | colour | picture | meaning "
                             "a line), added to the shipped deck; the screen's setup offers the files in the "
                             "configuration folder's cards/")
    parser.add_argument("--variant", choices=("quick", "standard", "long", "long-best5"), default=None,
                        help="Dexikon: how long the game lasts (default quick)")
    parser.add_argument("--challenge", choices=("void", "single", "double", "five-point", "ten-point"),
                        default=None,
                        help="Lexulous/Scrabble: the challenge rule (default void: a phony is refused as it "
                             "is played; the others let a play stand until the challenge button judges it: "
                             "single, double (the challenger of a valid play loses a turn), five-point and "
                             "ten-point (the challenged player gets 5 or 10))")
    clock = parser.add_argument_group("the game clock (Lexulous and Scrabble)")
    clock.add_argument("--clock", type=_positive, nargs="?", const=CLUB_MINUTES, default=None, metavar="MINUTES",
                       help=f"a new game on a game clock: MINUTES each (--clock alone: {CLUB_MINUTES:g}, club "
                            "play). The end-turn button switches it; it stops while the board asks a question; "
                            "overtime costs points at the end (--overtime-penalty)")
    clock.add_argument("--increment", type=_not_negative, default=None, metavar="SECONDS",
                       help="with --clock: seconds added to a player's time after each of their turns (casual "
                            "games; default 0)")
    clock.add_argument("--overtime-penalty", type=int, default=None, metavar="POINTS",
                       help=f"with --clock: points lost at the end per started minute over time (default "
                            f"{CLUB_PENALTY})")
    parser.add_argument("--edition", default=None, metavar="NAME|PATH",
                        help="a new game's board and tile set: a shipped edition or your own edition file "
                             "(e.g. a copy of lexulous.edition with your set's counts; for HEXX and "
                             "eXtraDICTION their own edition files)")
    parser.add_argument("--turns", type=int, choices=(4, 6, 8, 10, 12, 16, 20), default=None, metavar="N",
                        help="eXtraDICTION: how many clue cards the game lasts (default 10)")
    parser.add_argument("--hardware", choices=("auto", "sim", "real"), default="auto",
                        help="auto: the real board when its sensor board or a camera is attached (or "
                             "$WORDBOARD_SENSOR or $WORDBOARD_CAMERA names one), else the twin; real: "
                             "the real board, waiting for a sensor board or a camera if none is attached "
                             "(what the service runs: never the twin)")
    parser.add_argument("--players", metavar="NAME", nargs="+", default=None,
                        help="the player names (a new game only; 2-4, HEXX 2, eXtraDICTION 1-4; default Ada Blaise; "
                             "a recording: in the order they play)")
    resume = parser.add_mutually_exclusive_group()
    resume.add_argument("--resume", action="store_const", const="yes", dest="resume", default="auto",
                        help="resume the latest unfinished game (fail if there is none)")
    resume.add_argument("--new", action="store_const", const="no", dest="resume",
                        help="start a new game even if one is unfinished")
    parser.add_argument("--speed", type=_positive, default=None, metavar="X",
                        help="the twin or a recording: run the table at most X times faster than real "
                             "time (default 8 on the twin, 1 for a recording; inf: as fast as this computer "
                             "goes). The game played is the same at any speed")
    parser.add_argument("--quick", action="store_true",
                        help="twin only: a fast demo (speed 40, tidy players; no camera unless the game "
                        "or --sensing or --camera needs one)")
    parser.add_argument("--camera", default="auto", metavar="none|virtual|SOURCE|RECORDING",
                        help="auto: the virtual camera in the twin, none on hardware; or a capture "
                             "source (picamera, a /dev/video device); or a recorded game, a video file or a "
                             "folder of frames, played as the camera alone at the recording's pace (a new "
                             "game unless --resume; the game ends where the recording does)")
    recorded = parser.add_argument_group("a recorded game (--camera VIDEO|FOLDER)")
    recorded.add_argument("--frame-rate", type=_positive, default=None, metavar="FPS",
                          help="a folder of frames: frames a second (default 1)")
    recorded.add_argument("--blank", action="append", default=[], metavar="SQUARE=LETTER",
                          help="the letter of the blank laid on SQUARE when the word list allows several "
                               "(nobody is there to ask), e.g. H8=E")
    parser.add_argument("--sensing", choices=("auto", "camera", "sensor", "both"), default=None,
                        help="how the table is sensed: the camera alone, the sensor board alone, or both (the "
                             "camera checking the sensor board); auto (default, or $WORDBOARD_SENSING): what "
                             "is attached (on the twin: the simulated sensor board, with the virtual camera "
                             "for Lexulous and Scrabble)")
    learn = parser.add_mutually_exclusive_group()
    learn.add_argument("--learn-tiles", action="store_true", dest="learn_tiles", default=None,
                       help="the camera alone reading the tiles learns them from every game played to its end "
                            "(default on the board, not on the twin; see wordboard tileset)")
    learn.add_argument("--no-learn-tiles", action="store_false", dest="learn_tiles",
                       help="the camera learns nothing from the games")
    parser.add_argument("--lexicon", default="default", metavar="LIST|PATH",
                        help="word list for checking words and inferring blanks (default: the game's own: "
                             "wordgame for Lexulous, Scrabble and HEXX, scowl:70 for the others; none: no "
                             "word checks)")
    parser.add_argument("--quiet-time", type=_positive, default=None, metavar="SECONDS",
                        help="end a turn by itself after this long with a valid placement untouched (a "
                             "recording: after the picture has stayed this long still with new tiles, "
                             "default 3)")
    parser.add_argument("--seed", type=int, default=None, help="new game: the bag's seed")
    parser.add_argument("--journal", metavar="PATH", default=None,
                        help="journal database (default: journal.sqlite3 in the data folder; the twin "
                             "uses journal-twin.sqlite3)")
    parser.add_argument("--png", metavar="DIR", default=None, help="save the LEDs after every move as PNG")
    parser.add_argument("--no-leds", action="store_true", help="do not print the LED frames")
    parser.add_argument("--noise", action="store_true", help="twin: flickering tags, crosstalk, a noisy wire; the camera's "
                        "picture: the players' hands over the board, a shadow, the room's light changing, "
                        "the camera knocked once")
    parser.add_argument("--camera-elevation", type=_elevation, default=None, metavar="DEGREES",
                        help="twin: the virtual camera stands at the table's edge this many degrees above it "
                             "(30-90; 90 straight down) and sees the table in 3D: thick tiles, a webcam's lens "
                             "(default: the board drawn flat, seen from above)")
    parser.add_argument("--max-moves", type=int, default=None, metavar="N", help="stop after N moves")
    screen = parser.add_argument_group("the screen (scoreboard, prompts, children's kiosk; see wordboard screen)")
    screen.add_argument("--screen", nargs="?", const="default", default=None, metavar="[HOST:]PORT",
                        help="serve the screen's page: on the Pi on the LAN at port 8080, on the twin on "
                             "loopback (127.0.0.1:8080) unless a host is given (default: $WORDBOARD_SCREEN, "
                             "which the service sets)")
    screen.add_argument("--speak", action="store_true",
                        help="say moves, turns and questions aloud (espeak-ng): on this machine, or by the "
                             "screen's kiosk page when it plays sound (then only there)")
    screen.add_argument("--ask-screen", action="store_true",
                        help="twin: leave the questions to the screen (the scripted players do not answer)")
    screen.add_argument("--stay", action="store_true",
                        help="after the game keep the screen up and wait for a new game set up on it "
                             "(always on the real board with --screen)")
    parser.set_defaults(handler=run)


def _not_negative(text: str) -> float:
    import argparse

    try:
        value = float(text)
    except ValueError:
        value = -1
    if not 0 <= value < float("inf"):
        raise argparse.ArgumentTypeError(f"not a number of seconds (0 or more): {text!r}")
    return value


def _elevation(text: str) -> float:
    import argparse

    try:
        value = float(text)
    except ValueError:
        value = -1
    if not 30 <= value <= 90:
        raise argparse.ArgumentTypeError(f"degrees above the table, 30-90: {text!r}")
    return value


def _positive(text: str) -> float:
    import argparse

    try:
        value = float(text)
    except ValueError:
        value = -1
    if value <= 0:
        raise argparse.ArgumentTypeError(f"not a positive number: {text!r}")
    return value


def _hardware(choice: str, sensing: str) -> str:
    """``auto``: the real board when ``$WORDBOARD_SENSOR`` names its port, or a sensor board or
    (unless ``sensing`` is ``sensor``) a camera is attached; else the twin."""
    if choice != "auto":
        return choice
    import os

    from wordboard.attached import look

    named = os.environ.get("WORDBOARD_SENSOR")
    if named and named != "auto":
        return "sim" if named == "sim" or named.startswith("sim:") else "real"
    attached = look()
    if attached.sensor or (attached.camera and sensing != "sensor"):
        return "real"
    return "sim"


def _game_options(args) -> dict:
    options = {}
    if getattr(args, "level", None):
        options["level"] = args.level
    if getattr(args, "variant", None):
        options["variant"] = args.variant
    if getattr(args, "colours", None):
        options["colours"] = args.colours
    if getattr(args, "turns", None):
        options["turns"] = args.turns
    if getattr(args, "cards", None):
        options["cards"] = args.cards
    if getattr(args, "edition", None):
        options["edition"] = args.edition
    if getattr(args, "challenge", None):
        options["challenge"] = args.challenge
    clock = _clock_option(args)
    if clock is not None:
        options["clock"] = clock
    return options


def _clock_option(args) -> dict | None:
    """``--clock [MINUTES]``, ``--increment``, ``--overtime-penalty``: the ``clock`` game option."""
    from wordboard.errors import UserError
    from wordboard.timecontrol import TimeControl

    minutes = getattr(args, "clock", None)
    increment = getattr(args, "increment", None)
    penalty = getattr(args, "overtime_penalty", None)
    if minutes is None:
        if increment is not None or penalty is not None:
            raise UserError("--increment and --overtime-penalty go with --clock")
        return None
    if penalty is not None and penalty < 0:
        raise UserError(f"--overtime-penalty: 0 or more points, not {penalty}")
    game = getattr(args, "game", None)
    if game is not None:
        from wordboard import registry

        if not registry.family(game).clock:
            raise UserError(f"--clock: {game} is not played on a game clock (Lexulous and Scrabble are)")
    return TimeControl(minutes * 60.0, increment or 0.0, CLUB_PENALTY if penalty is None else penalty).as_json()


def _run_all(args) -> int:
    """``--game all``: one new, short game of each family, one after the other."""
    import copy

    from wordboard import registry

    code = 0
    for family in registry.families():
        game = next(iter(family.editions))
        one = copy.copy(args)
        one.game, one.resume = game, "no"
        one.turns = family.quick_options.get("turns")
        print(f"=== {game} ===", flush=True)
        code = max(code, run(one))
    return code


def run(args) -> int:
    if args.game == "all":
        return _run_all(args)
    import signal
    import time

    from wordboard import registry
    from wordboard.attached import sensing_wanted
    from wordboard.controller.session import SessionConfig, open_session
    from wordboard.errors import UserError
    from wordboard.notify import KeepAlive, Notifier

    recording = _recording(args)
    sensing = "camera" if recording else sensing_wanted(args.sensing)
    hardware = "recording" if recording else _hardware(args.hardware, sensing)
    twin = hardware == "sim"
    if args.quick and not twin:
        raise UserError("--quick is for the simulated board")
    if args.speed and not (twin or recording):
        raise UserError("--speed is for the simulated board or a recording")
    if not twin and args.camera_elevation is not None:
        raise UserError("--camera-elevation places the simulated board's virtual camera; a real camera "
                        "is where you stood it")
    speed = args.speed or (40.0 if args.quick else 8.0 if twin else 1.0)
    if args.players is not None:
        _check_player_count(args.game, args.players)
    if args.lexicon.lower() == "none" and args.game and registry.family(args.game).needs_word_list(_game_options(args)):
        family, options = registry.family(args.game), _game_options(args)
        chosen = "".join(f" --{name} {options.get(name) or family.option_default(name)}" for name in family.word_list_options)
        raise UserError(f"--game {args.game}{chosen} checks every word in a dictionary: give one with --lexicon "
                        "(none is for games that check no words)")
    if args.cards is not None:                      # a bad file: its loader's one line, before anything starts
        registry.family(args.game or "extradiction").check_cards_file(args.cards)
    if twin and args.lexicon.lower() == "none":
        raise UserError("the digital twin's scripted players choose their words from a word list: "
                        "give one with --lexicon (--lexicon none is for the real board)")
    from wordboard.night import pairing_file  # a game night: the organiser's pairing for this board

    seated = None
    if args.players is None and args.resume != "yes":
        pairing = seated = pairing_file.read()
        if pairing is not None:
            args.players = pairing["players"]
            print(f"game night: round {pairing['round']}, table {pairing['table']}: "
                  f"{' v '.join(pairing['players'])}", flush=True)

    def out(text: str) -> None:
        print(text, flush=True)

    stopping = []

    def stop(signum, frame):  # noqa: ARG001 - signal API
        stopping.append(signum)

    signal.signal(signal.SIGTERM, stop)
    camera = recording or args.camera
    if not twin and not recording:
        attached = _wait_for_hardware(args, sensing, lambda: bool(stopping), out)
        if attached is None:
            return 0
        sensing = attached.sensing(sensing) or sensing
        if camera == "auto" and sensing in ("camera", "both"):
            camera = attached.camera or camera

    config = SessionConfig(
        game=args.game, hardware=hardware, players=tuple(args.players or ()), resume=args.resume,
        speed=speed if twin or recording else 1.0, seed=args.seed,
        camera=("none" if args.quick and camera == "auto" and sensing == "auto" and not _writes(args.game)
                else camera),
        sensing=sensing,
        lexicon=None if args.lexicon.lower() == "none" else args.lexicon,
        journal=args.journal, quiet=args.quiet_time, habits="tidy" if args.quick else "untidy",
        noise=args.noise, camera_elevation=args.camera_elevation, png_dir=args.png, show_leds=not args.no_leds,
        out=out,
        # a recording's players are named in the order they play (no draw for who starts)
        game_options={**_game_options(args), **({"first_player": 0} if recording else {})},
        learn_tiles=args.learn_tiles, frame_rate=args.frame_rate or 1.0, blanks=_blanks(args.blank))
    started = time.monotonic()
    # Until the controller's loop runs and feeds systemd's watchdog, a thread does: opening the
    # board after its hardware appeared (the word graph, the camera's first classifier) sent
    # nothing for 28.6 s here against WatchdogSec=30, and a Pi is several times slower.
    with KeepAlive(Notifier()) as starting, open_session(config) as session:
        session.wait_ready()
        sensing = "sensor" if session.sensing == "both" and twin and session.camera_source is None \
            else session.sensing
        if twin:
            sensed = {"camera": "the virtual camera alone", "both": "simulated sensor board, virtual camera",
                      "sensor": "simulated sensor board"}[sensing]
            where = f"the digital twin ({sensed}, LEDs and buttons; speed x{speed:g})"
        elif recording:
            where = f"the recording {recording} (the camera alone; speed x{speed:g})"
        else:
            where = "the board (" + {"camera": "the camera alone", "both": "sensor board and camera",
                                     "sensor": "sensor board"}[sensing] + ")"
        title = session.title
        out(f"wordboard run: {title} on {where}; journal {session.journal.path}")
        if not twin and not recording and sensing == "camera" and sensing_wanted(args.sensing) == "auto":
            from wordboard.attached import SensorBoardArrival

            session.controller.step_hooks.append(SensorBoardArrival(session.controller.say))
        pairing_file.PairingWatcher(session.controller, seated=seated)    # the screen and LEDs show each pairing
        screen = _start_screen(args, session, twin or bool(recording), out)   # (a recording: on loopback)
        starting.stop()
        session.run(max_moves=args.max_moves, should_stop=lambda: bool(stopping) or (
            screen is not None and screen.bridge.stop_requested))
        if screen is not None and (args.stay or not (twin or recording)):
            _wait_on_screen(session, screen, lambda: bool(stopping))
        stats = session.controller.stats
        if session.notifier is not None:
            session.notifier.stopping("stopping")
        latencies = sorted(stats.latencies)
        median = latencies[len(latencies) // 2] * 1000 if latencies else 0.0
        out(f"{stats.moves} moves, {stats.invalid} refused plays shown, {stats.blocked} ends of turn held (a tile "
            f"out of place, tiles moving or the camera's view blocked), {stats.questions} questions; "
            f"{stats.sensor_events} events from the table (sensor board or camera), "
            f"{stats.frames} LED frames (median {median:.1f} ms from an event to its frame); "
            f"{time.monotonic() - started:.1f} s")
        if session.players is not None and session.players.mismatches:
            out(f"WARNING: {len(session.players.mismatches)} moves differ from what the players meant")
            return 1
        if session.recorded is not None:
            return _recording_ended(session, out)
    if screen is not None and screen.bridge.next_setup is not None and not stopping:
        return run(_next_game(args, screen))
    if screen is not None:
        screen.close()
    return 0


def _check_player_count(game: str | None, players: list[str]) -> None:
    """``--players``: as many names as the game takes (eXtraDICTION: 1 to 4, the rulebook
    recommending 1 or 2; HEXX: 2); with no ``--game``, 2 to 4 (the game may be Lexulous)."""
    from wordboard import registry
    from wordboard.errors import UserError

    low, high = registry.family(game).player_counts if game else (2, 4)
    if not low <= len(players) <= high:
        names = f"{low} player name{'s' if low > 1 else ''}" if low == high else f"{low} to {high} player names"
        raise UserError(f"--game {game} takes {names}" if game else
                        f"give {names} (one player: --game extradiction)")


def _recording(args) -> str | None:
    """The recorded game ``--camera`` names (or ``$WORDBOARD_CAMERA`` when ``--camera`` is auto),
    a video file or a folder of frames, checked (a missing file, no video, an empty folder, a
    first frame that cannot be read: one line); None when it names no recording. A recording
    starts a new game unless ``--resume`` says to go on with the unfinished one."""
    from wordboard.camera.discovery import named_camera
    from wordboard.camera.recording import RecordedSource, is_recording
    from wordboard.errors import UserError

    name = args.camera if args.camera != "auto" else named_camera()
    if not is_recording(name):
        if args.frame_rate is not None or args.blank:
            raise UserError("--frame-rate and --blank are for a recorded game (--camera VIDEO|FOLDER)")
        return None
    assert name is not None
    if args.hardware == "sim":
        raise UserError("a recording is played as the board's camera, not on the simulated board: drop --hardware sim")
    if args.sensing not in (None, "auto", "camera"):
        raise UserError(f"--sensing {args.sensing}: a recording is seen by the camera alone")
    with RecordedSource(name, lambda: 0.0, rate=args.frame_rate or 1.0):
        pass
    if args.resume == "auto":
        args.resume = "no"
    return name


def _blanks(items: list[str]) -> dict:
    """``--blank SQUARE=LETTER`` items as ``{Square: letter}``."""
    from wordboard.errors import UserError
    from wordboard.rules import Square

    out = {}
    for item in items:
        square, eq, letter = item.partition("=")
        if not eq or len(letter) != 1 or not (letter.isascii() and letter.isalpha()):
            raise UserError(f"--blank {item!r}: expected SQUARE=LETTER, like H8=E")
        try:
            out[Square.parse(square.strip())] = letter.upper()
        except ValueError as exc:
            raise UserError(f"--blank {item!r}: {exc}") from None
    return out


def _recording_ended(session, out) -> int:
    """Say what the game reached when its recording ended (0), or why it stopped before (1, or a
    frame that cannot be read: one line, exit 2). The game stays in the journal either way."""
    from wordboard.camera.recording import clock_time
    from wordboard.controller.tracking import square_names
    from wordboard.errors import UserError

    recorded, adapter = session.recorded, session.adapter
    at = clock_time(recorded.source.seconds)
    if adapter.over:
        out(f"the game is over at {at} of the recording: {adapter.result_text()}")
        return 0
    live = session.controller.live
    if live is not None and live.status == "invalid":
        out(f"tiles on the board that are not in the game: {square_names(live.squares)} "
            f"(refused: {live.message})")
    reached = (f"{session.controller.stats.moves} moves played from the recording, scores {' '.join(adapter.scores_text().split())}; "
               f"game {session.jgame.id} stays in the journal, unfinished (wordboard games show {session.jgame.id}; "
               "go on with wordboard run --resume)")
    out(f"ends of turn told by the still picture: {recorded.presses}; tiles read unsurely taken as read: "
        f"{recorded.taken_as_read}")
    if recorded.source.error:
        raise UserError(f"{recorded.source.error}: the game stops at {at} of the recording, {reached}")
    if recorded.stopped:
        out(f"the game stops at {at} of the recording: {recorded.stopped}")
        out(f"the game reached {reached}")
        return 1
    out(f"the recording ended at {at}: the game reached {reached}")
    return 0


def _wait_for_hardware(args, sensing: str, should_stop, out):
    """The real board: what is attached, once it is enough for ``sensing``; until then the log,
    systemd, the LEDs' border and the screen (if it is served) say what the board waits for.
    None when stopped first."""
    import functools
    import os

    from wordboard.attached import look, wait_for_hardware
    from wordboard.camera.discovery import ENV as CAMERA_ENV
    from wordboard.notify import Notifier

    # a camera named with --camera is the one looked for, as $WORDBOARD_CAMERA's is (it was
    # passed over: the board waited for a camera it had been told of, "found: nothing")
    named = {CAMERA_ENV: args.camera} if args.camera not in (None, "auto") else {}
    seen = functools.partial(look, {**os.environ, **named})
    attached = seen()
    if attached.sensing(sensing) is not None:
        return attached
    leds = _waiting_leds(out)
    hub = _waiting_screen(args, out)
    try:
        return wait_for_hardware(sensing, out=out, should_stop=should_stop, notifier=Notifier(), leds=leds,
                                 hub=hub, look=seen)
    finally:
        if leds is not None:
            leds.off()


def _waiting_leds(out):
    """The owner's LED strip while the board waits for its hardware (15 x 15 unless only
    another size is configured), or None when it cannot be opened."""
    from wordboard.errors import UserError
    from wordboard.leds import open_board_leds
    from wordboard.leds.config import board_config, installed_config_path

    size = (15, 15)
    for rows, cols in ((15, 15), (11, 11)):
        if installed_config_path(rows, cols).is_file():
            size = (rows, cols)
            break
    try:
        return open_board_leds(board_config(*size))
    except (UserError, OSError, RuntimeError, ValueError, ImportError) as exc:
        out(f"LEDs: {exc}")
        return None


def _waiting_screen(args, out):
    """The screen's page while the board waits (kept for the game that follows): its hub."""
    import os

    listen = args.screen or os.environ.get("WORDBOARD_SCREEN") or None
    if listen is None or listen == "off":
        return None
    from wordboard.screen.hub import ScreenAnswerer, ScreenHub
    from wordboard.screen.server import ScreenServer, parse_listen

    hub = ScreenHub()
    host, port = parse_listen(listen, lan=True)
    args.screen_server = ScreenServer(hub, ScreenAnswerer(), host=host, port=port, out=out).start()
    out(f"screen: {args.screen_server.url}")
    return hub


def _writes(game: str | None) -> bool:
    """Whether ``game`` is played by writing on the board (the camera is its only sensor)."""
    from wordboard import registry

    return game is not None and registry.family(game).sensing == registry.WRITTEN


def _start_screen(args, session, twin: bool, out):
    """``--screen``: the page and its WebSocket (kept across the games of one ``wordboard run``)."""
    import os

    listen = args.screen or os.environ.get("WORDBOARD_SCREEN") or None
    if listen is None or listen == "off":
        return None
    from wordboard.screen import start_screen

    screen = start_screen(session, listen, lan=not twin, speak=args.speak,
                          screen_only=args.ask_screen and twin, server=getattr(args, "screen_server", None),
                          out=out)
    args.screen_server = screen.server
    out(f"screen: {screen.url} (children's mode: {screen.url}?mode=kids)")
    return screen


def _wait_on_screen(session, screen, stopping) -> None:
    """The game is over (or ended): show the summary until a new game is set up on the screen."""
    while not stopping() and screen.bridge.next_setup is None:
        session.idle(0.05)


def _next_game(args, screen):
    import copy

    setup = screen.bridge.next_setup
    nxt = copy.copy(args)
    nxt.game, nxt.players, nxt.lexicon = setup["game"], list(setup["players"]), setup["lexicon"]
    nxt.quiet_time = float(setup["quiet"]) if setup.get("quiet") else None
    nxt.resume, nxt.seed, nxt.max_moves = "no", None, None
    nxt.level, nxt.variant, nxt.turns = setup.get("level"), setup.get("variant"), setup.get("turns")
    nxt.colours = setup.get("colours")
    nxt.cards = setup.get("cards_path")          # an owner's card pack chosen on the page (none: shipped)
    # the owner's edition file chosen on the page; none: the game as shipped (never the edition
    # this run was started with, which may be another game's)
    nxt.edition = setup.get("edition_path")
    from wordboard import registry

    clocked = setup.get("clock") and registry.family(setup["game"]).clock
    nxt.clock = float(setup["clock"]) if clocked else None
    nxt.increment = float(setup.get("increment") or 0) if nxt.clock else None
    if not nxt.clock:
        nxt.overtime_penalty = None
    return nxt
