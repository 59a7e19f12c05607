"""Taking over MkDocs' own sitemap, which every theme renders (`sitemap.xml` and `.gz`).

MkDocs' version stamps every page with the build date and is silently empty without
`site_url`; two sitemaps side by side would disagree, so MkDocs' one is not written at all.
"""

from __future__ import annotations

import os
from collections.abc import Iterable

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import Files
from sitemapkit.writer import read_head

MKDOCS_TEMPLATE = "sitemap.xml"
MKDOCS_OUTPUTS = ("sitemap.xml", "sitemap.xml.gz")
_URLSET = b"<urlset"


def stop_mkdocs_sitemap(config: MkDocsConfig) -> None:
    """No static template, so MkDocs renders neither `sitemap.xml` nor `sitemap.xml.gz`."""
    config.theme.static_templates.discard(MKDOCS_TEMPLATE)


def drop_theme_template(files: Files, config: MkDocsConfig) -> None:
    """Without this, MkDocs would copy the raw Jinja template into `site/` as a static file.

    Only the theme's file goes; a `sitemap.xml` in `docs_dir` or from a plugin is the user's.
    """
    file = files.get_file_from_path(MKDOCS_TEMPLATE)
    if file is None or file.abs_src_path is None:
        return
    theme_dirs = {os.path.normpath(folder) for folder in config.theme.dirs}
    if os.path.dirname(os.path.normpath(file.abs_src_path)) in theme_dirs:
        files.remove(file)


def _is_urlset(path: str) -> bool:
    head = read_head(path, 1024)
    return head is not None and _URLSET in head


def remove_mkdocs_leftovers(site_dir: str, kept: Iterable[str], files: Files) -> list[str]:
    """Remove MkDocs' sitemap files that an earlier build left (`--dirty` keeps them).

    The names this build writes (`kept`) stay, and so do the site's own files.
    """
    removed = []
    keep = set(kept)
    for name in MKDOCS_OUTPUTS:
        path = os.path.join(site_dir, name)
        if name in keep or os.path.islink(path) or not os.path.isfile(path):
            continue
        if any(file.dest_uri == name for file in files):
            continue  # the site's own file (only asked when a leftover exists)
        if _is_urlset(path):
            os.remove(path)
            removed.append(name)
    return removed
