"""`sitemapkit validate`: each broken case found alone, with its line; good sitemaps clean.

The official XSDs are a cross-check: every defect the schema can see fails it too, and every
defect marked as invisible to it passes it (which is why the validator exists).
"""

from __future__ import annotations

import datetime as dt
import gzip
import json
import os
import shutil
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

import pytest
from lxml import etree

import sitemapkit.validate
from conftest import ROOT, SchemaSet, load_schemas, schemas_missing, write_tree
from sitemapkit import build_sitemaps, resolve_options
from sitemapkit.cli import main
from sitemapkit.validate import UNPACK_LIMIT, validate_target


@pytest.fixture(autouse=True)
def _a_sitemap_found_clean_meets_the_xsd(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every sitemap `validate_target` finds nothing wrong with (most of them written by hand
    here, without sitemapkit's mark, so the end-of-run sweep leaves them) must also pass the
    official XSD: the validator may not call clean what the schema refuses. (A feed an index
    names is a sitemap to search engines, but none of the sitemap schemas'.)"""
    if schemas_missing() is not None:
        return  # the `schemas` tests say so (and fail with CI=true)
    schema_set, validate = load_schemas(), validate_target

    def validated(*args: object, **kwargs: object) -> object:
        report = validate(*args, **kwargs)  # type: ignore[arg-type]
        if not report.problems:
            for name in report.files:
                if name.endswith((".xml", ".xml.gz")) and not _is_feed(Path(name)):
                    schema_set.validate_file(Path(name))
        return report

    monkeypatch.setitem(globals(), "validate_target", validated)


def _is_feed(path: Path) -> bool:
    if not path.is_file() or path.suffix != ".xml":
        return False
    return etree.parse(str(path)).getroot().tag in {"rss", "{http://www.w3.org/2005/Atom}feed"}


CORPUS = ROOT / "tests" / "corpus"
BROKEN = CORPUS / "broken"
NS = "http://www.sitemaps.org/schemas/sitemap/0.9"


@dataclass(frozen=True)
class Defect:
    """One broken case: what to check, the one problem expected, and whether the XSD sees it."""

    target: str
    code: str
    line: int | None
    says: str
    xsd: bool | None  # True: the XSD fails too; False: the XSD passes; None: not an XML file
    level: str = "error"
    base_url: str | None = None


DEFECTS = [
    Defect("priority-out-of-range.xml", "priority", 4, "'1.5' is not a number from 0.0", True),
    Defect("changefreq-unknown.xml", "changefreq", 3, "'sometimes' is not one of", True),
    Defect("url-without-loc.xml", "structure", 4, "<url> has no <loc>", True),
    Defect("empty-urlset.xml", "empty", None, "no URLs; the schema requires", True),
    Defect("old-namespace.xml", "namespace", 2, "sitemap/0.84", True),
    Defect("no-namespace.xml", "namespace", 2, "no namespace", True),
    Defect("lastmod-before-loc.xml", "order", 4, "<loc> is out of order", True),
    Defect(
        "lastmod-year-month.xml",
        "lastmod",
        3,
        "'2005-01' is not in a form the sitemap schema accepts",
        True,
    ),
    Defect("lastmod-no-seconds.xml", "lastmod", 3, "'2005-01-01T10:00+01:00'", True),
    Defect("lastmod-space.xml", "lastmod", 3, "'2005-01-01 10:00:00'", True),
    Defect("lastmod-impossible-date.xml", "lastmod", 3, "'2024-02-30' is not a real date", True),
    Defect("lastmod-no-timezone.xml", "lastmod", 3, "'2024-05-01T10:00:00'", False),
    Defect("loc-too-long.xml", "loc", 4, "has 2,049 characters", True),
    Defect("loc-too-short.xml", "loc", 3, "with its final slash", True),
    Defect(
        "loc-raw-idn-host.xml", "loc", 4, "write its IDNA form, xn--bcher-kva.example.com", None
    ),
    Defect(
        "loc-dot-segment.xml",
        "dot-segment",
        4,
        "which crawlers resolve (to 'https://example.com/docs/a.html')",
        False,
        "warning",
    ),
    Defect("changefreq-spaces.xml", "changefreq", 4, "write <changefreq>daily</changefreq>", True),
    Defect("lastmod-zone-beyond-14.xml", "lastmod", 4, "beyond the schema's -14:00", True),
    Defect("lastmod-date-with-zone.xml", "lastmod", 4, "a date with a time zone", False),
    Defect("priority-full-width-digit.xml", "priority", 4, "is not a number from 0.0", True),
    Defect("doctype.xml", "xml", 2, "remove the <!DOCTYPE ...> line", None),
    Defect("gzip-named-xml.xml", "encoding", None, "name it gzip-named-xml.xml.gz", True),
    Defect("loc-2048-characters.xml", "loc", 4, "has 2,048 characters", False),
    Defect("raw-ampersand.xml", "xml", 4, "at column 45: not well-formed", True),
    Defect("truncated.xml", "xml", 3, "not well-formed", True),
    Defect("html-page.html", "structure", 1, "is an HTML page, not a sitemap", True),
    Defect("html-page-lowercase.html", "structure", 1, "is an HTML page, not a sitemap", True),
    Defect("unknown-element.xml", "structure", 3, "<title> does not belong in <url>", True),
    Defect("duplicate-lastmod.xml", "structure", 3, "<lastmod> appears twice", True),
    Defect("wrong-root.xml", "structure", 2, "root element <urls>", True),
    Defect("loc-relative.xml", "loc", 4, "is not an absolute http:// or https:// URL", False),
    Defect("loc-ftp.xml", "loc", 4, "is not an absolute http:// or https:// URL", False),
    Defect("loc-raw-space.xml", "loc", 4, "raw character U+0020; percent-encode it as %20", False),
    Defect(
        "loc-raw-non-ascii.xml", "loc", 4, "raw character 'é'; percent-encode it as %C3%A9", False
    ),
    Defect("loc-bad-escape.xml", "loc", 4, "'%' that does not start a %XX escape", True),
    Defect("loc-port-out-of-range.xml", "loc", 4, "has the port '99999'; a port is", False),
    Defect("loc-ipv6-unclosed.xml", "loc", 4, "has a malformed host (an IPv6", True),
    Defect("loc-whitespace.xml", "loc-whitespace", 5, "whitespace inside <loc>", False, "warning"),
    Defect(
        "loc-other-host.xml", "scope", 4, "not on the sitemap's host https://example.com", False
    ),
    Defect(
        "loc-other-scheme.xml", "scope", 4, "not on the sitemap's host https://example.com", False
    ),
    Defect(
        "loc-outside-folder.xml",
        "scope",
        4,
        "not under the sitemap's folder https://example.com/docs/",
        False,
        base_url="https://example.com/docs/",
    ),
    Defect("loc-duplicate.xml", "duplicate", 5, "listed twice (first at", False),
    Defect("loc-fragment.xml", "fragment", 4, "ends with a #fragment", False, "warning"),
    Defect("loc-duplicate-default-port.xml", "duplicate", 5, "listed twice (first at", False),
    Defect("declared-latin1.xml", "encoding", 1, "declares encoding 'ISO-8859-1'", False),
    Defect("invalid-utf8.xml", "encoding", 4, "not valid UTF-8", True),
    Defect("text-relative.txt", "loc", 2, "is not an absolute", None),
    Defect("index-with-changefreq/sitemap-index.xml", "structure", 3, "<changefreq>", True),
    Defect("index-missing-part/sitemap-index.xml", "index-missing", 4, "sitemap-2.xml", False),
    Defect("index-other-host/sitemap-index.xml", "scope", 4, "https://example.org/", False),
    Defect("index-lists-itself/sitemap-index.xml", "index-self", 4, "is this index itself", False),
    Defect("nested-index/sitemap-index.xml", "nested-index", None, "listed by an index", False),
    Defect("gzip-twin-differs/sitemap.xml", "gzip-twin", None, "does not decompress to", False),
    Defect("gzip-corrupt/sitemap.xml", "gzip", None, "is not valid gzip", False),
    Defect("gzip-corrupt-listed", "gzip", None, "is not valid gzip", None),  # reported once
    Defect("txt-mismatch/sitemap.xml", "txt-mismatch", None, "misses 1 URL(s)", False),
    Defect("no-page", "no-page", 5, "'https://example.com/gone/' maps to no file", None),
    Defect(
        "robots-relative",
        "robots",
        4,
        "'/sitemap.xml' is not an absolute http:// or https:// URL; write the full address",
        None,
    ),
    Defect("robots-missing", "robots", 4, "sitemap-index.xml, which does not exist", None),
    Defect("session-id.xml", "session-id", 4, "carries a session id", False, "warning"),
    Defect(
        "future-lastmod.xml", "future-lastmod", 3, "2999-01-01 is in the future", False, "warning"
    ),
    Defect(
        "same-lastmod.xml", "same-lastmod", None, "all 10 URLs share one lastmod", False, "warning"
    ),
    Defect(
        "stale-index-lastmod/sitemap-index.xml",
        "index-lastmod",
        3,
        "says lastmod 2024-01-01 but the sitemap holds a later one",
        False,
        "warning",
    ),
]


def test_corpus_has_a_case_for_every_broken_file() -> None:
    covered = {(BROKEN / d.target) for d in DEFECTS}
    singles = {p for p in BROKEN.iterdir() if p.is_file()}
    folders = {p for p in BROKEN.iterdir() if p.is_dir()}
    assert singles - covered == set()
    assert {
        f for f in folders if f not in covered and not any(c.parent == f for c in covered)
    } == set()


@pytest.mark.parametrize("defect", DEFECTS, ids=[d.target for d in DEFECTS])
def test_each_broken_sitemap_reports_exactly_its_defect(defect: Defect) -> None:
    report = validate_target(BROKEN / defect.target, base_url=defect.base_url)
    found = [(p.level, p.code, p.line) for p in report.problems]
    assert found == [(defect.level, defect.code, defect.line)], report.describe()
    assert defect.says in report.problems[0].message
    assert report.ok is (defect.level == "warning")


@pytest.mark.parametrize(
    "defect", [d for d in DEFECTS if d.xsd is not None], ids=lambda d: d.target
)
def test_the_xsd_agrees_where_it_can_see_the_defect(defect: Defect, schemas: SchemaSet) -> None:
    path = BROKEN / defect.target
    if defect.xsd:
        with pytest.raises((AssertionError, etree.XMLSyntaxError)):
            schemas.validate_file(path)
    else:
        schemas.validate_file(path)  # the schema alone would let this defect through


GOOD = ["minimal.xml", "all-fields.xml", "host-forms.xml", "text.txt", "site"]


@pytest.mark.parametrize("name", GOOD)
def test_good_sitemaps_have_no_problem_and_pass_the_xsd(name: str, schemas: SchemaSet) -> None:
    path = CORPUS / "good" / name
    report = validate_target(path)
    assert report.problems == [], report.describe()
    assert report.urls > 0
    if path.is_dir():
        assert len(schemas.validate_folder(path)) == 5
        assert report.base_url == "https://example.com/"
        assert report.base_from == "robots.txt"
    elif path.suffix == ".xml":
        schemas.validate_file(path)


def test_a_good_site_is_followed_from_robots_through_the_index_to_every_part() -> None:
    report = validate_target(CORPUS / "good" / "site")
    names = sorted(Path(f).name for f in report.files)
    expected = ["sitemap-1.txt", "sitemap-1.xml", "sitemap-2.txt", "sitemap-2.xml.gz"]
    twins = ["sitemap-1.xml.gz", "sitemap-2.xml"]  # read to compare with the file reached
    assert names == sorted([*expected, *twins, "sitemap-index.xml"])
    assert report.urls == 5


def test_future_means_later_than_now(tmp_path: Path) -> None:
    path = tmp_path / "sitemap.xml"
    path.write_text(
        f'<urlset xmlns="{NS}"><url><loc>https://example.com/</loc>'
        "<lastmod>2024-06-01</lastmod></url></urlset>",
        encoding="utf-8",
    )
    before = dt.datetime(2024, 5, 1, tzinfo=dt.timezone.utc)
    after = dt.datetime(2024, 7, 1, tzinfo=dt.timezone.utc)
    assert [p.code for p in validate_target(path, now=before).problems] == ["future-lastmod"]
    assert validate_target(path, now=after).problems == []
    # A date written in a zone up to UTC+14 has begun there 14 hours before midnight UTC.
    eve = dt.datetime(2024, 6, 1, tzinfo=dt.timezone.utc) - dt.timedelta(hours=13, minutes=50)
    assert validate_target(path, now=eve).problems == []
    too_soon = eve - dt.timedelta(minutes=20)
    assert [p.code for p in validate_target(path, now=too_soon).problems] == ["future-lastmod"]
    # A time is an instant, in every zone: only a clock's drift (ten minutes) is forgiven.
    path.write_text(
        f'<urlset xmlns="{NS}"><url><loc>https://example.com/</loc>'
        "<lastmod>2024-06-01T10:00:00+02:00</lastmod></url></urlset>",
        encoding="utf-8",
    )
    instant = dt.datetime(2024, 6, 1, 8, tzinfo=dt.timezone.utc)
    assert validate_target(path, now=instant - dt.timedelta(minutes=9)).problems == []
    hours_before = validate_target(path, now=instant - dt.timedelta(hours=10)).problems
    assert [p.code for p in hours_before] == ["future-lastmod"]


def _big_sitemap(count: int, padding: int = 0) -> bytes:
    rows = "".join(
        f"<url><loc>https://example.com/p/{n}.html</loc><lastmod>2024-01-01T00:00:{n % 60:02d}Z"
        "</lastmod></url>\n"
        for n in range(count)
    )
    pad = f"<!-- {'x' * padding} -->\n" if padding else ""
    text = f'<?xml version="1.0" encoding="UTF-8"?>\n{pad}<urlset xmlns="{NS}">\n{rows}</urlset>\n'
    return text.encode("ascii")


def test_the_protocol_limits_50000_urls_and_52428800_bytes(tmp_path: Path) -> None:
    at_limit = tmp_path / "at-limit.xml"
    at_limit.write_bytes(_big_sitemap(50_000))
    assert validate_target(at_limit).problems == []
    over = tmp_path / "over.xml"
    over.write_bytes(_big_sitemap(50_001))
    report = validate_target(over)
    assert [(p.code, p.line) for p in report.problems] == [("too-many", None)]
    assert "50,001 URLs; the limit is 50,000" in report.problems[0].message
    heavy = tmp_path / "heavy.xml.gz"
    heavy.write_bytes(gzip.compress(_big_sitemap(2, padding=52_428_800), compresslevel=1))
    report = validate_target(heavy)
    assert [p.code for p in report.problems] == ["too-large"], report.describe()
    assert "uncompressed; the limit is 52,428,800" in report.problems[0].message


def test_a_gzip_bomb_is_read_only_up_to_a_limit(tmp_path: Path) -> None:
    bomb = tmp_path / "sitemap.xml.gz"
    packer = zlib.compressobj(9, zlib.DEFLATED, 31)  # gzip framing
    chunk = b"\0" * (1 << 20)
    with bomb.open("wb") as out:
        for _ in range(UNPACK_LIMIT // len(chunk) + 8):
            out.write(packer.compress(chunk))
        out.write(packer.flush())
    assert bomb.stat().st_size < 1_000_000
    report = validate_target(bomb)
    assert [(p.code, p.file) for p in report.problems] == [("too-large", str(bomb))]
    assert f"decompresses to more than {UNPACK_LIMIT:,} bytes" in report.problems[0].message
    assert report.files == [str(bomb)]  # read as far as the limit: checked
    plain = tmp_path / "huge.xml"
    with plain.open("wb") as out:
        out.truncate(UNPACK_LIMIT + 1)  # sparse: no disk used
    report = validate_target(plain)
    assert [(p.code, p.message) for p in report.problems] == [
        (
            "too-large",
            f"more than {UNPACK_LIMIT:,} bytes (the limit is 52,428,800), so it was not read "
            "further: split it into parts listed by an index",
        )
    ]


def test_command_exit_codes_and_text_report(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(CORPUS / "good" / "site")]) == 0
    out = capsys.readouterr().out
    # Five files reached from robots.txt, and the two gzip twins read to compare them.
    assert out.startswith("sitemapkit: checked 7 files, 5 URLs (base URL https://example.com/")
    assert "no problems" in out
    assert main(["validate", str(BROKEN / "priority-out-of-range.xml")]) == 1
    out = capsys.readouterr().out
    assert f"{BROKEN / 'priority-out-of-range.xml'}:4: error: priority '1.5'" in out
    assert main(["validate", str(BROKEN / "session-id.xml")]) == 0
    assert main(["validate", "--strict", str(BROKEN / "session-id.xml")]) == 1
    capsys.readouterr()


def test_urls_only_the_text_twin_lists_are_checked_as_its_own(
    make_tree: Callable[..., Path],
) -> None:
    """Crawlers read sitemap.txt whole: a URL the XML lacks is looked for, and kept in scope."""
    site = make_tree({"index.html": "<p>"})
    build_sitemaps(site, resolve_options({"base_url": "https://example.com/"}), None)
    with (site / "sitemap.txt").open("a", encoding="utf-8") as text:
        text.write("https://other.example/elsewhere\nhttps://example.com/gone.html\n")
    report = validate_target(site)
    assert [(p.code, p.file.rpartition("/")[2], p.line) for p in report.problems] == [
        ("txt-mismatch", "sitemap.xml", None),
        ("scope", "sitemap.txt", 2),
        ("no-page", "sitemap.txt", 3),
    ]


def test_the_text_report_reads_each_file_line_by_line(
    make_tree: Callable[..., Path], capsys: pytest.CaptureFixture[str]
) -> None:
    """The file's own checks run as it is read, the pages' after: line 4 came before line 3."""
    site = make_tree(
        {
            "b.html": "<p>",
            "sitemap.xml": f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{NS}">\n'
            "<url><loc>https://example.com/c.html</loc></url>\n"
            "<url><lastmod>2024-01-01</lastmod><loc>https://example.com/b.html</loc></url>\n"
            "</urlset>\n",
        }
    )
    assert main(["validate", str(site)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(": ")[0].rpartition(":")[2] for line in lines[:-1]] == ["3", "4"]
    assert [line.rpartition(" [")[2] for line in lines[:-1]] == ["no-page]", "order]"]


def test_a_custom_named_sitemap_and_its_text_twin_are_paired_by_the_index(
    make_tree: Callable[..., Path], capsys: pytest.CaptureFixture[str]
) -> None:
    """`sitemap_name = "my map.xml"` keeps the text file's default name: the index names it."""
    site = make_tree({f"p{n}.html": "<p>" for n in range(3)})
    for n, page in enumerate(sorted(site.iterdir())):
        os.utime(page, (1_600_000_000 + n * 86400, 1_600_000_000 + n * 86400))
    options = {"base_url": "https://example.com/", "sitemap_name": "my map.xml"}
    build_sitemaps(site, resolve_options(options), report=lambda notice: None)
    assert (site / "sitemap.txt").is_file()
    report = validate_target(site)
    assert (report.problems, report.urls) == ([], 3), report.describe()
    (site / "sitemap.txt").write_text("https://example.com/p0.html\n", encoding="utf-8")
    report = validate_target(site)
    assert [(p.code, Path(p.file).name) for p in report.problems] == [
        ("txt-mismatch", "sitemap.txt")
    ]
    assert report.urls == 3
    assert main(["validate", str(site / "my map.xml")]) == 0
    assert "checked 1 file, 3 URLs" in capsys.readouterr().out  # a part alone: no twin read
    (site / "one.xml").write_text(_urlset("https://example.com/p0.html"), encoding="utf-8")
    assert main(["validate", str(site / "one.xml")]) == 0
    assert "checked 1 file, 1 URL (" in capsys.readouterr().out


def test_an_index_that_lists_a_sitemap_twice_is_an_error(make_tree: Callable[..., Path]) -> None:
    part = "https://example.com/part.xml"
    site = make_tree(
        {
            "index.html": "<p>",
            "sitemap-index.xml": _index(part, "https://example.com/other.xml", part),
            "part.xml": _urlset("https://example.com/"),
            "other.xml": _urlset("https://example.com/a.html"),
            "a.html": "<p>",
        }
    )
    report = validate_target(site / "sitemap-index.xml")
    assert [(p.code, p.line) for p in report.problems] == [("duplicate", 5)], report.describe()
    assert "part.xml again (first at line 3); list each sitemap once" in (
        report.problems[0].message
    )
    assert report.urls == 2
    minified = (site / "sitemap-index.xml").read_text(encoding="utf-8").replace("\n", "")
    (site / "sitemap-index.xml").write_text(minified, encoding="utf-8")
    report = validate_target(site / "sitemap-index.xml")
    assert [(p.code, p.line) for p in report.problems] == [("duplicate", 1)], report.describe()


def test_a_hand_edited_text_note_naming_a_path_is_no_twin_and_no_crash(
    make_tree: Callable[..., Path],
) -> None:
    index = _index("https://example.com/part.xml").replace(
        "<sitemapindex", "<!-- text files: sub/x.txt, 10 bytes -->\n<sitemapindex"
    )
    site = make_tree(
        {
            "index.html": "<p>",
            "sitemap-index.xml": index,
            "part.xml": _urlset("https://example.com/"),
            "sub/x.txt": "https://example.com/other\n",
        }
    )
    report = validate_target(site / "sitemap-index.xml")
    assert (report.problems, report.urls) == ([], 1), report.describe()


def test_command_usage_errors_exit_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["validate", str(tmp_path / "nothing-here.xml")]) == 2
    assert "does not exist" in capsys.readouterr().err
    robots = tmp_path / "robots.txt"  # read as a text sitemap, its Sitemap: line is a bad URL
    robots.write_text("Sitemap: https://example.com/sitemap.xml\n", encoding="utf-8")
    assert main(["validate", str(robots)]) == 2
    assert capsys.readouterr().err == (
        f"sitemapkit: error: TARGET: {str(robots)!r} is robots.txt, not a sitemap; give the "
        f"site's folder ({str(tmp_path)!r}) to check its Sitemap lines and the sitemaps they "
        "name\n"
    )
    good = str(CORPUS / "good" / "minimal.xml")
    assert main(["validate", good, "--base-url", "example.com"]) == 2
    assert "--base-url: 'example.com' is not valid" in capsys.readouterr().err
    assert main(["validate", good, "--site", str(tmp_path / "missing")]) == 2
    assert "--site:" in capsys.readouterr().err
    with pytest.raises(SystemExit) as stop:
        main(["validate", good, "--format", "yaml"])
    assert stop.value.code == 2
    capsys.readouterr()


def test_an_empty_folder_is_an_error_not_a_crash(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["validate", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "no sitemap found" in out and "project" not in out
    (tmp_path / "mkdocs.yml").write_text("site_name: x\n")  # the project, not its site/
    assert main(["validate", str(tmp_path)]) == 1
    assert (
        "; this folder is a MkDocs project (it holds mkdocs.yml): give the folder it builds "
        f"the site into, {str(tmp_path / 'site')!r} by default [no-sitemap]"
    ) in capsys.readouterr().out


def test_a_versioned_tree_without_a_sitemap_at_its_top_names_those_of_its_folders(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """sphinx-multiversion builds one folder per version, each with its own sitemap."""
    stylesheet = '<?xml version="1.0"?>\n<xsl:stylesheet version="1.0"/>\n'
    write_tree(tmp_path, {"assets/sitemap.xml": stylesheet})  # at a sitemap's name, no sitemap
    for version in ("v1.0", "v2.0"):
        folder = tmp_path / version
        write_tree(folder, {"index.html": "<!doctype html><title>x</title>" + "<p>x" * 900})
        assert main(["build", str(folder), "--base-url", f"https://example.com/{version}/"]) == 0
    capsys.readouterr()
    assert main(["validate", str(tmp_path)]) == 1
    said = capsys.readouterr().out
    assert (
        f"; the folders in it have their own (a version's or a language's): "
        f"{tmp_path / 'v1.0' / 'sitemap-index.xml'} (and 1 more); give each folder, such as "
        f"{tmp_path / 'v1.0'} [no-sitemap]"
    ) in said
    assert main(["validate", str(tmp_path / "v1.0")]) == 0


def test_json_report_for_ci(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    site = Path(shutil.copytree(BROKEN / "no-page", tmp_path / "site"))
    assert main(["validate", str(site), "--format", "json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["ok"] is False
    assert (data["errors"], data["warnings"], data["urls"]) == (1, 0, 3)
    assert data["base_url"] == "https://example.com/"
    assert data["problems"] == [
        {
            "level": "error",
            "code": "no-page",
            "file": str(site / "sitemap.xml"),
            "line": 5,
            "message": data["problems"][0]["message"],
        }
    ]
    (site / "gone").mkdir()
    (site / "gone" / "index.html").write_text("<p>back</p>", encoding="utf-8")
    assert main(["validate", str(site), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["problems"] == []


def test_a_sitemap_that_cannot_be_read_is_an_error_naming_why(
    make_tree: Callable[..., Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Not skipped in silence: a permission the deploy user lacks is the usual cause (the
    file system is asked as it is, only its answer for this one file is a refusal, which a
    build running as root could not otherwise meet)."""
    site = make_tree({"index.html": "<p>", "sitemap.xml": _urlset("https://example.com/")})
    refused = str(site / "sitemap.xml")
    real_open = sitemapkit.validate.open_regular

    def open_refusing(path: str) -> BinaryIO:
        if path == refused:
            raise PermissionError(13, "Permission denied", path)
        return real_open(path)

    monkeypatch.setattr(sitemapkit.validate, "open_regular", open_refusing)
    report = validate_target(site)
    assert [(p.code, p.level, p.message) for p in report.problems] == [
        ("unreadable", "error", "cannot be read (Permission denied)")
    ]


@pytest.mark.parametrize(
    "name",
    ["sitemap_index.xml", "sitemap-index.xml.gz", "sitemap.xml.gz", "sitemap.txt"],
)
def test_a_folder_without_robots_lines_is_checked_through_each_usual_name(
    make_tree: Callable[..., Path], name: str
) -> None:
    """Yoast's `sitemap_index.xml`, a gzip-only deploy, a text sitemap alone: each is found."""
    urlset = _urlset("https://example.com/", "https://example.com/a.html")
    if name.endswith("index.xml") or name == "sitemap-index.xml.gz":
        body: str | bytes = (
            f'<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="{NS}">\n'
            "<sitemap><loc>https://example.com/part.xml</loc></sitemap>\n</sitemapindex>\n"
        )
    elif name == "sitemap.txt":
        body = "https://example.com/\nhttps://example.com/a.html\n"
    else:
        body = urlset
    if name.endswith(".gz"):
        body = gzip.compress(body.encode("utf-8"), mtime=0)
    site = make_tree({"index.html": "<p>", "a.html": "<p>", "part.xml": urlset, name: body})
    report = validate_target(site)
    assert report.problems == [], report.describe()
    assert Path(report.files[0]).name == name
    assert report.urls == 2


def test_lastmods_before_1990_are_one_warning_per_file_naming_the_first_line(
    make_tree: Callable[..., Path],
) -> None:
    """A zip's 1980-01-01 or the Nix store's 1970 stamped on every page is no page's date."""
    rows = [
        ("https://example.com/", "1980-01-01"),
        ("https://example.com/a.html", "2024-05-01T10:00:00+00:00"),
        ("https://example.com/b.html", "1970-01-01T00:00:01+00:00"),
    ]
    body = "".join(f"<url><loc>{loc}</loc><lastmod>{day}</lastmod></url>\n" for loc, day in rows)
    site = make_tree(
        {
            "index.html": "<p>",
            "a.html": "<p>",
            "b.html": "<p>",
            "sitemap.xml": f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{NS}">\n'
            f"{body}</urlset>\n",
        }
    )
    report = validate_target(site)
    assert [(p.code, p.line) for p in report.problems] == [("placeholder-lastmod", 3)]
    assert report.problems[0].message.startswith(
        "lastmod 1980-01-01 is before 1990 (and 1 more): no page"
    )


def test_one_lastmod_over_several_files_says_so(make_tree: Callable[..., Path]) -> None:
    stamp = "2024-05-01T10:00:00+00:00"
    rows = "".join(
        f"<url><loc>https://example.com/{{0}}{n}.html</loc><lastmod>{stamp}</lastmod></url>\n"
        for n in range(5)
    )
    part = f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{NS}">\n{rows}</urlset>\n'
    index = (
        f'<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="{NS}">\n'
        "<sitemap><loc>https://example.com/s-1.xml</loc></sitemap>\n"
        "<sitemap><loc>https://example.com/s-2.xml</loc></sitemap>\n</sitemapindex>\n"
    )
    site = make_tree(
        {
            **{f"{name}{n}.html": "<p>" for name in "ab" for n in range(5)},
            "s-1.xml": part.format("a"),
            "s-2.xml": part.format("b"),
            "sitemap-index.xml": index,
        }
    )
    report = validate_target(site)
    assert [p.message for p in report.problems if p.code == "same-lastmod"] == [
        f"all 10 URLs of the 2 sitemap files share one lastmod ({stamp}); that looks like a "
        "build time, not when each page changed; leave lastmod out if it is unknown"
    ]


@pytest.mark.parametrize(
    ("pages", "told", "lastmod"),
    [
        (3, False, "2024-03-05"),
        (10, True, "2024-03-05"),
        (9, False, "2024-03-01T09:00:00+00:00"),
        (10, True, "2024-03-01T09:00:00+00:00"),
    ],
)
def test_one_lastmod_shared_by_a_few_pages_is_a_days_edits_not_a_build_time(
    make_tree: Callable[..., Path], pages: int, told: bool, lastmod: str
) -> None:
    """`--lastmod-format date` on a small site edited in one day, or a new project's pages
    added in one commit (the git plugin's dates): their lastmods agree honestly."""
    names = [f"p{n}.html" for n in range(pages)]
    rows = "".join(
        f"<url><loc>https://example.com/{name}</loc><lastmod>{lastmod}</lastmod></url>\n"
        for name in names
    )
    sitemap = f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{NS}">\n{rows}</urlset>\n'
    report = validate_target(make_tree({"sitemap.xml": sitemap, **dict.fromkeys(names, "<p>")}))
    assert [p.code for p in report.problems] == (["same-lastmod"] if told else [])


def test_a_relative_canonical_link_is_read_below_the_pages_base_element(
    make_tree: Callable[..., Path],
) -> None:
    """`<base href="/docs/">` with `a/b.html` names `/docs/a/b.html` from any page."""
    b = "https://example.com/docs/"
    site = make_tree(
        {
            "sitemap.xml": _urlset(b, b + "a/b.html", b + "a/c.html"),
            "index.html": '<html><head><base href="/"><link rel="canonical" href="docs/">',
            "a/b.html": '<html><head><base href="/docs/"><link rel="canonical" href="a/b.html">',
            "a/c.html": '<html><head><base href="/docs/"><link rel="canonical" href="c.html">',
        }
    )
    report = validate_target(site, base_url=b)
    found = [(p.code, p.line) for p in report.problems]
    assert found == [("canonical", 5)], report.describe()  # c.html names /docs/c.html
    assert "'https://example.com/docs/c.html', which no file" in report.problems[0].message


NEWS = "http://www.google.com/schemas/sitemap-news/0.9"
XHTML = "http://www.w3.org/1999/xhtml"


def test_a_news_sitemap_beside_the_pages_own_may_list_the_same_urls(
    make_tree: Callable[..., Path],
) -> None:
    """Google's advice for news sites (Yoast News SEO writes this): no duplicate. Two plain
    sitemaps that share a URL get a warning; one file listing it twice, an error."""
    news = (
        f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{NS}" xmlns:news="{NEWS}">\n'
        "<url><loc>https://example.com/a.html</loc><news:news><news:publication>"
        "<news:name>Ex</news:name><news:language>en</news:language></news:publication>"
        "<news:publication_date>2024-05-01</news:publication_date><news:title>A</news:title>"
        "</news:news></url>\n</urlset>\n"
    )
    pages = {"index.html": "<p>", "a.html": "<p>"}
    robots = "Sitemap: https://example.com/sitemap.xml\nSitemap: https://example.com/news.xml\n"
    main_sitemap = _urlset("https://example.com/", "https://example.com/a.html")
    site = make_tree(
        {**pages, "robots.txt": robots, "sitemap.xml": main_sitemap, "news.xml": news}, "news"
    )
    assert validate_target(site).problems == []
    plain = make_tree(
        {
            **pages,
            "robots.txt": robots,
            "sitemap.xml": main_sitemap,
            "news.xml": _urlset("https://example.com/a.html"),
        },
        "plain",
    )
    assert [(p.level, p.code, p.message) for p in validate_target(plain).problems] == [
        (
            "warning",
            "duplicate",
            "loc 'https://example.com/a.html' is also listed in "
            f"{plain / 'sitemap.xml'} (line 4); crawlers read such a URL twice, so list each "
            "page in one sitemap",
        )
    ]
    # The news sitemap read first: two plain ones still disagree, and a URL twice in one
    # file is still an error. hreflang links make no sitemap a news one.
    twice = _urlset("https://example.com/a.html", "https://example.com/a.html")
    linked = main_sitemap.replace(f'xmlns="{NS}"', f'xmlns="{NS}" xmlns:xhtml="{XHTML}"').replace(
        "<loc>https://example.com/a.html</loc>",
        '<loc>https://example.com/a.html</loc><xhtml:link rel="alternate" hreflang="fr" '
        'href="https://example.com/fr/a.html"/>',
    )
    robots_order = (
        "Sitemap: https://example.com/news.xml\nSitemap: https://example.com/sitemap.xml\n"
        "Sitemap: https://example.com/twice.xml\n"
    )
    mixed = make_tree(
        {
            **pages,
            "robots.txt": robots_order,
            "news.xml": news,
            "sitemap.xml": linked,
            "twice.xml": twice,
        },
        "mixed",
    )
    found = [(p.level, Path(p.file).name, p.line) for p in validate_target(mixed).problems]
    assert found == [
        ("warning", "twice.xml", 3),  # also in sitemap.xml, whose hreflang links change nothing
        ("error", "twice.xml", 4),  # twice in itself
    ]


def test_a_sitemap_and_its_gzip_twin_both_in_robots_txt_are_one_set_of_urls(
    make_tree: Callable[..., Path],
) -> None:
    urlset = _urlset("https://example.com/", "https://example.com/a.html")
    site = make_tree(
        {
            "index.html": "<p>",
            "a.html": "<p>",
            "robots.txt": "Sitemap: https://example.com/sitemap.xml\n"
            "Sitemap: https://example.com/sitemap.xml.gz\n",
            "sitemap.xml": urlset,
            "sitemap.xml.gz": gzip.compress(urlset.encode(), mtime=0),
        }
    )
    report = validate_target(site)
    assert report.problems == []
    assert (len(report.files), report.urls) == (2, 2)  # both checked, their URLs counted once
    (site / "sitemap.xml.gz").write_bytes(gzip.compress(_urlset("https://example.com/").encode()))
    assert [p.code for p in validate_target(site).problems] == ["gzip-twin"]  # told once


def test_robots_sitemap_lines_are_read_as_crawlers_read_them(
    make_tree: Callable[..., Path],
) -> None:
    """A BOM before the first line and a comment after the URL, as Google reads them."""
    site = make_tree(
        {
            "index.html": "<p>",
            "robots.txt": "\ufeffSitemap: https://example.com/site-map.xml # the main one\n",
            "site-map.xml": _urlset("https://example.com/"),
        }
    )
    report = validate_target(site)
    assert report.problems == [], report.describe()
    assert [Path(name).name for name in report.files] == ["site-map.xml"]


def test_an_empty_sitemap_line_in_robots_txt_is_reported(make_tree: Callable[..., Path]) -> None:
    site = make_tree(
        {
            "index.html": "<p>",
            "robots.txt": "Sitemap: # to do\nSitemap: https://example.com/sitemap.xml\n",
            "sitemap.xml": _urlset("https://example.com/"),
        }
    )
    assert [(p.code, p.line) for p in validate_target(site).problems] == [("robots", 1)]


def test_an_index_dated_by_day_covers_that_days_times(make_tree: Callable[..., Path]) -> None:
    part = (
        f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{NS}">\n'
        "<url><loc>https://example.com/</loc><lastmod>2024-05-02T18:30:00+02:00</lastmod></url>"
        "\n<url><loc>https://example.com/a.html</loc><lastmod>2024-04-01</lastmod></url>\n"
        "</urlset>\n"
    )

    def index(day: str) -> str:
        return (
            f'<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="{NS}">\n'
            f"<sitemap><loc>https://example.com/part.xml</loc><lastmod>{day}</lastmod>"
            "</sitemap>\n</sitemapindex>\n"
        )

    pages = {"index.html": "<p>", "a.html": "<p>", "part.xml": part}
    same_day = make_tree({**pages, "sitemap-index.xml": index("2024-05-02")}, "same")
    assert validate_target(same_day).problems == []
    day_before = make_tree({**pages, "sitemap-index.xml": index("2024-05-01")}, "before")
    assert [p.code for p in validate_target(day_before).problems] == ["index-lastmod"]
    # A child dated the next day is later than the index's day, whatever the zones.
    next_day = part.replace("2024-04-01", "2024-05-03")
    later = make_tree(
        {**pages, "part.xml": next_day, "sitemap-index.xml": index("2024-05-02")}, "later"
    )
    assert [p.code for p in validate_target(later).problems] == ["index-lastmod"]


def test_a_session_id_is_a_parameter_not_a_word_in_a_slug(make_tree: Callable[..., Path]) -> None:
    site = make_tree(
        {
            "index.html": "<p>",
            "blog/what-is-jsessionid/index.html": "<p>",
            "sitemap.xml": _urlset(
                "https://example.com/",
                "https://example.com/blog/what-is-jsessionid/",
                "https://example.com/;jsessionid=AB12",
            ),
        }
    )
    found = [(p.code, p.line) for p in validate_target(site).problems]
    assert ("session-id", 5) in found and ("session-id", 4) not in found


def test_an_hreflang_alternate_without_an_absolute_href_is_a_warning(tmp_path: Path) -> None:
    """pelican-sitemap 1.2.2 writes `ref=` for `href=`: Google ignores such an alternate."""
    rows = (
        '<xhtml:link rel="alternate" hreflang="fr" href="https://example.com/fr/"/>',
        '<xhtml:link rel="alternate" hreflang="de" ref="https://example.com/de/"/>',
        '<xhtml:link rel="alternate" hreflang="es" href="/es/"/>',
    )
    body = "".join(
        f"<url><loc>https://example.com/{n}.html</loc>{row}</url>\n" for n, row in enumerate(rows)
    )
    path = tmp_path / "sitemap.xml"
    path.write_text(
        f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{NS}" xmlns:xhtml="{XHTML}">\n'
        f"{body}</urlset>\n",
        encoding="utf-8",
    )
    found = [(p.level, p.code, p.line, p.message) for p in validate_target(path).problems]
    assert found == [
        (
            "warning",
            "alternate",
            4,
            "<xhtml:link> has no href (it has ref), so search engines ignore this alternate; "
            'write rel="alternate" hreflang="..." href="https://..."',
        ),
        (
            "warning",
            "alternate",
            5,
            "<xhtml:link> href '/es/' is not an absolute http:// or https:// URL; write the full "
            "address",
        ),
    ]


def _urlset(*locs: str) -> str:
    rows = "".join(f"<url><loc>{loc}</loc></url>\n" for loc in locs)
    return f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{NS}">\n{rows}</urlset>\n'


def _index(*locs: str) -> str:
    rows = "".join(f"<sitemap><loc>{loc}</loc></sitemap>\n" for loc in locs)
    head = '<?xml version="1.0" encoding="UTF-8"?>\n'
    return f'{head}<sitemapindex xmlns="{NS}">\n{rows}</sitemapindex>\n'


def test_a_root_index_of_language_sitemaps_sets_the_base_at_the_root(
    make_tree: Callable[..., Path], schemas: SchemaSet
) -> None:
    """Hugo's multilingual layout: the root index lists /en/sitemap.xml and /fr/sitemap.xml,
    and robots.txt names no sitemap; `sitemap.xml` beside the index is the index itself."""
    site = make_tree(
        {
            "sitemap.xml": _index(
                "https://example.org/en/sitemap.xml", "https://example.org/fr/sitemap.xml"
            ),
            "en/sitemap.xml": _urlset("https://example.org/en/", "https://example.org/en/a/"),
            "fr/sitemap.xml": _urlset("https://example.org/fr/", "https://example.org/fr/a/"),
            **{f"{lang}/{page}index.html": "<p>" for lang in ("en", "fr") for page in ("", "a/")},
        }
    )
    schemas.validate_folder(site)
    report = validate_target(site)
    assert report.problems == [], report.describe()
    assert (report.base_url, report.base_from) == ("https://example.org/", "the sitemap's URLs")
    assert report.urls == 4


def test_a_base_url_without_the_sites_subpath_is_told_once_by_the_home_page(
    make_tree: Callable[..., Path],
) -> None:
    """Eleventy's `pathPrefix: "/sub/"` built with the host's root as the base: every page's
    canonical link is under `/sub/`; one warning says so, not one per page (a page whose link
    names yet another address is still told)."""
    base = "https://example.com/"
    link = '<html><head><link rel="canonical" href="https://example.com/sub/{}">'
    site = make_tree(
        {
            "sitemap.xml": _urlset(base, base + "a/", base + "b/"),
            "index.html": link.format(""),
            "a/index.html": link.format("a/"),
            "b/index.html": link.format("elsewhere/"),
        }
    )
    report = validate_target(site, base_url=base)
    found = [(p.code, Path(p.file).name, p.line) for p in report.problems]
    assert found == [("canonical-base", "index.html", None), ("canonical", "sitemap.xml", 5)]
    assert (
        "names https://example.com/sub/, not the sitemap's base URL" in report.problems[0].message
    )


def test_feeds_an_index_names_are_sitemaps_search_engines_accept(
    make_tree: Callable[..., Path],
) -> None:
    """Nikola's sitemap index names a feed per category: Google and Bing read RSS 2.0 and
    Atom 1.0 feeds as sitemaps. Another root element is still an error."""
    base = "https://example.org/"
    rss = '<?xml version="1.0"?>\n<rss version="2.0"><channel><title>a</title></channel></rss>\n'
    atom = '<feed xmlns="http://www.w3.org/2005/Atom"><title>b</title></feed>\n'
    files = {
        "sitemapindex.xml": _index(base + "sitemap.xml", base + "rss.xml", base + "atom.xml"),
        "sitemap.xml": _urlset(base),
        "rss.xml": rss,
        "atom.xml": atom,
        "robots.txt": f"Sitemap: {base}sitemapindex.xml\n",
        "index.html": "<p>",
    }
    report = validate_target(make_tree(files))
    assert report.problems == [], report.describe()
    names = sorted(Path(name).name for name in report.files)
    assert names == ["atom.xml", "rss.xml", "sitemap.xml", "sitemapindex.xml"]
    other = '<feed xmlns="http://example.org/not-atom"><title>c</title></feed>\n'
    report = validate_target(make_tree({**files, "atom.xml": other}, name="other"))
    assert [(p.code, Path(p.file).name) for p in report.problems] == [("structure", "atom.xml")]
    broken = '<rss version="2.0"><channel><item><link>a</item></channel></rss>\n'
    report = validate_target(make_tree({**files, "rss.xml": broken}, name="broken"))
    assert [(p.code, Path(p.file).name) for p in report.problems] == [("xml", "rss.xml")]


def test_a_project_site_without_robots_gets_its_base_from_the_pages_its_urls_name(
    make_tree: Callable[..., Path],
) -> None:
    """A GitHub project site: the pages live under /project/, not at the host's root."""
    base = "https://user.github.io/project/"
    site = make_tree(
        {
            "sitemap.xml": _urlset(base, base + "about/", base + "guide.html"),
            "index.html": "<p>",
            "about/index.html": "<p>",
            "guide.html": "<p>",
        }
    )
    report = validate_target(site)
    assert report.problems == [], report.describe()
    assert (report.base_url, report.base_from) == (base, "the sitemap's URLs")


def test_a_robots_line_for_another_host_does_not_decide_the_base(
    make_tree: Callable[..., Path],
) -> None:
    """A stale line above the right one: the line the sitemap's URLs agree with wins, and
    the stale line is the one reported."""
    site = make_tree(
        {
            "robots.txt": "Sitemap: https://www.example.com/sitemap.xml\n"
            "Sitemap: https://example.com/sitemap.xml\n",
            "sitemap.xml": _urlset("https://example.com/", "https://example.com/a.html"),
            "index.html": "<p>",
            "a.html": "<p>",
        }
    )
    report = validate_target(site)
    assert (report.base_url, report.base_from) == ("https://example.com/", "robots.txt")
    assert [(p.code, p.line) for p in report.problems] == [("robots-elsewhere", 1)]


def test_a_stale_sitemap_another_tool_left_does_not_outvote_the_index_beside_it(
    make_tree: Callable[..., Path], tmp_path: Path
) -> None:
    """sphinx-sitemap's file, from before the move, lists every page under `en/2.1/` (its
    URL scheme), and those URLs name files at the top too. robots.txt names it first: each
    entry casts one vote, so the tie goes to robots.txt's address, and the stale file is the
    one reported."""
    pages = {"index.html": "<p>", "guide.html": "<p>", "api.html": "<p>"}
    site = make_tree(
        {
            **pages,
            "robots.txt": "Sitemap: https://docs.example.com/sitemap-docs.xml\n",
            "sitemap-docs.xml": _urlset(
                *(f"https://docs.example.com/en/2.1/{name}" for name in pages)
            ),
        }
    )
    options = resolve_options({"base_url": "https://docs.example.com/"})
    build_sitemaps(site, options, report=lambda notice: None)
    assert "sitemap-index.xml" in (site / "robots.txt").read_text(encoding="utf-8")
    report = validate_target(site)
    assert (report.base_url, report.base_from) == ("https://docs.example.com/", "robots.txt")
    assert {(p.code, Path(p.file).name) for p in report.problems} == {
        ("no-page", "sitemap-docs.xml")
    }


def test_a_lone_robots_line_on_another_host_is_reported_not_trusted(
    make_tree: Callable[..., Path],
) -> None:
    """The files decide the base; robots.txt may name a sitemap on another host."""
    site = make_tree(
        {
            "robots.txt": "Sitemap: https://www.example.com/sitemap.xml\n",
            "sitemap.xml": _urlset("https://example.com/", "https://example.com/a.html"),
            "index.html": "<p>",
            "a.html": "<p>",
        }
    )
    report = validate_target(site)
    assert (report.base_url, report.base_from) == ("https://example.com/", "the sitemap's URLs")
    assert [(p.level, p.code) for p in report.problems] == [("warning", "robots-elsewhere")]


def test_robots_txt_decides_when_no_url_names_a_file_here(make_tree: Callable[..., Path]) -> None:
    site = make_tree(
        {
            "robots.txt": "Sitemap: https://example.com/docs/sitemap.xml\n",
            "sitemap.xml": _urlset("https://example.com/docs/gone/"),
        }
    )
    report = validate_target(site)
    assert (report.base_url, report.base_from) == ("https://example.com/docs/", "robots.txt")
    assert [p.code for p in report.problems] == ["no-page"]


def test_a_folder_url_without_its_slash_is_a_redirect_not_a_missing_page(
    make_tree: Callable[..., Path],
) -> None:
    """Docusaurus without `trailingSlash` lists /docs/intro for docs/intro/index.html."""
    site = make_tree(
        {
            "sitemap.xml": _urlset(
                "https://example.com/", "https://example.com/docs/intro", "https://example.com/x"
            ),
            "index.html": "<p>",
            "docs/intro/index.html": "<p>",
        }
    )
    report = validate_target(site)
    found = [(p.level, p.code, p.line) for p in report.problems]
    assert found == [("warning", "redirect", 4), ("error", "no-page", 5)], report.describe()
    assert report.base_url == "https://example.com/"


def test_text_sitemap_lines_get_messages_about_text_files(tmp_path: Path) -> None:
    """A byte-order mark (PowerShell's UTF-8) and blank lines (a template's, between URLs and
    at the end) are read past, as in an XML sitemap and as crawlers do."""
    path = tmp_path / "sitemap.txt"
    path.write_bytes(b"\xef\xbb\xbfhttps://example.com/\r\n\r\nhttps://example.com/a \n/b\n\n")
    report = validate_target(path)
    found = [(p.code, p.line, p.message) for p in report.problems]
    assert report.urls == 3
    assert found == [
        (
            "loc",
            3,
            "URL 'https://example.com/a' has whitespace around it; write one URL per line, "
            "with nothing before or after it",
        ),
        ("loc", 4, "URL '/b' is not an absolute http:// or https:// URL; write the full address"),
    ]


def test_whitespace_around_a_loc_does_not_hide_what_else_is_wrong(tmp_path: Path) -> None:
    path = tmp_path / "sitemap.xml"
    path.write_text(_urlset("https://example.com/", " /relative "), encoding="utf-8")
    found = [(p.code, p.line) for p in validate_target(path).problems]
    assert found == [("loc-whitespace", 4), ("loc", 4)]


def test_urls_that_name_no_file_here_do_not_set_the_base(make_tree: Callable[..., Path]) -> None:
    """A folder URL matches the home page under a base of its own: no vote. With no other
    evidence, the site is at the folder its URLs share: a one-page project site's sitemap lists
    its home page alone, and a site below its host has no robots.txt of its own."""
    site = make_tree({"index.html": "<p>", "sitemap.xml": _urlset("https://h.io/project/")})
    report = validate_target(site)
    assert (report.base_url, report.base_from) == (
        "https://h.io/project/",
        "the folder the sitemap's URLs share",
    )
    assert report.problems == []
    broken = make_tree(
        {"index.html": "<p>", "sitemap.xml": _urlset("https://h.com/a/", "https://h.com/a/b/")},
        name="broken",
    )
    report = validate_target(broken)
    assert report.base_url == "https://h.com/a/"
    assert [(p.code, p.line) for p in report.problems] == [("no-page", 4)]
    # A stale sitemap after `use_directory_urls` changed: robots.txt decides, and the broken
    # URLs are reported as missing pages, not as out of scope.
    stale = make_tree(
        {
            "robots.txt": "Sitemap: https://h.com/sitemap.xml\n",
            "sitemap.xml": _urlset("https://h.com/about/", "https://h.com/", "https://h.com/x/"),
            "index.html": "<p>",
            "about.html": "<p>",
            "x.html": "<p>",
        },
        name="stale",
    )
    report = validate_target(stale)
    assert (report.base_url, report.base_from) == ("https://h.com/", "robots.txt")
    assert [(p.code, p.line) for p in report.problems] == [("no-page", 3), ("no-page", 5)]
    dots = make_tree(
        {
            "index.html": "<p>",
            "a.html": "<p>",
            "sitemap.xml": _urlset("https://h.com/x/../a.html", "https://h.com/a.html"),
        },
        name="dots",
    )
    assert validate_target(dots).base_url == "https://h.com/"


def test_a_tie_goes_to_robots_txt_and_the_index_is_no_evidence_of_itself(
    make_tree: Callable[..., Path],
) -> None:
    parts = {
        "sitemap-1.xml": _urlset("https://h.com/a.html"),
        "sitemap-2.xml": _urlset("https://h.com/b.html"),
        "a.html": "<p>",
        "b.html": "<p>",
    }
    site = make_tree(
        {
            **parts,
            "robots.txt": "Sitemap: https://h.com/sitemap-index.xml\n",
            "sitemap-index.xml": _index(
                "https://cdn.h.com/sitemap-1.xml", "https://h.com/sitemap-2.xml"
            ),
        }
    )
    report = validate_target(site)
    assert (report.base_url, report.base_from) == ("https://h.com/", "robots.txt")
    assert [p.code for p in report.problems] == ["scope"]  # the part on the other host
    # Hugo's root index with one language's sitemap missing: `en/sitemap.xml` does not fall
    # back to the index itself (named `sitemap.xml` too).
    hugo = make_tree(
        {
            "sitemap.xml": _index("https://h.com/en/sitemap.xml", "https://h.com/fr/sitemap.xml"),
            "fr/sitemap.xml": _urlset("https://h.com/fr/"),
            "fr/index.html": "<p>",
        },
        name="hugo",
    )
    report = validate_target(hugo)
    assert report.base_url == "https://h.com/"
    assert [p.code for p in report.problems] == ["index-missing"]


def test_a_robots_line_naming_a_sitemap_in_a_sub_folder_finds_it(
    make_tree: Callable[..., Path],
) -> None:
    site = make_tree(
        {
            "robots.txt": "Sitemap: https://h.com/docs/sitemap.xml\n",
            "docs/sitemap.xml": _urlset("https://h.com/docs/", "https://h.com/docs/a.html"),
            "docs/index.html": "<p>",
            "docs/a.html": "<p>",
        }
    )
    report = validate_target(site)
    assert report.problems == [], report.describe()
    assert report.urls == 2


def test_a_name_longer_than_a_file_name_can_be_is_missing_not_a_crash(
    make_tree: Callable[..., Path], capsys: pytest.CaptureFixture[str]
) -> None:
    """A URL segment may be longer than the file system's 255-byte names."""
    long = "x" * 300
    site = make_tree(
        {
            "robots.txt": f"Sitemap: https://h.com/{long}.xml\nSitemap: https://h.com/index.xml\n",
            "index.xml": _index("https://h.com/sitemap.xml", f"https://h.com/{long}-2.xml"),
            "sitemap.xml": _urlset("https://h.com/", f"https://h.com/{long}/", "https://h.com/a"),
            "index.html": "<p>",
            "a.html": "<p>",
        }
    )
    report = validate_target(site)
    found = sorted((p.code, p.line) for p in report.problems)
    assert found == [("index-missing", 4), ("no-page", 4), ("robots", 1)], report.describe()
    assert report.base_url == "https://h.com/"
    assert main(["validate", str(site / f"{long}.xml")]) == 2
    assert "does not exist" in capsys.readouterr().err
    assert main(["validate", str(site / "index.xml"), "--site", str(site / long)]) == 2
    assert "is not a folder" in capsys.readouterr().err


def test_a_relative_first_url_does_not_hide_the_others_scope(tmp_path: Path) -> None:
    sitemap = tmp_path / "sitemap.xml"
    sitemap.write_text(_urlset("/rel", "https://h.com/a", "https://other.com/x"), "utf-8")
    report = validate_target(sitemap)
    assert [(p.code, p.line) for p in report.problems] == [("loc", 3), ("scope", 5)]
    shared = "the folder the sitemap's URLs share"  # on the first valid URL's host
    assert (report.base_url, report.base_from) == ("https://h.com/", shared)


def test_a_colon_in_a_urls_first_segment_is_part_of_the_path(
    make_tree: Callable[..., Path],
) -> None:
    """`a:b/` relative to the base is a path (Sphinx's dirhtml writes `a:b/index.html`)."""
    site = make_tree(
        {
            "sitemap.xml": _urlset("https://h.com/", "https://h.com/a:b/", "https://h.com/c:d"),
            "index.html": "<p>",
            "a:b/index.html": "<p>",
            "c:d.html": "<p>",
        }
    )
    report = validate_target(site)
    assert report.problems == [], report.describe()
    assert report.base_url == "https://h.com/"


@pytest.mark.parametrize(
    ("base", "host"),
    [
        ("http://localhost:1313/", "localhost"),
        ("http://127.0.0.1:8000/", "127.0.0.1"),
        ("http://[::1]/", "::1"),
        ("http://a.local/", "a.local"),
        ("http://192.168.1.20/", "192.168.1.20"),
    ],
)
def test_a_sitemap_of_a_preview_servers_address_is_a_warning(
    make_tree: Callable[..., Path], base: str, host: str
) -> None:
    """`hugo server` and `mkdocs serve` write their own address into the pages they build."""
    site = make_tree(
        {"sitemap.xml": _urlset(base, base + "a.html"), "index.html": "<p>", "a.html": "<p>"}
    )
    report = validate_target(site)
    assert report.base_url == base
    assert [(p.level, p.code, p.file, p.message) for p in report.problems] == [
        (
            "warning",
            "local-host",
            str(site / "sitemap.xml"),
            f"the URLs are on {host}, which crawlers cannot reach (a preview server's address); "
            "build the sitemap with the address the site is served from",
        )
    ]
    assert validate_target(site, base_url=base).problems == []  # a preview checked on purpose
    public = make_tree(
        {
            "pub/sitemap.xml": _urlset(
                "https://localhost.example.com/", "https://localhost.example.com/a"
            )
        }
    )
    assert validate_target(public / "pub" / "sitemap.xml").problems == []


def test_a_loc_whose_path_leaves_the_site_folder_names_no_page_here(
    make_tree: Callable[..., Path],
) -> None:
    """A doubled slash would join as an absolute path; `%5C` is a separator only on Windows."""
    outside = make_tree({"secret.html": "<p>"}, name="outside")
    anchored = "https://example.com/" + (outside / "secret.html").as_posix()
    site = make_tree(
        {
            "sitemap.xml": _urlset(
                "https://example.com/",
                anchored,
                "https://example.com/docs%5Cintro.html",
                "https://example.com/a%00b.html",
                "https://example.com/a%5Cb.html",  # a letter of a name, except on Windows
            ),
            "index.html": "<p>",
            "docs/intro.html": "<p>",
            "a\\b.html": "<p>",
        }
    )
    report = validate_target(site, base_url="https://example.com/")
    found = [(p.code, p.line) for p in report.problems]
    assert found == [("no-page", 4), ("no-page", 5), ("no-page", 6)], report.describe()


def test_a_loc_whose_file_is_a_redirect_stub_is_a_warning(make_tree: Callable[..., Path]) -> None:
    stub = '<!doctype html><meta http-equiv="refresh" content="0; url=https://example.com/b/">'
    site = make_tree(
        {
            "sitemap.xml": _urlset(
                "https://example.com/", "https://example.com/a/", "https://example.com/b/"
            ),
            "index.html": "<p>",
            "a/index.html": stub,
            "b/index.html": stub.replace('"0;', '"5;') + "<p>a page that moves on later",
        }
    )
    report = validate_target(site, base_url="https://example.com/")
    found = [(p.level, p.code, p.line) for p in report.problems]
    assert found == [("warning", "redirect-stub", 4)], report.describe()


def test_a_loc_whose_page_says_noindex_is_a_warning(make_tree: Callable[..., Path]) -> None:
    noindex = '<html><head><meta name="robots" content="noindex"></head><body><p>Thanks</p>'
    site = make_tree(
        {
            "sitemap.xml": _urlset(
                "https://example.com/",
                "https://example.com/thanks/",
                "https://example.com/open.html",
                "https://example.com/notes.txt",
            ),
            "index.html": "<p>",
            "thanks/index.html": noindex,
            "open.html": noindex.replace("noindex", "index, follow"),
            "notes.txt": noindex,  # not a page: its text is not HTML
        }
    )
    report = validate_target(site, base_url="https://example.com/")
    found = [(p.level, p.code, p.line) for p in report.problems]
    assert found == [("warning", "noindex", 4)], report.describe()
    assert report.problems[0].message == (
        "loc 'https://example.com/thanks/' is a page whose robots meta tag says noindex, "
        "and search engines report a listed noindex page as an error; leave it out of the "
        "sitemap (`sitemapkit build --skip-noindex` leaves such pages out), or drop the noindex"
    )


def test_a_loc_whose_canonical_link_names_another_page_is_a_warning(
    make_tree: Callable[..., Path],
) -> None:
    """A theme that points Hugo's `page/2/` at the first page; forms of one address are not."""

    def page(href: str, before: str = "") -> str:
        return f"<html><head>{before}<link href='{href}' rel=canonical></head><body><p>x"

    b = "https://example.com/"
    site = make_tree(
        {
            "sitemap.xml": _urlset(
                b,
                b + "posts/",
                b + "posts/page/2/",
                b + "caf%C3%A9.html",
                b + "clean",
                b + "rel/",
                b + "commented/",
                b + "query.html",
                b + "api/",  # Sphinx before 8.1, dirhtml: the link names `api.html`, a 404
                b + "docs/intro/",  # Docusaurus without `trailingSlash` links `docs/intro`
                b + "docs/caf%C3%A9%20cr%C3%A8me/",  # and this one as written
            ),
            "index.html": page("https://EXAMPLE.com:443/index.html"),  # the same page
            "posts/index.html": page("/posts/"),
            "posts/page/2/index.html": page(b + "posts/"),
            "café.html": page(b + "café.html"),  # written, not encoded: the same address
            "clean.html": page(b + "clean.html"),  # a host with clean URLs serves both
            "rel/index.html": page("../rel/#top"),
            "commented/index.html": page(b + "commented/", "<!-- <link rel=canonical href=/> -->"),
            "query.html": page("query.html?lang=fr&amp;v=2"),
            "api/index.html": page(b + "api.html"),
            "docs/intro/index.html": page("/docs/intro"),
            "docs/café crème/index.html": page("/docs/café crème"),
        }
    )
    report = validate_target(site, base_url=b)
    found = [(p.level, p.code, p.line) for p in report.problems]
    assert found == [
        ("warning", "canonical", 5),
        ("warning", "canonical", 10),
        ("warning", "canonical", 11),
        ("warning", "canonical", 12),
        ("warning", "canonical", 13),
    ], report.describe()
    assert report.problems[0].message == (
        "loc 'https://example.com/posts/page/2/' is a page whose canonical link names another "
        "address, 'https://example.com/posts/': search engines index that one, and report the "
        "listed page as an alternate of it; list the canonical address instead, or correct "
        "the link"
    )
    assert "'https://example.com/query.html?lang=fr&v=2'" in report.problems[1].message
    assert report.problems[2].message == (
        "loc 'https://example.com/api/' is a page whose canonical link names "
        "'https://example.com/api.html', which no file in the site serves (a 404): correct the "
        "generator's link; the listed address is the one the page is served at"
    )
    assert report.problems[3].message == (
        "loc 'https://example.com/docs/intro/' is a page whose canonical link names "
        "'https://example.com/docs/intro', the same address but for its final slash, which a "
        "static host answers with a redirect (or not at all): correct the generator's link "
        "(its trailing-slash setting); the listed address is the one the page is served at"
    )
    assert "'https://example.com/docs/café crème', the same address but for its final slash" in (
        report.problems[4].message
    )


def test_a_folders_own_address_without_its_slash_is_out_of_scope_with_the_fix(
    make_tree: Callable[..., Path],
) -> None:
    """hexo-generator-sitemap lists a blog at `/blog/` as `https://example.com/blog`."""
    b = "https://example.com/blog"
    site = make_tree({"blog/sitemap.xml": _urlset(b, b + "/a.html"), "blog/a.html": "<p>"})
    report = validate_target(site / "blog" / "sitemap.xml", base_url=b + "/")
    assert [(p.code, p.line) for p in report.problems] == [("scope", 3)]
    assert report.problems[0].message == (
        "loc 'https://example.com/blog' is the sitemap's folder https://example.com/blog/ "
        "without its final slash, which is outside it: crawlers drop it; list the folder's "
        "address with the slash"
    )


def test_each_file_is_counted_once_however_it_is_reached(tmp_path: Path) -> None:
    """A gzip twin read to compare is checked too; robots.txt naming it as well adds nothing."""
    site = tmp_path / "site"
    site.mkdir()
    for name in ("index.html", "a.html"):
        (site / name).write_text("<html><head></head><body>x</body></html>", encoding="utf-8")
    options = resolve_options({"base_url": "https://example.com/", "gzip": True})
    build_sitemaps(site, options)
    report = validate_target(site)
    names = sorted(Path(name).name for name in report.files)
    twins = ["sitemap-index.xml.gz", "sitemap.xml.gz"]
    assert names == sorted(["sitemap-index.xml", "sitemap.xml", "sitemap.txt", *twins])
    robots = site / "robots.txt"
    robots.write_text(
        robots.read_text(encoding="utf-8") + "Sitemap: https://example.com/sitemap-index.xml.gz\n",
        encoding="utf-8",
    )
    again = validate_target(site)
    assert sorted(Path(name).name for name in again.files) == names


def test_listed_urls_that_robots_txt_disallows_are_one_warning_per_rule(
    make_tree: Callable[..., Path],
) -> None:
    """Search Console reports them ("Submitted URL blocked by robots.txt")."""
    pages = {name: "<p>" for name in ("index.html", "a.html", "drafts/x.html", "drafts/y.html")}
    robots = "User-agent: *\nDisallow: /drafts/\n\nUser-agent: Bingbot\nDisallow: /a.html$\n"
    site = make_tree({**pages, "robots.txt": robots})
    options = resolve_options({"base_url": "https://example.com/", "lastmod": "none"})
    build_sitemaps(site, options)
    report = validate_target(site)
    found = [(p.level, p.code, p.file, p.line, p.message) for p in report.problems]
    assert found == [
        (
            "warning",
            "robots-disallow",
            str(site / "robots.txt"),
            2,
            "2 listed URLs are disallowed for Googlebot by robots.txt line 2, 'Disallow: "
            "/drafts/' (the first: 'https://example.com/drafts/x.html'): crawlers do not fetch "
            "such a page, and search engines report a listed URL they may not crawl as an "
            "error; leave those pages out of the sitemap (exclude) or allow them in robots.txt",
        ),
        (
            "warning",
            "robots-disallow",
            str(site / "robots.txt"),
            5,
            "a listed URL is disallowed for Bingbot by robots.txt line 5, 'Disallow: /a.html$' "
            "('https://example.com/a.html'): crawlers do not fetch such a page, and search "
            "engines report a listed URL they may not crawl as an error; leave the page out of "
            "the sitemap (exclude) or allow it in robots.txt",
        ),
    ], report.describe()
    assert report.ok  # a warning: the sitemap itself is valid


def test_a_robots_txt_below_the_host_root_is_a_file_not_the_rules(
    make_tree: Callable[..., Path],
) -> None:
    site = make_tree({"index.html": "<p>", "robots.txt": "User-agent: *\nDisallow: /\n"})
    options = resolve_options({"base_url": "https://example.com/docs/", "lastmod": "none"})
    build_sitemaps(site, options)
    report = validate_target(site)
    assert report.base_url == "https://example.com/docs/"
    assert not report.problems, report.describe()


def test_an_index_entry_with_a_dot_segment_is_not_skipped(make_tree: Callable[..., Path]) -> None:
    site = make_tree(
        {
            "sitemap-index.xml": _index(
                "https://example.com/a.xml", "https://example.com/x/../missing.xml"
            ),
            "a.xml": _urlset("https://example.com/"),
            "index.html": "<p>",
        }
    )
    report = validate_target(site)
    assert [(p.code, p.line) for p in report.problems] == [("index-missing", 4)], report.describe()
    assert "'https://example.com/x/../missing.xml' names no file in" in report.problems[0].message


def test_media_and_text_sitemaps_get_the_checks_of_every_url(
    make_tree: Callable[..., Path],
) -> None:
    """An image sitemap (Yoast writes `image:image` into its page sitemaps) may list a page
    again, but its URLs are still crawled: session ids, fragments and robots rules count."""
    image = "http://www.google.com/schemas/sitemap-image/1.1"
    site = make_tree(
        {
            "index.html": "<p>",
            "blog/a.html": "<p>",
            "robots.txt": "User-agent: *\nDisallow: /blog/\nSitemap: https://h.com/sitemap.xml\n",
            "sitemap.xml": f'<urlset xmlns="{NS}" xmlns:image="{image}">\n'
            "<url><loc>https://h.com/</loc><image:image><image:loc>https://h.com/l.png"
            "</image:loc></image:image></url>\n"
            "<url><loc>https://h.com/blog/a.html?sid=42#top</loc></url>\n</urlset>\n",
        }
    )
    report = validate_target(site)
    assert sorted(p.code for p in report.problems) == [
        "fragment",
        "robots-disallow",
        "session-id",
    ], report.describe()
    text = make_tree(
        {
            "index.html": "<p>",
            "blog/a.html": "<p>",
            "robots.txt": "User-agent: *\nDisallow: /blog/\nSitemap: https://h.com/sitemap.txt\n",
            "sitemap.txt": "https://h.com/\nhttps://h.com/blog/a.html\n",
        },
        name="text",
    )
    assert [p.code for p in validate_target(text).problems] == ["robots-disallow"]


@pytest.mark.parametrize("text_first", [False, True])
def test_a_text_twin_is_compared_whichever_robots_line_comes_first(
    make_tree: Callable[..., Path], text_first: bool
) -> None:
    lines = ["Sitemap: https://h.com/sitemap.xml", "Sitemap: https://h.com/sitemap.txt"]
    files = {
        "index.html": "<p>",
        "b/index.html": "<p>",
        "sitemap.xml": _urlset("https://h.com/", "https://h.com/b/"),
        "sitemap.txt": "https://h.com/\n",
        "robots.txt": "\n".join(lines[::-1] if text_first else lines) + "\n",
    }
    report = validate_target(make_tree(files))
    assert [p.code for p in report.problems] == ["txt-mismatch"], report.describe()
    assert report.urls == 2
    files["sitemap.txt"] = "https://h.com/\nhttps://h.com/b/\nhttps://h.com/b/\n"
    report = validate_target(make_tree(files, name="repeated"))
    assert [(p.code, p.line) for p in report.problems] == [("duplicate", 3)]
    assert report.problems[0].message.startswith("URL 'https://h.com/b/' is listed twice")


def test_google_documented_alternates_are_clean(tmp_path: Path) -> None:
    """A separate mobile page's link has `media` and no hreflang; a priority of -0.0 is the
    schema's zero."""
    path = tmp_path / "sitemap.xml"
    path.write_text(
        f'<urlset xmlns="{NS}" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n'
        "<url><loc>https://www.example.com/page-1/</loc><priority>-0.0</priority>\n"
        '<xhtml:link rel="alternate" media="only screen and (max-width: 640px)" '
        'href="https://m.example.com/page-1"/></url>\n</urlset>\n',
        encoding="utf-8",
    )
    assert validate_target(path).problems == []


def test_an_index_lastmod_in_the_future_or_a_stand_in_is_a_warning(
    make_tree: Callable[..., Path],
) -> None:
    site = make_tree(
        {
            "index.html": "<p>",
            "a.html": "<p>",
            "sitemap-index.xml": f'<sitemapindex xmlns="{NS}">\n'
            "<sitemap><loc>https://h.com/sitemap-1.xml</loc><lastmod>2099-05-03</lastmod>"
            "</sitemap>\n"
            "<sitemap><loc>https://h.com/sitemap-2.xml</loc><lastmod>1980-01-01</lastmod>"
            "</sitemap>\n</sitemapindex>\n",
            "sitemap-1.xml": _urlset("https://h.com/"),
            "sitemap-2.xml": _urlset("https://h.com/a.html"),
        }
    )
    report = validate_target(site)
    found = [(p.code, Path(p.file).name, p.line) for p in report.problems]
    assert found == [
        ("future-lastmod", "sitemap-index.xml", 2),
        ("placeholder-lastmod", "sitemap-index.xml", 3),
    ], report.describe()


def test_one_line_sitemaps_name_the_entry_and_the_column(tmp_path: Path) -> None:
    """sphinx-sitemap and others write the whole file on one line."""
    rows = "".join(f"<url><loc>https://h.com/{n}.html</loc></url>" for n in range(300))
    path = tmp_path / "sitemap.xml"
    bad = "<url><loc>https://h.com/x.html</loc><priority>1.5</priority></url>"
    path.write_text(f'<urlset xmlns="{NS}">{rows}{bad}</urlset>', encoding="utf-8")
    (problem,) = validate_target(path).problems
    assert (problem.code, problem.line) == ("priority", 1)
    assert problem.message.endswith("(loc 'https://h.com/x.html')")
    path.write_text(
        f'<urlset xmlns="{NS}">{rows}<url><loc>https://h.com/?a=1&b=2</loc></url></urlset>',
        encoding="utf-8",
    )
    (problem,) = validate_target(path).problems
    column = len(f'<urlset xmlns="{NS}">{rows}<url><loc>https://h.com/?a=1&b') + 1
    assert problem.message.startswith(f"not well-formed XML at column {column}: ")
    assert problem.message.endswith(
        "https://h.com/?a=1&b' + '=2</loc></url></urls'; write a raw & as &amp;"
    )


def test_a_robots_line_on_another_host_naming_a_file_here_says_it_was_checked(
    make_tree: Callable[..., Path],
) -> None:
    site = make_tree(
        {
            "index.html": "<p>",
            "a.html": "<p>",
            "robots.txt": "Sitemap: https://example.com/sitemap.xml\n",
            "sitemap.xml": _urlset("https://www.example.com/", "https://www.example.com/a.html"),
        }
    )
    report = validate_target(site)
    assert [p.code for p in report.problems] == ["robots-elsewhere"]
    assert "which was checked as that sitemap" in report.problems[0].message
    assert report.base_url == "https://www.example.com/"


def test_a_gzip_file_that_cannot_be_read_counts_as_checked(tmp_path: Path) -> None:
    path = tmp_path / "sitemap.xml.gz"
    path.write_bytes(b"not gzip")
    report = validate_target(path)
    assert [p.code for p in report.problems] == ["gzip"]
    assert len(report.files) == 1


@pytest.mark.parametrize("start", ["", "\ufeff", "<!-- 日本語のタイトル -->\r"])
def test_an_xml_error_is_placed_by_characters_whatever_comes_before(
    tmp_path: Path, start: str
) -> None:
    """Expat counts columns in characters (a byte-order mark is one, which no editor shows)
    and ends lines at CR too."""
    path = tmp_path / "sitemap.xml"
    head = f'<urlset xmlns="{NS}"><url><loc>https://h.com/日本</loc></url>'
    path.write_text(f"{start}{head}<url><loc>https://h.com/?a=1&b=2</loc></url></urlset>", "utf-8")
    xml_errors = [p for p in validate_target(path).problems if p.code == "xml"]
    (problem,) = xml_errors
    assert problem.line == (2 if start.endswith("\r") else 1)
    column = len(f"{head}<url><loc>https://h.com/?a=1&b") + 1
    assert problem.message.startswith(f"not well-formed XML at column {column}: "), problem
    assert problem.message.endswith("?a=1&b' + '=2</loc></url></urls'; write a raw & as &amp;")


def test_dot_segments_are_those_of_the_path_also_when_encoded(tmp_path: Path) -> None:
    path = tmp_path / "sitemap.xml"
    found = {}
    for loc in [
        "https://h.com?next=/../x",
        "https://h.com/a/%2E%2E/b.html",
        "https://h.com/a?q=/./",
    ]:
        path.write_text(f'<urlset xmlns="{NS}"><url><loc>{loc}</loc></url></urlset>', "utf-8")
        found[loc] = [p.code for p in validate_target(path).problems]
    assert found == {
        "https://h.com?next=/../x": [],
        "https://h.com/a/%2E%2E/b.html": ["dot-segment"],
        "https://h.com/a?q=/./": [],
    }


def test_a_raw_host_is_told_the_form_browsers_use(tmp_path: Path) -> None:
    """IDNA 2003 maps `ß` to `ss`, which names another domain."""
    path = tmp_path / "sitemap.xml"
    path.write_text(f'<urlset xmlns="{NS}"><url><loc>https://straße.de/</loc></url></urlset>')
    (problem,) = validate_target(path).problems
    assert problem.message.endswith("write its IDNA form, xn--strae-oqa.de")


def test_a_mobile_alternate_without_rel_is_told_the_mobile_fix(tmp_path: Path) -> None:
    path = tmp_path / "sitemap.xml"
    path.write_text(
        f'<urlset xmlns="{NS}" xmlns:xhtml="http://www.w3.org/1999/xhtml"><url>'
        "<loc>https://www.example.com/a/</loc>"
        '<xhtml:link media="only screen and (max-width: 640px)" href="https://m.example.com/a"/>'
        "</url></urlset>"
    )
    (problem,) = validate_target(path).problems
    assert problem.message.endswith('write rel="alternate" media="..." href="https://..."')


def test_a_date_with_a_zone_beyond_14_hours_is_told_so() -> None:
    from sitemapkit.validate_values import check_lastmod

    assert "a date with a time zone" in str(check_lastmod("2024-05-01-14:00"))
    assert "beyond the schema's -14:00 to +14:00" not in str(check_lastmod("2024-05-01-14:00"))
    said = str(check_lastmod("2024-05-01+15:00"))
    assert "a date with a time zone" not in said and "is not in a form" in said
