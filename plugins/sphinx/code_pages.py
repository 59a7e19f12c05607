"""What viewcode's pages and the Python module index show, so each is dated by that.

A viewcode page (`_modules/pkg/mod.html`) is the highlighted source of one module: it changes
when the module's file does. `_modules/index.html` lists those pages, and `py-modindex.html`
lists the documents that define modules (their synopses): each changes with what it lists,
not with any edit elsewhere on the site.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import sys
from collections.abc import Callable, Iterable, Mapping

from sphinx.application import Sphinx

MODULE_PAGES = "_modules/"
MODULE_PAGES_INDEX = "_modules/index"
PYTHON_MODULE_INDEX = "py-modindex"


def module_page_sources(pagenames: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """viewcode's module pages -> the module's source file, where one is found."""
    sources: dict[str, tuple[str, ...]] = {}
    for name in pagenames:
        if name.startswith(MODULE_PAGES) and name != MODULE_PAGES_INDEX:
            path = _module_file(name[len(MODULE_PAGES) :].replace("/", "."))
            if path is not None:
                sources[name] = (path,)
    return sources


def module_page_commits(
    app: Sphinx, pagenames: Iterable[str], commit_time: Callable[[str], int | None]
) -> dict[str, int]:
    """viewcode's module pages -> the commit time of the document that defines the module,
    where sphinx-last-updated-by-git dated it: that time covers the module's file (autodoc
    makes it a dependency), and a fresh clone's file times would not."""
    modules = app.env.domaindata.get("py", {}).get("modules", {})
    if not isinstance(modules, Mapping):
        return {}
    times: dict[str, int] = {}
    for name in pagenames:
        if not name.startswith(MODULE_PAGES) or name == MODULE_PAGES_INDEX:
            continue
        docname = getattr(modules.get(name[len(MODULE_PAGES) :].replace("/", ".")), "docname", None)
        seconds = commit_time(docname) if isinstance(docname, str) else None
        if seconds is not None:
            times[name] = seconds
    return times


def _module_file(modname: str) -> str | None:
    """The `.py` file of a module autodoc or viewcode already imported, else where the
    import system finds it; None for a module without one (built-in, compiled, gone)."""
    origin = getattr(sys.modules.get(modname), "__file__", None)
    if origin is None:
        with contextlib.suppress(Exception):  # a module or parent that fails to import
            spec = importlib.util.find_spec(modname)
            origin = spec.origin if spec is not None else None
    if not isinstance(origin, str) or not origin.endswith(".py"):
        return None
    return origin if os.path.isfile(origin) else None


def index_listings(app: Sphinx, pagenames: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """The module indices written -> the pages they list (as page names)."""
    names = set(pagenames)
    listings: dict[str, tuple[str, ...]] = {}
    if MODULE_PAGES_INDEX in names:
        module_pages = sorted(n for n in names if n.startswith(MODULE_PAGES))
        listings[MODULE_PAGES_INDEX] = tuple(n for n in module_pages if n != MODULE_PAGES_INDEX)
    if PYTHON_MODULE_INDEX in names:
        listings[PYTHON_MODULE_INDEX] = _module_documents(app)
    return listings


def _module_documents(app: Sphinx) -> tuple[str, ...]:
    """The documents that define Python modules (`.. py:module::`, automodule)."""
    modules = app.env.domaindata.get("py", {}).get("modules", {})
    if not isinstance(modules, Mapping):
        return ()
    docnames = set()
    for entry in modules.values():
        docname = getattr(entry, "docname", None)
        if isinstance(docname, str):
            docnames.add(docname)
    return tuple(sorted(docnames))
