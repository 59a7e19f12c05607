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
    app: Sphinx,
    sources: Mapping[str, tuple[str, ...]],
    commit_time: Callable[[str], int | None],
) -> dict[str, int]:
    """viewcode's module pages (with their module's file, `module_page_sources`) -> the
    earliest commit time sphinx-last-updated-by-git gave a document that has that file among
    its dependencies (autodoc makes it one): each such time covers the file's last commit,
    and a fresh clone's file times would not. A page no such document covers is left out."""
    wanted: dict[str, list[str]] = {}  # the module file's real path -> its pages
    for name, files in sources.items():
        for path in files:
            wanted.setdefault(os.path.realpath(path), []).append(name)
    if not wanted:
        return {}
    srcdir = os.fspath(app.srcdir)
    times: dict[str, int] = {}
    for docname, dependencies in app.env.dependencies.items():
        for dependency in dependencies:
            pages = wanted.get(os.path.realpath(os.path.join(srcdir, os.fspath(dependency))))
            seconds = commit_time(docname) if pages else None
            if pages and seconds is not None:
                for name in pages:
                    times[name] = min(times.get(name, seconds), seconds)
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
