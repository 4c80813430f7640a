"""``wordboard lexicon``: inspect, compile and query word lists."""

from __future__ import annotations

import argparse
import sys
import time
from typing import TYPE_CHECKING

from wordboard.commands import Subparsers
from wordboard.progress import ProgressLine

if TYPE_CHECKING:  # imported when used, so that ``wordboard --help`` stays fast
    from wordboard.dictionary import Dictionary

LIST_HELP = ("a word list: wamerican, wbritish, scowl:SIZE[:SPELLING[:VARIANTS]] "
             "(e.g. scowl:70, scowl:80:british) or the path of a file with one word per line")


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "lexicon", help="inspect, compile and query word lists",
        description="Inspect, compile and query the word lists that decide which words are valid. "
                    "A list is compiled once (entries that are proper nouns, acronyms, or contain "
                    "an apostrophe, hyphen, digit or space are dropped; case and accents fold) and "
                    "cached in $WORDBOARD_CACHE_DIR, else $XDG_CACHE_HOME/wordboard, else "
                    "~/.cache/wordboard.")
    actions = parser.add_subparsers(dest="lexicon_action", metavar="ACTION", required=True,
                                    parser_class=type(parser))

    p = actions.add_parser("list", help="system word lists installed on this machine",
                           description="List the system word lists installed on this machine "
                                       "with their files and sizes.")
    p.set_defaults(handler=_list)

    p = actions.add_parser("info", help="word count, rejected entries, cache file, load time",
                           description="Load a word list and show where it comes from, how many "
                                       "words it holds, how many entries were rejected and why, "
                                       "its cache file and how long loading took.")
    p.add_argument("list", metavar="LIST", help=LIST_HELP)
    p.set_defaults(handler=_info)

    p = actions.add_parser("check", help="is each WORD a word? (exit 0 if all are, 1 if not)",
                           description="Say whether each word is in the list. Exit status 0 when "
                                       "all are, 1 when any is not.")
    p.add_argument("list", metavar="LIST", help=LIST_HELP)
    p.add_argument("words", metavar="WORD", nargs="+", help="a word to check (case and accents fold)")
    p.set_defaults(handler=_check)

    p = actions.add_parser("match", help="words matching a pattern such as C?T or [AE]?[IOU]S",
                           description="Print every word matching PATTERN, one per line: a letter "
                                       "stands for itself, ? for any letter, [AE] for a choice of "
                                       "letters (a Dexikon AT/ES/IOU card).")
    p.add_argument("list", metavar="LIST", help=LIST_HELP)
    p.add_argument("pattern", metavar="PATTERN", help="e.g. C?T, [AE]?[IOU]S (quote it in the shell)")
    p.set_defaults(handler=_match)

    p = actions.add_parser("anagram", help="words that can be made from LETTERS",
                           description="Print every word that can be made from LETTERS (each used "
                                       "at most once) and wild tiles, longest first. A ? in "
                                       "LETTERS is a wild.")
    p.add_argument("list", metavar="LIST", help=LIST_HELP)
    p.add_argument("letters", metavar="LETTERS", help="the rack, e.g. AEINRST or AEINRS?")
    p.add_argument("--wilds", type=_count, default=0, metavar="N", help="wild tiles besides LETTERS")
    p.add_argument("--min", dest="min_length", type=_count, default=2, metavar="N",
                   help="shortest word (default 2)")
    p.add_argument("--max", dest="max_length", type=_count, default=None, metavar="N",
                   help="longest word (default: all the tiles)")
    p.add_argument("--all", dest="use_all", action="store_true", help="only words using every tile")
    p.set_defaults(handler=_anagram)

    p = actions.add_parser("compile", help="compile a list into the cache, showing progress",
                           description="Compile a word list and write it to the cache, showing "
                                       "progress. Loading it later takes milliseconds.")
    p.add_argument("list", metavar="LIST", help=LIST_HELP)
    p.add_argument("--force", action="store_true", help="compile even if the cache is up to date")
    p.set_defaults(handler=_compile)


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected 0 or more, not {value}")
    return value


def _load(list_name: str) -> tuple[Dictionary, float]:
    from wordboard.dictionary import load_dictionary

    started = time.perf_counter()
    dictionary = load_dictionary(list_name, progress=ProgressLine(f"compiling {list_name}", "entries"))
    return dictionary, time.perf_counter() - started


def _list(args: argparse.Namespace) -> int:
    from wordboard.dictionary import SYSTEM_LISTS, available_system_lists

    found = available_system_lists()
    if not found:
        names = ", ".join(s.package for s in SYSTEM_LISTS.values())
        print(f"no system word lists installed (Debian packages: {names})", file=sys.stderr)
        return 1
    width = max(len(name) for name, *_ in found)
    for name, description, files, size in found:
        print(f"{name:<{width}}  {size / 1e6:5.1f} MB in {files:2d} file{'s' if files != 1 else ' '}  "
              f"{description}")
    print("scowl also takes a spelling (american, british, british_z, canadian, australian) and a "
          "variant level 0-3: scowl:80:british:1")
    return 0


def _info(args: argparse.Namespace) -> int:
    from wordboard.dictionary import resolve_source

    dictionary, seconds = _load(args.list)
    stats = dictionary.stats
    source = resolve_source(args.list)
    print(f"list:       {dictionary.source}")
    for path in source.paths:
        print(f"file:       {path}")
    print(f"words:      {len(dictionary):,}")
    print(f"entries:    {stats.entries:,} ({stats.duplicates:,} duplicates after folding)")
    print(f"capitals:   {'mark proper nouns and acronyms' if stats.has_case_information else 'ignored (all-capitals list)'}")
    print(f"rejected:   {stats.rejected_total:,}")
    for reason, count in stats.rejected.items():
        print(f"  {str(reason) + ':':<35} {count:,}")
    print(f"cache:      {dictionary.cache_file or 'none (cache folder not writable)'}")
    how = "from the cache" if dictionary.from_cache else "compiled from the source"
    print(f"load time:  {seconds * 1000:.1f} ms ({how})")
    return 0


def _check(args: argparse.Namespace) -> int:
    dictionary, _ = _load(args.list)
    all_words = True
    for word in args.words:
        ok = dictionary.is_word(word)
        all_words &= ok
        print(f"{word}: {'word' if ok else 'not a word'}")
    return 0 if all_words else 1


def _match(args: argparse.Namespace) -> int:
    from wordboard.dictionary.patterns import parse_pattern

    parse_pattern(args.pattern)  # a bad pattern (a UserError) fails before the list is loaded
    dictionary, _ = _load(args.list)
    words = dictionary.matching(args.pattern)
    for word in words:
        print(word)
    print(f"{len(words):,} word{'s' if len(words) != 1 else ''}", file=sys.stderr)
    return 0


def _anagram(args: argparse.Namespace) -> int:
    from wordboard.dictionary.patterns import parse_letters

    parse_letters(args.letters)  # bad letters fail before the list is loaded
    dictionary, _ = _load(args.list)
    words = dictionary.anagrams(args.letters, wilds=args.wilds, min_length=args.min_length,
                                max_length=args.max_length, use_all=args.use_all)
    words.sort(key=lambda w: (-len(w), w))
    for word in words:
        print(word)
    print(f"{len(words):,} word{'s' if len(words) != 1 else ''}", file=sys.stderr)
    return 0


def _compile(args: argparse.Namespace) -> int:
    if args.force:
        from wordboard.dictionary import cachefile, resolve_source
        from wordboard.dictionary.rules import WordRules

        source = resolve_source(args.list)
        stale = cachefile.cache_path(cachefile.cache_dir(), source.name, source.paths,
                                     WordRules().cache_token())
        try:
            stale.unlink()
        except FileNotFoundError:
            pass
        except OSError as exc:
            from wordboard.errors import UserError

            raise UserError(f"cannot remove the old cache {stale}: {exc.strerror or exc}") from None
    dictionary, seconds = _load(args.list)
    if dictionary.from_cache:
        print(f"{dictionary.source}: up to date in {dictionary.cache_file} "
              f"({len(dictionary):,} words)")
    elif dictionary.cache_file is None:
        print(f"{dictionary.source}: compiled {len(dictionary):,} words in {seconds:.2f} s, "
              f"but the cache folder is not writable", file=sys.stderr)
        return 1
    else:
        print(f"{dictionary.source}: compiled {len(dictionary):,} words in {seconds:.2f} s "
              f"to {dictionary.cache_file}")
    return 0
