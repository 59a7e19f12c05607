"""The files mkdocs-macros-plugin's templates take into a page: `{% include "notice.md" %}`
(found in its `include_dir`, `docs_dir` by default) makes the page change whenever
notice.md does, and so do `{% import %}` and `{% extends %}`.

The plugin renders each page's Markdown as a Jinja template in an environment of its own,
made in its `on_config`. Every template loads through that environment's `get_template` or
`select_template` (the code Jinja compiles calls them by name), so the files are noted as
Jinja loads them, its cache and the plugin's loader settings whatever they are, with no
second reading of the page's directives. A load counts for the page whose Markdown is being
made, from its `on_pre_page` to the end of its `on_page_markdown` (the plugin's own hooks
of a page, `on_post_page_macros` too); one at another time (a macros module's
`on_post_build`, a hook's `on_env`) dates no page. A template of the Python installation (a
package's, through a loader a macros module adds) dates nothing: its time is the install's.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from typing import Any

from jinja2 import Environment

from sitemapkit.installed import project_files_of

from .other_plugins import plugins_of

#: The package the plugin's class comes from (`macros` in `plugins`).
PLUGIN_PACKAGE = "mkdocs_macros"
#: The environment's methods that load a template by name.
_LOADERS = ("get_template", "select_template")
#: The attribute of a wrapper of this module's that holds what it wraps.
_WRAPPED = "_sitemapkit_wraps"


class MacroIncludes:
    """What the plugin's templates loaded for each page while its Markdown was made."""

    def __init__(self, plugins: list[object], docs_dir: str) -> None:
        self._plugins = plugins
        self._docs_dir = docs_dir
        self._page: str | None = None  # the `src_uri` of the page being made
        self._read: dict[str, list[str]] = {}  # a page's `src_uri` -> the files, as loaded

    @classmethod
    def of(cls, plugins: Iterable[object], docs_dir: str) -> MacroIncludes | None:
        """None when no mkdocs-macros plugin is in `plugins`."""
        found = plugins_of(plugins, PLUGIN_PACKAGE)
        return cls(found, docs_dir) if found else None

    def watch(self) -> None:
        """Note the templates each plugin's environment loads from now on: called once every
        plugin's `on_config` (where the environment is made) has run. What another plugin
        put there is kept and called; only a wrapper of this module's is replaced."""
        for plugin in self._plugins:
            env = getattr(plugin, "env", None)  # a property that raises until on_config
            if not isinstance(env, Environment):
                continue
            for name in _LOADERS:
                current = getattr(env, name)
                setattr(env, name, self._noting(getattr(current, _WRAPPED, current)))

    def _noting(self, load: Callable[..., Any]) -> Callable[..., Any]:
        def noted(*args: Any, **kwargs: Any) -> Any:
            template = load(*args, **kwargs)
            filename = getattr(template, "filename", None)  # none from a loader of strings
            if self._page is not None and isinstance(filename, str):
                # The path as the loader's folder was found: from the working folder.
                self._read.setdefault(self._page, []).append(os.path.abspath(filename))
            return template

        setattr(noted, _WRAPPED, load)
        return noted

    def page_started(self, src_uri: str) -> None:
        """The page's Markdown is made next: what loads until `page_made` is its."""
        self._page = src_uri

    def page_made(self) -> None:
        self._page = None

    def files_by_page(self) -> dict[str, tuple[str, ...]]:
        """A page's `src_uri` -> the project's files its templates loaded, in the order read."""
        return project_files_of(self._read, self._docs_dir)
