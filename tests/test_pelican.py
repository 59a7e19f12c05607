"""The Pelican adapter: real `Pelican(settings).run()` builds in temporary folders."""

from __future__ import annotations

import logging
import os
import re
import subprocess
import sys
import time
import weakref
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import blinker
import pytest
from jinja2 import TemplateSyntaxError
from pelican import Pelican
from pelican.plugins import signals
from pelican.settings import read_settings

from conftest import SchemaSet, locs, parse_urlset, write_tree
from sitemapkit.validate import validate_target

BASE = "https://example.com/"
NO_FEEDS = {
    "FEED_ALL_ATOM": None,
    "CATEGORY_FEED_ATOM": None,
    "TRANSLATION_FEED_ATOM": None,
    "AUTHOR_FEED_ATOM": None,
    "AUTHOR_FEED_RSS": None,
}
PRETTY_URLS = {
    "ARTICLE_URL": "posts/{slug}/",
    "ARTICLE_SAVE_AS": "posts/{slug}/index.html",
    "ARTICLE_LANG_URL": "posts/{slug}-{lang}/",
    "ARTICLE_LANG_SAVE_AS": "posts/{slug}-{lang}/index.html",
    "PAGE_URL": "{slug}/",
    "PAGE_SAVE_AS": "{slug}/index.html",
    "CATEGORY_URL": "category/{slug}/",
    "CATEGORY_SAVE_AS": "category/{slug}/index.html",
    "TAG_URL": "tag/{slug}/",
    "TAG_SAVE_AS": "tag/{slug}/index.html",
    "AUTHOR_URL": "author/{slug}/",
    "AUTHOR_SAVE_AS": "author/{slug}/index.html",
    "ARCHIVES_URL": "archives/",
    "ARCHIVES_SAVE_AS": "archives/index.html",
    "YEAR_ARCHIVE_URL": "posts/{date:%Y}/",
    "YEAR_ARCHIVE_SAVE_AS": "posts/{date:%Y}/index.html",
    "PAGINATION_PATTERNS": [
        (1, "{url}", "{save_as}"),
        (2, "{base_name}/page/{number}/", "{base_name}/page/{number}/index.html"),
    ],
}


def article(title: str, slug: str, category: str, tags: str, extra: str = "") -> str:
    return (
        f"Title: {title}\nDate: 2024-01-0{len(slug) % 9 + 1} 10:00\nCategory: {category}\n"
        f"Tags: {tags}\nSlug: {slug}\nAuthor: Ada\n{extra}\n{title} text.\n"
    )


BLOG = {
    "articles/alpha.md": article("Alpha", "alpha", "Python", "python, tools"),
    "articles/alpha-fr.md": article("Alpha FR", "alpha", "Python", "python", "Lang: fr\n"),
    "articles/beta.md": article("Beta", "beta", "Python", "python"),
    "articles/gamma.md": article("Gamma", "gamma", "Travel", "cities"),
    "articles/draft.md": article("Draft", "draft", "Travel", "cities", "Status: draft\n"),
    "articles/secret.md": article("Secret", "secret", "Travel", "cities", "Status: hidden\n"),
    "pages/about.md": "Title: About\n\nAbout us.\n",
    "pages/home.md": "Title: Home\nSave_as: home.html\n\nOnly save_as is set.\n",
    "pages/team.md": "Title: Team\nUrl: people/\nSave_as: people/index.html\n\nBoth set.\n",
    "pages/hidden.md": "Title: Hidden\nStatus: hidden\n\nNot listed.\n",
    "pages/gone.md": "Title: Gone\nSitemap_exclude: true\n\nExcluded by metadata.\n",
    "pages/private.md": "Title: Private\nPrivate: True\n\nExcluded the pelican-sitemap way.\n",
}


@pytest.fixture(autouse=True)
def plugins_of_this_test_only() -> Iterator[None]:
    """A test's plugin connects to Pelican's signals, which are global: its functions are
    disconnected after it, so no later build in the process runs them."""
    found = [value for value in vars(signals).values() if isinstance(value, blinker.Signal)]
    before = {id(signal): set(signal.receivers) for signal in found}
    yield
    for signal in found:
        for key in set(signal.receivers) - before[id(signal)]:
            held = signal.receivers.get(key)
            receiver = held() if isinstance(held, weakref.ref) else held
            if receiver is not None:
                signal.disconnect(receiver)


def pelican_settings(content: Path, out: Path, **overrides: Any) -> dict[str, Any]:
    settings: dict[str, Any] = {
        "PATH": str(content),
        "OUTPUT_PATH": str(out),
        "CACHE_PATH": str(out.parent / "cache"),
        "LOAD_CONTENT_CACHE": False,
        "SITEURL": BASE.rstrip("/"),
        "TIMEZONE": "UTC",
        "PLUGINS": ["sitemapkit.pelican"],
        "ARTICLE_PATHS": ["articles"],
        "PAGE_PATHS": ["pages"],
        "DEFAULT_PAGINATION": 2,
        **NO_FEEDS,
        **overrides,
    }
    return dict(read_settings(path=None, override=settings))


@pytest.fixture
def build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[..., Path]:
    """Build a site stated inline with the real Pelican; return the output folder."""
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)

    def run(
        files: Mapping[str, str], mtimes: Mapping[str, int] | None = None, **overrides: Any
    ) -> Path:
        content = write_tree(tmp_path / "content", files)
        for name, seconds in (mtimes or {}).items():
            os.utime(content / name, (seconds, seconds))
        out = tmp_path / "output"
        Pelican(pelican_settings(content, out, **overrides)).run()
        return out

    return run


def file_for(loc: str, out: Path) -> Path:
    assert loc.startswith(BASE), loc
    path = unquote(loc[len(BASE) :])  # as a server reads it
    return out / (path + "index.html" if path == "" or path.endswith("/") else path)


def assert_every_loc_is_a_file(out: Path) -> list[str]:
    found = locs(out / "sitemap.xml")
    missing = [loc for loc in found if not file_for(loc, out).is_file()]
    assert not missing, f"URLs without a file (404s): {missing}"
    return found


def urls(*paths: str) -> set[str]:
    return {BASE + path for path in paths}


def test_a_pattern_naming_a_source_file_says_where_pelican_wrote_its_page(
    build: Callable[..., Path], caplog: pytest.LogCaptureFixture
) -> None:
    """Pelican writes `articles/beta.md` to `beta.html` (its slug): the hint names that file."""
    with caplog.at_level(logging.WARNING, logger="sitemapkit"):
        out = build(BLOG, SITEMAPKIT={"exclude": ["articles/beta.md"]})
    (message,) = [r.getMessage() for r in caplog.records if r.name.startswith("sitemapkit")]
    assert message == (
        "sitemapkit: SITEMAPKIT['exclude']: the pattern 'articles/beta.md' names a source "
        "file, but patterns match the pages' output paths (beta.html, the page built from "
        "it), so it matches no page; write the output path"
    )
    assert BASE + "beta.html" in locs(out / "sitemap.xml")


def test_the_package_name_loads_the_plugin_in_an_editable_install(
    build: Callable[..., Path],
) -> None:
    """Without `pelican.plugins.sitemapkit` (an editable install, as this one), Pelican imports
    `sitemapkit` itself, whose `register` hands over to the adapter."""
    from pelican.plugins._utils import get_namespace_plugins

    assert "pelican.plugins.sitemapkit" not in get_namespace_plugins()  # `make venv`'s install
    out = build(BLOG, PLUGINS=["sitemapkit"])
    assert BASE + "beta.html" in assert_every_loc_is_a_file(out)


@pytest.mark.parametrize("relative_urls", [False, True])
def test_default_url_scheme_lists_published_content_and_listings(
    build: Callable[..., Path], schemas: SchemaSet, relative_urls: bool
) -> None:
    out = build(BLOG, RELATIVE_URLS=relative_urls)
    schemas.validate_folder(out)
    found = assert_every_loc_is_a_file(out)
    assert set(found) == urls(
        "",
        "index2.html",
        "alpha.html",
        "alpha-fr.html",
        "beta.html",
        "gamma.html",
        "pages/about.html",
        "home.html",
        "people/",
        "category/python.html",
        "category/travel.html",
        "tag/python.html",
        "tag/tools.html",
        "tag/cities.html",
        "author/ada.html",
        "author/ada2.html",
        "archives.html",
        "authors.html",
        "categories.html",
        "tags.html",
    )
    assert len(found) == len(set(found))
    # Written by Pelican, but not for the sitemap: drafts, hidden content, excluded pages.
    for written in ("drafts/draft.html", "secret.html", "pages/hidden.html", "pages/gone.html"):
        assert (out / written).is_file()
    assert (out / "sitemap.txt").read_text(encoding="utf-8").split() == found


def test_pretty_url_scheme(build: Callable[..., Path], schemas: SchemaSet) -> None:
    out = build(BLOG, **PRETTY_URLS)
    schemas.validate_folder(out)
    found = assert_every_loc_is_a_file(out)
    assert set(found) == urls(
        "",
        "page/2/",
        "posts/alpha/",
        "posts/alpha-fr/",
        "posts/beta/",
        "posts/gamma/",
        "posts/2024/",
        "about/",
        "home.html",
        "people/",
        "category/python/",
        "category/travel/",
        "tag/python/",
        "tag/tools/",
        "tag/cities/",
        "author/ada/",
        "author/ada/page/2/",
        "archives/",
        "authors.html",
        "categories.html",
        "tags.html",
    )


@pytest.mark.parametrize("pretty", [True, False])
def test_an_article_url_that_names_index_html_is_listed_as_pelican_links_it(
    build: Callable[..., Path], pretty: bool
) -> None:
    """`ARTICLE_URL = "{slug}/index.html"` (or a page's `Url:`): every link and the theme's
    canonical tag say `…/index.html`, so the sitemap does too, whatever `pretty_urls` says:
    that option is for URLs that are their file's path (the home page stays the root)."""
    about = BLOG["pages/about.md"].replace(
        "Title: About\n", "Title: About\nUrl: team/index.html\nSave_as: team/index.html\n"
    )
    settings: dict[str, Any] = {
        "ARTICLE_URL": "posts/{slug}/index.html",
        "ARTICLE_SAVE_AS": "posts/{slug}/index.html",
        "SITEMAPKIT": {"pretty_urls": pretty},
    }
    out = build({**BLOG, "pages/about.md": about}, **settings)
    found = set(assert_every_loc_is_a_file(out))
    assert urls("posts/alpha/index.html", "team/index.html") <= found
    assert urls("" if pretty else "index.html") <= found
    assert f'href="{BASE}posts/alpha/index.html"' in (out / "index.html").read_text()


def test_urls_that_no_file_serves_are_a_warning(
    build: Callable[..., Path], caplog: pytest.LogCaptureFixture
) -> None:
    """A common slip: `ARTICLE_URL = "{slug}/"` with `ARTICLE_SAVE_AS = "{slug}.html"`."""
    with caplog.at_level(logging.WARNING, logger="sitemapkit"):
        build(BLOG, ARTICLE_URL="posts/{slug}/", ARTICLE_SAVE_AS="posts/{slug}.html")
    (message,) = [r.getMessage() for r in caplog.records if r.name.startswith("sitemapkit")]
    assert message == (
        "sitemapkit: 3 pages are listed at URLs that no file in the output serves (the first: "
        "'posts/alpha/', written to 'posts/alpha.html'), so on a static host they are a 404: "
        "the generator's URL settings and the files it writes disagree; make them agree, or "
        "serve those URLs from those files; in Pelican, each *_URL setting (or a page's Url) "
        "and its *_SAVE_AS (or Save_as) must agree: '{slug}/' with '{slug}/index.html', "
        "'{slug}.html' with '{slug}.html'"
    )
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="sitemapkit"):  # no suffix: not any file's
        build(BLOG, ARTICLE_URL="blog/{slug}", ARTICLE_SAVE_AS="{slug}.html")
    (message,) = [r.getMessage() for r in caplog.records if r.name.startswith("sitemapkit")]
    assert "(the first: 'blog/alpha', written to 'alpha.html')" in message
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="sitemapkit"):  # a folder without its slash
        out = build(BLOG, ARTICLE_URL="{slug}", ARTICLE_SAVE_AS="{slug}/index.html")
    (message,) = [r.getMessage() for r in caplog.records if r.name.startswith("sitemapkit")]
    assert message.startswith(
        "sitemapkit: 3 pages are listed at URLs without the final slash of their folders (the "
        "first: 'alpha', written to 'alpha/index.html'), which a static host answers with a "
        "redirect"
    )
    assert message.endswith("'{slug}/' with '{slug}/index.html', '{slug}.html' with '{slug}.html'")
    assert BASE + "alpha" in locs(out / "sitemap.xml")  # Pelican's own URL, as it links it


def test_a_url_with_dot_segments_is_listed_resolved_or_left_out_above_the_site(
    build: Callable[..., Path], caplog: pytest.LogCaptureFixture, schemas: SchemaSet
) -> None:
    """A page's `Url:` with `..` (as pelican-i18n-subsites gives its copies) is the address a
    browser resolves it to; one above SITEURL's folder is no page of this site."""
    site = {
        **BLOG,
        "pages/moved.md": "Title: Moved\nUrl: old/../moved.html\nSave_as: moved.html\n\nHi.\n",
        "pages/up.md": "Title: Up\nUrl: ../up.html\nSave_as: up.html\n\nHi.\n",
    }
    with caplog.at_level(logging.WARNING, logger="sitemapkit"):
        out = build(site, SITEURL="https://example.com/blog")
    found = locs(out / "sitemap.xml")
    assert "https://example.com/blog/moved.html" in found
    assert not [loc for loc in found if "up.html" in loc or ".." in loc]
    (message,) = [r.getMessage() for r in caplog.records if r.name.startswith("sitemapkit")]
    assert message == (
        "sitemapkit: 1 page is not listed: its URL climbs above the base URL "
        "https://example.com/blog/ (the first: '../up.html', written to 'up.html'), and a "
        "sitemap lists only URLs below its own address; give the page a URL below it"
    )
    schemas.validate_folder(out)


def test_period_archives_are_listed_at_their_archive_urls(build: Callable[..., Path]) -> None:
    out = build(
        BLOG,
        **PRETTY_URLS,
        MONTH_ARCHIVE_URL="posts/{date:%Y}/{date:%m}/",
        MONTH_ARCHIVE_SAVE_AS="posts/{date:%Y}/{date:%m}/index.html",
        SITEMAPKIT={"pretty_urls": False},  # URLs from Pelican's settings, not from file names
    )
    found = set(assert_every_loc_is_a_file(out))
    assert urls("posts/2024/", "posts/2024/01/") <= found
    assert not [loc for loc in found if "/posts/" in loc and loc.endswith("index.html")]


def test_period_archives_with_save_as_alone_are_listed_where_they_are_written(
    build: Callable[..., Path], schemas: SchemaSet
) -> None:
    # Pelican's `*_ARCHIVE_URL` defaults to "" (it only feeds PAGINATION_PATTERNS' {url}), so
    # setting SAVE_AS alone is normal; "" is not the site's root for these files.
    out = build(
        BLOG,
        DEFAULT_PAGINATION=False,
        DIRECT_TEMPLATES=["archives"],  # a landing-page setup: no index.html at all
        YEAR_ARCHIVE_SAVE_AS="{date:%Y}/index.html",
        MONTH_ARCHIVE_SAVE_AS="{date:%Y}/{date:%m}/index.html",
    )
    assert not (out / "index.html").exists()
    schemas.validate_folder(out)
    found = set(assert_every_loc_is_a_file(out))
    assert urls("2024/", "2024/01/") <= found
    assert BASE not in found


def test_urls_come_from_the_objects_when_url_and_save_as_differ(
    build: Callable[..., Path],
) -> None:
    # Served through server rewrites: the URL is not the file's path, and it is the one to list.
    out = build(
        BLOG,
        ARTICLE_URL="read/{slug}",
        TAG_URL="topics/{slug}",
        TAGS_URL="topics",
        DEFAULT_PAGINATION=False,
    )
    found = set(locs(out / "sitemap.xml"))
    assert urls("read/alpha", "read/beta", "topics/python", "topics") <= found
    assert not urls("alpha.html", "tag/python.html", "tags.html") & found


def test_direct_templates_moved_by_save_as_alone_are_listed_where_they_are_written(
    build: Callable[..., Path], schemas: SchemaSet
) -> None:
    # A landing page takes index.html and the blog moves: a common setup. Without `*_URL`,
    # Pelican's fallback URL (`index.html`, `archives.html`) is not where the file is.
    landing = {**BLOG, "pages/landing.md": "Title: Welcome\nSave_as: index.html\nUrl:\n\nHi.\n"}
    out = build(
        landing,
        INDEX_SAVE_AS="blog_index.html",
        ARCHIVES_SAVE_AS="archives/index.html",
        TAGS_SAVE_AS="tags/index.html",
        CATEGORIES_SAVE_AS="all-categories.html",
        CATEGORIES_URL="topics/",  # served through a rewrite: the setting's URL is listed
    )
    schemas.validate_folder(out)
    found = set(locs(out / "sitemap.xml"))
    assert urls("", "blog_index.html", "blog_index2.html", "archives/", "tags/") <= found
    assert urls("topics/") <= found
    assert not urls("index.html", "archives.html", "tags.html", "all-categories.html") & found
    page_two = (out / "blog_index2.html").read_text(encoding="utf-8")
    assert 'href="https://example.com/blog_index.html"' in page_two  # Pelican's own link


def test_templates_that_render_other_files_than_pages_are_not_listed(
    build: Callable[..., Path], tmp_path: Path
) -> None:
    templates = write_tree(
        tmp_path / "templates",
        {
            "opensearch.html": "<OpenSearchDescription/>",
            "links.html": "<p>links</p>",
            "humans.html": "team: Ada",
            "search.html": "<form><input name=q></form>",  # a search plugin's page
        },
    )
    out = build(
        {**BLOG, "extra/links.html": "<p>links</p>", "extra/humans.txt": "team: Ada"},
        THEME_TEMPLATES_OVERRIDES=[str(templates)],
        DIRECT_TEMPLATES=["index", "opensearch", "search"],
        OPENSEARCH_SAVE_AS="opensearch.xml",
        TEMPLATE_PAGES={"extra/links.html": "links.html", "extra/humans.txt": "humans.txt"},
    )
    assert (out / "opensearch.xml").is_file() and (out / "humans.txt").is_file()
    assert (out / "search.html").is_file()
    found = set(locs(out / "sitemap.xml"))
    assert urls("links.html") <= found
    assert not urls("opensearch.xml", "opensearch.html", "humans.txt", "search.html") & found


def test_each_content_url_follows_the_settings_pelican_picks_for_it(
    build: Callable[..., Path],
) -> None:
    # Articles in folders, translations left at the default scheme, drafts served by rewrites.
    out = build(
        BLOG,
        ARTICLE_URL="posts/{slug}/",
        ARTICLE_SAVE_AS="posts/{slug}/index.html",
        DRAFT_URL="drafts/{slug}",
        DRAFT_SAVE_AS="drafts/{slug}.html",
        SITEMAPKIT={"include_drafts": True},
    )
    found = set(locs(out / "sitemap.xml"))
    expected = urls("posts/alpha/", "posts/beta/", "posts/gamma/", "alpha-fr.html", "drafts/draft")
    assert expected <= found
    assert not urls("posts/alpha/index.html", "drafts/draft.html") & found
    assert (out / "posts/alpha/index.html").is_file() and (out / "drafts/draft.html").is_file()


STUB_PLUGIN = '''
from pelican.plugins import signals


def write_stub(generator, writer):
    """Like a redirect plugin: a second file for a page that lives elsewhere."""
    for page in generator.pages:
        writer.write_file("old/" + page.save_as, generator.get_template("page"),
                          generator.context, page=page)


def register():
    signals.page_writer_finalized.connect(write_stub)
'''


def test_redirect_stubs_and_unmatched_static_files_are_not_listed(
    build: Callable[..., Path], tmp_path: Path
) -> None:
    plugins = write_tree(tmp_path / "plugins", {"stub_writer/__init__.py": STUB_PLUGIN})
    files = {
        **BLOG,
        "files/guide.pdf": "%PDF-1.4\n",
        "files/logo.png": "png",
        # An {attach} link to a file that is not there: Pelican warns and copies nothing.
        "articles/slides.md": article("Slides", "slides", "Talks", "talks")
        + "[slides]({attach}../files/slides.pdf)\n",
    }
    out = build(
        files,
        PLUGIN_PATHS=[str(plugins)],
        PLUGINS=["sitemapkit.pelican", "stub_writer"],
        STATIC_PATHS=["files"],
        SITEMAPKIT={"include_static": ["*.pdf"]},
    )
    assert not (out / "files" / "slides.pdf").exists()
    assert (out / "old" / "pages" / "about.html").is_file()
    assert (out / "files" / "logo.png").is_file()
    found = set(assert_every_loc_is_a_file(out))
    assert not [loc for loc in found if "/old/" in loc]
    assert BASE + "files/guide.pdf" in found
    assert BASE + "files/logo.png" not in found


def test_attach_links_still_move_files_beside_their_post_and_are_listed_there(
    build: Callable[..., Path], caplog: pytest.LogCaptureFixture
) -> None:
    """`{attach}` copies a file beside the post linking to it: the plugin must not pin it where
    it was first (asking a static file for its URL early does), and lists it where it went."""
    files = {
        "posts/post.md": article("Post", "post", "Life", "life") + "![pic]({attach}slides.pdf)\n",
        "posts/slides.pdf": "%PDF-1.4\n",
    }
    with caplog.at_level(logging.WARNING):
        out = build(
            files,
            ARTICLE_PATHS=["posts"],
            ARTICLE_URL="posts/{slug}/",
            ARTICLE_SAVE_AS="posts/{slug}/index.html",
            STATIC_PATHS=["posts"],
            SITEMAPKIT={"include_static": ["*.pdf"]},
        )
    assert (out / "posts" / "post" / "slides.pdf").is_file()
    assert not (out / "posts" / "slides.pdf").exists()
    assert f'src="{BASE}posts/post/slides.pdf"' in (out / "posts/post/index.html").read_text(
        "utf-8"
    )
    assert not [r for r in caplog.records if "attach" in r.getMessage()]
    found = set(assert_every_loc_is_a_file(out))
    assert BASE + "posts/post/slides.pdf" in found


LATE_STATIC_PLUGIN = """
from pelican import signals
from pelican.contents import Static


def add_file(generators):
    \"\"\"Like a gallery plugin: a static file added once every generator is done.\"\"\"
    for generator in generators:
        if hasattr(generator, "staticfiles"):
            source = generator.path + "/gallery/late.pdf"  # in no STATIC_PATHS
            static = Static("", metadata={"save_as": "extra/late.pdf", "url": "extra/late.pdf"},
                            settings=generator.settings, source_path=source,
                            context=generator.context)
            generator.staticfiles.append(static)


def register():
    signals.all_generators_finalized.connect(add_file)
"""


@pytest.mark.parametrize("listed", [False, True])
def test_files_attached_to_drafts_and_hidden_posts_are_listed_as_those_posts_are(
    build: Callable[..., Path], tmp_path: Path, listed: bool
) -> None:
    """A draft's `{attach}` PDF goes to `drafts/files/`: as unpublished as the draft. One a
    plugin adds to the static files late is listed too."""
    plugins = write_tree(tmp_path / "plugins", {"late_static/__init__.py": LATE_STATIC_PLUGIN})
    files = {
        "blog/draft.md": article("Plan", "plan", "Life", "life", "Status: draft\n")
        + "[plan]({attach}files/plan.pdf)\n",
        "blog/hidden.md": article("Notes", "notes", "Life", "life", "Status: hidden\n")
        + "[notes]({attach}files/notes.pdf)\n",
        "blog/post.md": article("Post", "post", "Life", "life")
        + "[pdf]({attach}files/public.pdf)\n",
        "blog/files/plan.pdf": "%PDF-1.4\n",
        "blog/files/notes.pdf": "%PDF-1.4\n",
        "blog/files/public.pdf": "%PDF-1.4\n",
        "gallery/late.pdf": "%PDF-1.4\n",
    }
    out = build(
        files,
        ARTICLE_PATHS=["blog"],
        ARTICLE_URL="{slug}/",
        ARTICLE_SAVE_AS="{slug}/index.html",
        STATIC_PATHS=["blog/files"],
        PLUGIN_PATHS=[str(plugins)],
        PLUGINS=["sitemapkit.pelican", "late_static"],
        SITEMAPKIT={
            "include_static": ["*.pdf"],
            "include_drafts": listed,
            "include_hidden": listed,
        },
    )
    written = ("drafts/files/plan.pdf", "notes/files/notes.pdf", "post/files/public.pdf")
    for path in (*written, "extra/late.pdf"):
        assert (out / path).is_file()
    found = set(assert_every_loc_is_a_file(out))
    assert urls("post/files/public.pdf", "extra/late.pdf") <= found
    unpublished = urls("drafts/files/plan.pdf", "notes/files/notes.pdf")
    assert (unpublished <= found) is listed and (unpublished & found == set()) is not listed


#: The README's overrides: a robots meta tag from an article's or page's `Robots:` metadata.
ROBOTS_TEMPLATES = {
    f"{kind}.html": (
        f'{{% extends "!theme/{kind}.html" %}}{{% block head %}}{{{{ super() }}}}'
        f'{{% if {kind}.robots %}}<meta name="robots" content="{{{{ {kind}.robots }}}}">'
        "{% endif %}{% endblock %}"
    )
    for kind in ("article", "page")
}


@pytest.mark.parametrize("pretty", [False, True])
def test_pages_whose_html_says_noindex_are_not_listed(
    build: Callable[..., Path], tmp_path: Path, caplog: pytest.LogCaptureFixture, pretty: bool
) -> None:
    overrides = write_tree(tmp_path / "overrides", ROBOTS_TEMPLATES)
    files = {
        **BLOG,
        "articles/beta.md": article("Beta", "beta", "Python", "python", "Robots: noindex\n"),
        "pages/about.md": "Title: About\nRobots: none\n\nAbout us.\n",
    }
    settings: dict[str, Any] = {"THEME_TEMPLATES_OVERRIDES": [str(overrides)]}
    settings |= PRETTY_URLS if pretty else {}
    with caplog.at_level(logging.INFO, logger="sitemapkit"):
        out = build(files, **settings)
    beta, about = ("posts/beta/", "about/") if pretty else ("beta.html", "pages/about.html")
    assert 'name="robots" content="noindex"' in file_for(BASE + beta, out).read_text()
    found = set(assert_every_loc_is_a_file(out))
    assert not urls(beta, about) & found
    assert urls("posts/alpha/" if pretty else "alpha.html") <= found
    (notice,) = [r.getMessage() for r in caplog.records if "noindex" in r.getMessage()]
    assert notice.startswith("sitemapkit: 2 pages not listed because their robots meta tag")
    assert notice.endswith("Turn SITEMAPKIT['skip_noindex'] off to list them anyway")

    out = build(files, **settings, SITEMAPKIT={"skip_noindex": False})
    assert urls(beta, about) <= set(assert_every_loc_is_a_file(out))


def test_pages_pelican_saves_without_a_suffix_are_html_pages(
    build: Callable[..., Path], tmp_path: Path
) -> None:
    """`ARTICLE_SAVE_AS = "{slug}"` and its kin write HTML under names without `.html`: their
    listings are listed, and their heads are read for noindex (by validate too); a text file
    a template page renders is still no page."""
    overrides = write_tree(tmp_path / "overrides", ROBOTS_TEMPLATES)
    templates = write_tree(tmp_path / "content", {"humans.tpl": "/* TEAM */ {{ SITENAME }}\n"})
    files = {
        **BLOG,
        "articles/beta.md": article("Beta", "beta", "Python", "python", "Robots: noindex\n"),
    }
    bare = {"ARTICLE_URL": "{slug}", "ARTICLE_SAVE_AS": "{slug}", "ARCHIVES_SAVE_AS": "archives"}
    for kind in ("TAG", "CATEGORY", "AUTHOR"):
        bare |= {
            f"{kind}_URL": f"{kind.lower()}/{{slug}}",
            f"{kind}_SAVE_AS": f"{kind.lower()}/{{slug}}",
        }
    settings: dict[str, Any] = {
        **bare,
        "THEME_TEMPLATES_OVERRIDES": [str(overrides)],
        "TEMPLATE_PAGES": {str(templates / "humans.tpl"): "humans"},
    }
    out = build(files, **settings)
    assert 'name="robots" content="noindex"' in (out / "beta").read_text()
    assert (out / "humans").read_text().startswith("/* TEAM */")
    found = set(assert_every_loc_is_a_file(out))
    assert urls("alpha", "gamma", "tag/python", "category/python", "archives") <= found
    assert not urls("beta", "humans") & found

    out = build(files, **settings, SITEMAPKIT={"skip_noindex": False})
    assert BASE + "beta" in locs(out / "sitemap.xml")
    report = validate_target(out, base_url=BASE)
    assert [(p.code, p.message.split("'")[1]) for p in report.warnings if p.code == "noindex"] == [
        ("noindex", BASE + "beta")
    ]


def test_a_sitemap_among_the_static_files_is_replaced_with_a_warning(
    build: Callable[..., Path], caplog: pytest.LogCaptureFixture
) -> None:
    files = {**BLOG, "extra/sitemap.xml": "<urlset>written by hand</urlset>\n"}
    with caplog.at_level(logging.WARNING, logger="sitemapkit"):
        out = build(
            files,
            STATIC_PATHS=["extra"],
            EXTRA_PATH_METADATA={"extra/sitemap.xml": {"path": "sitemap.xml"}},
        )
    (warning,) = [r.getMessage() for r in caplog.records if r.name.startswith("sitemapkit")]
    assert "replaced sitemap.xml, which sitemapkit did not recognise as its own" in warning
    assert "set SITEMAPKIT['sitemap_name'] to give" in warning
    assert assert_every_loc_is_a_file(out)


def test_a_sitemap_pelican_renders_from_a_template_is_replaced_naming_the_settings(
    build: Callable[..., Path], caplog: pytest.LogCaptureFixture, tmp_path: Path
) -> None:
    """Pelican's docs show a sitemap made by a direct template: those settings are the fix."""
    sitemap = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"></urlset>\n'
    templates = write_tree(tmp_path / "templates", {"sitemap.html": sitemap})
    with caplog.at_level(logging.WARNING, logger="sitemapkit"):
        out = build(
            BLOG,
            THEME_TEMPLATES_OVERRIDES=[str(templates)],
            DIRECT_TEMPLATES=["index", "sitemap"],
            SITEMAP_SAVE_AS="sitemap.xml",
        )
    (warning,) = [r.getMessage() for r in caplog.records if r.name.startswith("sitemapkit")]
    assert warning.startswith("sitemapkit: replaced sitemap.xml, which sitemapkit did not ")
    assert warning.endswith(
        "; Pelican renders a template there itself (SITEMAP_SAVE_AS = 'sitemap.xml'): remove "
        "that setting (and the template's name from DIRECT_TEMPLATES), as sitemapkit writes "
        "the sitemaps"
    )
    assert assert_every_loc_is_a_file(out)


def test_a_preview_base_url_beside_a_public_siteurl_is_a_warning(
    build: Callable[..., Path], caplog: pytest.LogCaptureFixture
) -> None:
    """publishconf.py's `from pelicanconf import *` carries a preview's base_url along."""
    with caplog.at_level(logging.WARNING, logger="sitemapkit"):
        build(BLOG, SITEMAPKIT={"base_url": "http://localhost:8000/"})
    (warning,) = [r.getMessage() for r in caplog.records if r.name.startswith("sitemapkit")]
    assert warning == (
        "sitemapkit: SITEMAPKIT['base_url'] is http://localhost:8000/, on localhost, which "
        "crawlers cannot reach, while SITEURL is https://example.com/: the sitemap lists "
        "preview addresses; where publishconf.py takes pelicanconf.py's settings (`from "
        "pelicanconf import *`), unset it there with SITEMAPKIT = {**SITEMAPKIT, 'base_url': "
        "None}, or remove it so the sitemap follows SITEURL"
    )
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="sitemapkit"):  # a preview build: its own
        build(BLOG, SITEURL="", SITEMAPKIT={"base_url": "http://localhost:8000/"})
    assert not [r for r in caplog.records if r.name.startswith("sitemapkit")]


def test_drafts_and_hidden_content_can_be_included(build: Callable[..., Path]) -> None:
    out = build(BLOG, SITEMAPKIT={"include_drafts": True, "include_hidden": True})
    found = set(assert_every_loc_is_a_file(out))
    assert urls("drafts/draft.html", "secret.html", "pages/hidden.html") <= found
    assert not urls("pages/gone.html", "pages/private.html") & found


def test_an_include_static_pattern_that_matches_no_static_file_is_told(
    build: Callable[..., Path], caplog: pytest.LogCaptureFixture
) -> None:
    """`*.pfd` lists nothing and, unlike an exclude pattern, nothing else would say so."""
    files = {**BLOG, "files/guide.pdf": "%PDF-1.4\n"}
    with caplog.at_level(logging.INFO, logger="sitemapkit"):
        out = build(
            files, STATIC_PATHS=["files"], SITEMAPKIT={"include_static": ["*.pfd", "*.pdf"]}
        )
    assert BASE + "files/guide.pdf" in locs(out / "sitemap.xml")
    told = [r.getMessage() for r in caplog.records if "matches no static" in r.getMessage()]
    assert len(told) == 1, told
    assert (
        "the pattern '*.pfd' matches no static file of Pelican's, so it lists nothing; "
        "patterns match the files' output paths such as 'files/guide.pdf'"
    ) in told[0]


def test_a_pattern_for_drafts_matches_the_drafts_pelican_writes(
    build: Callable[..., Path], caplog: pytest.LogCaptureFixture
) -> None:
    """Drafts are left out before the core sees them; `drafts/` still matched them."""
    with caplog.at_level(logging.INFO, logger="sitemapkit"):
        out = build(BLOG, SITEMAPKIT={"exclude": ["drafts/", "drafs/"]})
    assert (out / "drafts" / "draft.html").is_file()
    told = [r.getMessage() for r in caplog.records if "matches no page" in r.getMessage()]
    assert len(told) == 1 and "the pattern 'drafs/' matches no page" in told[0]


def test_a_page_rendered_as_a_redirect_is_not_listed(
    build: Callable[..., Path], tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """`Template: redirect` with a theme template whose meta refresh leaves at once: the
    written head says the page is only a redirect, as the scan's stubs do."""
    templates = write_tree(
        tmp_path / "templates",
        {
            "redirect.html": (
                '{% extends "base.html" %}{% block head %}{{ super() }}'
                '<meta http-equiv="refresh" content="0; url={{ SITEURL }}/{{ page.target }}">'
                "{% endblock %}"
            )
        },
    )
    moved = "Title: Old about\nTemplate: redirect\nTarget: pages/about.html\n\nMoved.\n"
    with caplog.at_level(logging.INFO, logger="sitemapkit"):
        out = build(
            {**BLOG, "pages/old-about.md": moved}, THEME_TEMPLATES_OVERRIDES=[str(templates)]
        )
    assert "http-equiv" in (out / "pages" / "old-about.html").read_text(encoding="utf-8")
    listed = assert_every_loc_is_a_file(out)
    assert BASE + "pages/old-about.html" not in listed
    assert BASE + "pages/about.html" in listed
    told = [r.getMessage() for r in caplog.records if "redirect stub" in r.getMessage()]
    assert len(told) == 1 and "the first: pages/old-about.html" in told[0]


def test_a_hidden_page_saved_as_the_home_page_is_listed(build: Callable[..., Path]) -> None:
    """`Status: hidden` keeps a static home page out of the menu; it is still the site's root."""
    home = "Title: Welcome\nStatus: hidden\nSave_as: index.html\nURL:\n\nHello.\n"
    out = build({**BLOG, "pages/home.md": home}, INDEX_SAVE_AS="blog/index.html")
    listed = assert_every_loc_is_a_file(out)
    assert BASE in listed and BASE + "blog/" in listed  # the articles' index, moved
    assert BASE + "pages/hidden.html" not in listed  # other hidden pages stay out


@pytest.mark.parametrize(
    ("siteurl", "why"),
    [
        ("/blog", "and sitemaps need absolute URLs;"),
        (
            "https://example.com/blog/index.html",
            "and as a base URL it names a file (index.html), not the folder the site is served "
            "from, such as https://example.com/blog/;",
        ),
        ("https://example.com/?x=1", "and as a base URL it must not carry a query"),
        ("https:/example.com", "and as a base URL it must be an absolute http:// or https:// URL"),
    ],
)
def test_a_siteurl_that_is_no_base_url_warns_why_and_writes_nothing(
    build: Callable[..., Path], caplog: pytest.LogCaptureFixture, siteurl: str, why: str
) -> None:
    with caplog.at_level(logging.WARNING, logger="sitemapkit"):
        out = build(BLOG, SITEURL=siteurl)
    assert (out / "index.html").is_file()
    assert not [p.name for p in out.iterdir() if p.name.startswith("sitemap")]
    warnings = [r for r in caplog.records if r.name.startswith("sitemapkit.pelican")]
    assert len(warnings) == 1 and warnings[0].levelno == logging.WARNING
    assert f"SITEURL is {siteurl!r}, {why}" in warnings[0].getMessage()
    assert "base_url" in warnings[0].getMessage()


def test_base_url_overrides_siteurl(build: Callable[..., Path]) -> None:
    out = build(BLOG, SITEURL="", SITEMAPKIT={"base_url": "https://docs.example.org/blog"})
    found = locs(out / "sitemap.xml")
    assert found and all(loc.startswith("https://docs.example.org/blog/") for loc in found)
    assert "https://docs.example.org/blog/people/" in found


@pytest.mark.parametrize(
    ("sitemapkit", "named", "allowed"),
    [
        ({"max_urls": 0}, "SITEMAPKIT['max_urls']: 0", "whole number"),
        (
            {"include_draft": True},
            "SITEMAPKIT['include_draft'] is not an option (did you mean 'include_drafts'?); no",
            "",
        ),
        (
            {"exclude_drafts": False},
            "SITEMAPKIT['exclude_drafts'] is not an option (did you mean 'include_drafts'? Mind "
            "that it means the opposite of 'exclude_drafts'); no",
            "",
        ),
        ({"include_static": 3}, "SITEMAPKIT['include_static']: 3", "list of patterns"),
        (
            {"GZIP": True},
            "SITEMAPKIT['GZIP'] is not an option (did you mean 'gzip'?); no sitemap will be "
            "written (one an earlier build wrote is left as it was)",
            "",
        ),
        ("gzip", "SITEMAPKIT: 'gzip'", "dict of options"),
        (  # pelican-sitemap's SITEMAP dict, copied: what each key is now
            {"format": "xml"},
            "SITEMAPKIT['format'] is not an option (the XML sitemap and its text twin are both "
            "written; set the txt option to false for the XML one alone; remove 'format'); no",
            "",
        ),
        (
            {"priorities": {"articles": 0.5}},
            "SITEMAPKIT['priorities'] is not an option (pelican-sitemap's priorities by kind: "
            "articles, pages, indexes; here priority_overrides maps patterns of output paths",
            "",
        ),
        (
            {"changefreqs": {"articles": "monthly"}},
            "SITEMAPKIT['changefreqs'] is not an option (pelican-sitemap's changefreqs by "
            "kind: articles, pages, indexes; here changefreq_rules maps patterns of output",
            "",
        ),
    ],
)
def test_a_bad_setting_is_one_error_naming_it_and_no_sitemap(
    build: Callable[..., Path],
    caplog: pytest.LogCaptureFixture,
    sitemapkit: object,
    named: str,
    allowed: str,
) -> None:
    with caplog.at_level(logging.WARNING, logger="sitemapkit"):
        out = build({"pages/about.md": BLOG["pages/about.md"]}, SITEMAPKIT=sitemapkit)
    records = [r for r in caplog.records if r.name.startswith("sitemapkit")]
    assert [r.levelno for r in records] == [logging.ERROR]
    message = records[0].getMessage()
    assert named in message and allowed in message
    assert not [p.name for p in out.iterdir() if p.name.startswith("sitemap")]


def test_settings_in_pelicans_own_style_are_named_and_the_dict_to_write(
    build: Callable[..., Path], caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING, logger="sitemapkit"):
        out = build(BLOG, SITEMAPKIT={"txt": False}, SITEMAPKIT_GZIP=True, SITEMAPKIT_MAX_URL=1000)
    assert not (out / "sitemap.xml.gz").exists()
    messages = [r.getMessage() for r in caplog.records if r.name.startswith("sitemapkit")]
    assert messages == [  # one line, one dict: the names as options, beside those set already
        "sitemapkit: SITEMAPKIT_GZIP, SITEMAPKIT_MAX_URL are not read: sitemapkit's options go "
        "in one dict, such as SITEMAPKIT = {'txt': False, 'gzip': True, 'max_urls': 1000}"
    ]


def test_a_bad_setting_says_delete_output_directory_removes_the_old_sitemap(
    build: Callable[..., Path], caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING, logger="sitemapkit"):
        build(BLOG, SITEMAPKIT={"gzipp": True}, DELETE_OUTPUT_DIRECTORY=True)
    (message,) = [r.getMessage() for r in caplog.records if r.name.startswith("sitemapkit")]
    assert message.endswith(
        "no sitemap will be written (and DELETE_OUTPUT_DIRECTORY removes the one an earlier "
        "build wrote)"
    )


def pelican_process(
    content: Path, conf: Path, out: Path, *options: str
) -> subprocess.CompletedProcess[str]:
    """`python -m pelican` in its own process, its log lines unwrapped."""
    command = [sys.executable, "-m", "pelican", str(content), "-s", str(conf), "-o", str(out)]
    return subprocess.run(
        [*command, *options],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "COLUMNS": "500"},
    )


def test_a_bad_setting_fails_pelican_fatal_errors(tmp_path: Path) -> None:
    content = write_tree(tmp_path / "content", {"pages/about.md": BLOG["pages/about.md"]})
    conf = tmp_path / "pelicanconf.py"
    conf.write_text(
        f"SITEURL = {BASE!r}\nPLUGINS = ['sitemapkit.pelican']\nSITEMAPKIT = {{'max_urls': 0}}\n"
        "DELETE_OUTPUT_DIRECTORY = True\n" + "".join(f"{key} = None\n" for key in NO_FEEDS),
        encoding="utf-8",
    )
    out = tmp_path / "output"
    done = pelican_process(content, conf, out, "--fatal", "errors")
    assert done.returncode != 0
    assert "SITEMAPKIT['max_urls']" in done.stdout + done.stderr
    # Not "DELETE_OUTPUT_DIRECTORY removes the one an earlier build wrote": Pelican stops first.
    assert "Pelican stops here, as --fatal errors asks: the output folder is left as it was" in (
        " ".join((done.stdout + done.stderr).split())
    )
    assert "During handling of the above exception" not in done.stdout + done.stderr
    assert not (out / "sitemap.xml").exists()
    # Checked as the build starts, not after it: no page was written first.
    assert not (out.exists() and list(out.rglob("*.html")))


def test_a_warning_under_fatal_warnings_comes_after_every_file_is_written(
    tmp_path: Path,
) -> None:
    """`--fatal warnings` raises on the first warning: the robots.txt Disallow warning comes
    once the sitemaps and robots.txt's Sitemap line are both in place, not between them."""
    content = write_tree(
        tmp_path / "content",
        {
            "pages/about.md": BLOG["pages/about.md"],
            "extra/robots.txt": "User-agent: *\nDisallow: /pages/\n",
        },
    )
    conf = tmp_path / "pelicanconf.py"
    conf.write_text(
        f"SITEURL = {BASE.rstrip('/')!r}\nPLUGINS = ['sitemapkit.pelican']\n"
        "TIMEZONE = 'UTC'\nSTATIC_PATHS = ['extra/robots.txt']\n"
        "EXTRA_PATH_METADATA = {'extra/robots.txt': {'path': 'robots.txt'}}\n"
        + "".join(f"{key} = None\n" for key in NO_FEEDS),
        encoding="utf-8",
    )
    out = tmp_path / "output"
    done = pelican_process(content, conf, out, "--fatal", "warnings")
    # Pelican 4.12 stops at the warning (4.11 logs it and goes on): either way, after it.
    assert "disallowed for Bingbot and Googlebot" in done.stdout + done.stderr
    assert BASE + "pages/about.html" in locs(out / "sitemap.xml")
    robots = (out / "robots.txt").read_text(encoding="utf-8")
    assert robots.endswith("Sitemap: " + BASE + "sitemap-index.xml\n"), robots


def test_two_runs_of_one_pelican_object_are_byte_identical(tmp_path: Path) -> None:
    content = write_tree(tmp_path / "content", BLOG)
    out = tmp_path / "output"
    pelican = Pelican(pelican_settings(content, out, SITEMAPKIT={"gzip": True}))

    def snapshot() -> dict[str, bytes]:
        names = [p for p in out.iterdir() if p.name.startswith(("sitemap", "robots"))]
        return {p.name: p.read_bytes() for p in names}

    pelican.run()
    first = snapshot()
    pelican.run()  # as `pelican --autoreload` does: the same object, run again
    assert snapshot() == first
    assert {"sitemap.xml", "sitemap.xml.gz", "sitemap.txt", "robots.txt"} <= set(first)


def test_a_failed_build_does_not_stop_the_next_ones_sitemap(tmp_path: Path) -> None:
    """`--autoreload` goes on after an error with a new Pelican object, in the same process."""
    content = write_tree(tmp_path / "content", BLOG)
    broken = write_tree(
        tmp_path / "overrides",
        {"article.html": '{% extends "!simple/article.html" %}{% block content %}{{ x( }}'},
    )
    out = tmp_path / "output"
    with pytest.raises(TemplateSyntaxError):
        Pelican(pelican_settings(content, out, THEME_TEMPLATES_OVERRIDES=[str(broken)])).run()
    assert not (out / "sitemap.xml").exists()
    Pelican(pelican_settings(content, out)).run()
    assert urls("alpha.html", "pages/about.html") <= set(assert_every_loc_is_a_file(out))


def test_lastmod_is_the_source_mtime_and_modified_wins(
    build: Callable[..., Path], schemas: SchemaSet
) -> None:
    files = {
        "articles/old.md": article("Old", "old", "Python", "python"),
        "articles/new.md": article("New", "new", "Python", "python"),
        "articles/stated.md": article(
            "Stated", "stated", "Travel", "cities", "Modified: 2024-02-03 04:05\n"
        ),
        "articles/secret.md": article(
            "Secret", "secret", "Hidden", "quiet", "Sitemap_exclude: true\n"
        ),
        "pages/about.md": BLOG["pages/about.md"],
    }
    times = {
        "articles/secret.md": 1_550_000_000,  # 2019-02-12T19:33:20Z
        "articles/old.md": 1_600_000_000,  # 2020-09-13T12:26:40Z
        "articles/new.md": 1_700_000_000,  # 2023-11-14T22:13:20Z
        "articles/stated.md": 1_750_000_000,  # newer than its Modified: date
        "pages/about.md": 1_650_000_000,  # 2022-04-15T05:20:00Z
    }
    out = build(files, mtimes=times, DEFAULT_PAGINATION=False)
    schemas.validate_folder(out)
    lastmods = {row["loc"]: row["lastmod"] for row in parse_urlset(out / "sitemap.xml")}
    assert lastmods[BASE + "old.html"] == "2020-09-13T12:26:40+00:00"
    assert lastmods[BASE + "new.html"] == "2023-11-14T22:13:20+00:00"
    assert lastmods[BASE + "stated.html"] == "2024-02-03T04:05:00+00:00"
    assert lastmods[BASE + "pages/about.html"] == "2022-04-15T05:20:00+00:00"
    # A listing takes the newest of the articles it shows.
    assert lastmods[BASE + "tag/python.html"] == "2023-11-14T22:13:20+00:00"
    assert lastmods[BASE + "category/travel.html"] == "2024-02-03T04:05:00+00:00"
    assert lastmods[BASE] == "2024-02-03T04:05:00+00:00"
    # An article left out of the sitemap still dates the listings that show it.
    assert BASE + "secret.html" not in lastmods
    assert lastmods[BASE + "category/hidden.html"] == "2019-02-12T19:33:20+00:00"
    assert lastmods[BASE + "tag/quiet.html"] == "2019-02-12T19:33:20+00:00"


def test_a_modified_date_in_the_future_is_ignored_with_a_warning_and_dates_no_listing(
    build: Callable[..., Path], caplog: pytest.LogCaptureFixture, schemas: SchemaSet
) -> None:
    """`Modified: 2099-01-01` is a typo; left in, it would date every listing showing it."""
    files = {
        "articles/old.md": article("Old", "old", "Python", "python"),
        "articles/typo.md": article("Typo", "typo", "Python", "python", "Modified: 2099-01-01\n"),
        "articles/quiet.md": article(
            "Quiet", "quiet", "Python", "hush", "Sitemap_exclude: true\nModified: 2098-05-05\n"
        ),
    }
    times = {
        "articles/old.md": 1_600_000_000,  # 2020-09-13T12:26:40Z
        "articles/typo.md": 1_650_000_000,  # 2022-04-15T05:20:00Z
        "articles/quiet.md": 1_550_000_000,  # 2019-02-12T19:33:20Z
    }
    with caplog.at_level(logging.WARNING, logger="sitemapkit"):
        out = build(files, mtimes=times, DEFAULT_PAGINATION=False)
    schemas.validate_folder(out)
    lastmods = {row["loc"]: row["lastmod"] for row in parse_urlset(out / "sitemap.xml")}
    assert lastmods[BASE + "typo.html"] == "2022-04-15T05:20:00+00:00"  # its file's time
    assert lastmods[BASE + "category/python.html"] == "2022-04-15T05:20:00+00:00"
    assert lastmods[BASE] == "2022-04-15T05:20:00+00:00"
    assert lastmods[BASE + "tag/hush.html"] == "2019-02-12T19:33:20+00:00"  # the excluded one's
    assert not any(value.startswith("209") for value in lastmods.values())
    warnings = [r.getMessage() for r in caplog.records if r.name.startswith("sitemapkit")]
    assert warnings == [
        "sitemapkit: page 'articles/typo.md': the lastmod its metadata states, "
        "2099-01-01T00:00:00+00:00, is in the future, so it is ignored and the page takes its "
        "file's time; correct the date in the page"
    ]


def test_a_slug_with_a_literal_percent_is_listed_where_its_file_is_served(
    build: Callable[..., Path],
) -> None:
    """Pelican links `with space%20x.html` as written: a server reads `%20` as a space."""
    files = {"articles/s.md": article("S", "with space%20x", "Python", "python")}
    out = build(files, DEFAULT_PAGINATION=False)
    assert (out / "with space%20x.html").is_file()
    assert BASE + "with%20space%2520x.html" in assert_every_loc_is_a_file(out)


def test_a_url_too_long_is_named_by_its_content_file_and_a_listings_by_its_path(
    build: Callable[..., Path], caplog: pytest.LogCaptureFixture, schemas: SchemaSet
) -> None:
    deep = "/".join(["d" * 200] * 11)  # 2,200 characters, each folder's name within limits
    tag = "t" * 240
    files = {
        "articles/old.md": article("Old", "old", "Python", "python"),
        "articles/long.md": article(
            "Long", "long", "Python", "python", f"Url: {deep}/\nSave_as: {deep}/index.html\n"
        ),
        "articles/tagged.md": article("Tagged", "tagged", "Python", tag),
    }
    with caplog.at_level(logging.WARNING, logger="sitemapkit"):
        out = build(
            files,
            DEFAULT_PAGINATION=False,
            TAG_URL=f"{deep[:1800]}/{{slug}}.html",
            TAG_SAVE_AS=f"{deep[:1800]}/{{slug}}.html",
        )
    schemas.validate_folder(out)
    locs = {row["loc"] for row in parse_urlset(out / "sitemap.xml")}
    assert BASE + "old.html" in locs
    assert not any(len(loc) >= 2048 for loc in locs)
    warnings = sorted(r.getMessage() for r in caplog.records if r.name.startswith("sitemapkit"))
    assert (
        [w.split(" skipped:")[0] for w in warnings]
        == [
            "sitemapkit: page 'articles/long.md'",  # the article's Markdown file
            f"sitemapkit: page '{deep[:1800]}/{tag}.html'",  # a listing: Pelican's template
        ]
    )


def test_a_modified_date_before_the_articles_date_is_ignored_with_a_warning(
    build: Callable[..., Path], caplog: pytest.LogCaptureFixture, schemas: SchemaSet
) -> None:
    """`Modified` earlier than `Date` is a typo in one of them: no time the page changed."""
    files = {  # `article` dates "early" 2024-01-06 10:00 and "sameday" 2024-01-08 10:00
        "articles/early.md": article("Early", "early", "Misc", "misc", "Modified: 2023-12-01\n"),
        "articles/sameday.md": article(
            "Same day", "sameday", "Misc", "misc", "Modified: 2024-01-08\n"
        ),
    }
    times = {"articles/early.md": 1_710_000_000, "articles/sameday.md": 1_600_000_000}
    with caplog.at_level(logging.WARNING, logger="sitemapkit"):
        out = build(files, mtimes=times, DEFAULT_PAGINATION=False)
    schemas.validate_folder(out)
    lastmods = {row["loc"]: row["lastmod"] for row in parse_urlset(out / "sitemap.xml")}
    assert lastmods[BASE + "early.html"] == "2024-03-09T16:00:00+00:00"  # its file's time
    assert lastmods[BASE + "sameday.html"] == "2024-01-08T00:00:00+00:00"  # that day: no earlier
    warnings = [r.getMessage() for r in caplog.records if r.name.startswith("sitemapkit")]
    # With DEFAULT_DATE = "fs" an article without Date: is dated by its file (a checkout's
    # time): a Modified: before that is the author's date, not a typo.
    caplog.clear()
    stated = {"articles/fs.md": "Title: Fs\nCategory: Misc\nModified: 2023-05-01 10:00\n\nText.\n"}
    with caplog.at_level(logging.WARNING, logger="sitemapkit"):
        fs_out = build(stated, DEFAULT_DATE="fs", DEFAULT_PAGINATION=False)
    assert not [r for r in caplog.records if "fs.md" in r.getMessage()]
    fs_rows = {row["loc"]: row["lastmod"] for row in parse_urlset(fs_out / "sitemap.xml")}
    assert fs_rows[BASE + "fs.html"] == "2023-05-01T10:00:00+00:00"
    assert warnings == [
        "sitemapkit: articles/early.md: metadata Modified (2023-12-01 00:00:00+00:00) is "
        "earlier than its Date (2024-01-06 10:00:00+00:00), so it is ignored and the page "
        "takes its file's time; correct whichever date is wrong"
    ]


@pytest.mark.parametrize("lastmod_format", ["datetime", "date"])
def test_stated_dates_are_read_in_timezone_and_a_date_alone_stays_that_day(
    build: Callable[..., Path], lastmod_format: str
) -> None:
    """Pelican reads a time without a zone in `TIMEZONE`; a date alone is the author's day."""
    stated = {
        "day": "Modified: 2024-03-01\n",  # midnight in Paris: the day before in UTC
        "noon": "Modified: 2024-03-01 12:00\n",
        "halfpast": "Modified: 2024-03-01 00:30\n",  # a time: not taken for a date alone
        "ours": "Sitemap_lastmod: 2024-03-01 12:00\n",  # read like Modified, not as UTC
        "ourday": "Sitemap_lastmod: 2024-03-02\n",
        "zoned": "Sitemap_lastmod: 2024-03-03T12:00:00+00:00\n",
    }
    files = {
        f"articles/{slug}.md": article(slug, slug, "Misc", "misc", line)
        for slug, line in stated.items()
    }
    out = build(
        files,
        TIMEZONE="Europe/Paris",
        DEFAULT_PAGINATION=False,
        SITEMAPKIT={"lastmod_format": lastmod_format},
    )
    lastmods = {row["loc"]: row["lastmod"] for row in parse_urlset(out / "sitemap.xml")}
    expected = {
        "day": "2024-03-01T00:00:00+00:00",
        "noon": "2024-03-01T11:00:00+00:00",
        "halfpast": "2024-02-29T23:30:00+00:00",
        "ours": "2024-03-01T11:00:00+00:00",
        "ourday": "2024-03-02T00:00:00+00:00",
        "zoned": "2024-03-03T12:00:00+00:00",
    }
    width = 10 if lastmod_format == "date" else None
    assert {slug: lastmods[f"{BASE}{slug}.html"] for slug in stated} == {
        slug: text[:width] for slug, text in expected.items()
    }


def test_a_stated_time_without_a_timezone_setting_is_utc(tmp_path: Path) -> None:
    """Pelican assumes UTC when `TIMEZONE` is not set (it warns), and so does the sitemap."""
    line = "Sitemap_lastmod: 2024-03-01 12:00\n"
    content = write_tree(tmp_path / "content", {"articles/a.md": article("A", "a", "M", "m", line)})
    out = tmp_path / "output"
    settings = pelican_settings(content, out, DEFAULT_PAGINATION=False)
    del settings["TIMEZONE"]
    Pelican(settings).run()
    lastmods = {row["loc"]: row["lastmod"] for row in parse_urlset(out / "sitemap.xml")}
    assert lastmods[BASE + "a.html"] == "2024-03-01T12:00:00+00:00"


def test_url_metadata_is_the_url_listed_even_where_the_file_is_written_elsewhere(
    build: Callable[..., Path],
) -> None:
    """`Url:` is the address Pelican links to (a server rewrite maps it to `Save_as:`)."""
    files = {
        "pages/team.md": "Title: Team\nUrl: crew/\nSave_as: people/index.html\n\nTeam.\n",
        "pages/faq.md": "Title: FAQ\nUrl: help/faq.html\n\nQuestions.\n",
    }
    out = build(files, DEFAULT_PAGINATION=False)
    listed = set(locs(out / "sitemap.xml"))
    assert {BASE + "crew/", BASE + "help/faq.html"} <= listed
    assert not listed & {BASE + "people/", BASE + "pages/faq.html"}
    assert (out / "people" / "index.html").is_file()


def test_a_template_page_is_as_new_as_its_template_or_the_articles_it_can_show(
    build: Callable[..., Path],
) -> None:
    files = {
        "articles/new.md": article("New", "new", "Python", "python"),
        "extra/promo.html": "<p>{{ articles | length }} articles</p>",
        "extra/old.html": "<p>Old promo</p>",
    }
    times = {
        "articles/new.md": 1_700_000_000,  # 2023-11-14T22:13:20Z
        "extra/promo.html": 1_750_000_000,  # 2025-06-15T15:06:40Z: edited after the articles
        "extra/old.html": 1_600_000_000,  # older than the articles it can show
    }
    out = build(
        files,
        mtimes=times,
        DEFAULT_PAGINATION=False,
        TEMPLATE_PAGES={"extra/promo.html": "promo.html", "extra/old.html": "old/index.html"},
    )
    lastmods = {row["loc"]: row["lastmod"] for row in parse_urlset(out / "sitemap.xml")}
    assert lastmods[BASE + "promo.html"] == "2025-06-15T15:06:40+00:00"
    assert lastmods[BASE + "old/"] == "2023-11-14T22:13:20+00:00"


def test_default_date_fs_is_the_file_time_not_an_authors_modified(
    build: Callable[..., Path],
) -> None:
    # DEFAULT_DATE = "fs" copies each file's time into `modified` as naive local time, which
    # Pelican then reads in TIMEZONE: hours off whenever the two zones differ.
    local_zone = os.environ.get("TZ")
    os.environ["TZ"] = "America/New_York"
    time.tzset()
    try:
        files = {
            "articles/dated.md": article("Dated", "dated", "Python", "python"),
            "articles/stated.md": article(
                "Stated", "stated", "Python", "python", "Modified: 2024-02-03 04:05\n"
            ),
            "pages/about.md": BLOG["pages/about.md"],
        }
        times = dict.fromkeys(files, 1_685_577_600)  # 2023-06-01T00:00:00Z
        out = build(files, mtimes=times, DEFAULT_DATE="fs", TIMEZONE="Europe/Paris")
    finally:
        if local_zone is None:
            del os.environ["TZ"]
        else:
            os.environ["TZ"] = local_zone
        time.tzset()
    lastmods = {row["loc"]: row["lastmod"] for row in parse_urlset(out / "sitemap.xml")}
    assert lastmods[BASE + "dated.html"] == "2023-06-01T00:00:00+00:00"
    assert lastmods[BASE + "pages/about.html"] == "2023-06-01T00:00:00+00:00"
    assert lastmods[BASE + "stated.html"] == "2024-02-03T03:05:00+00:00"  # Paris, in UTC


GENERATING_PLUGIN = '''
import os
from pelican.plugins import signals


def write_page(generator):
    """Like a plugin that makes content at build time (a changelog from git, say)."""
    folder = os.path.join(generator.path, "pages")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "made.md"), "w", encoding="utf-8") as page:
        page.write("Title: Made\\n\\nWritten by the build.\\n")


def register():
    signals.SIGNAL.connect(write_page)
'''


@pytest.mark.parametrize("signal", ["page_generator_init", "initialized"])
def test_a_page_source_the_build_writes_takes_the_sites_newest_date(
    build: Callable[..., Path], tmp_path: Path, signal: str
) -> None:
    """From a generator's start, or from `initialized`, which Pelican sends as it starts,
    before the build's `get_generators` (the Pelican object has a `path` too)."""
    plugin, name = GENERATING_PLUGIN.replace("SIGNAL", signal), f"page_maker_{signal}"
    plugins = write_tree(tmp_path / "plugins", {f"{name}/__init__.py": plugin})  # one a module
    files = {"articles/old.md": article("Old", "old", "Python", "python")}
    out = build(
        files,
        mtimes={"articles/old.md": 1_600_000_000},
        PLUGIN_PATHS=[str(plugins)],
        PLUGINS=["sitemapkit.pelican", name],
        DEFAULT_PAGINATION=False,
    )
    lastmods = {row["loc"]: row["lastmod"] for row in parse_urlset(out / "sitemap.xml")}
    assert lastmods[BASE + "pages/made.html"] == "2020-09-13T12:26:40+00:00"


def test_page_metadata_sets_priority_changefreq_and_warns_on_bad_values(
    build: Callable[..., Path], caplog: pytest.LogCaptureFixture
) -> None:
    files = {
        "pages/a.md": "Title: A\nSitemap_priority: 0.8\nSitemap_changefreq: weekly\n\nA.\n",
        "pages/b.md": "Title: B\nPriority: 0.3\nChangeFreq: daily\n\nB.\n",
        "pages/c.md": "Title: C\nSitemap_priority: 2\n\nC.\n",
        "pages/d.rst": "D\n#\n\n:sitemap_exclude: yes\n\nD.\n",
        "pages/e.md": "Title: E\nSitemap_exlude: true\n\nE.\n",
    }
    with caplog.at_level(logging.WARNING, logger="sitemapkit"):
        out = build(files)
    rows = {row["loc"]: row for row in parse_urlset(out / "sitemap.xml")}
    assert rows[BASE + "pages/a.html"]["priority"] == "0.8"
    assert rows[BASE + "pages/a.html"]["changefreq"] == "weekly"
    assert rows[BASE + "pages/b.html"]["priority"] == "0.3"
    assert rows[BASE + "pages/b.html"]["changefreq"] == "daily"
    assert (
        rows[BASE + "pages/c.html"]["priority"] == "0.8"
    )  # depth's default, the bad value ignored
    assert BASE + "pages/d.html" not in rows
    assert BASE + "pages/e.html" in rows  # a misspelt key is not a statement
    warnings = sorted(r.getMessage() for r in caplog.records if r.name.startswith("sitemapkit"))
    assert len(warnings) == 2, warnings
    assert "pages/c.md" in warnings[0] and "Sitemap_priority" in warnings[0]
    assert "'2'" in warnings[0]
    assert warnings[1] == (
        "sitemapkit: pages/e.md: metadata Sitemap_exlude is not known and is ignored; use "
        "Sitemap_exclude, Sitemap_priority, Sitemap_changefreq, Sitemap_lastmod"
    )


SUBSITE_PLUGIN = '''
from pelican import Pelican
from pelican.plugins import signals


def run_subsite(pelican):
    """Like i18n_subsites: each language's site is built inside the main site's run."""
    settings = pelican.settings
    if settings.get("IS_SUBSITE") or "SUBSITE_PATH" not in settings:  # signals outlive tests
        return None
    sub = dict(settings, IS_SUBSITE=True, DEFAULT_LANG="fr", PATH=settings["SUBSITE_PATH"],
               OUTPUT_PATH=settings.get("SUBSITE_OUTPUT", settings["OUTPUT_PATH"] + "/fr"),
               SITEURL=settings.get("SUBSITE_URL", settings["SITEURL"] + "/fr"))
    Pelican(sub).run()
    return None


def register():
    signals.get_writer.connect(run_subsite)
'''


@pytest.fixture
def build_with_subsite(build: Callable[..., Path], tmp_path: Path) -> Callable[..., Path]:
    """A one-article site whose French subsite is built inside its run (SUBSITE_PLUGIN)."""
    plugins = write_tree(tmp_path / "plugins", {"subsites/__init__.py": SUBSITE_PLUGIN})
    french = write_tree(
        tmp_path / "french", {"articles/bonjour.md": article("Bonjour", "bonjour", "Vie", "fr")}
    )

    def run(**overrides: Any) -> Path:
        return build(
            {"articles/hello.md": article("Hello", "hello", "Life", "en")},
            PLUGIN_PATHS=[str(plugins)],
            PLUGINS=["sitemapkit.pelican", "subsites"],
            SUBSITE_PATH=str(french),
            DEFAULT_PAGINATION=False,
            **overrides,
        )

    return run


def test_subsites_built_inside_the_main_run_share_one_sitemap(
    build_with_subsite: Callable[..., Path], schemas: SchemaSet
) -> None:
    out = build_with_subsite()
    assert not (out / "fr" / "sitemap.xml").exists()
    schemas.validate_folder(out)
    found = set(assert_every_loc_is_a_file(out))
    assert urls("hello.html", "fr/bonjour.html", "fr/", "fr/tag/fr.html", "tag/en.html") <= found


def test_a_subsite_moved_below_the_main_site_loses_its_own_old_sitemaps(
    build_with_subsite: Callable[..., Path], caplog: pytest.LogCaptureFixture
) -> None:
    """It had a host of its own; now it is listed in the main sitemap, and the old files in
    its folder would go on being served, listing the old address."""
    out = build_with_subsite(SUBSITE_URL="https://fr.example.com")
    assert "https://fr.example.com/bonjour.html" in locs(out / "fr" / "sitemap.xml")
    assert (out / "fr" / "robots.txt").is_file()
    mine = out / "fr" / "notes.txt"
    mine.write_text("kept\n", encoding="utf-8")
    with caplog.at_level(logging.INFO, logger="sitemapkit"):
        out = build_with_subsite()
    assert BASE + "fr/bonjour.html" in locs(out / "sitemap.xml")
    left = {p.name for p in (out / "fr").iterdir()}
    assert "notes.txt" in left and "bonjour.html" in left
    assert not {name for name in left if name.startswith(("sitemap", "robots"))}
    told = [r.getMessage() for r in caplog.records if "listed in the main site's" in r.getMessage()]
    assert told == [
        f"sitemapkit: the subsite in {out / 'fr'} is listed in the main site's sitemap now, so "
        "the sitemap files an earlier build wrote there were removed: sitemap-index.xml, "
        "sitemap.txt, sitemap.xml, robots.txt"
    ]


@pytest.mark.parametrize("subsite_url", ["https://EXAMPLE.com/fr/", ""])
def test_a_subsite_spelt_otherwise_or_relative_is_listed_below_the_main_site(
    build_with_subsite: Callable[..., Path], subsite_url: str
) -> None:
    out = build_with_subsite(SUBSITE_URL=subsite_url)
    assert urls("hello.html", "fr/bonjour.html") <= set(assert_every_loc_is_a_file(out))


def test_a_subsite_whose_siteurl_path_is_not_its_folder_is_listed_where_pelican_links_it(
    build_with_subsite: Callable[..., Path], caplog: pytest.LogCaptureFixture
) -> None:
    """Written to fr/, linked at francais/: every page of it at the address Pelican links
    (its article, and the index and tag pages whose URL is their path), with one warning."""
    with caplog.at_level(logging.WARNING, logger="sitemapkit"):
        out = build_with_subsite(SUBSITE_URL=BASE + "francais")
    listed = set(locs(out / "sitemap.xml"))
    assert urls("francais/bonjour.html", "francais/", "francais/tag/fr.html") <= listed
    assert not [loc for loc in listed if loc.startswith(BASE + "fr/")]
    told = [r.getMessage() for r in caplog.records if r.name.startswith("sitemapkit")]
    assert told[0] == (
        f"sitemapkit: the subsite in fr/ has SITEURL '{BASE}francais', so its pages are listed "
        "at francais/, where Pelican links them, yet a static host serves its files at fr/: "
        "give it a SITEURL that ends in fr, or an OUTPUT_PATH that ends in francais (or serve "
        "one at the other)"
    )
    assert len(told) == 2 and "(the first: 'francais/" in told[1]  # unserved-url's count


def test_a_subsite_at_the_main_sites_own_address_keeps_its_pages_where_they_are_written(
    build_with_subsite: Callable[..., Path], caplog: pytest.LogCaptureFixture
) -> None:
    """A SITEURL that is the main one's: no folder of its own to list it at, so its pages
    without a URL of their own stay at fr/, where they are served, and no subsite-url."""
    with caplog.at_level(logging.WARNING, logger="sitemapkit"):
        out = build_with_subsite(SUBSITE_URL=BASE.rstrip("/"))
    assert urls("fr/", "fr/tag/fr.html") <= set(locs(out / "sitemap.xml"))
    assert not [r for r in caplog.records if "the subsite in" in r.getMessage()]


@pytest.mark.parametrize("where", ["other host", "outside the output"])
def test_a_subsite_that_cannot_be_in_this_sitemap_gets_one_of_its_own(
    build_with_subsite: Callable[..., Path],
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
    schemas: SchemaSet,
    where: str,
) -> None:
    """i18n_subsites with `'SITEURL': 'https://fr.example.com'`: its pages cannot be in the
    main sitemap, so its own output folder gets one at its own address."""
    french = "https://fr.example.com/"
    if where == "other host":
        place = {"SUBSITE_URL": french.rstrip("/")}
    else:
        place = {"SUBSITE_OUTPUT": str(tmp_path / "output-fr"), "SUBSITE_URL": BASE + "fr"}
    with caplog.at_level(logging.INFO, logger="sitemapkit"):
        out = build_with_subsite(**place)
    found = set(assert_every_loc_is_a_file(out))
    assert urls("hello.html") <= found
    assert not [loc for loc in found if "bonjour" in loc or "/fr" in loc]
    own = out / "fr" if where == "other host" else tmp_path / "output-fr"
    schemas.validate_folder(own)
    address = french if where == "other host" else BASE + "fr/"
    assert address + "bonjour.html" in locs(own / "sitemap.xml")
    records = [r for r in caplog.records if r.getMessage().startswith("sitemapkit: the subs")]
    assert [r.levelno for r in records] == [logging.INFO]  # --fatal warnings passes
    message = records[0].getMessage()
    if where == "other host":
        assert "SITEURL 'https://fr.example.com', outside the main site's" in message
        assert (out / "fr" / "robots.txt").is_file()  # the root of its own host
    else:
        assert f"is written to {own}, outside OUTPUT_PATH {out}" in message
    assert f"it has a sitemap of its own in {own}: " in message


def test_a_pattern_is_told_unmatched_only_when_no_sitemap_of_the_run_matched_it(
    build_with_subsite: Callable[..., Path], caplog: pytest.LogCaptureFixture
) -> None:
    """A subsite on a host of its own has its own sitemap with the same options: a pattern
    for the main site's pages matches none of the subsite's, and is no mistake."""
    with caplog.at_level(logging.INFO, logger="sitemapkit"):
        out = build_with_subsite(
            SUBSITE_URL="https://fr.example.com",
            SITEMAPKIT={"exclude": ["hello.html", "bonjour.html", "nowhere/"]},
        )
    told = [r.getMessage() for r in caplog.records if "matches no page" in r.getMessage()]
    assert told == [
        "sitemapkit: SITEMAPKIT['exclude']: the pattern 'nowhere/' matches no page, so it has "
        "no effect; patterns match the pages' output paths such as 'tags.html'"
    ]
    assert BASE + "hello.html" not in locs(out / "sitemap.xml")
    assert "https://fr.example.com/bonjour.html" not in locs(out / "fr" / "sitemap.xml")


def test_a_rebuild_after_a_failed_build_of_the_same_pelican_writes_the_sitemap(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`pelican --autoreload` runs the same Pelican object again after a build that raised."""
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    content = write_tree(
        tmp_path / "content",
        {"articles/one.md": article("One", "one", "Life", "en"), "t/x.html": "{% if %}"},
    )
    out = tmp_path / "output"
    pelican = Pelican(pelican_settings(content, out, TEMPLATE_PAGES={"t/x.html": "x.html"}))
    with pytest.raises(Exception, match="Expected an expression"):
        pelican.run()  # a template typo: this build never finishes
    assert not (out / "sitemap.xml").exists()
    (content / "t" / "x.html").write_text("<p>fixed</p>", encoding="utf-8")
    write_tree(content, {"articles/two.md": article("Two", "two", "Life", "en")})
    pelican.run()
    assert urls("one.html", "two.html", "x.html") <= set(assert_every_loc_is_a_file(out))
    pelican.run()  # and every later rebuild too
    assert urls("one.html", "two.html", "x.html") <= set(locs(out / "sitemap.xml"))


def test_quickstarts_development_build_says_why_there_is_no_sitemap_without_a_warning(
    build: Callable[..., Path], caplog: pytest.LogCaptureFixture
) -> None:
    """pelicanconf.py has SITEURL = "" (and RELATIVE_URLS commented out); publishconf.py sets
    SITEURL. A warning on every development build would fail `--fatal warnings`."""
    with caplog.at_level(logging.INFO, logger="sitemapkit"):
        out = build(BLOG, SITEURL="")
    assert not [p.name for p in out.iterdir() if p.name.startswith("sitemap")]
    records = [r for r in caplog.records if r.name.startswith("sitemapkit.pelican")]
    assert [r.levelno for r in records] == [logging.INFO]
    assert "no sitemap in a development build" in records[0].getMessage()


def test_pelican_sitemap_loaded_beside_sitemapkit_is_named_in_a_warning(
    build: Callable[..., Path], caplog: pytest.LogCaptureFixture, tmp_path: Path
) -> None:
    """The old pelican-plugins `sitemap` module, found on PLUGIN_PATHS as Pelican loads it,
    writing its file at `finalized` as pelican-sitemap does: one warning names it, and
    sitemapkit's replacing that file is no second one."""
    peer = (
        "import os\n"
        "from pelican import signals\n"
        "def finalize(pelican):\n"
        "    txt = pelican.settings.get('SITEMAP', {}).get('format') == 'txt'\n"
        "    name = os.path.join(pelican.output_path, 'sitemap.txt' if txt else 'sitemap.xml')\n"
        "    with open(name, 'w') as f:\n"
        "        f.write('https://x.org/' if txt else '<urlset/>')\n"
        "def register():\n"
        "    signals.finalized.connect(finalize)\n"
    )
    plugins = write_tree(tmp_path / "plugins", {"sitemap.py": peer})
    with caplog.at_level(logging.WARNING, logger="sitemapkit"):
        out = build(BLOG, PLUGIN_PATHS=[str(plugins)], PLUGINS=["sitemap", "sitemapkit.pelican"])
    (warning,) = [r.getMessage() for r in caplog.records if r.name.startswith("sitemapkit")]
    assert warning.startswith("sitemapkit: pelican-sitemap (sitemap) is loaded too and writes")
    assert "remove it from PLUGINS" in warning
    assert "sitemapkit" in (out / "sitemap.xml").read_text(encoding="utf-8")  # replaced it
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="sitemapkit"):  # its text format's file
        out = build(
            BLOG,
            PLUGIN_PATHS=[str(plugins)],
            PLUGINS=["sitemap", "sitemapkit.pelican"],
            SITEMAP={"format": "txt"},
        )
    (warning,) = [r.getMessage() for r in caplog.records if r.name.startswith("sitemapkit")]
    assert "is loaded too and writes sitemap.txt as well" in warning
    assert (out / "sitemap.txt").read_text(encoding="utf-8").startswith(BASE)  # replaced it


def test_pelican_sitemaps_setting_left_from_a_move_is_named(
    build: Callable[..., Path], caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.INFO, logger="sitemapkit"):
        build(BLOG, SITEMAP={"format": "xml", "priorities": {"articles": 0.7}})
    records = [r for r in caplog.records if r.name.startswith("sitemapkit.pelican")]
    assert [r.levelno for r in records if "SITEMAP " in r.getMessage()] == [logging.INFO]
    assert not [r for r in records if r.levelno >= logging.WARNING]
    # Its exclusions are no longer applied: the pages come back, which is worth a warning.
    caplog.clear()
    with caplog.at_level(logging.INFO, logger="sitemapkit"):
        out = build(BLOG, SITEMAP={"format": "xml", "exclude": ["^/noindex/", "^/tag/"]})
    warnings = [
        r.getMessage()
        for r in caplog.records
        if r.name.startswith("sitemapkit.pelican") and r.levelno == logging.WARNING
    ]
    assert warnings == [
        "sitemapkit: SITEMAP['exclude'] is pelican-sitemap's setting and is not read, so the "
        "pages it left out are listed; write them in SITEMAPKIT['exclude'] as patterns of "
        "output paths (pelican-sitemap's are regular expressions of URLs), such as "
        "['/noindex/', '/tag/'], and remove SITEMAP"
    ]
    # Values pelican-sitemap itself would refuse, or compiled, are no crash here.
    for odd in (5, re.compile("^/tag/"), ["^/(tag|category)/"]):
        caplog.clear()
        with caplog.at_level(logging.WARNING, logger="sitemapkit"):
            build(BLOG, SITEMAP={"exclude": odd})
        told = [r.getMessage() for r in caplog.records if r.name.startswith("sitemapkit")]
        assert len(told) == (0 if odd == 5 else 1), told
        assert "such as" not in "".join(told) or "'/tag/'" in "".join(told)
    assert BASE + "tag/python.html" in locs(out / "sitemap.xml")
