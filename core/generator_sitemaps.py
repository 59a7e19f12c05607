"""Which generator built a scanned site, and how it stops writing sitemaps of its own.

Hugo, Jekyll (jekyll-sitemap), Hexo, Astro and Docusaurus write sitemaps that sitemapkit's
replace at the top and that stay in folders below it (Hugo's one per language): the warnings
about them say how to turn that generator's sitemaps off, when the home page's
`<meta name="generator">` names it (or, past a redirect stub at the top, one of the first pages
listed).
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable
from html import unescape

from .page_heads import META_CONTENT, META_TAG, NOT_TAGS, file_head, meta_name

_NAMED_GENERATOR = meta_name("generator")

#: The first word of a generator meta tag's content, lowered -> (the generator, how its own
#: sitemaps are turned off).
SITEMAP_SWITCHES: dict[str, tuple[str, str]] = {
    "hugo": ("Hugo", "disableKinds = ['sitemap'] in its configuration (hugo.toml)"),
    "jekyll": ("Jekyll", "remove jekyll-sitemap from plugins in _config.yml"),
    "hexo": ("Hexo", "npm uninstall hexo-generator-sitemap"),
    "astro": ("Astro", "remove the sitemap() integration (@astrojs/sitemap) from its config"),
    "docusaurus": ("Docusaurus", "sitemap: false in the classic preset's options"),
}


def generator_switch(root: str, pages: Iterable[str] = ()) -> tuple[str, str] | None:
    """(generator, how to turn its sitemaps off) for the generator that the home page names,
    else the first of `pages` (paths below `root`) that names one."""
    for path in ("index.html", *pages):
        folder, _, name = os.path.join(root, *path.split("/")).rpartition(os.sep)
        try:
            if not stat.S_ISREG(os.stat(os.path.join(folder, name)).st_mode):  # not a FIFO
                continue
        except OSError:
            continue
        generator = generator_name(file_head(name, folder))
        if generator is not None:
            return SITEMAP_SWITCHES.get(generator)
    return None


def generator_name(head: str) -> str | None:
    """The first word of the head's `<meta name="generator">`, lowered (`Hugo 0.140.0`: hugo)."""
    head = head.lower()
    if "generator" not in head:
        return None
    for tag in META_TAG.findall(NOT_TAGS.sub("", head)):
        if not _NAMED_GENERATOR.search(tag):
            continue
        content = META_CONTENT.search(tag)
        if content is None:
            continue
        words = unescape(next(group for group in content.groups() if group is not None)).split()
        return words[0] if words else None
    return None
