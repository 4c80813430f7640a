"""Packages whose public names are imported when first used.

A rules package names its whole API in its ``__init__`` but loads each module only when one of
its names is first asked for, so that importing one submodule (a command-line parser, say) does
not load the whole engine::

    from wordboard.lazy import lazy_exports

    _EXPORTS = {"Board": "wordboard.crossword.board", ...}
    __getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping


def lazy_exports(package: str, exports: Mapping[str, str]) -> tuple[Callable[[str], object],
                                                                      Callable[[], list[str]]]:
    """The module-level ``__getattr__`` and ``__dir__`` (PEP 562) of ``package``, for the public
    names in ``exports`` (name -> the module it comes from); a name once imported is kept."""
    namespace = sys.modules[package].__dict__

    def __getattr__(name: str) -> object:
        module = exports.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module), name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted(set(namespace) | set(exports))

    return __getattr__, __dir__
