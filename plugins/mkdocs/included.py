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
from collections.abc import Iterable

#: The module the plugin's class lives in (`include-markdown` in `plugins`).
PLUGIN_MODULE = "mkdocs_include_markdown_plugin"


def _included_files(plugin: object) -> list[str] | None:
    """The list the plugin fills: its own watcher's since 6.2, else its module's one watcher
    for every instance (6.1 and earlier), made at the first page it processes."""
    watcher = getattr(plugin, "_files_watcher", None)
    if watcher is None:
        watcher = getattr(sys.modules.get(type(plugin).__module__), "FILES_WATCHER", None)
    files = getattr(watcher, "included_files", None)
    return files if isinstance(files, list) else None


class IncludedFiles:
    """What each page included, noted right after the plugin processed its Markdown.

    Between two pages only the plugin's `on_page_markdown` of the later one adds to the list;
    `mkdocs serve` gives the plugin a new list after each page, which is then read whole.
    """

    def __init__(self, plugins: list[object]) -> None:
        self._plugins = plugins
        self._seen = [self._position(plugin) for plugin in plugins]
        #: A page's `src_uri` -> the files it included, in the order read.
        self.by_page: dict[str, tuple[str, ...]] = {}

    @classmethod
    def of(cls, plugins: Iterable[object]) -> IncludedFiles | None:
        """None when no include-markdown plugin is in `plugins`."""
        found = [p for p in plugins if type(p).__module__.partition(".")[0] == PLUGIN_MODULE]
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
