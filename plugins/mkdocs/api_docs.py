"""The Python modules mkdocstrings renders into a page: `::: kit.Widget` makes the API page
change whenever the module that defines `Widget` does, as Sphinx's autodoc records a page's
modules as its dependencies.

mkdocstrings' Python handler collects each object a page names (with Griffe, statically) as
the page's Markdown is converted, wherever the `:::` line sits (in an admonition, a tab, a
list). Noting what it returns for the page being rendered gives the files it read: the
object's own, for a module or a class those its public imported members are defined in (a
package's `__init__.py` re-exporting from `_core.py`), and with `show_submodules` its
submodules'. Its lookups for cross-references (an empty set of options) render nothing.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

from sitemapkit.installed import project_files

from .other_plugins import plugins_of

#: The plugin's package, and the handler whose objects are Python's.
PLUGIN_PACKAGE = "mkdocstrings"
PYTHON_HANDLER = "python"


def _target(item: Any) -> Any:
    """An imported name's object where it is defined; None when Griffe cannot resolve it."""
    if not getattr(item, "is_alias", False):
        return item
    try:
        return item.final_target
    except Exception:  # Griffe's AliasResolutionError or CyclicAliasError
        return None


def _files(item: Any) -> Iterator[str]:
    """The module files an object is read from (a namespace package's folders are no file)."""
    path = getattr(item, "filepath", None)
    for one in path if isinstance(path, list) else [path]:
        if isinstance(one, (os.PathLike, str)) and os.path.isfile(one):
            yield os.fspath(one)


def object_files(found: Any, submodules: bool = False) -> list[str]:
    """The files an object is rendered from: its own, its public imported members', and with
    `submodules` those of the submodules a module shows."""
    target = _target(found)
    if target is None:
        return []
    files = list(_files(target))
    if not (getattr(target, "is_module", False) or getattr(target, "is_class", False)):
        return files
    members = getattr(target, "members", None)
    for member in members.values() if isinstance(members, Mapping) else ():
        if getattr(member, "is_alias", False):
            defined = _target(member) if getattr(member, "is_public", False) else None
            if defined is not None and not getattr(defined, "is_module", False):
                files += _files(defined)
        elif submodules and getattr(member, "is_module", False):
            files += object_files(member, submodules)
    return files


def _shows_submodules(options: Any) -> bool:
    """The handler's option for one object: a dataclass now, a mapping in older releases."""
    if isinstance(options, Mapping):
        return bool(options.get("show_submodules"))
    return bool(getattr(options, "show_submodules", False))


class ApiModules:
    """The module files each page was rendered from, noted as the handler collects them."""

    def __init__(self, plugin: object, docs_dir: str) -> None:
        self._plugin = plugin
        self._docs_dir = docs_dir
        self._watching = False
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
                files = object_files(found, _shows_submodules(options))
                self._read.setdefault(self._page, []).extend(files)
            return found

        handler.collect = collect_noted

    def page_started(self, src_uri: str) -> None:
        """A page's Markdown is converted next (MkDocs converts every page's before
        `on_env`), which collects its objects; mkdocstrings has made its handlers by now."""
        if not self._watching:
            self._watching = True
            self._watch()
        self._page = src_uri
        self._read.pop(src_uri, None)  # converted again: what it reads now counts

    def pages_converted(self) -> None:
        """Every page's Markdown is HTML now: later lookups render no page."""
        self._page = None

    def files_by_page(self) -> dict[str, tuple[str, ...]]:
        """A page's `src_uri` -> the project's files its objects came from, in the order
        read (the installation's date nothing)."""
        kept = {
            page: project_files(dict.fromkeys(read), self._docs_dir)
            for page, read in self._read.items()
        }
        return {page: files for page, files in kept.items() if files}
