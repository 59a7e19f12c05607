"""The generator a page's `<meta name="generator">` names, for the advice on its sitemaps."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from conftest import write_tree
from sitemapkit.canonical import canonical_link
from sitemapkit.generator_sitemaps import generator_names, site_generators, sitemap_switch
from sitemapkit.noindex import says_noindex


@pytest.mark.parametrize(
    ("head", "name"),
    [
        ('<meta name="generator" content="Hugo 0.152.2">', ["hugo"]),
        ("<META NAME='Generator' CONTENT='Jekyll v4.3.1'>", ["jekyll"]),
        ("<meta name=generator content=Hexo>", ["hexo"]),
        ('<meta content="Docusaurus v3.10.0" name="generator"/>', ["docusaurus"]),
        (
            '<meta name="generator" content="Astro v5.18.0"><meta name="generator" '
            'content="Starlight v0.37.1">',
            ["astro", "starlight"],
        ),
        ('<meta name="generator" content="zensical-0.0.65">', ["zensical"]),
        ('<meta name="generator" content="VitePress v1.6.4">', ["vitepress"]),
        ('<meta name="generator" content="Gatsby 5.16.1"/>', ["gatsby"]),
        ('<meta name="generator" content="Antora 3.1.15">', ["antora"]),
        ('<meta name="generator" content="mkdocs-1.6.1, mkdocs-material-9.7.7">', ["mkdocs"]),
        ('<meta name="generator" content="{{ eleventy.generator }}">', []),  # a template
        ('<meta name="generator" content="">', []),
        ('<!-- <meta name="generator" content="Hugo"> -->', []),  # not the page's own
        ('<meta name="description" content="a generator of sites">', []),
    ],
)
def test_the_generators_are_the_first_words_of_their_meta_tags(head: str, name: list[str]) -> None:
    assert generator_names(f"<html><head>{head}<title>T</title>") == name


def test_a_head_of_unclosed_tags_is_read_in_linear_time_as_a_browser_reads_it() -> None:
    """An unclosed tag runs to the end, as in a browser: trying each `<meta` again to the end
    took over a minute for these 120 KB (a limit far above the milliseconds it takes now)."""
    started = time.monotonic()
    assert generator_names("<meta " * 20_000 + 'name="generator" content="Hugo"') == ["hugo"]
    assert canonical_link("<link " * 20_000 + 'rel="canonical" href="/"') == "/"
    assert says_noindex('<meta name="robots" content="noindex"\n<link rel="stylesheet">')
    assert time.monotonic() - started < 10


def test_the_switch_comes_from_the_home_page_else_the_first_page_naming_a_generator(
    tmp_path: Path,
) -> None:
    tag = '<meta name="generator" content="{}">'
    site = write_tree(
        tmp_path,
        {"index.html": "<p>no head", "a.html": "<p>", "b.html": tag.format("Astro v5.18.0")},
    )
    assert sitemap_switch(site_generators(str(site), ["a.html", "b.html"])) == (
        "Astro",
        "remove the sitemap() integration (@astrojs/sitemap) from its config",
    )
    assert sitemap_switch(site_generators(str(site), ["a.html"])) is None
    starlight = tag.format("Astro v5.18.0") + tag.format("Starlight v0.37.1")
    (site / "a.html").write_text(starlight, encoding="utf-8")
    assert sitemap_switch(site_generators(str(site), ["a.html"])) == (
        "Starlight",
        "it adds @astrojs/sitemap itself whenever `site` is set, with no setting to stop it, so "
        "give sitemapkit's files other names (--sitemap-name, --index-name)",
    )
    (site / "index.html").write_text(tag.format("Eleventy v3.1.8"), encoding="utf-8")
    named = site_generators(str(site), ["b.html"])
    assert named == ["eleventy"]
    assert sitemap_switch(named) is None  # it writes no sitemap of its own
    assert sitemap_switch(["gatsby"]) == (
        "Gatsby",
        "remove gatsby-plugin-sitemap from plugins in gatsby-config",
    )
