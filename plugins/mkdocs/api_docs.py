"""The Python modules mkdocstrings renders into a page: `::: kit.Widget` makes the API page
change whenever the module that defines `Widget` does, as Sphinx's autodoc records a page's
modules as its dependencies.

mkdocstrings' Python handler loads each module once per build (with Griffe, statically) and
keeps what it loaded until its own `on_post_build` tears the handlers down. Asking it, right
after each page is rendered, for the objects the page's `:::` lines name (its fallback
lookup, which never loads a module the page did not) gives the files it read them from:
the object's own, and for a module or a class the files its public imported members are
defined in (a package's `__init__.py` re-exporting from `_core.py`). Submodules a page does
not name, and other handlers' objects, date nothing.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator, Mapping

from sitemapkit.installed import project_files

#: The plugin's package, and the handler whose objects are Python's.
PLUGIN_PACKAGE = "mkdocstrings"
PYTHON_HANDLER = "python"

#: mkdocstrings' own syntax for an object to render (a line of a Markdown block).
_AUTODOC = re.compile(r"^(?:#{1,6} *|)::: ?(.+?) *$")
#: The handler an instruction's indented options name.
_HANDLER = re.compile(r"""^[ \t]+handler:[ \t]*["']?([\w.-]+)""")
_FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})")


def _is_mkdocstrings(kind: type) -> bool:
    """The plugin's class, or a class made from it."""
    return any(base.__module__.partition(".")[0] == PLUGIN_PACKAGE for base in kind.__mro__)


def python_identifiers(markdown: str, default_handler: str) -> list[str]:
    """The objects a page's `:::` lines give the Python handler, outside fenced code."""
    found: list[str] = []
    lines = markdown.splitlines()
    fence = ""
    for number, line in enumerate(lines):
        opened = _FENCE.match(line)
        if fence:
            if opened and opened.group(1)[0] == fence[0] and len(opened.group(1)) >= len(fence):
                fence = ""
            continue
        if opened:
            fence = opened.group(1)
            continue
        match = _AUTODOC.match(line)
        if match is None:
            continue
        handler = default_handler
        for option in lines[number + 1 :]:
            if not option[:1].isspace():
                break
            named = _HANDLER.match(option)
            if named:
                handler = named.group(1)
        if handler == PYTHON_HANDLER:
            found.append(match.group(1))
    return found


def _target(item: object) -> object | None:
    """An imported name's object where it is defined; None when Griffe cannot resolve it."""
    if not getattr(item, "is_alias", False):
        return item
    try:
        return getattr(item, "final_target", None)
    except Exception:  # Griffe's AliasResolutionError, CyclicAliasError
        return None


def _files(item: object) -> Iterator[str]:
    path = getattr(item, "filepath", None)
    for one in path if isinstance(path, list) else [path]:  # a namespace package: a list
        if isinstance(one, (os.PathLike, str)):
            yield os.fspath(one)


def object_files(found: object) -> list[str]:
    """The files an object is rendered from: its own, and its public imported members'."""
    target = _target(found)
    if target is None:
        return []
    files = list(_files(target))
    if getattr(target, "is_module", False) or getattr(target, "is_class", False):
        members = getattr(target, "members", {})
        for member in members.values() if isinstance(members, dict) else ():
            if not getattr(member, "is_alias", False) or not getattr(member, "is_public", False):
                continue
            defined = _target(member)
            if defined is not None and not getattr(defined, "is_module", False):
                files += _files(defined)
    return files


class ApiModules:
    """The module files each page's `:::` lines were rendered from, noted as it is rendered."""

    def __init__(self, plugin: object, docs_dir: str) -> None:
        self._plugin = plugin
        self._docs_dir = docs_dir
        config = getattr(plugin, "config", None)
        default = config.get("default_handler") if isinstance(config, Mapping) else None
        self._default = default if isinstance(default, str) else PYTHON_HANDLER
        #: A page's `src_uri` -> the files its objects come from, in the order named.
        self.by_page: dict[str, tuple[str, ...]] = {}

    @classmethod
    def of(cls, plugins: Iterable[object], docs_dir: str) -> ApiModules | None:
        """None when no mkdocstrings plugin is in `plugins`."""
        found = [p for p in plugins if _is_mkdocstrings(type(p))]
        return cls(found[0], docs_dir) if found else None

    def note(self, src_uri: str, markdown: str | None) -> None:
        if not markdown or ":::" not in markdown:
            return
        identifiers = python_identifiers(markdown, self._default)
        if not identifiers:
            return
        try:
            handler = self._plugin.get_handler(PYTHON_HANDLER)  # type: ignore[attr-defined]
        except Exception:  # turned off, or a release without it: the page keeps its own time
            return
        files: list[str] = []
        for identifier in identifiers:
            try:
                found = handler.collect(identifier, {})  # the lookup that loads nothing more
            except Exception:  # not found, or not loaded for this page: mkdocstrings said so
                continue
            files += object_files(found)
        kept = project_files(dict.fromkeys(files), self._docs_dir)  # not the installation's
        if kept:
            self.by_page[src_uri] = kept
