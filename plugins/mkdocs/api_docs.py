"""The Python modules mkdocstrings renders into a page: `::: kit.Widget` makes the API page
change whenever the module that defines `Widget` does, as Sphinx's autodoc records a page's
modules as its dependencies.

mkdocstrings' Python handler collects each object a page names (with Griffe, statically) as
the page's Markdown is converted, wherever the `:::` line sits (in an admonition, a tab, a
list), and gives every object it renders a heading whose `id` is the object's path
(`kit.Widget.spin`). The objects it collected, and those the converted page has headings
for, looked up in what the handler loaded, give the files the page is made of: exactly what
its options (`members`, `filters`, `inherited_members`, `show_submodules`) rendered, with no
second reading of those rules. Its lookups for cross-references (an empty set of options)
render nothing.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable
from typing import Any

from sitemapkit.installed import project_files_of

from .other_plugins import plugins_of

#: The plugin's package, and the handler whose objects are Python's.
PLUGIN_PACKAGE = "mkdocstrings"
PYTHON_HANDLER = "python"

#: A heading of a rendered object: its `id` is the object's dotted path.
_OBJECT_ANCHOR = re.compile(r'\sid="([A-Za-z_][\w]*(?:\.\w+)+)"')


def _target(item: Any) -> Any:
    """An imported name's object where it is defined; None when Griffe cannot resolve it."""
    try:
        return item.final_target if item.is_alias else item
    except Exception:  # Griffe's AliasResolutionError or CyclicAliasError
        return None


def object_files(found: Any) -> list[str]:
    """The module files an object is read from: none for a namespace package's folders, nor
    for a built-in or compiled module, whose file Griffe refuses to give."""
    target = _target(found)
    try:
        path = target.filepath
    except Exception:  # Griffe's BuiltinModuleError (`::: math`), or no object
        return []
    paths = path if isinstance(path, list) else [path]
    return [os.fspath(p) for p in paths if isinstance(p, (os.PathLike, str)) and os.path.isfile(p)]


class ApiModules:
    """The module files each page was rendered from, noted as the handler collects them."""

    def __init__(self, plugin: object, docs_dir: str) -> None:
        self._plugin = plugin
        self._docs_dir = docs_dir
        self._watching = False
        self._lookup: Callable[[str], Any] | None = None
        #: The page whose Markdown MkDocs converts now, and what each page's objects came from.
        self._page: str | None = None
        self._read: dict[str, list[str]] = {}

    @classmethod
    def of(cls, plugins: Iterable[object], docs_dir: str) -> ApiModules | None:
        """None when no mkdocstrings plugin is in `plugins`."""
        found = plugins_of(plugins, PLUGIN_PACKAGE)
        return cls(found[0], docs_dir) if found else None

    def _watch(self) -> None:
        """Note what the Python handler collects from now on."""
        try:
            handler = self._plugin.get_handler(PYTHON_HANDLER)  # type: ignore[attr-defined]
            collect: Callable[..., Any] = handler.collect
        except Exception:  # turned off, or no Python handler: pages keep their own times
            return

        def collect_noted(identifier: str, options: Any, *args: Any, **kwargs: Any) -> Any:
            found = collect(identifier, options, *args, **kwargs)
            if self._page is not None and options != {}:  # {}: a cross-reference's lookup
                self._read.setdefault(self._page, []).extend(object_files(found))
            return found

        handler.collect = collect_noted
        self._lookup = lambda identifier: collect(identifier, {})  # what is loaded, no more

    def page_started(self, src_uri: str) -> None:
        """A page's Markdown is converted next (MkDocs converts every page's before
        `on_env`), which collects its objects; mkdocstrings has made its handlers by now."""
        if not self._watching:
            self._watching = True
            self._watch()
        self._page = src_uri
        self._read.pop(src_uri, None)  # converted again: what it reads now counts

    def page_converted(self, src_uri: str, html: str) -> None:
        """The objects the converted page has headings for: its members as rendered (while
        mkdocstrings keeps what it loaded, until its `on_post_build`)."""
        read = self._read.get(src_uri)
        if read is None or self._lookup is None:
            return  # the handler collected nothing for it: no API documentation
        for identifier in dict.fromkeys(_OBJECT_ANCHOR.findall(html)):
            try:
                found = self._lookup(identifier)
            except Exception:  # mkdocstrings' CollectionError: no object of the handler's
                continue
            read += object_files(found)

    def pages_converted(self) -> None:
        """Every page's Markdown is HTML now: later lookups render no page."""
        self._page = None

    def files_by_page(self) -> dict[str, tuple[str, ...]]:
        """A page's `src_uri` -> the project's files its objects came from, in the order
        read (the installation's date nothing)."""
        return project_files_of(self._read, self._docs_dir)
