"""Which generator built a scanned site, and how it stops writing sitemaps of its own.

Hugo, Jekyll (jekyll-sitemap), Hexo, Astro, Docusaurus, Starlight, Zensical, VitePress,
Gatsby (gatsby-plugin-sitemap) and Antora write sitemaps that sitemapkit's replace at the top
and that stay in folders below it (Hugo's one per language): the warnings about them say how
to turn that generator's sitemaps off (or, where nothing does, to give sitemapkit's files other
names), when the home page's `<meta name="generator">` names it (or, past a redirect stub at
the top, one of the first pages listed). A page that names a generator is a built site's,
whatever files were copied into it.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable
from html import unescape

from .page_heads import META_CONTENT, META_TAG, NOT_TAGS, file_head, meta_name

_NAMED_GENERATOR = meta_name("generator")

#: How a template's unrendered value opens (Nunjucks, Liquid, Jinja, EJS, JavaScript).
_UNRENDERED = ("{{", "{%", "<%", "${")

#: The name in a generator meta tag's content, lowered -> (the generator, how its own
#: sitemaps are turned off), most specific first: Starlight's pages name Astro too.
SITEMAP_SWITCHES: dict[str, tuple[str, str]] = {
    "hugo": ("Hugo", 'set disableKinds = ["sitemap"] in its configuration (hugo.toml)'),
    "jekyll": (
        "Jekyll",
        "remove jekyll-sitemap from plugins in _config.yml and from the Gemfile's "
        ":jekyll_plugins group (a theme gem may load it too)",
    ),
    "hexo": ("Hexo", "uninstall hexo-generator-sitemap (npm uninstall hexo-generator-sitemap)"),
    "starlight": (
        "Starlight",
        "it adds @astrojs/sitemap itself whenever `site` is set, with no setting to stop it, so "
        "give sitemapkit's files other names (--sitemap-name, --index-name)",
    ),
    "astro": ("Astro", "remove the sitemap() integration (@astrojs/sitemap) from its config"),
    "docusaurus": ("Docusaurus", "set sitemap: false in the classic preset's options"),
    "vitepress": ("VitePress", "remove the sitemap option from .vitepress/config"),
    "gatsby": ("Gatsby", "remove gatsby-plugin-sitemap from plugins in gatsby-config"),
    "antora": (
        "Antora",
        "it writes sitemap.xml (for several components, an index of one sitemap each) whenever "
        "site.url is set in the playbook, with no setting to stop it, so give sitemapkit's "
        "files other names (--sitemap-name, --index-name)",
    ),
    "zensical": (
        "Zensical",
        "it writes sitemap.xml on every build, with no setting to stop it, so give "
        "sitemapkit's files other names (--sitemap-name, --index-name)",
    ),
}


def sitemap_switch(named: list[str]) -> tuple[str, str] | None:
    """(generator, how to turn its sitemaps off) for the generators a site's pages name."""
    return next((switch for key, switch in SITEMAP_SWITCHES.items() if key in named), None)


def site_generators(root: str, pages: Iterable[str] = ()) -> list[str]:
    """The generators the home page names (`generator_names`), else the first of `pages`
    (paths below `root`) that names any."""
    for path in ("index.html", *pages):
        folder, _, name = os.path.join(root, *path.split("/")).rpartition(os.sep)
        try:
            if not stat.S_ISREG(os.stat(os.path.join(folder, name)).st_mode):  # not a FIFO
                continue
        except OSError:
            continue
        named = generator_names(file_head(name, folder))
        if named:
            return named
    return []


def generator_names(head: str) -> list[str]:
    """The name in each `<meta name="generator">` of the head, lowered: its first word, up to
    a `-` (`Hugo 0.140.0`: hugo, `zensical-0.0.65`: zensical). A template's unrendered value
    (`{{ eleventy.generator }}`) names none: that page is a source."""
    head = head.lower()
    if "generator" not in head:
        return []
    named = []
    for tag in META_TAG.findall(NOT_TAGS.sub("", head)):
        content = META_CONTENT.search(tag) if _NAMED_GENERATOR.search(tag) else None
        if content is not None:
            words = unescape(next(group for group in content.groups() if group is not None))
            parts = words.split()
            first = parts[0].partition("-")[0] if parts else ""
            if first and not first.startswith(_UNRENDERED):
                named.append(first)
    return named
