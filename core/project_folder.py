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
#: with the folders one of which must be beside them when the names alone are too common.
_MARKERS: tuple[tuple[str, str, tuple[str, ...], tuple[str, ...]], ...] = (
    ("MkDocs", "site", ("mkdocs.yml", "mkdocs.yaml"), ()),
    ("Zensical", "site", ("zensical.toml",), ()),
    ("Pelican", "output", ("pelicanconf.py",), ()),
    ("Sphinx", "_build/html", ("conf.py",), ()),
    ("Sphinx", "build/html", ("source/conf.py",), ()),
    ("Hugo", "public", ("hugo.toml", "hugo.yaml", "hugo.json"), ()),
    (
        "Hugo",
        "public",
        ("config.toml", "config.yaml", "config.yml", "config.json"),
        ("content", "layouts", "archetypes"),
    ),
    (
        "Hugo",
        "public",
        tuple(
            f"config/_default/{name}.{kind}"
            for name in ("hugo", "config")
            for kind in ("toml", "yaml", "yml", "json")
        ),
        (),
    ),
    ("Jekyll", "_site", ("_config.yml",), ("_layouts", "_posts", "_includes", "_site")),
    (
        "Eleventy",
        "_site",
        (".eleventy.js", "eleventy.config.js", "eleventy.config.mjs", "eleventy.config.cjs"),
        (),
    ),
    ("Astro", "dist", ("astro.config.mjs", "astro.config.ts"), ()),
    ("Docusaurus", "build", ("docusaurus.config.js", "docusaurus.config.ts"), ()),
)


def find_project(folder: str) -> Project | None:
    """The generator whose project `folder` is, if one of its own files says so."""
    for generator, output, markers, beside in _MARKERS:
        for marker in markers:
            if not os.path.isfile(os.path.join(folder, marker)):
                continue
            if beside and not any(os.path.isdir(os.path.join(folder, name)) for name in beside):
                continue
            return Project(generator, marker, output)
    return None
