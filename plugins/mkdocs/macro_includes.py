"""The files mkdocs-macros-plugin's templates take into a page: `{% include "notice.md" %}`
(found in its `include_dir`, `docs_dir` by default) makes the page change whenever
notice.md does, and so do `{% import %}` and `{% extends %}`.

The plugin renders each page's Markdown as a Jinja template in an environment of its own,
made in its `on_config`. Every template a page loads goes through that environment's
`get_template` or `select_template` (the code Jinja compiles calls them by name), so the
files are noted as Jinja loads them, its cache and the plugin's loader settings whatever
they are, with no second reading of the page's directives. A template of the Python
installation (a package's, through a loader a macros module adds) dates nothing: its time is
the install's.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from typing import Any

from jinja2 import Environment

from sitemapkit.installed import project_files

from .other_plugins import plugins_of

#: The package the plugin's class comes from (`macros` in `plugins`).
PLUGIN_PACKAGE = "mkdocs_macros"
#: The environment's methods that load a template by name.
_LOADERS = ("get_template", "select_template")


class MacroIncludes:
    """What each page's macros loaded, noted right after the plugin rendered its Markdown."""

    def __init__(self, plugins: list[object], docs_dir: str) -> None:
        self._plugins = plugins
        self._docs_dir = docs_dir
        self._read: list[str] = []
        #: A page's `src_uri` -> the files its templates loaded, in the order read.
        self.by_page: dict[str, tuple[str, ...]] = {}

    @classmethod
    def of(cls, plugins: Iterable[object], docs_dir: str) -> MacroIncludes | None:
        """None when no mkdocs-macros plugin is in `plugins`."""
        found = plugins_of(plugins, PLUGIN_PACKAGE)
        return cls(found, docs_dir) if found else None

    def watch(self) -> None:
        """Note the templates each plugin's environment loads from now on: called once every
        plugin's `on_config` (where the environment is made) has run. The class's methods are
        wrapped, not what an earlier build may have left on the environment."""
        for plugin in self._plugins:
            env = getattr(plugin, "_env", None)  # its `env` property raises until on_config
            if not isinstance(env, Environment):
                continue
            for name in _LOADERS:
                method = getattr(type(env), name).__get__(env)
                setattr(env, name, self._noting(method))

    def _noting(self, load: Callable[..., Any]) -> Callable[..., Any]:
        def noted(*args: Any, **kwargs: Any) -> Any:
            template = load(*args, **kwargs)
            filename = getattr(template, "filename", None)
            if isinstance(filename, str):  # a file's (a loader of strings gives none)
                self._read.append(os.path.abspath(filename))  # as the loader's folder was
            return template

        return noted

    def note(self, src_uri: str) -> None:
        """The files loaded since the last page: this page's."""
        read = project_files(dict.fromkeys(self._read), self._docs_dir)
        self._read.clear()
        if read:
            self.by_page[src_uri] = read
        else:
            self.by_page.pop(src_uri, None)
