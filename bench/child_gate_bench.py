"""The children's gate (issue 37) on the screen: what it adds to each snapshot of an eXtraDICTION
game on the twin, and what a page in the children's mode costs per state sent.

    PYTHONPATH=host python3 bench/child_gate_bench.py [--moves N] [--repeat N]

Prints figures only; no assertions.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "host"))


def per_call(work, repeat: int) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        work()
    return (time.perf_counter() - start) / repeat * 1000


def main() -> int:
    from wordboard.controller.session import SessionConfig, open_session
    from wordboard.extradiction import childtext
    from wordboard.screen.snapshot import snapshot

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=8)
    parser.add_argument("--repeat", type=int, default=50)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        config = SessionConfig(game="extradiction", hardware="direct", camera="none", seed=3, show_leds=False,
                               journal=Path(folder) / "j.sqlite3", out=lambda text: None,
                               game_options={"level": "3", "turns": 6})
        with open_session(config) as session:
            session.run(max_moves=args.moves)
            controller, adapter = session.controller, session.adapter
            state = snapshot(controller)
            childtext._FIT_CACHE.clear()
            first = per_call(lambda: childtext.shown_for_child(state, adapter.known_word), 1)
            again = per_call(lambda: childtext.shown_for_child(state, adapter.known_word), args.repeat)
            whole = per_call(lambda: snapshot(controller), args.repeat)
            kids = per_call(lambda: childtext.for_kids_page({"type": "state", "state": state}), args.repeat)
            print(f"eXtraDICTION Level 3, {len(state['history'])} turns: a snapshot {whole:.2f} ms with the gate; "
                  f"the gate {first:.2f} ms on new texts, {again:.3f} ms on texts judged before; "
                  f"a kids page's state {kids:.3f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
