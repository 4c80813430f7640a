"""The grown-up's own words for the children's filter, on the screen behind the PIN: the same
file and rules as ``wordboard words`` (:mod:`wordboard.extradiction.ownerwords`). Allowing a
slur needs a second, confirmed message."""

from __future__ import annotations

from typing import Any


def answer(data: dict[str, Any]) -> dict[str, Any]:
    """The reply to a ``words`` message (``action``: list, allow, block or forget a ``word``):
    ``{"type": "words", "allowed": [...], "blocked": [...]}`` with a ``message``, or with
    ``confirm`` naming a slur that was not yet confirmed; ``{"type": "error"}`` otherwise."""
    from wordboard.errors import UserError
    from wordboard.extradiction import ownerwords
    from wordboard.extradiction.wordfilter import is_slur

    action, message = data["action"], ""
    try:
        if action != "list":
            if "word" not in data:
                return {"type": "error", "message": "which word?"}
            word = ownerwords.plain_word(data["word"])
            if action == "allow" and is_slur(word) and not data.get("confirm"):
                return {**_lists(ownerwords.read()), "confirm": word.upper(),
                        "message": f"{word.upper()} is a slur: allow it anyway?"}
            ownerwords.change(word, action)
            message = {"allow": "allowed", "block": "blocked", "forget": "forgot"}[action] + f" {word.upper()}"
        return {**_lists(ownerwords.read()), "message": message}
    except (UserError, OSError) as exc:
        return {"type": "error", "message": str(exc)}


def _lists(words: Any) -> dict[str, Any]:
    return {"type": "words", "allowed": sorted(w.upper() for w in words.allowed),
            "blocked": sorted(w.upper() for w in words.blocked)}
