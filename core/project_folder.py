"""Telling a generator's project folder from the site it builds, before writing into it.

`sitemapkit build .` in a Jekyll or Hugo project lists layouts and the built copy as pages,
and writes sitemaps into the sources, which the next build then publishes.
"""

from __future__ import annotations

import os
from typing import NamedTuple


class Project(NamedTuple):
    generator: str
    marker: str  # the file that gives it away, relative to the folder
    output: str  # where that generator writes the site by default


#: Files a generator reads from its project's root and never copies into the site it builds,
#: each with the folders that must be beside it when the name alone is too common.
_MARKERS: tuple[tuple[str, tuple[str, ...], str, str], ...] = (
    ("mkdocs.yml", (), "MkDocs", "site"),
    ("mkdocs.yaml", (), "MkDocs", "site"),
    ("zensical.toml", (), "Zensical", "site"),
    ("pelicanconf.py", (), "Pelican", "output"),
    ("conf.py", (), "Sphinx", "_build/html"),
    ("source/conf.py", (), "Sphinx", "build/html"),
    ("hugo.toml", (), "Hugo", "public"),
    ("hugo.yaml", (), "Hugo", "public"),
    ("hugo.json", (), "Hugo", "public"),
    ("config.toml", ("content", "layouts", "archetypes"), "Hugo", "public"),
    ("_config.yml", ("_layouts", "_posts", "_includes", "_site"), "Jekyll", "_site"),
    ("eleventy.config.js", (), "Eleventy", "_site"),
    ("eleventy.config.mjs", (), "Eleventy", "_site"),
    ("eleventy.config.cjs", (), "Eleventy", "_site"),
    (".eleventy.js", (), "Eleventy", "_site"),
    ("astro.config.mjs", (), "Astro", "dist"),
    ("astro.config.ts", (), "Astro", "dist"),
    ("docusaurus.config.js", (), "Docusaurus", "build"),
    ("docusaurus.config.ts", (), "Docusaurus", "build"),
)


def find_project(folder: str) -> Project | None:
    """The generator whose project `folder` is, if one of its own files says so."""
    for marker, beside, generator, output in _MARKERS:
        if not os.path.isfile(os.path.join(folder, marker)):
            continue
        if beside and not any(os.path.isdir(os.path.join(folder, name)) for name in beside):
            continue
        return Project(generator, marker, output)
    return None
