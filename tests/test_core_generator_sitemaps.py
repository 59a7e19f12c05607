"""The generator a page's `<meta name="generator">` names, for the advice on its sitemaps."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import write_tree
from sitemapkit.canonical import canonical_link
from sitemapkit.generator_sitemaps import generator_name, generator_switch


@pytest.mark.parametrize(
    ("head", "name"),
    [
        ('<meta name="generator" content="Hugo 0.152.2">', "hugo"),
        ("<META NAME='Generator' CONTENT='Jekyll v4.3.1'>", "jekyll"),
        ("<meta name=generator content=Hexo>", "hexo"),
        ('<meta content="Docusaurus v3.10.0" name="generator"/>', "docusaurus"),
        ('<meta name="generator" content="">', None),
        ('<!-- <meta name="generator" content="Hugo"> -->', None),  # not the page's own
        ('<meta name="description" content="a generator of sites">', None),
    ],
)
def test_the_generator_is_the_first_word_of_its_meta_tag(head: str, name: str | None) -> None:
    assert generator_name(f"<html><head>{head}<title>T</title>") == name


def test_a_head_of_unclosed_tags_is_read_in_linear_time() -> None:
    """Each `<meta` without its `>` ends at the next `<`: scanning to the end of the head
    from each of them took minutes for a head of 256 KiB."""
    assert generator_name("<meta " * 20_000 + 'name="generator" content="Hugo"') is None
    assert canonical_link("<link " * 20_000 + 'rel="canonical" href="/"') is None


def test_the_switch_comes_from_the_home_page_else_the_first_page_naming_a_generator(
    tmp_path: Path,
) -> None:
    tag = '<meta name="generator" content="{}">'
    site = write_tree(
        tmp_path,
        {"index.html": "<p>no head", "a.html": "<p>", "b.html": tag.format("Astro v5.18.0")},
    )
    assert generator_switch(str(site), ["a.html", "b.html"]) == (
        "Astro",
        "remove the sitemap() integration (@astrojs/sitemap) from its config",
    )
    assert generator_switch(str(site), ["a.html"]) is None
    (site / "index.html").write_text(tag.format("Eleventy v3.1.8"), encoding="utf-8")
    assert generator_switch(str(site), ["b.html"]) is None  # named, with no sitemap of its own
