"""Files out: splitting at both limits, indexes, gzip twins, stale parts, atomic writes."""

from __future__ import annotations

import errno
import gzip
import math
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import IO, Any

import pytest

from conftest import SchemaSet, locs, parse_urlset
from sitemapkit import (
    Notice,
    Page,
    PageMetadata,
    SitemapkitError,
    build_sitemaps,
    parse_page_metadata,
    resolve_options,
    writer,
)
from sitemapkit.dates import build_start_ns
from sitemapkit.entries import Entry
from sitemapkit.errors import file_system_error
from sitemapkit.pages import MARKED_NOINDEX
from sitemapkit.temp_files import temp_name
from sitemapkit.writer import SitemapWriter, is_own_file

BASE = "https://example.com/"


def contents(folder: Path) -> dict[str, bytes]:
    """Every file directly in `folder`, by name: what a failed build must leave as it was."""
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}


def pages(count: int) -> list[Page]:
    return [Page(f"p/{n:06d}.html") for n in range(count)]


def names(folder: Path) -> set[str]:
    return {p.name for p in folder.iterdir()}


def test_exactly_50000_urls_fit_one_file_and_one_more_splits(
    tmp_path: Path, schemas: SchemaSet
) -> None:
    options = resolve_options({"base_url": BASE, "lastmod": "none", "robots": False})
    build_sitemaps(tmp_path, options, pages(50_000))
    assert names(tmp_path) == {"sitemap.xml", "sitemap.txt", "sitemap-index.xml"}
    assert len(parse_urlset(tmp_path / "sitemap.xml")) == 50_000
    assert locs(tmp_path / "sitemap-index.xml") == [BASE + "sitemap.xml"]
    schemas.validate_folder(tmp_path)  # before the next build writes over it

    result = build_sitemaps(tmp_path, options, pages(50_001))
    assert result.parts == 2
    assert names(tmp_path) == {
        "sitemap.xml",
        "sitemap-index.xml",
        "sitemap-1.xml",
        "sitemap-2.xml",
        "sitemap-1.txt",
        "sitemap-2.txt",
    }
    assert len(parse_urlset(tmp_path / "sitemap-1.xml")) == 50_000
    assert len(parse_urlset(tmp_path / "sitemap-2.xml")) == 1
    parts = [BASE + "sitemap-1.xml", BASE + "sitemap-2.xml"]
    assert locs(tmp_path / "sitemap.xml") == parts
    assert locs(tmp_path / "sitemap-index.xml") == parts
    assert (tmp_path / "sitemap.xml").read_bytes() == (tmp_path / "sitemap-index.xml").read_bytes()
    for k in (1, 2):
        text_urls = (tmp_path / f"sitemap-{k}.txt").read_text().splitlines()
        assert text_urls == locs(tmp_path / f"sitemap-{k}.xml")
    schemas.validate_folder(tmp_path)


def test_a_lowered_byte_limit_splits_by_encoded_bytes(tmp_path: Path, schemas: SchemaSet) -> None:
    limit = 10_000
    options = resolve_options(
        {"base_url": BASE, "max_bytes": limit, "robots": False, "lastmod": "none"}
    )
    many = [Page(f"R&D/{n:04d}.html") for n in range(400)]  # '&' counts as 5 bytes: &amp;
    result = build_sitemaps(tmp_path, options, many)
    sizes = [(tmp_path / f"sitemap-{k}.xml").stat().st_size for k in range(1, result.parts + 1)]
    assert result.parts > 1 and max(sizes) <= limit
    next_entry = len("<url><loc>https://example.com/R&amp;D/0000.html</loc>") + 30
    assert all(size > limit - next_entry for size in sizes[:-1])  # parts are filled, not halved
    assert sum(len(parse_urlset(tmp_path / f"sitemap-{k}.xml")) for k in range(1, 5)) == 400
    schemas.validate_folder(tmp_path)


def test_a_part_may_fill_its_byte_limit_to_the_last_byte_and_never_past_it(
    tmp_path: Path, schemas: SchemaSet
) -> None:
    settings = {"base_url": BASE, "robots": False, "lastmod": "none", "txt": False}
    build_sitemaps(tmp_path, resolve_options(settings), pages(300))
    whole = (tmp_path / "sitemap.xml").stat().st_size  # all 300 URLs, closing tag included
    exact = build_sitemaps(tmp_path, resolve_options({**settings, "max_bytes": whole}), pages(300))
    assert exact.parts == 1 and (tmp_path / "sitemap.xml").stat().st_size == whole
    short = build_sitemaps(
        tmp_path, resolve_options({**settings, "max_bytes": whole - 1}), pages(300)
    )
    assert short.parts == 2
    assert (tmp_path / "sitemap-1.xml").stat().st_size <= whole - 1
    assert len(parse_urlset(tmp_path / "sitemap-2.xml")) == 1  # only the last URL moved on
    schemas.validate_folder(tmp_path)


def test_index_lastmod_is_the_newest_inside_each_part(tmp_path: Path, schemas: SchemaSet) -> None:
    site = tmp_path / "site"
    site.mkdir()
    for n, stamp in enumerate((1_600_000_000, 1_700_000_000, 1_650_000_000, 1_500_000_000)):
        (site / f"{n}.html").write_text("x")
        os.utime(site / f"{n}.html", (stamp, stamp))
    build_sitemaps(site, resolve_options({"base_url": BASE, "max_urls": 2}))
    index = (site / "sitemap-index.xml").read_text()
    assert "<lastmod>2023-11-14T22:13:20+00:00</lastmod>" in index  # part 1: max(0, 1)
    assert "<lastmod>2022-04-15T05:20:00+00:00</lastmod>" in index  # part 2: max(2, 3)
    schemas.validate_folder(site)


def test_gzip_twins_decompress_to_their_files_and_are_reproducible(
    tmp_path: Path, schemas: SchemaSet
) -> None:
    options = resolve_options({"base_url": BASE, "gzip": True, "max_urls": 3})
    build_sitemaps(tmp_path, options, pages(7))
    first = contents(tmp_path)
    for name in ("sitemap.xml", "sitemap-index.xml", "sitemap-1.xml", "sitemap-3.xml"):
        assert gzip.decompress(first[name + ".gz"]) == first[name]
        assert first[name + ".gz"][4:8] == b"\0\0\0\0"  # header mtime 0
    build_sitemaps(tmp_path, options, list(reversed(pages(7))))
    assert contents(tmp_path) == first
    schemas.validate_folder(tmp_path)


def test_gzip_twins_are_the_same_compressed_on_a_thread_or_inline(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    options = resolve_options({"base_url": BASE, "gzip": True})
    many = pages(30_000)  # dozens of chunks, more than may wait for the compressing thread
    threaded, inline = tmp_path / "threaded", tmp_path / "inline"
    threaded.mkdir()
    inline.mkdir()
    build_sitemaps(threaded, options, many)

    def no_threads(*args: object, **kwargs: object) -> None:
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(ThreadPoolExecutor, "submit", no_threads)  # e.g. a thread limit
    build_sitemaps(inline, options, many)
    twin = (threaded / "sitemap.xml.gz").read_bytes()
    assert twin == (inline / "sitemap.xml.gz").read_bytes()
    assert gzip.decompress(twin) == (threaded / "sitemap.xml").read_bytes()
    assert len(locs(threaded / "sitemap.xml")) == 30_000


def test_stale_parts_and_twins_are_removed_but_never_a_users_file(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    build_sitemaps(
        tmp_path, resolve_options({"base_url": BASE, "gzip": True, "max_urls": 2}), pages(7)
    )
    assert (tmp_path / "sitemap-4.xml").exists()
    # A link the user put at an old part's name: the link is theirs, whatever it points at.
    kept = tmp_path_factory.mktemp("elsewhere") / "sitemap-3.xml"
    (tmp_path / "sitemap-3.xml").replace(kept)
    (tmp_path / "sitemap-3.xml").symlink_to(kept)
    (tmp_path / "sitemap-9.xml").write_text("<urlset>my own file</urlset>")
    (tmp_path / "sitemap-8.txt").write_text("notes, not URLs\n")
    (tmp_path / "sitemap-7.txt").write_text(BASE + "a list the index never named\n")
    result = build_sitemaps(tmp_path, resolve_options({"base_url": BASE}), pages(3))
    assert result.parts == 1
    assert names(tmp_path) == {
        "sitemap.xml",
        "sitemap.txt",
        "sitemap-index.xml",
        "robots.txt",
        "sitemap-9.xml",
        "sitemap-8.txt",
        "sitemap-7.txt",
        "sitemap-3.xml",
    }
    assert (tmp_path / "sitemap-3.xml").is_symlink() and kept.is_file()
    assert "sitemap-4.xml.gz" in result.removed and "sitemap-1.txt" in result.removed


def test_a_site_with_no_pages_removes_its_old_sitemap(tmp_path: Path) -> None:
    build_sitemaps(tmp_path, resolve_options({"base_url": BASE, "robots": False}), pages(2))
    notices: list[str] = []
    result = build_sitemaps(
        tmp_path,
        resolve_options({"base_url": BASE, "robots": False}),
        [],
        report=lambda n: notices.append(n.code),
    )
    assert result.urls == 0 and names(tmp_path) == set()
    assert notices == ["no-pages"]


def test_a_site_whose_every_page_says_noindex_writes_no_sitemap_and_says_so_quietly(
    tmp_path: Path,
) -> None:
    """The docs of an old release keep every page out of search engines on purpose: nothing
    to list is then no warning (a Sphinx build with -W would fail on it)."""
    options = resolve_options({"base_url": BASE, "robots": False})
    build_sitemaps(tmp_path, options, pages(2))
    notices: list[Notice] = []
    marked = [Page(page.path, meta=MARKED_NOINDEX) for page in pages(2)]
    result = build_sitemaps(tmp_path, options, marked, report=notices.append)
    assert result.urls == 0 and names(tmp_path) == set()
    assert [(n.code, n.level) for n in notices] == [("noindex", "info"), ("no-pages", "info")]
    assert notices[1].message == (
        "every page was left out (2 saying noindex), so no sitemap was written, and the "
        "sitemap files an earlier build wrote were removed (sitemap-index.xml, sitemap.txt, "
        "sitemap.xml)"
    )
    # Left out by the site's statements, every page: so it says, and no warning.
    excluded = [Page("a.html", meta=PageMetadata(exclude=True)), *marked]
    told: list[Notice] = []
    build_sitemaps(tmp_path, options, excluded, report=told.append)
    assert [(n.code, n.level) for n in told] == [("noindex", "info"), ("no-pages", "info")]
    assert "every page was left out (1 excluded, 2 saying noindex)" in told[1].message
    # Left out by patterns only (the default 404.html, a broad pattern): a warning.
    patterned: list[Notice] = []
    build_sitemaps(tmp_path, options, [Page("404.html")], report=patterned.append)
    assert [(n.code, n.level, n.message) for n in patterned] == [
        (
            "no-pages",
            "warning",
            "no pages to list (1 left out by exclude patterns), so no sitemap was written",
        )
    ]
    # No page at all is a warning.
    empty: list[Notice] = []
    build_sitemaps(tmp_path, options, [], report=empty.append)
    assert [(n.code, n.level, n.message) for n in empty] == [
        ("no-pages", "warning", "no pages to list, so no sitemap was written")
    ]


def test_the_sitemaps_a_replaced_index_listed_are_named(tmp_path: Path) -> None:
    """@astrojs/sitemap writes sitemap-index.xml and sitemap-0.xml: once sitemapkit's index
    replaces its index, sitemap-0.xml is listed by nothing, yet served."""
    index = (
        '<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/'
        'schemas/sitemap/0.9"><sitemap><loc>https://example.com/sitemap-0.xml</loc></sitemap>'
        "<sitemap><loc>https://example.com/gone.xml</loc></sitemap>"
        "<sitemap><loc>https://example.com/en/sitemap.xml</loc></sitemap></sitemapindex>"
    )  # Hugo's multilingual index lists each language's `en/sitemap.xml`
    (tmp_path / "sitemap-index.xml").write_text(index)
    (tmp_path / "sitemap-0.xml").write_text("<urlset><url><loc>x</loc></url></urlset>")
    (tmp_path / "en").mkdir()
    (tmp_path / "en" / "sitemap.xml").write_text("<urlset><url><loc>x</loc></url></urlset>")
    notices: list[Notice] = []
    options = resolve_options({"base_url": BASE, "robots": False})
    build_sitemaps(tmp_path, options, pages(2), report=notices.append)
    (notice,) = notices
    assert (notice.level, notice.code) == ("warning", "replaced-file")
    assert notice.message.startswith("replaced sitemap-index.xml, which sitemapkit did not ")
    assert notice.message.endswith(
        "; the index replaced listed sitemap-0.xml, en/sitemap.xml, still in the output and "
        "listed by no index now: remove them (and whatever writes them)"
    )
    assert (tmp_path / "sitemap-0.xml").is_file()  # not sitemapkit's to remove


def test_the_sitemaps_a_replaced_indented_index_listed_are_named(tmp_path: Path) -> None:
    """A pretty-printed index puts spaces and line breaks around each loc."""
    index = (
        '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/'
        'schemas/sitemap/0.9">\n  <sitemap>\n    <loc>\n      https://example.com/sitemap-0.xml\n'
        "    </loc>\n  </sitemap>\n</sitemapindex>\n"
    )
    (tmp_path / "sitemap-index.xml").write_text(index)
    (tmp_path / "sitemap-0.xml").write_text("<urlset></urlset>")
    notices: list[Notice] = []
    build_sitemaps(
        tmp_path,
        resolve_options({"base_url": BASE, "robots": False}),
        pages(2),
        report=notices.append,
    )
    (notice,) = notices
    assert notice.message.endswith(
        "; the index replaced listed sitemap-0.xml, still in the output and listed by no "
        "index now: remove it (and whatever writes it)"
    )


def test_the_sitemaps_a_replaced_compressed_index_listed_are_named(tmp_path: Path) -> None:
    """npm's `sitemap` (`gzip: true`) keeps its index only compressed."""
    index = (
        '<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/'
        'schemas/sitemap/0.9"><sitemap><loc>https://example.com/sitemap-0.xml.gz</loc>'
        "</sitemap></sitemapindex>"
    )
    (tmp_path / "sitemap-index.xml.gz").write_bytes(gzip.compress(index.encode()))
    (tmp_path / "sitemap-0.xml.gz").write_bytes(gzip.compress(b"<urlset></urlset>"))
    notices: list[Notice] = []
    options = resolve_options({"base_url": BASE, "robots": False, "gzip": True})
    build_sitemaps(tmp_path, options, pages(2), report=notices.append)
    (notice,) = notices
    assert notice.message.startswith("replaced sitemap-index.xml.gz, which sitemapkit did not ")
    assert notice.message.endswith(
        "; the index replaced listed sitemap-0.xml.gz, still in the output and listed by no "
        "index now: remove it (and whatever writes it)"
    )


def test_one_old_time_for_every_page_is_told_as_a_copys_time(tmp_path: Path) -> None:
    """An sdist's files all carry one time: the sitemap would say every page changed then."""
    options = resolve_options({"base_url": BASE, "robots": False, "max_urls": 2})
    same = [Page(f"p{n}.html", mtime=1_600_000_000) for n in range(3)]  # in two parts
    notices: list[Notice] = []
    build_sitemaps(tmp_path, options, same, report=notices.append)
    assert [(n.level, n.code) for n in notices] == [("info", "same-lastmod")]
    assert notices[0].message.startswith(
        "every URL is dated the same, 2020-09-13T12:26:40+00:00: the newest of every page's "
        "sources (or its commit) has that one time, as when files are unpacked from an archive "
        "or an sdist"
    )
    notices.clear()  # a generated page (no file of its own) takes that time too: still told
    build_sitemaps(tmp_path, options, [*same, Page("gen.html")], report=notices.append)
    assert [(n.level, n.code) for n in notices] == [("info", "same-lastmod")]
    stated = Page("old.html", meta=parse_page_metadata({"lastmod": "2019-01-01"})[0])
    twin = Page("p0-copy.html", url="p0.html", mtime=1_600_000_000)  # a duplicate, dropped
    notices.clear()  # counted in the entries written: one page states another date
    build_sitemaps(tmp_path, options, [*same[:2], twin, stated], report=notices.append)
    assert "same-lastmod" not in [n.code for n in notices]
    for listed in (
        [*same[:2], Page("p2.html", mtime=1_500_000_000)],  # one page of another time
        [
            Page(f"s{n}.html", meta=parse_page_metadata({"lastmod": "2024-01-01"})[0])
            for n in (1, 2)
        ],
        same[:1],  # one page: nothing to compare
    ):
        notices.clear()
        build_sitemaps(tmp_path, options, listed, report=notices.append)
        assert "same-lastmod" not in [n.code for n in notices]
    notices.clear()
    none = resolve_options({"base_url": BASE, "robots": False, "lastmod": "none"})
    build_sitemaps(tmp_path, none, same, report=notices.append)
    assert notices == []


def test_another_tools_gzip_twin_left_beside_the_sitemap_is_a_warning_on_every_build(
    tmp_path: Path,
) -> None:
    """`sitemapkit build site/` after MkDocs' own sitemap: its sitemap.xml.gz stays, stale."""
    mkdocs_own = '<?xml version="1.0"?><urlset><url><loc>https://old.example/</loc></url></urlset>'
    (tmp_path / "sitemap.xml").write_text(mkdocs_own)
    with gzip.open(tmp_path / "sitemap.xml.gz", "wt") as packed:
        packed.write(mkdocs_own)
    options = resolve_options({"base_url": BASE, "robots": False})
    for run in range(2):
        notices: list[Notice] = []
        build_sitemaps(tmp_path, options, pages(2), report=notices.append)
        codes = [(n.level, n.code) for n in notices]
        expected = [("warning", "foreign-twin")]
        assert codes == ([("warning", "replaced-file")] if run == 0 else []) + expected
        assert notices[-1].message == (
            "'sitemap.xml.gz', beside the sitemap of the same name, was not written by "
            "sitemapkit (another sitemap tool's, such as MkDocs' own), so it is not kept in step "
            "with the sitemap: remove it, or turn gzip on for sitemapkit to write it"
        )
    assert (tmp_path / "sitemap.xml.gz").is_file()  # not sitemapkit's to remove
    gzipped = resolve_options({"base_url": BASE, "robots": False, "gzip": True})
    notices = []
    build_sitemaps(tmp_path, gzipped, pages(2), report=notices.append)
    assert [n.code for n in notices] == ["replaced-file"]  # now it is written over


def test_another_tools_text_twin_beside_a_sitemap_written_without_one_is_a_warning(
    tmp_path: Path,
) -> None:
    """`--no-txt` keeps sitemapkit from writing sitemap.txt; one another tool left stays, and
    validate compares it with the XML."""
    (tmp_path / "sitemap.txt").write_text("https://example.com/other\n")
    options = resolve_options({"base_url": BASE, "robots": False, "txt": False})
    notices: list[Notice] = []
    build_sitemaps(tmp_path, options, pages(2), report=notices.append)
    (twin,) = [n for n in notices if n.code == "foreign-twin"]
    assert twin.options == ("txt",)
    assert twin.message.startswith("'sitemap.txt', beside the sitemap of the same name, was ")
    assert twin.message.endswith("remove it, or turn txt on for sitemapkit to write it")
    assert (tmp_path / "sitemap.txt").read_text() == "https://example.com/other\n"
    notices.clear()
    build_sitemaps(tmp_path, resolve_options({"base_url": BASE, "robots": False}), pages(2))
    build_sitemaps(tmp_path, options, pages(2), report=notices.append)  # its own: removed
    assert "foreign-twin" not in [n.code for n in notices]
    assert not (tmp_path / "sitemap.txt").exists()
    # Its own text file, left under the index's default name's notes: no other tool's.
    build_sitemaps(tmp_path, resolve_options({"base_url": BASE, "robots": False}), pages(2))
    renamed = resolve_options(
        {"base_url": BASE, "robots": False, "txt": False, "index_name": "sitemap_index.xml"}
    )
    notices.clear()
    build_sitemaps(tmp_path, renamed, pages(2), report=notices.append)
    assert [n.code for n in notices] == ["earlier-names"]
    # Its parts are this build's files (sitemap_name is the same), its text file is not.
    assert notices[0].message.endswith("remove it (and sitemap.txt) by hand")


def test_replacing_a_file_another_tool_wrote_warns_naming_it_and_the_option(
    tmp_path: Path,
) -> None:
    (tmp_path / "sitemap.xml").write_text("<urlset>another plugin's sitemap</urlset>")
    (tmp_path / "sitemap-index.xml.gz").write_bytes(gzip.compress(b"<sitemapindex/>"))
    (tmp_path / "sitemap.txt").write_text(BASE + "a.html\n")  # URLs, but no index named it
    options = resolve_options({"base_url": BASE, "gzip": True, "robots": False})
    notices: list[tuple[str, str, str]] = []

    def report(notice: Notice) -> None:
        notices.append((notice.level, notice.code, notice.message))

    result = build_sitemaps(tmp_path, options, pages(2), report=report)
    assert result.replaced == ["sitemap.xml", "sitemap.txt", "sitemap-index.xml.gz"]
    ((level, code, message),) = notices
    assert (level, code) == ("warning", "replaced-file")
    assert message.startswith(
        "replaced sitemap.xml, sitemap.txt, sitemap-index.xml.gz, which sitemapkit did not "
        "recognise as its own"
    )
    assert "set index_name or sitemap_name or txt_name to give sitemapkit's" in message
    assert locs(tmp_path / "sitemap.xml") == [BASE + "p/000000.html", BASE + "p/000001.html"]

    notices.clear()
    assert build_sitemaps(tmp_path, options, pages(2), report=report).replaced == []
    assert notices == []


@pytest.mark.parametrize(
    ("options", "name", "content", "expected"),
    [
        (
            {"sitemap_name": "index.xml"},
            "index.xml",
            '<?xml version="1.0"?>\n<!-- Hugo -->\n<rss version="2.0"><channel/></rss>',
            "sitemap_name: the output folder's index.xml is not a sitemap (its root element is "
            "<rss>), so it is not replaced; set sitemap_name to another name, such as "
            "sitemap.xml, or remove that file from the site if it is left over",
        ),
        (
            {"txt_name": "ads.txt"},
            "ads.txt",
            "google.com, pub-0000000000000000, DIRECT\n",
            "txt_name: the output folder's ads.txt is not a sitemap (its first line is "
            "'google.com, pub-0000000000000000, DIRECT', not a URL), so it is not replaced; set "
            "txt_name to another name, such as sitemap.txt, or remove that file from the site if "
            "it is left over",
        ),
        (
            {},
            "sitemap-index.xml",
            "<feed xmlns='http://www.w3.org/2005/Atom'/>",
            "index_name: the output folder's sitemap-index.xml is not a sitemap (its root "
            "element is <feed>), so it is not replaced; set index_name to another name, or "
            "remove that file from the site if it is left over",
        ),
    ],
)
def test_a_file_that_is_no_sitemap_is_never_replaced(
    tmp_path: Path, options: dict[str, str], name: str, content: str, expected: str
) -> None:
    """A name option pointed at a feed or `ads.txt` would destroy it: refused, nothing written."""
    (tmp_path / name).write_text(content)
    before = contents(tmp_path)
    with pytest.raises(SitemapkitError) as caught:
        build_sitemaps(tmp_path, resolve_options({"base_url": BASE, **options}), pages(2))
    assert str(caught.value) == expected
    assert contents(tmp_path) == before


def test_a_text_sitemap_starting_with_a_blank_line_is_still_a_sitemap(tmp_path: Path) -> None:
    (tmp_path / "sitemap.txt").write_text("\n" + BASE + "old.html\n")  # another tool's
    result = build_sitemaps(tmp_path, resolve_options({"base_url": BASE}), pages(1))
    assert result.replaced == ["sitemap.txt"]


def test_a_file_an_earlier_build_left_is_replaced_with_an_info_line(tmp_path: Path) -> None:
    """After a move from another sitemap plugin, its last sitemap.xml is in the output: not
    written during this build, so nothing writes there any more."""
    (tmp_path / "sitemap.xml").write_text("<urlset>another plugin's sitemap</urlset>")
    started = build_start_ns()
    notices: list[Notice] = []
    options = resolve_options({"base_url": BASE, "robots": False})
    result = build_sitemaps(
        tmp_path, options, pages(2), report=notices.append, build_started_ns=started
    )
    assert (result.replaced, result.left_over) == (["sitemap.xml"], ["sitemap.xml"])
    assert [(n.level, n.code, n.message) for n in notices] == [
        (
            "info",
            "replaced-file",
            "replaced sitemap.xml, which an earlier build left (another sitemap tool's, as after "
            "a move to sitemapkit); it was not written during this build, so nothing else "
            "writes there",
        )
    ]


def test_turning_txt_off_removes_the_old_text_sitemap_but_never_the_users(
    tmp_path: Path,
) -> None:
    build_sitemaps(tmp_path, resolve_options({"base_url": BASE}), pages(2))
    size = (tmp_path / "sitemap.txt").stat().st_size
    note = f"<!-- text files: sitemap.txt, {size} bytes -->".encode()
    assert note in (tmp_path / "sitemap-index.xml").read_bytes()
    build_sitemaps(tmp_path, resolve_options({"base_url": BASE, "txt": False}), pages(2))
    assert not (tmp_path / "sitemap.txt").exists()

    (tmp_path / "sitemap.txt").write_text(BASE + "kept.html\n")  # the site's own list
    build_sitemaps(tmp_path, resolve_options({"base_url": BASE, "txt": False}), pages(2))
    assert (tmp_path / "sitemap.txt").read_text() == BASE + "kept.html\n"


def test_text_parts_named_in_the_index_go_when_the_parts_shrink(tmp_path: Path) -> None:
    build_sitemaps(tmp_path, resolve_options({"base_url": BASE, "max_urls": 2}), pages(7))
    sizes = " ".join(str((tmp_path / f"sitemap-{k}.txt").stat().st_size) for k in range(1, 5))
    note = f"<!-- text files: sitemap-1.txt to sitemap-4.txt, {sizes} bytes -->".encode()
    assert note in (tmp_path / "sitemap-index.xml").read_bytes()
    result = build_sitemaps(tmp_path, resolve_options({"base_url": BASE, "max_urls": 2}), pages(3))
    assert {"sitemap-3.txt", "sitemap-4.txt"} <= set(result.removed)
    assert {"sitemap-1.txt", "sitemap-2.txt"} <= names(tmp_path)


def test_files_under_an_old_sitemap_name_go_after_a_rename(tmp_path: Path) -> None:
    old = {"base_url": BASE, "gzip": True, "sitemap_name": "a.xml", "txt_name": "a.txt"}
    build_sitemaps(tmp_path, resolve_options({**old, "max_urls": 2}), pages(5))
    assert {"a.xml", "a-3.xml.gz", "a-3.txt"} <= names(tmp_path)
    (tmp_path / "a-9.xml").write_text("<urlset>my own file</urlset>")
    build_sitemaps(tmp_path, resolve_options({**old, "max_urls": 2}), pages(5))  # unchanged
    build_sitemaps(tmp_path, resolve_options({**old, "max_urls": 50_000}), pages(5))
    assert {"a.xml", "a.xml.gz", "a.txt"} <= names(tmp_path)
    assert not {"a-1.xml", "a-1.xml.gz", "a-1.txt"} & names(tmp_path)
    result = build_sitemaps(tmp_path, resolve_options({"base_url": BASE}), pages(5))
    assert {"a.xml", "a.xml.gz", "a.txt"} <= set(result.removed)
    assert names(tmp_path) == {
        "sitemap.xml",
        "sitemap.txt",
        "sitemap-index.xml",
        "robots.txt",
        "a-9.xml",
    }


def test_files_left_at_the_default_names_after_an_index_rename_are_named(tmp_path: Path) -> None:
    """A new `index_name` finds no old index to tidy by: the files stay, and are named; the
    text file the old index noted is still known as ours, so it is replaced quietly."""
    build_sitemaps(tmp_path, resolve_options({"base_url": BASE}), pages(2))
    notices: list[Notice] = []
    renamed = {"base_url": BASE, "index_name": "idx.xml", "sitemap_name": "sm.xml"}
    build_sitemaps(tmp_path, resolve_options(renamed), pages(2), report=notices.append)
    assert [(n.level, n.code, n.options) for n in notices] == [
        ("info", "earlier-names", ("sitemap_name", "index_name"))
    ]
    assert notices[0].message.startswith(
        "sitemap-index.xml and sitemap.xml, written by an earlier build under the default "
        "names, are still here and no longer kept up to date"
    )
    assert {"idx.xml", "sm.xml", "sitemap.txt", "sitemap.xml", "sitemap-index.xml"} <= names(
        tmp_path
    )
    (tmp_path / "sitemap.xml").unlink()
    (tmp_path / "sitemap-index.xml").write_text("<sitemapindex>the user's</sitemapindex>")
    notices.clear()
    build_sitemaps(tmp_path, resolve_options(renamed), pages(2), report=notices.append)
    assert notices == []  # a file sitemapkit did not write is not its business


def test_an_index_rename_alone_names_that_option_alone(tmp_path: Path) -> None:
    build_sitemaps(tmp_path, resolve_options({"base_url": BASE}), pages(2))
    notices: list[Notice] = []
    renamed = resolve_options({"base_url": BASE, "index_name": "idx.xml"})
    build_sitemaps(tmp_path, renamed, pages(2), report=notices.append)
    assert [(n.code, n.options) for n in notices] == [("earlier-names", ("index_name",))]
    assert notices[0].message.startswith(
        "sitemap-index.xml, written by an earlier build under the default name, is still here "
        "and no longer kept up to date, as index_name names another file now; remove it"
    )
    # The old index's sitemap.xml and sitemap.txt are this build's: not to be removed.
    assert notices[0].message.endswith(
        "remove it (but not sitemap.txt, which this build writes) by hand"
    )


def test_an_index_left_under_a_name_no_longer_given_is_named(tmp_path: Path) -> None:
    """Back from other names to the defaults, or to a third name: the index written under
    the name given before is found by its marker, once; another tool's index is not."""
    renamed = {"sitemap_name": "pages.xml", "txt_name": "pages.txt", "index_name": "smi.xml"}
    build_sitemaps(tmp_path, resolve_options({"base_url": BASE, **renamed}), pages(2))
    (tmp_path / "feed-index.xml").write_text(
        '<?xml version="1.0"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
    )
    for names in ({}, {"index_name": "other.xml"}):
        notices: list[Notice] = []
        options = resolve_options({"base_url": BASE, **names})
        build_sitemaps(tmp_path, options, pages(2), report=notices.append)
        told = [n for n in notices if n.code == "earlier-names" and "smi.xml" in n.message]
        assert [(n.level, n.options) for n in told] == [("info", ("sitemap_name", "index_name"))]
        assert told[0].message == (
            "smi.xml, an index an earlier build wrote under a name that sitemap_name and "
            "index_name no longer give, is still here and no longer kept up to date; remove it "
            "(and the sitemaps and text files it lists or notes that this build does not write, "
            "with any .gz twins) by hand"
        )
        assert "feed-index.xml" not in " ".join(n.message for n in notices)
    (tmp_path / "smi.xml").unlink()
    notices.clear()
    build_sitemaps(tmp_path, resolve_options({"base_url": BASE}), pages(2), report=notices.append)
    assert [n.message.split(",")[0] for n in notices if n.code == "earlier-names"] == ["other.xml"]


def test_earlier_names_tells_only_of_files_there_and_not_written_again(tmp_path: Path) -> None:
    """A split build writes sitemap-1.txt, not sitemap.txt: the earlier one is to go. A `.gz`
    twin is named when there is one."""
    build_sitemaps(tmp_path, resolve_options({"base_url": BASE, "gzip": True}), pages(5))
    notices: list[Notice] = []
    split = {"base_url": BASE, "max_urls": 2, "index_name": "idx.xml", "gzip": True}
    build_sitemaps(tmp_path, resolve_options(split), pages(5), report=notices.append)
    assert [n.message for n in notices if n.code == "earlier-names"] == [
        "sitemap-index.xml, written by an earlier build under the default name, is still here "
        "and no longer kept up to date, as index_name names another file now; remove it (and "
        "its .gz twin and sitemap.txt) by hand"
    ]
    assert "sitemap.txt" not in build_sitemaps(tmp_path, resolve_options(split), pages(5)).files


def test_an_index_of_many_parts_under_an_earlier_name_is_found_and_its_texts_known(
    tmp_path: Path,
) -> None:
    """The text files' note before `<sitemapindex` grows with the parts; the parts' text files
    the earlier index notes are known as this tool's when a build writes them again."""
    earlier = {"base_url": BASE, "max_urls": 1, "sitemap_name": "pages.xml", "index_name": "a.xml"}
    build_sitemaps(tmp_path, resolve_options(earlier), pages(200))
    assert (tmp_path / "a.xml").read_bytes().index(b"<sitemapindex") > 512
    notices: list[Notice] = []
    build_sitemaps(
        tmp_path,
        resolve_options({"base_url": BASE, "max_urls": 1}),
        pages(200),
        report=notices.append,
    )
    assert [n.message.split(",")[0] for n in notices] == ["a.xml and pages.xml"]


def test_a_text_file_any_own_index_notes_at_its_size_is_known_back_at_the_defaults(
    tmp_path: Path,
) -> None:
    """Away to another index name and back: the index at the default name notes the text file
    as the first build wrote it, the one at the other name as it is now; either makes it ours."""
    build_sitemaps(tmp_path, resolve_options({"base_url": BASE}), pages(1))
    renamed = resolve_options({"base_url": BASE, "index_name": "idx.xml"})
    build_sitemaps(tmp_path, renamed, pages(2))
    notices: list[Notice] = []
    build_sitemaps(tmp_path, resolve_options({"base_url": BASE}), pages(2), report=notices.append)
    assert [n.code for n in notices] == ["earlier-names"]  # idx.xml, left: not replaced-file
    assert notices[0].message.startswith("idx.xml, an index an earlier build wrote")


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permission bits")
def test_a_sitemap_written_again_keeps_its_permissions(tmp_path: Path) -> None:
    """As robots.txt does: 0644 given where builds run under umask 077 (the server reads the
    files as another user), or a read-only mode, stays, readable by its owner (the next build
    reads it); a new file takes the umask's."""
    options = resolve_options({"base_url": BASE, "robots": False})
    before = os.umask(0o022)
    try:
        build_sitemaps(tmp_path, options, pages(1))
        (tmp_path / "sitemap.txt").chmod(0o444)
        (tmp_path / "sitemap-index.xml").chmod(0o220)
        os.umask(0o077)
        gzipped = resolve_options({"base_url": BASE, "robots": False, "gzip": True})
        build_sitemaps(tmp_path, gzipped, pages(2))
    finally:
        os.umask(before)
    modes = {p.name: p.stat().st_mode & 0o777 for p in tmp_path.iterdir()}
    assert modes == {
        "sitemap.xml": 0o644,
        "sitemap.txt": 0o444,
        "sitemap-index.xml": 0o620,  # readable by its owner
        "sitemap.xml.gz": 0o600,  # new: the umask's
        "sitemap-index.xml.gz": 0o600,
    }
    assert locs(tmp_path / "sitemap.xml") == [BASE + "p/000000.html", BASE + "p/000001.html"]


def test_a_text_files_recorded_sizes_decide_over_an_index_that_recorded_none(
    tmp_path: Path,
) -> None:
    """An index whose note gives no sizes (cut by hand, an older form) vouches for no size."""
    text = tmp_path / "sitemap.txt"
    text.write_text("https://example.com/\n")
    size = text.stat().st_size
    assert is_own_file(str(text), {"sitemap.txt": {None}})
    assert is_own_file(str(text), {"sitemap.txt": {None, size}})
    assert not is_own_file(str(text), {"sitemap.txt": {None, size + 1}})


def test_an_index_removed_with_its_parts_is_not_named(tmp_path: Path) -> None:
    """A split build's index copy at an earlier `sitemap_name` is removed with the parts it
    lists (its name is in this build's earlier index): nothing is left to tell of."""
    build_sitemaps(
        tmp_path,
        resolve_options({"base_url": BASE, "max_urls": 2, "sitemap_name": "old.xml"}),
        pages(5),
    )
    notices: list[Notice] = []
    new = {"base_url": BASE, "max_urls": 2, "sitemap_name": "new.xml"}
    result = build_sitemaps(tmp_path, resolve_options(new), pages(5), report=notices.append)
    assert "old.xml" in result.removed
    assert "earlier-names" not in [n.code for n in notices]


def test_every_name_changed_names_the_earlier_text_file_too(tmp_path: Path) -> None:
    build_sitemaps(tmp_path, resolve_options({"base_url": BASE}), pages(2))
    notices: list[Notice] = []
    renamed = {"sitemap_name": "pages.xml", "txt_name": "pages.txt", "index_name": "smi.xml"}
    build_sitemaps(
        tmp_path, resolve_options({"base_url": BASE, **renamed}), pages(2), report=notices.append
    )
    assert [n.code for n in notices] == ["earlier-names"]
    assert notices[0].message.endswith("remove them (and sitemap.txt) by hand")


def test_earlier_names_names_the_parts_an_earlier_index_lists_that_are_left(
    tmp_path: Path,
) -> None:
    """sitemap_name changed, then back, with index_name changed: the first build's part is
    neither this build's nor named by the option, yet the index left behind lists it."""
    base = {"base_url": BASE, "robots": False}
    build_sitemaps(tmp_path, resolve_options({**base, "sitemap_name": "pages.xml"}), pages(2))
    notices: list[Notice] = []
    renamed = resolve_options({**base, "index_name": "idx.xml"})
    build_sitemaps(tmp_path, renamed, pages(2), report=notices.append)
    assert [n.message for n in notices if n.code == "earlier-names"] == [
        "sitemap-index.xml, written by an earlier build under the default name, is still here "
        "and no longer kept up to date, as index_name names another file now; remove it (and "
        "pages.xml, but not sitemap.txt, which this build writes) by hand"
    ]


def test_with_lastmod_none_the_index_states_no_date_from_a_few_stated_ones(
    tmp_path: Path, schemas: SchemaSet
) -> None:
    """One page's stated date would tell crawlers the whole sitemap is that old."""
    stated, problems = parse_page_metadata({"lastmod": "2024-05-01"})
    assert problems == []
    listed = [Page("a.html", meta=stated), Page("b.html")]
    options = resolve_options({"base_url": BASE, "lastmod": "none", "robots": False})
    build_sitemaps(tmp_path, options, listed)
    rows = parse_urlset(tmp_path / "sitemap.xml")
    assert [row.get("lastmod") for row in rows] == ["2024-05-01T00:00:00+00:00", None]
    assert "<lastmod>" not in (tmp_path / "sitemap-index.xml").read_text(encoding="utf-8")
    schemas.validate_folder(tmp_path)


def test_a_text_file_another_tool_wrote_over_ours_is_never_removed(tmp_path: Path) -> None:
    build_sitemaps(tmp_path, resolve_options({"base_url": BASE}), pages(2))
    theirs = f"{BASE}a.html\n{BASE}only-in-the-feed.html\n"
    (tmp_path / "sitemap.txt").write_text(theirs)  # another tool, after sitemapkit
    notices: list[Notice] = []
    build_sitemaps(tmp_path, resolve_options({"base_url": BASE}), pages(2), report=notices.append)
    assert [n.code for n in notices] == ["replaced-file"]
    (tmp_path / "sitemap.txt").write_text(theirs)
    build_sitemaps(tmp_path, resolve_options({"base_url": BASE, "txt_name": "urls.txt"}), pages(2))
    assert (tmp_path / "sitemap.txt").read_text() == theirs
    assert (tmp_path / "urls.txt").read_text() == "".join(f"{BASE}p/{n:06d}.html\n" for n in (0, 1))


def test_an_old_index_never_leads_outside_the_output_folder(tmp_path: Path) -> None:
    site, other = tmp_path / "site", tmp_path / "other"
    options = resolve_options({"base_url": BASE, "robots": False})
    for folder in (site, other):
        folder.mkdir()
        build_sitemaps(folder, options, pages(2))
    index = site / "sitemap-index.xml"
    forged = index.read_text().replace("text files: sitemap.txt", "text files: ..%2Fother%2Fa.txt")
    index.write_text(forged.replace("/sitemap.xml<", "/..%2Fother%2Fsitemap.xml<"))
    before = contents(other)
    build_sitemaps(site, options, pages(2))
    assert contents(other) == before


def test_a_file_time_no_w3c_date_can_hold_is_left_out_like_any_wrong_time(
    tmp_path: Path,
) -> None:
    """Past the year 9999 is in the future (a file system can store it): the page is listed
    without a lastmod, with the future-file warning; before the year 1 is a stand-in."""
    options = resolve_options({"base_url": BASE, "robots": False})
    mtime = 1e13
    notices: list[Notice] = []
    broken = Page("p/broken clock.html", mtime=mtime)
    for listed in ([broken, *pages(2)], [Page(p.path, mtime=0) for p in pages(2)] + [broken]):
        notices.clear()
        result = build_sitemaps(tmp_path, options, listed, report=notices.append)
        assert result.urls == 3
        rows = {row["loc"]: row for row in parse_urlset(tmp_path / "sitemap.xml")}
        assert "lastmod" not in rows[BASE + "p/broken%20clock.html"]
        (future,) = [n for n in notices if n.code == "future-lastmod"]
        assert f"'p/broken clock.html', {int(mtime)} seconds since 1970)" in future.message
    result = build_sitemaps(tmp_path, options, [Page("a.html", mtime=-1e12)])
    assert result.urls == 1 and "lastmod" not in parse_urlset(tmp_path / "sitemap.xml")[0]
    before = contents(tmp_path)
    for late in (int(mtime), int(-1e12)):  # a scan's entries stream into the writer
        writer = SitemapWriter(str(tmp_path), options)
        with pytest.raises(SitemapkitError, match=r"^https://example.com/b: the modification"):
            writer.write([Entry(BASE + "a", 0, None, None), Entry(BASE + "b", late, None, None)])
        assert contents(tmp_path) == before


@pytest.mark.parametrize("mtime", [math.inf, -math.inf, math.nan])
def test_a_page_time_that_is_not_a_number_fails_naming_the_page(
    tmp_path: Path, mtime: float
) -> None:
    options = resolve_options({"base_url": BASE, "robots": False})
    build_sitemaps(tmp_path, options, pages(2))
    before = contents(tmp_path)
    with pytest.raises(SitemapkitError) as raised:
        build_sitemaps(tmp_path, options, [*pages(2), Page("p/no time.html", mtime=mtime)])
    assert str(raised.value).startswith(
        f"p/no time.html: the modification time of its file ({mtime} seconds since 1970) is "
        "outside the years 1 to 9999"
    )
    assert contents(tmp_path) == before


def test_an_interrupted_write_leaves_the_old_files_whole(tmp_path: Path) -> None:
    options = resolve_options({"base_url": BASE, "gzip": True, "max_urls": 2})
    build_sitemaps(tmp_path, options, pages(5))
    before = contents(tmp_path)

    def failing() -> Iterator[Entry]:
        for n in range(9):
            if n == 6:
                raise KeyboardInterrupt
            yield Entry(f"{BASE}new/{n}.html", None, None, None)

    with pytest.raises(KeyboardInterrupt):
        SitemapWriter(str(tmp_path), options).write(failing())
    assert contents(tmp_path) == before


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full on this system")
def test_a_full_disk_leaves_no_temporary_file_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Closing a file flushes it, and on a full disk that fails again: the temporary files
    must still go. Each is created where it belongs; its writes go to /dev/full (ENOSPC)."""
    options = resolve_options({"base_url": BASE, "gzip": True, "max_urls": 2})
    build_sitemaps(tmp_path, options, pages(5))
    before = contents(tmp_path)
    real_open_temp = writer.open_temp

    def full_disk_temp(folder: str, made: list[str]) -> tuple[str, IO[bytes]]:
        path, handle = real_open_temp(folder, made)
        handle.close()
        return path, open("/dev/full", "wb")  # the writer closes it

    monkeypatch.setattr(writer, "open_temp", full_disk_temp)
    with pytest.raises(SitemapkitError, match="No space left on device"):
        build_sitemaps(tmp_path, options, pages(7))
    assert contents(tmp_path) == before


def test_a_ctrl_c_as_a_temporary_file_is_made_leaves_none_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The file exists from `os.open` on: its path is noted before, for the cleanup."""
    options = resolve_options({"base_url": BASE, "gzip": True, "max_urls": 2})
    build_sitemaps(tmp_path, options, pages(5))
    before = contents(tmp_path)
    real_fdopen, calls = os.fdopen, []

    def interrupted_fdopen(fd: int, *args: Any) -> Any:
        calls.append(fd)
        if len(calls) == 4:  # the second part's first file: made, not yet handed back
            os.close(fd)
            raise KeyboardInterrupt
        return real_fdopen(fd, *args)

    monkeypatch.setattr(os, "fdopen", interrupted_fdopen)
    with pytest.raises(KeyboardInterrupt):
        build_sitemaps(tmp_path, options, pages(7))
    monkeypatch.undo()
    assert contents(tmp_path) == before


@pytest.mark.skipif(os.name != "posix", reason="processes are asked about with signal 0")
def test_temporary_files_of_a_killed_build_go_with_the_next_build(tmp_path: Path) -> None:
    """SIGKILL (or a lost machine) gives no chance to clean up: the next build on this machine
    does, sparing the files of a build still running, ones written in the last ten minutes,
    and those another machine (a container sharing the folder) wrote in the last day."""
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)  # fmt: skip
    dead_pid, alive_pid = int(dead.stdout), os.getppid()
    ours = temp_name().split("-")  # .sitemapkit-<host>-<pid>-<n>.tmp
    host = "-".join(ours[1:-2])
    left = [
        f".sitemapkit-{host}-{dead_pid}-0.tmp",
        f"robots.txt.sitemapkit-{host}-{dead_pid}-3.tmp",
        f".sitemapkit-elsewhere-{alive_pid}-5.tmp",  # another machine's, over a day old
    ]
    kept = [
        f".sitemapkit-{host}-{alive_pid}-0.tmp",
        f".sitemapkit-elsewhere-{dead_pid}-0.tmp",
        ".sitemapkit-x.tmp",
        f".sitemapkit-{host}-{dead_pid}-7.tmp",  # nine minutes ago, maybe by a live build
    ]
    for name in left + kept:
        (tmp_path / name).write_text("<?xml")
    now = time.time()
    ages = {  # at the edges: ten minutes for this machine's, a day for another's
        left[0]: 11 * 60,
        left[1]: 11 * 60,
        left[2]: 25 * 3600,
        kept[0]: 3600,
        kept[1]: 23 * 3600,
        kept[2]: 3600,
        kept[3]: 9 * 60,
    }
    for name, age in ages.items():
        os.utime(tmp_path / name, (now - age, now - age))
    result = build_sitemaps(tmp_path, resolve_options({"base_url": BASE}), pages(2))
    assert sorted(result.removed) == sorted(left)
    assert sorted(n for n in names(tmp_path) if n.endswith(".tmp")) == sorted(kept)


def test_too_many_parts_for_one_index_is_a_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from sitemapkit import SitemapkitError, writer

    monkeypatch.setattr(writer, "MAX_URLS_PER_FILE", 3)  # the index limit, scaled down
    options = resolve_options({"base_url": BASE, "max_urls": 1})
    entries = (Entry(f"{BASE}{n}.html", None, None, None) for n in range(4))
    with pytest.raises(SitemapkitError, match="more than 3 sitemap files"):
        SitemapWriter(str(tmp_path), options).write(entries)
    assert names(tmp_path) == set()


def test_a_folder_at_a_files_name_is_an_error_before_anything_changes(tmp_path: Path) -> None:
    options = resolve_options({"base_url": BASE, "gzip": True, "robots": False})
    build_sitemaps(tmp_path, options, pages(2))
    (tmp_path / "sitemap-index.xml.gz").unlink()
    (tmp_path / "sitemap-index.xml.gz").mkdir()
    before = contents(tmp_path)
    with pytest.raises(SitemapkitError, match=r"'sitemap-index.xml.gz' .* is a folder.*index_name"):
        build_sitemaps(tmp_path, options, pages(3))
    assert contents(tmp_path) == before


def test_a_file_system_error_names_the_file_a_rename_was_replacing_and_the_fix(
    tmp_path: Path,
) -> None:
    temp, target = os.path.join("out", ".sitemapkit-7.tmp"), os.path.join("out", "sitemap.xml")
    denied = OSError(errno.EACCES, "Permission denied", temp, None, target)
    assert str(file_system_error(denied, "out")) == (
        f"{target}: Permission denied; give the user running the build read and write access "
        "to it, and to the output folder it is in (a folder built by another user, or in a "
        "container, keeps that user's permissions)"
    )
    # A temporary file the output folder would not take: the folder is named, and its access.
    locked = OSError(errno.EPERM, "Operation not permitted", str(tmp_path / ".sitemapkit-7.tmp"))
    assert str(file_system_error(locked, str(tmp_path))) == (
        f"{tmp_path}: Operation not permitted; give the user running the build read and write "
        "access to it (a folder built by another user, or in a container, keeps that user's "
        "permissions)"
    )
    full = OSError(errno.ENOSPC, "No space left on device", temp)
    assert str(file_system_error(full, "out")).startswith("out: No space left on device; free")

    class SharingViolation(PermissionError):  # what Windows raises while another program reads
        winerror = 32

    held = SharingViolation(errno.EACCES, "The process cannot access the file", temp, None, target)
    assert "another program has the file open" in str(file_system_error(held, "out"))


def test_the_summary_line_counts_urls_in_words(tmp_path: Path) -> None:
    options = resolve_options({"base_url": BASE, "robots": False})
    one = build_sitemaps(tmp_path, options, pages(1))
    assert one.describe() == "1 URL in sitemap.xml, sitemap.txt, sitemap-index.xml"
    split = resolve_options({"base_url": BASE, "robots": False, "max_urls": 100})
    many = build_sitemaps(tmp_path, split, pages(1_200))
    assert len(many.files) == 26  # 12 parts, 12 text twins, the index and its sitemap.xml
    assert many.describe() == (
        "1,200 URLs in sitemap-1.xml, sitemap-1.txt, sitemap-2.xml, sitemap-2.txt, "
        "sitemap-3.xml, sitemap-3.txt and 20 more"
    )


def test_a_pattern_written_as_a_source_file_is_named_with_the_paths_it_should_be(
    tmp_path: Path,
) -> None:
    """MkDocs' exclude_docs takes `about.md`; sitemapkit's patterns match output paths."""
    options = resolve_options(
        {
            "base_url": BASE,
            "robots": False,
            "exclude": [
                *("guide/*.md", "!/keep.RST", "drafts/", "*.pdf", "docs/README.md"),
                "content/about/team.md",
            ],
            "priority_overrides": {"api.ipynb": 0.5},
        }
    )
    notices: list[Notice] = []
    build_sitemaps(tmp_path, options, pages(2), report=notices.append)
    assert [(n.level, n.code) for n in notices] == [("warning", "source-pattern")] * 5
    assert notices[0].message == (
        "exclude: the pattern 'guide/*.md' names a source file, but patterns match the pages' "
        "output paths (guide/*/index.html or guide/*.html), so it matches no page; write the "
        "output path"
    )
    assert "'!/keep.RST'" in notices[1].message and "(!/keep/index.html or !/keep.html)" in (
        notices[1].message
    )
    assert "'docs/README.md' names a source file" in notices[2].message
    assert "(docs/index.html)" in notices[2].message  # README.md is its folder's page
    assert "(about/team/index.html or about/team.html)" in notices[3].message  # Hugo's content/
    assert notices[4].message.startswith("priority_overrides: the pattern 'api.ipynb' ")
    # Where pages have such names (Pelican's static files), the patterns may match them.
    told: list[Notice] = []
    notebook = [*pages(2), Page("downloads/api.ipynb"), Page("guide/x.md")]
    result = build_sitemaps(tmp_path, options, notebook, report=told.append)
    assert told == [] and result.urls == 3  # guide/x.md excluded, api.ipynb reprioritised
    rows = {row["loc"]: row for row in parse_urlset(tmp_path / "sitemap.xml")}
    assert rows[BASE + "downloads/api.ipynb"]["priority"] == "0.5"
    # The scan lists HTML files only: the patterns are named there too.
    scanned: list[Notice] = []
    build_sitemaps(tmp_path, options, report=scanned.append)
    assert [n.code for n in scanned if n.code == "source-pattern"] == ["source-pattern"] * 5


def test_a_source_file_pattern_names_where_its_page_was_written(tmp_path: Path) -> None:
    """The adapters know each page's sources: the notice names the page built from that one
    (Pelican writes `posts/my-post.md` to `my-post.html`, which no rule could guess)."""
    sources = tmp_path / "content" / "posts"
    sources.mkdir(parents=True)
    for name in ("my-post.md", "other.md", "README.md"):
        (sources / name).write_text("x", encoding="utf-8")
    out = tmp_path / "out"
    out.mkdir()
    options = resolve_options(
        {
            "base_url": BASE,
            "robots": False,
            "exclude": ["posts/MY-POST.md", "!/posts/*.md", "readme.md", "nowhere/x.md"],
        }
    )
    site = [
        Page("my-post.html", sources=(str(sources / "my-post.md"),)),
        Page("other.html", sources=(str(sources / "other.md"),)),
        Page("index.html", sources=(str(sources / "README.md"),)),
        Page("posts/index.html", sources=(str(sources / "README.md"),)),
    ]
    notices: list[Notice] = []
    build_sitemaps(out, options, site, report=notices.append)
    shown = [n.message.split("(")[1].split(")")[0] for n in notices if n.code == "source-pattern"]
    assert shown == [
        "my-post.html, the page built from it",
        "!/posts/*/index.html or !/posts/*.html",  # a wildcard: the paths a generator writes
        "index.html or posts/index.html, the pages built from it",
        "nowhere/x/index.html or nowhere/x.html",  # no page has it: the general rule
    ]


def test_a_pattern_that_matches_no_page_is_a_warning(tmp_path: Path) -> None:
    """A typo (`blgo/`) or a path of another layout leaves out nothing, silently otherwise.
    The 404 defaults may match nothing (a site without a 404 page), and with a `!` pattern
    what each pattern did is for the whole list to say."""
    site = [Page("index.html"), Page("blog/a.html"), Page("blog/b.html"), Page("guide/x.html")]
    options = resolve_options(
        {
            "base_url": BASE,
            "robots": False,
            "exclude": ["404.html", "/404/", "blgo/", "blog/b.html", "x.md", "caf%C3%A9/"],
            "priority_overrides": {"blog/": 0.5, "gide/": 0.2},
            "changefreq_rules": {"/index.html": "daily", "archive/*.html": "never"},
        }
    )
    notices: list[Notice] = []
    result = build_sitemaps(tmp_path, options, site, report=notices.append)
    assert result.urls == 3
    unmatched = [n for n in notices if n.code == "unmatched-pattern"]
    assert [n.message for n in unmatched] == [
        "exclude: the pattern 'blgo/' matches no page, so it has no effect; patterns match the "
        "pages' output paths such as 'guide/x.html'",
        "exclude: the pattern 'caf%C3%A9/' matches no page, so it has no effect; patterns match "
        "the pages' output paths such as 'guide/x.html' (file names as written on disk: "
        "'café/', not 'caf%C3%A9/')",
        "priority_overrides: the pattern 'gide/' matches no listed page, so it has no effect; "
        "patterns match the pages' output paths such as 'guide/x.html'",
        "changefreq_rules: the pattern 'archive/*.html' matches no listed page, so it has no "
        "effect; patterns match the pages' output paths such as 'guide/x.html'",
    ]
    # INFO: a pattern kept for pages to come (`drafts/`) must not fail a strict build.
    assert all(n.level == "info" and n.options == (n.message.split(":")[0],) for n in unmatched)
    assert [n.code for n in notices].count("source-pattern") == 1  # x.md: said once, there
    negated = resolve_options({"base_url": BASE, "robots": False, "exclude": ["blgo/", "!x"]})
    told: list[Notice] = []
    build_sitemaps(tmp_path, negated, site, report=told.append)
    assert [n for n in told if n.code == "unmatched-pattern"] == []
    # Pages the adapter left out itself (a draft, a search page) count as matched.
    adapter: list[Notice] = []
    build_sitemaps(tmp_path, options, site, report=adapter.append, left_out=["blgo/x.html"])
    assert "'blgo/'" not in " ".join(n.message for n in adapter if n.code == "unmatched-pattern")
    # The example is a listed page's path, not that of a page its front matter leaves out.
    hidden = [*site, Page("secret/index.html", meta=PageMetadata(exclude=True))]
    with_hidden: list[Notice] = []
    build_sitemaps(tmp_path, options, hidden, report=with_hidden.append)
    assert next(n for n in with_hidden if n.code == "unmatched-pattern").message.endswith(
        "such as 'guide/x.html'"
    )
    # The scan of an output folder is told the same, a redirect stub counting as matched.
    (tmp_path / "index.html").write_text("<html></html>", encoding="utf-8")
    scanned: list[Notice] = []
    build_sitemaps(tmp_path, options, report=scanned.append)
    assert "exclude: the pattern 'blgo/'" in next(
        n.message for n in scanned if n.code == "unmatched-pattern"
    )
    (tmp_path / "blgo").mkdir()
    stub = '<meta http-equiv="refresh" content="0; url=/blog/">'
    (tmp_path / "blgo" / "old.html").write_text(stub, encoding="utf-8")
    with_stub: list[Notice] = []
    build_sitemaps(tmp_path, options, report=with_stub.append)
    assert "'blgo/'" not in " ".join(n.message for n in with_stub if n.code == "unmatched-pattern")
