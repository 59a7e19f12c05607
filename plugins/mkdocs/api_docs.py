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
from collections.abc import Callable, Iterable, Mapping
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


def _files(item: Any) -> list[str]:
    """The module files an object is read from: none for a namespace package's folders, nor
    for a built-in or compiled module, whose file Griffe refuses to give."""
    try:
        path = item.filepath
    except Exception:  # Griffe's BuiltinModuleError (`::: math`)
        return []
    paths = path if isinstance(path, list) else [path]
    return [os.fspath(p) for p in paths if isinstance(p, (os.PathLike, str)) and os.path.isfile(p)]


def _option(options: Any, name: str) -> Any:
    """One of the handler's options for an object: a dataclass now, a mapping before."""
    if isinstance(options, Mapping):
        return options.get(name)
    return getattr(options, name, None)


def object_files(found: Any, options: Any = None) -> list[str]:
    """The files an object is rendered from: its own; for a module or class, those of the
    public members it shows that are imported (`__init__.py` re-exporting from `_core.py`) or
    inherited (with `inherited_members`); and with `show_submodules`, its public submodules'.
    `members: false` shows none of them."""
    target = _target(found)
    if target is None:
        return []
    files = _files(target)
    shown = _option(options, "members")
    if not (getattr(target, "is_module", False) or getattr(target, "is_class", False)):
        return files
    if shown is False or shown == []:
        return files
    named = set(shown) if isinstance(shown, list) else None
    inherited = bool(_option(options, "inherited_members"))
    submodules = bool(_option(options, "show_submodules"))
    try:
        members = list(target.members.values())
        if inherited and getattr(target, "is_class", False):
            members += target.inherited_members.values()
    except Exception:  # Griffe could not read them: the object's own file only
        return files
    for member in members:
        if named is not None and getattr(member, "name", None) not in named:
            continue
        try:
            files += _member_files(member, options, inherited, submodules)
        except Exception:  # Griffe's errors for an alias it cannot resolve: it dates nothing
            continue
    return files


def _member_files(member: Any, options: Any, inherited: bool, submodules: bool) -> list[str]:
    """The files a public member shown on its parent's page is read from, if not the
    parent's: where an imported one is defined, a submodule's, inherited members'."""
    if not member.is_public:
        return []
    if member.is_alias:
        defined = _target(member)
        if defined is None or defined.is_module:
            return []
        return _files(defined) + (
            _inherited_files(defined) if inherited and defined.is_class else []
        )
    if submodules and member.is_module:
        return object_files(member, options)
    return _inherited_files(member) if inherited and member.is_class else []


def _inherited_files(cls: Any) -> list[str]:
    """The files of the public members a class inherits from its bases."""
    try:
        inherited = list(cls.inherited_members.values())
    except Exception:  # a base Griffe cannot resolve
        return []
    files: list[str] = []
    for member in inherited:
        defined = _target(member) if getattr(member, "is_public", False) else None
        if defined is not None:
            files += _files(defined)
    return files


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
                files = object_files(found, options)
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
