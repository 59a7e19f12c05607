"""Material's projects plugin: sub-projects it built without sitemapkit.

Each sub-project is a build of its own, with its own `mkdocs.yml`: sitemapkit in the main
project's lists the main project's pages only, so a sub-project without it has no sitemap of
sitemapkit's (MkDocs writes its own there, every page dated by the build).
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from typing import Any

from .config import PLUGIN_NAME

#: The projects plugin's names in `plugins`.
PROJECTS_PLUGINS = ("material/projects", "projects")


def projects_without_sitemapkit(plugins: Mapping[str, Any], root: str) -> list[str]:
    """The `mkdocs.yml` files (relative to `root`, the main project's folder) of the
    sub-projects the projects plugin built whose plugins do not list sitemapkit, or turn it
    off (`enabled: false`)."""
    plugin = next((plugins[name] for name in PROJECTS_PLUGINS if name in plugins), None)
    jobs = getattr(getattr(getattr(plugin, "builder", None), "root", None), "jobs", None)
    if not callable(jobs):  # not the top-level build, or no projects
        return []
    missing = []
    try:
        for job in jobs():
            config = getattr(getattr(job, "project", None), "config", None)
            path = getattr(config, "config_file_path", None)
            raw = config.get("plugins") if isinstance(config, Mapping) else None
            if isinstance(path, str) and not any(_enabled(raw, PLUGIN_NAME)):
                missing.append(os.path.relpath(path, root).replace(os.sep, "/"))
    except (AttributeError, TypeError, ValueError):  # another version's structures
        return []
    return sorted(missing)


def _enabled(raw: object, name: str) -> Iterator[bool]:
    """Whether each entry of a `plugins` setting as written is `name`, and not turned off."""
    items: list[tuple[object, object]] = []
    if isinstance(raw, Mapping):
        items = list(raw.items())
    elif isinstance(raw, list):
        for item in raw:
            if isinstance(item, Mapping) and len(item) == 1:
                items.append(next(iter(item.items())))
            else:
                items.append((item, {}))
    for key, settings in items:
        if key == name:
            yield not (isinstance(settings, Mapping) and settings.get("enabled") is False)
