"""The per-page events a build needs the plugin in, so MkDocs calls it for no other.

MkDocs calls a plugin for every event its class defines, once per page for the page events,
and each call costs about a microsecond of dispatch before the plugin's first line (it looks
the plugin up and asks the logger's level). A page event the build has no use for (no
plugin whose work it reads, the robots check off) is taken out of the collection's events.
"""

from __future__ import annotations

from collections.abc import Collection

from mkdocs.plugins import PluginCollection


def drop_unused_events(plugins: PluginCollection, plugin: object, unused: Collection[str]) -> None:
    """Take `plugin`'s methods for the `unused` events (`"page_markdown"`) out of `plugins`,
    the collection MkDocs calls them from."""
    for name in unused:
        methods = plugins.events.get(name, [])
        methods[:] = [m for m in methods if getattr(m, "__self__", None) is not plugin]
