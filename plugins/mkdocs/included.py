"""The files mkdocs-include-markdown-plugin puts into a page: `{% include-markdown
"../CHANGELOG.md" %}` makes the changelog page change whenever CHANGELOG.md does.

The plugin keeps a list of every local file it reads (for `mkdocs serve` to watch), filled as
it processes a page's Markdown, its includes within includes too. Reading what that list
gained during each page's `on_page_markdown` gives each page its files exactly as the plugin
resolved them (globs, paths relative to the page or to `docs_dir`, `exclude`), with no second
reading of its directives. URLs are not listed: they are no file.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Mapping

from .other_plugins import plugins_of

#: The module the plugin's class lives in (`include-markdown` in `plugins`).
PLUGIN_MODULE = "mkdocs_include_markdown_plugin"


def _included_files(plugin: object) -> list[str] | None:
    """The list the plugin fills: its own watcher's (6.0.3 and later), the one in its config
    (6.0.2), else its module's one watcher for every instance (earlier releases), made at the
    first page it processes."""
    watcher = getattr(plugin, "_files_watcher", None)
    if watcher is None:
        config = getattr(plugin, "config", None)
        watcher = config.get("_files_watcher") if isinstance(config, Mapping) else None
    if watcher is None:
        module = sys.modules.get(type(plugin).__module__)
        watcher = getattr(module, "FILES_WATCHER", None) or getattr(module, "WATCHING_FILES", None)
    files = getattr(watcher, "included_files", None)
    return files if isinstance(files, list) else None


class IncludedFiles:
    """What each page included, noted right after the plugin processed its Markdown.

    Between two pages only the plugin's `on_page_markdown` of the later one adds to the list;
    releases before 6.0.3 give their module's watcher a new list after each page while `mkdocs
    serve` runs, which is then read whole.
    """

    def __init__(self, plugins: list[object]) -> None:
        self._plugins = plugins
        self._seen = [self._position(plugin) for plugin in plugins]
        #: A page's `src_uri` -> the files it included, in the order read.
        self.by_page: dict[str, tuple[str, ...]] = {}

    @classmethod
    def of(cls, plugins: Iterable[object]) -> IncludedFiles | None:
        """None when no include-markdown plugin is in `plugins`."""
        found = plugins_of(plugins, PLUGIN_MODULE)
        return cls(found) if found else None

    @staticmethod
    def _position(plugin: object) -> tuple[list[str] | None, int]:
        files = _included_files(plugin)
        return files, len(files) if files is not None else 0

    def note(self, src_uri: str) -> None:
        """The files the plugin read since the last page: this page's."""
        read: list[str] = []
        for number, plugin in enumerate(self._plugins):
            known, seen = self._seen[number]
            files, length = self._position(plugin)
            if files is not None:
                read += files[seen if files is known and length >= seen else 0 :]
            self._seen[number] = files, length
        self.by_page[src_uri] = tuple(dict.fromkeys(read))
