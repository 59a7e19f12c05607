"""Material's projects plugin: sub-projects built without sitemapkit, or at the main address.

Each sub-project is a build of its own, with its own `mkdocs.yml`: sitemapkit in the main
project's lists the main project's pages only, so a sub-project without it has no sitemap of
sitemapkit's (MkDocs writes its own there, every page dated by the build). One that sets (or
INHERITs) the main project's `site_url` keeps it, and its sitemap names the main site's
addresses.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from typing import Any, NamedTuple
from urllib.parse import unquote, urlsplit

from .config import PLUGIN_NAME

#: The projects plugin's names in `plugins`.
PROJECTS_PLUGINS = ("material/projects", "projects")


class SubProject(NamedTuple):
    """A sub-project the projects plugin built, as its `mkdocs.yml` (with what it INHERITs)
    says."""

    config_file: str  # relative to the main project's folder, '/'-separated
    lists_sitemapkit: bool  # listed and not turned off (`enabled: false`)


def sub_projects(plugins: Mapping[str, Any], root: str) -> list[SubProject]:
    """The sub-projects the projects plugin built in this build, sorted by their files; none
    when this is no top-level build with projects (`root`: the main project's folder)."""
    plugin = next((plugins[name] for name in PROJECTS_PLUGINS if name in plugins), None)
    jobs = getattr(getattr(getattr(plugin, "builder", None), "root", None), "jobs", None)
    if not callable(jobs):
        return []
    found = []
    try:
        for job in jobs():
            config = getattr(getattr(job, "project", None), "config", None)
            path = getattr(config, "config_file_path", None)
            if not isinstance(path, str) or not isinstance(config, Mapping):
                continue
            found.append(
                SubProject(
                    os.path.relpath(path, root).replace(os.sep, "/"),
                    any(_enabled(config.get("plugins"), PLUGIN_NAME)),
                )
            )
    except (AttributeError, TypeError, ValueError):  # another version's structures
        return []
    return sorted(found)


def at_main_address(
    plugins: Mapping[str, Any], config_file: str, site_dir: str, site_url: str
) -> bool:
    """Whether this build is a sub-project the projects plugin runs at the main project's
    address: the plugin builds it into a folder of the main site (`site/alpha/`) and names
    that folder in `site_url`, unless the project sets (or INHERITs) the main one, which it
    then keeps: its pages' addresses are the main site's, not the folder's."""
    plugin = next((plugins[name] for name in PROJECTS_PLUGINS if name in plugins), None)
    root = getattr(getattr(plugin, "config", None), "projects_root_dir", None)
    own = os.path.dirname(os.path.abspath(config_file))
    if not isinstance(root, str) or not root or os.path.abspath(root) == own:
        return False  # not a sub-project
    folder = os.path.basename(os.path.normpath(site_dir))
    return unquote(urlsplit(site_url).path.rstrip("/").rpartition("/")[2]) != folder


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
