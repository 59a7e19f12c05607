"""The files mkdocs-macros-plugin's templates take into a page: `{% include "notice.md" %}`
(found in its `include_dir`, `docs_dir` by default) makes the page change whenever
notice.md does, and so do `{% import %}` and `{% extends %}`.

The plugin renders each page's Markdown as a Jinja template in an environment of its own,
made in its `on_config`. Every template a page loads goes through that environment's
`get_template` or `select_template` (the code Jinja compiles calls them by name), so the
files are noted as Jinja loads them, its cache and the plugin's loader settings whatever
they are, with no second reading of the page's directives. A load counts for the page the
plugin is rendering at that moment: one outside its rendering (another plugin's or a hook's
use of the environment) dates no page. A template of the Python installation (a package's,
through a loader a macros module adds) dates nothing: its time is the install's.
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
    """What the plugin's templates loaded for each page it rendered."""

    def __init__(self, plugins: list[object], docs_dir: str) -> None:
        self._plugins = plugins
        self._docs_dir = docs_dir
        self._rendering = 0  # how deep in the plugin's `render` this build is
        self._read: dict[str, list[str]] = {}  # a page's `src_uri` -> the files, as loaded

    @classmethod
    def of(cls, plugins: Iterable[object], docs_dir: str) -> MacroIncludes | None:
        """None when no mkdocs-macros plugin is in `plugins`."""
        found = plugins_of(plugins, PLUGIN_PACKAGE)
        return cls(found, docs_dir) if found else None

    def watch(self) -> None:
        """Note the templates each plugin loads while it renders a page, from now on: called
        once every plugin's `on_config` (where the environment is made) has run. The classes'
        methods are wrapped, not what an earlier build may have left on the objects."""
        for plugin in self._plugins:
            env = getattr(plugin, "env", None)  # a property, which raises until on_config
            render = getattr(type(plugin), "render", None)
            if not isinstance(env, Environment) or not callable(render):
                continue
            plugin.render = self._rendering_with(render.__get__(plugin))  # type: ignore[attr-defined]
            for name in _LOADERS:
                setattr(env, name, self._noting(getattr(type(env), name).__get__(env), plugin))

    def _rendering_with(self, render: Callable[..., Any]) -> Callable[..., Any]:
        def rendering(*args: Any, **kwargs: Any) -> Any:
            self._rendering += 1
            try:
                return render(*args, **kwargs)
            finally:
                self._rendering -= 1

        return rendering

    def _noting(self, load: Callable[..., Any], plugin: object) -> Callable[..., Any]:
        def noted(*args: Any, **kwargs: Any) -> Any:
            template = load(*args, **kwargs)
            filename = getattr(template, "filename", None)  # none from a loader of strings
            if self._rendering and isinstance(filename, str):
                page = getattr(plugin, "page", None)  # the page being rendered
                src_uri = getattr(getattr(page, "file", None), "src_uri", None)
                if isinstance(src_uri, str):  # the path as the loader's folder was found
                    self._read.setdefault(src_uri, []).append(os.path.abspath(filename))
            return template

        return noted

    @property
    def by_page(self) -> dict[str, tuple[str, ...]]:
        """A page's `src_uri` -> the project's files its templates loaded, in the order read."""
        found = {
            page: project_files(dict.fromkeys(read), self._docs_dir)
            for page, read in self._read.items()
        }
        return {page: files for page, files in found.items() if files}
