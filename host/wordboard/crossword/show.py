"""Text for people: what a record's event says, and where the sample game lives."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from wordboard import gcg


def describe_event(event: gcg.Event) -> str:
    """One line saying what happened: ``Ann plays JETON at 8D for 40 (total 40)``."""
    who = event.nick
    total = f"(total {event.cumulative})"
    if isinstance(event, gcg.Play):
        return f"{who} plays {event.word} at {gcg.format_position(event.position)} for {event.score} {total}"
    if isinstance(event, gcg.Pass):
        return f"{who} passes {total}"
    if isinstance(event, gcg.Exchange):
        what = event.tiles if event.tiles else f"{event.count} tiles"
        return f"{who} swaps {what} {total}"
    if isinstance(event, gcg.Withdrawn):
        return f"{who}'s play is challenged off: {event.score} {total}"
    if isinstance(event, gcg.ChallengeBonus):
        return f"{who} wins a challenge: {event.score:+d} {total}"
    if isinstance(event, gcg.TimePenalty):
        return f"{who} loses {-event.score} for overtime {total}"
    if isinstance(event, gcg.EndRackBonus):
        return f"{who} went out and gains {event.score} for ({event.tiles}) {total}"
    if isinstance(event, gcg.EndRackPenalty):
        return f"{who} is left with ({event.tiles}): {event.score} {total}"
    return f"{who}: {event!r}"


def sample_game_path() -> Path:
    """The sample game shipped with wordboard (a seeded computer game, see ``data/README``)."""
    return Path(str(resources.files("wordboard.crossword") / "data" / "sample-lexulous.gcg"))
