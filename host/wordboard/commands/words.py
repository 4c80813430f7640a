"""``wordboard words``: the grown-up's own words for the children's filter (list, allow, block,
forget, check). Kept in the config folder (:mod:`wordboard.extradiction.ownerwords`) and used at
once by every game that reads the filter."""

from __future__ import annotations

import argparse

from wordboard.commands import Subparsers


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "words", help="the grown-up's own allowed and blocked words for the children's games",
        description="eXtraDICTION, Dexikon's demo and the kiosk keep words unsuitable for children out "
                    "(shipped lists and their English forms). Allow a word they block wrongly, or block "
                    "one they miss; the words are kept in the config folder and used at once.")
    sub = parser.add_subparsers(dest="words_command", metavar="ACTION", required=True,
                                parser_class=type(parser))
    p = sub.add_parser("list", help="the words you allowed and blocked",
                       description="The words you allowed and blocked, and the file that keeps them.")
    p.set_defaults(handler=_list)
    p = sub.add_parser("allow", help="let children play WORD (and its forms) although the lists block it",
                       description="Let children play, see and hear WORD and its forms (COCKPIT, a "
                                   "family name). A slur asks for --confirm.")
    p.add_argument("word", metavar="WORD")
    p.add_argument("--confirm", action="store_true", help="allow it although it is a slur")
    p.set_defaults(handler=_allow)
    p = sub.add_parser("block", help="keep WORD (and its forms) out of the children's games",
                       description="Keep WORD and its forms out of the children's games.")
    p.add_argument("word", metavar="WORD")
    p.set_defaults(handler=_block)
    p = sub.add_parser("forget", help="drop WORD from your words (the shipped lists decide again)",
                       description="Drop WORD from the words you allowed or blocked.")
    p.add_argument("word", metavar="WORD")
    p.set_defaults(handler=_forget)
    p = sub.add_parser("check", help="is each WORD blocked? (exit 0 if none is, 1 if any is)",
                       description="Say whether the children's filter blocks each word.")
    p.add_argument("words", metavar="WORD", nargs="+")
    p.set_defaults(handler=_check)


def _list(args: argparse.Namespace) -> int:
    from wordboard.extradiction import ownerwords

    path = ownerwords.words_path()
    words = ownerwords.read(path)
    print(f"your words for the children's filter: {path}")
    print("allowed: " + (" ".join(sorted(words.allowed)) or "(none)"))
    print("blocked: " + (" ".join(sorted(words.blocked)) or "(none)"))
    if words.bad_lines:
        lines = ", ".join(str(n) for n in words.bad_lines)
        print(f"skipped line(s) {lines}: neither 'allow WORD' nor 'block WORD'")
    return 0


def _allow(args: argparse.Namespace) -> int:
    from wordboard.errors import UserError
    from wordboard.extradiction import ownerwords
    from wordboard.extradiction.wordfilter import is_slur

    word = ownerwords.plain_word(args.word)
    if is_slur(word) and not args.confirm:
        raise UserError(f"{word.upper()} is a slur on the shipped lists: to let children play it, "
                        f"run 'wordboard words allow {word} --confirm'")
    ownerwords.change(word, "allow")
    print(f"allowed {word.upper()} (and its forms) in the children's games")
    return 0


def _block(args: argparse.Namespace) -> int:
    from wordboard.extradiction import ownerwords

    word = ownerwords.plain_word(args.word)
    ownerwords.change(word, "block")
    print(f"blocked {word.upper()} (and its forms) in the children's games")
    return 0


def _forget(args: argparse.Namespace) -> int:
    from wordboard.extradiction import ownerwords

    word = ownerwords.plain_word(args.word)
    before = ownerwords.read()
    if word not in before.allowed | before.blocked:
        print(f"{word.upper()} is not one of your words")
        return 0
    ownerwords.change(word, "forget")
    print(f"forgot {word.upper()}: the shipped lists decide again")
    return 0


def _check(args: argparse.Namespace) -> int:
    from wordboard.extradiction.wordfilter import is_unsuitable

    blocked = False
    for word in args.words:
        bad = is_unsuitable(word)
        blocked |= bad
        print(f"{word.upper()}: {'blocked' if bad else 'allowed'}")
    return 1 if blocked else 0
