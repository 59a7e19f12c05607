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

from mkdocs.exceptions import ConfigurationError
from mkdocs.utils.yaml import yaml_load
from sitemapkit.urls import normalise_base_url

from .config import PLUGIN_NAME

#: The projects plugin's names in `plugins`.
PROJECTS_PLUGINS = ("material/projects", "projects")


def _projects_plugin(plugins: Mapping[str, Any]) -> object:
    return next((plugins[name] for name in PROJECTS_PLUGINS if name in plugins), None)


class SubProject(NamedTuple):
    """A sub-project the projects plugin built, as its `mkdocs.yml` (with what it INHERITs)
    says."""

    config_file: str  # relative to the main project's folder, '/'-separated
    lists_sitemapkit: bool  # listed and not turned off (`enabled: false`)


def sub_projects(plugins: Mapping[str, Any], root: str) -> list[SubProject]:
    """The sub-projects the projects plugin built in this build, sorted by their files; none
    when this is no top-level build with projects (`root`: the main project's folder)."""
    plugin = _projects_plugin(plugins)
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


def at_main_address(plugins: Mapping[str, Any], config_file: str, site_url: str) -> bool:
    """Whether this build is a sub-project the projects plugin runs at the main project's
    `site_url`: the plugin gives a sub-project the address of its folder of the main site
    (`site/alpha/`), unless the project sets (or INHERITs) the main one, which it then keeps:
    its pages' addresses are the main site's, not the folder's."""
    plugin = _projects_plugin(plugins)
    root = getattr(getattr(plugin, "config", None), "projects_root_dir", None)
    if not isinstance(root, str) or not root:
        return False
    root = os.path.abspath(root)
    if root == os.path.dirname(os.path.abspath(config_file)):
        return False  # the main project itself
    main = _main_site_url(root, getattr(plugin, "manifest", None))
    try:
        return main is not None and normalise_base_url(main) == normalise_base_url(site_url)
    except ValueError:
        return False


def _main_site_url(root: str, manifest: object) -> str | None:
    """The main project's `site_url`, from its file (the plugin's manifest names it, relative
    to the folder the build ran in, which is the main project's as a rule)."""
    named = manifest.get(".") if isinstance(manifest, Mapping) else None
    names = [named] if isinstance(named, str) else []
    for name in (*names, "mkdocs.yml", "mkdocs.yaml"):
        try:
            with open(os.path.join(root, name), "rb") as file:
                site_url = yaml_load(file).get("site_url")
        except (OSError, ConfigurationError, AttributeError, TypeError, ValueError):
            continue
        return site_url if isinstance(site_url, str) else None
    return None


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
