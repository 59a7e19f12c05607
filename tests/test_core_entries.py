"""Pages to entries: priorities, changefreqs, excludes and lastmods as the sitemap states them."""

from __future__ import annotations

import datetime as dt
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from conftest import SchemaSet, locs, parse_urlset
from sitemapkit import Notice, Page, build_sitemaps, parse_page_metadata, resolve_options
from sitemapkit.dates import build_start_ns, format_lastmod
from sitemapkit.entries import source_times
from sitemapkit.pages import with_noindex

BASE = "https://example.com/"
DAY = 86400
T0 = 1_700_000_000  # 2023-11-14T22:13:20+00:00


def html(title: str = "page") -> str:
    return f"<!doctype html><title>{title}</title>"


def build(site: Path, pages: list[Page] | None = None, **options: object) -> list[dict[str, str]]:
    notices: list[Notice] = []
    build_sitemaps(
        site, resolve_options({"base_url": BASE, **options}), pages, report=notices.append
    )
    return parse_urlset(site / "sitemap.xml")


def by_loc(rows: list[dict[str, str]]) -> dict[str, dict[str, str]]:
    return {row["loc"]: row for row in rows}


def test_priority_falls_with_depth_to_a_floor(make_tree: Callable[..., Path]) -> None:
    site = make_tree(
        {
            "index.html": html(),
            "a.html": html(),
            "a/index.html": html(),
            "a/b/index.html": html(),
            "1/2/3/4/5/6/7/8/9/10/deep.html": html(),
        }
    )
    rows = by_loc(build(site))
    assert rows[BASE]["priority"] == "1.0"
    assert rows[BASE + "a.html"]["priority"] == "0.9"
    assert rows[BASE + "a/"]["priority"] == "0.9"
    assert rows[BASE + "a/b/"]["priority"] == "0.8"
    assert rows[BASE + "1/2/3/4/5/6/7/8/9/10/deep.html"]["priority"] == "0.1"


def test_priority_step_floor_overrides_and_off(make_tree: Callable[..., Path]) -> None:
    site = make_tree({"index.html": html(), "blog/x.html": html(), "blog/y/z.html": html()})
    rows = by_loc(
        build(
            site,
            priority_step=0.25,
            priority_floor=0.6,
            priority_overrides={"blog/**": 0.3, "blog/y/**": 0.95},
        )
    )
    assert rows[BASE]["priority"] == "1.0"
    assert rows[BASE + "blog/x.html"]["priority"] == "0.3"
    assert rows[BASE + "blog/y/z.html"]["priority"] == "0.95"
    site2 = make_tree({"index.html": html(), "a/b/c.html": html()}, name="site2")
    rows = by_loc(build(site2, priority_step=0.25, priority_floor=0.6))
    assert rows[BASE + "a/b/c.html"]["priority"] == "0.6"
    assert all("priority" not in row for row in build(site2, priority=False))


def test_changefreq_is_omitted_unless_configured(make_tree: Callable[..., Path]) -> None:
    site = make_tree({"index.html": html(), "news/today.html": html(), "about.html": html()})
    assert all("changefreq" not in row for row in build(site))
    rows = by_loc(build(site, changefreq="monthly", changefreq_rules={"news/": "daily"}))
    assert rows[BASE]["changefreq"] == "monthly"
    assert rows[BASE + "news/today.html"]["changefreq"] == "daily"


def test_excludes_are_gitignore_patterns_and_404_is_excluded_by_default(
    make_tree: Callable[..., Path],
) -> None:
    site = make_tree(
        {
            "index.html": html(),
            "404.html": html(),
            "de/404.html": html(),
            "404/index.html": html(),
            "drafts/a.html": html(),
            "docs/private.html": html(),
            "docs/public.html": html(),
            "docs/keep.html": html(),
        }
    )
    assert set(by_loc(build(site))) == {
        BASE,
        BASE + "drafts/a.html",
        BASE + "docs/private.html",
        BASE + "docs/public.html",
        BASE + "docs/keep.html",
    }
    rows = by_loc(build(site, exclude=["404.html", "drafts/", "docs/p*.html", "!docs/public.html"]))
    # An explicit list replaces the default one, so the 404/ folder page is listed again.
    assert set(rows) == {BASE, BASE + "404/", BASE + "docs/public.html", BASE + "docs/keep.html"}


def test_lastmod_is_the_newest_source_mtime(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "a.html").write_text(html())
    src = tmp_path / "src"
    src.mkdir()
    for name, stamp in (("a.md", T0), ("partial.md", T0 + DAY + 1)):
        (src / name).write_text("x")
        os.utime(src / name, (stamp, stamp))
    pages = [Page("a.html", sources=(str(src / "a.md"), str(src / "partial.md")))]
    assert build(out, pages)[0]["lastmod"] == "2023-11-15T22:13:21+00:00"
    assert build(out, pages, lastmod_format="date")[0]["lastmod"] == "2023-11-15"
    assert "lastmod" not in build(out, pages, lastmod="none")[0]


def test_no_lastmod_borrowed_from_a_file_is_ahead_of_the_clock(tmp_path: Path) -> None:
    """A stated date in the future is replaced by the file's time, and a listing takes the
    newest of the pages it shows: a file a few minutes ahead gives now in both, not its own
    time to come."""
    now = int(time.time())
    sources = tmp_path / "src"
    sources.mkdir()
    ahead, old = sources / "ahead.md", sources / "old.md"
    for path, moment in ((ahead, now + 240), (old, now - 86_400)):
        path.write_text("x", encoding="utf-8")
        os.utime(path, (moment, moment))
    metadata, _ = parse_page_metadata({"lastmod": "2099-01-01", "exclude": True})
    typo, _ = parse_page_metadata({"lastmod": "2099-01-01"})
    pages = [
        Page("index.html", sources=(str(old),), lists=("hidden.html",)),
        Page("typo.html", sources=(str(ahead),), meta=typo),
        Page("hidden.html", sources=(str(ahead),), meta=metadata),  # left out, yet shown
    ]
    (tmp_path / "out").mkdir()
    rows = by_loc(build(tmp_path / "out", pages))
    during = {format_lastmod(now + seconds, False) for seconds in range(5)}
    assert rows[BASE + "typo.html"]["lastmod"] in during
    assert rows[BASE]["lastmod"] in during


def test_a_source_a_few_minutes_ahead_is_dated_now_not_taken_for_one_the_build_wrote(
    tmp_path: Path,
) -> None:
    """A file time after the build's start and up to now is the build's own (a generated
    stub); one past now was set by a clock ahead (a virtual machine's), as if edited now."""
    sources = tmp_path / "src"
    sources.mkdir()
    old, ahead = sources / "old.md", sources / "ahead.md"
    started = build_start_ns()
    now = int(time.time())
    for path, moment in ((old, now - 86_400), (ahead, now + 180)):
        path.write_text("x", encoding="utf-8")
        os.utime(path, (moment, moment))
    stub = sources / "stub.md"
    stub.write_text("x", encoding="utf-8")  # written by the build
    pages = [Page(f"{path.stem}.html", sources=(str(path),)) for path in (old, ahead, stub)]
    (tmp_path / "out").mkdir()
    notices: list[Notice] = []
    options = resolve_options({"base_url": BASE, "robots": False})
    build_sitemaps(
        tmp_path / "out", options, pages, report=notices.append, build_started_ns=started
    )
    rows = by_loc(parse_urlset(tmp_path / "out" / "sitemap.xml"))
    assert rows[BASE + "old.html"]["lastmod"] == format_lastmod(now - 86_400, False)
    during = {format_lastmod(now + seconds, False) for seconds in range(5)}
    assert rows[BASE + "ahead.html"]["lastmod"] in during
    assert rows[BASE + "stub.html"]["lastmod"] in during  # the newest of the site's


def test_lastmod_is_the_second_a_file_time_falls_in(tmp_path: Path) -> None:
    # The float st_mtime rounds 23:59:59.99999999 up to the next day. Both for a scan and for
    # a page list's sources.
    site = tmp_path / "site"
    site.mkdir()
    (site / "late.html").write_text(html())
    os.utime(site / "late.html", ns=(1_718_409_599_999_999_990,) * 2)
    scanned = by_loc(build(site, robots=False))
    assert scanned[BASE + "late.html"]["lastmod"] == "2024-06-14T23:59:59+00:00"
    rows = by_loc(build(site, [Page("late.html", sources=(str(site / "late.html"),))]))
    assert rows[BASE + "late.html"]["lastmod"] == "2024-06-14T23:59:59+00:00"


@pytest.mark.parametrize(
    "seconds",
    [1, 315_532_800, -3_600.5],  # the Nix store's, a zip archive's 1980-01-01, before 1970
)
def test_a_file_time_before_1990_is_a_stand_in_and_gives_no_lastmod(
    tmp_path: Path, seconds: float
) -> None:
    site = tmp_path / "site"
    site.mkdir()
    for name in ("index.html", "a.html", "b.html"):
        (site / name).write_text(html())
    os.utime(site / "index.html", (T0, T0))
    for name in ("a.html", "b.html"):
        os.utime(site / name, (seconds, seconds))
    notices: list[Notice] = []
    options = resolve_options({"base_url": BASE, "robots": False})
    build_sitemaps(site, options, report=notices.append)
    rows = by_loc(parse_urlset(site / "sitemap.xml"))
    assert {loc: row.get("lastmod") for loc, row in rows.items()} == {
        BASE: "2023-11-14T22:13:20+00:00", BASE + "a.html": None, BASE + "b.html": None
    }  # fmt: skip
    assert [(n.level, n.code) for n in notices] == [("warning", "placeholder-lastmod")]
    assert notices[0].message.startswith(
        "2 pages have file times before 1990 (the first: 'a.html'), a stand-in that tools such "
        "as Nix, zip archives or SOURCE_DATE_EPOCH=0 give files, not a time the page changed, "
        "so they are not used (such a page is listed with no date); "
    )
    # A page list: the page's own time is refused, so it takes no other page's time either
    # (a page whose source is missing, or that has none, takes the site's newest).
    listed = [
        Page(name, sources=(str(site / name),)) for name in ("index.html", "a.html", "gone.html")
    ]
    build_sitemaps(site, options, listed, report=notices.append)
    dates = {row["loc"]: row.get("lastmod") for row in parse_urlset(site / "sitemap.xml")}
    assert dates == {
        BASE: "2023-11-14T22:13:20+00:00",
        BASE + "a.html": None,
        BASE + "gone.html": "2023-11-14T22:13:20+00:00",
    }


def test_author_lastmod_wins_and_pages_without_sources_borrow(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    src = tmp_path / "src"
    src.mkdir()
    for index, stamp in enumerate((T0, T0 + DAY, T0 + 2 * DAY)):
        (src / f"{index}.md").write_text("x")
        os.utime(src / f"{index}.md", (stamp, stamp))
    meta, problems = parse_page_metadata({"lastmod": "2020-02-02"})
    assert problems == []
    pages = [
        Page("p0.html", sources=(str(src / "0.md"),)),
        Page("p1.html", sources=(str(src / "1.md"),)),
        Page("p2.html", sources=(str(src / "2.md"),), meta=meta),
        Page("tags/x.html", lists=("p0.html", "p1.html")),
        Page("generated.html"),
        # A template with a source of its own that also shows pages: the newest of both.
        Page("older-template.html", sources=(str(src / "0.md"),), lists=("p1.html",)),
        Page("newer-template.html", sources=(str(src / "2.md"),), lists=("p1.html",)),
        Page("stated.html", sources=(str(src / "0.md"),), lists=("p1.html",), meta=meta),
    ]
    rows = by_loc(build(out, pages, lastmod_format="date"))
    assert rows[BASE + "p2.html"]["lastmod"] == "2020-02-02"
    assert rows[BASE + "tags/x.html"]["lastmod"] == "2023-11-15"  # newest of what it lists
    assert rows[BASE + "generated.html"]["lastmod"] == "2023-11-16"  # newer-template's
    assert rows[BASE + "older-template.html"]["lastmod"] == "2023-11-15"  # p1's, newer
    assert rows[BASE + "newer-template.html"]["lastmod"] == "2023-11-16"  # its own, newer
    assert rows[BASE + "stated.html"]["lastmod"] == "2020-02-02"  # the author's word wins


def test_source_date_epoch_clamps_later_times(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    site = tmp_path / "site"
    site.mkdir()
    for name, stamp in (("old.html", T0), ("new.html", T0 + 10 * DAY)):
        (site / name).write_text(html())
        os.utime(site / name, (stamp, stamp))
    monkeypatch.setenv("SOURCE_DATE_EPOCH", str(T0 + DAY))
    rows = by_loc(build(site, lastmod_format="date"))
    assert rows[BASE + "old.html"]["lastmod"] == "2023-11-14"
    assert rows[BASE + "new.html"]["lastmod"] == "2023-11-15"


def test_source_date_epoch_clamps_file_times_not_the_commit_times_an_adapter_gives(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Hatch sets SOURCE_DATE_EPOCH for reproducible wheels, and its docs build inherits it:
    a git plugin's commit time is reproducible already, and the page's real date."""
    source = tmp_path / "page.md"
    source.write_text("x")
    os.utime(source, (T0 + 10 * DAY, T0 + 10 * DAY))
    monkeypatch.setenv("SOURCE_DATE_EPOCH", str(T0 + DAY))
    pages = [
        Page("file.html", sources=(str(source),)),
        Page("committed.html", mtime=T0 + 5 * DAY),
    ]
    site = tmp_path / "site"
    site.mkdir()
    rows = by_loc(build(site, pages, lastmod_format="date"))
    assert rows[BASE + "file.html"]["lastmod"] == "2023-11-15"  # the file's time, clamped
    assert rows[BASE + "committed.html"]["lastmod"] == "2023-11-19"
    # SOURCE_DATE_EPOCH set to the last commit, in a history of one: nothing was clamped.
    monkeypatch.setenv("SOURCE_DATE_EPOCH", str(T0 + 5 * DAY))
    notices: list[Notice] = []
    options = resolve_options({"base_url": BASE, "robots": False})
    one_commit = [Page(f"p{n}.html", mtime=T0 + 5 * DAY) for n in range(3)]
    build_sitemaps(site, options, one_commit, report=notices.append)
    assert [n.code for n in notices] == ["same-lastmod"]
    # Committed minutes ago and built at once: recent changes, not a fresh clone's file times.
    monkeypatch.delenv("SOURCE_DATE_EPOCH")
    notices.clear()
    just_now = [Page(f"p{n}.html", mtime=int(time.time()) - 60 * n) for n in range(3)]
    build_sitemaps(site, options, just_now, report=notices.append)
    assert notices == []
    # A page dated by its source though it was given an `mtime` too is dated by a file.
    fresh = tmp_path / "fresh.md"
    fresh.write_text("x")
    both = [Page(f"s{n}.html", sources=(str(source),), mtime=T0) for n in range(9)]
    pages = [*both, Page("new.html", sources=(str(fresh),))]
    build_sitemaps(site, options, pages, report=notices.append)
    assert notices == []  # 1 recent file time in 10: no clone's
    # A history of one commit, SOURCE_DATE_EPOCH set from it, two untracked pages clamped to it:
    # the line about those two, and every URL dated the same.
    monkeypatch.setenv("SOURCE_DATE_EPOCH", str(T0 + 5 * DAY))
    untracked = [Page(f"u{n}.html", sources=(str(fresh),)) for n in range(2)]
    build_sitemaps(site, options, [*one_commit, *untracked], report=notices.append)
    assert [n.code for n in notices] == ["recent-sources", "same-lastmod"]


def test_scan_uses_output_mtimes_sorted_walk_and_skips_links_leaving_the_root(
    tmp_path: Path,
) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.html").write_text(html())
    site = tmp_path / "site"
    (site / "b").mkdir(parents=True)
    for name in ("z.html", "a.htm", "index.html", "b/index.html", "b/c.html", "skip.css"):
        (site / name).write_text(html())
    os.symlink(outside, site / "linked-out")
    os.symlink(site / "b", site / "linked-in")
    os.symlink(site, site / "b" / "loop")
    rows = build(site)
    assert [row["loc"] for row in rows] == [
        BASE,
        BASE + "a.htm",
        BASE + "b/",
        BASE + "b/c.html",
        BASE + "linked-in/",
        BASE + "linked-in/c.html",
        BASE + "z.html",
    ]


def test_metadata_is_parsed_leniently_and_problems_name_the_key() -> None:
    meta, problems = parse_page_metadata(
        {"exclude": "yes", "priority": "0.8", "changefreq": "Weekly", "colour": "red"}
    )
    assert (meta.exclude, meta.priority, meta.changefreq) == (True, 0.8, "weekly")
    assert problems == [
        "key 'colour' is not known; use one of: exclude, lastmod, priority, changefreq"
    ]
    meta, problems = parse_page_metadata({"priority": 3, "lastmod": "soon"})
    assert meta.priority is None and meta.lastmod is None
    assert "key 'priority': 3 is not valid" in problems[0]
    assert "key 'lastmod': 'soon' is not valid" in problems[1]
    # A date without its dashes would be 1970-08-23 read as seconds: numbers before 1990 are
    # mistakes, and so are those past the year 9999.
    for far in (20240102, 0, -5, 631151999, 99_999_999_999_999, float("inf"), float("nan")):
        meta, problems = parse_page_metadata({"lastmod": far})
        assert meta.lastmod is None
        assert problems == [
            f"key 'lastmod': {far!r} is not valid; expected a date such as 2024-05-01 (with its "
            "dashes), or seconds since 1970 such as 1714521600 (a number is read so from 1990 "
            "on, 631152000)"
        ]
    for seconds in (631152000, 1714521600, 253402300799):
        assert parse_page_metadata({"lastmod": seconds})[0].lastmod == seconds
    # A date before 1990 is a stand-in, as a file time is (validate warns of it alike).
    for old in ("1969-12-31", "1989-12-31T23:59:59+00:00", dt.date(1970, 1, 1)):
        meta, problems = parse_page_metadata({"lastmod": old})
        assert meta.lastmod is None
        assert problems == [
            f"key 'lastmod': {old!r} is not valid; it is before 1990, and no page on the web is "
            "that old; write the date the page last changed, such as 2024-05-01"
        ]
    assert parse_page_metadata({"lastmod": "1990-01-01"})[0].lastmod == 631152000


def test_a_page_list_is_sorted_and_deduplicated(tmp_path: Path, schemas: SchemaSet) -> None:
    pages = [Page("b.html"), Page("a/x.html"), Page("a.html"), Page("b.html"), Page("index.html")]
    pages.append(Page("other.html", url="a.html"))
    rows = build(tmp_path, pages)
    assert [row["loc"] for row in rows] == [
        BASE,
        BASE + "a/x.html",
        BASE + "a.html",
        BASE + "b.html",
    ]
    schemas.validate_folder(tmp_path)


def test_a_url_too_long_is_skipped_with_a_warning_naming_the_page(tmp_path: Path) -> None:
    notices: list[Notice] = []
    pages = [Page("ok.html"), Page("long.html", url="x" * 2100)]
    result = build_sitemaps(
        tmp_path, resolve_options({"base_url": BASE}), pages, report=notices.append
    )
    assert result.urls == 1 and result.skipped == {"URL too long": 1}
    assert [n.code for n in notices] == ["long-url"]
    assert "'long.html'" in notices[0].message and "2,047" in notices[0].message


def test_the_loc_limit_is_fewer_than_2048_characters(tmp_path: Path, schemas: SchemaSet) -> None:
    room = 2047 - len(BASE)
    pages = [Page("fits.html", url="f" * room), Page("over.html", url="o" * (room + 1))]
    result = build_sitemaps(tmp_path, resolve_options({"base_url": BASE}), pages)
    assert result.urls == 1 and result.skipped == {"URL too long": 1}
    assert len(parse_urlset(tmp_path / "sitemap.xml")[0]["loc"]) == 2047
    schemas.validate_folder(tmp_path)


def test_a_stated_time_without_a_zone_is_utc_whatever_the_machines_zone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The same front matter gives the same lastmod on every build machine."""
    noon_utc = 1_709_294_400  # 2024-03-01T12:00:00Z
    monkeypatch.setenv("TZ", "Asia/Tokyo")
    time.tzset()
    try:
        for value in ("2024-03-01T12:00:00", "2024-03-01 12:00", dt.datetime(2024, 3, 1, 12)):
            meta, problems = parse_page_metadata({"lastmod": value})
            assert (meta.lastmod, problems) == (noon_utc, [])
    finally:
        monkeypatch.undo()
        time.tzset()


def test_a_yes_or_no_is_not_a_lastmod() -> None:
    """YAML reads `lastmod: yes` as True, which Python would take for the number 1."""
    meta, problems = parse_page_metadata({"lastmod": True})
    assert meta.lastmod is None
    assert problems == [
        "key 'lastmod': True is not valid; expected a date such as 2024-05-01 or "
        "2024-05-01T12:00:00+00:00"
    ]


def test_pages_marked_noindex_are_left_out_unless_skip_noindex_is_false(
    make_tree: Callable[..., Path],
) -> None:
    """An adapter marks the pages; the option decides, and a listing still takes their dates."""
    site = make_tree({"index.html": html(), "a.html": html(), "b.html": html()})
    for name, day in (("a.html", 1), ("b.html", 2)):
        os.utime(site / name, (T0 + day * DAY, T0 + day * DAY))
    marked = parse_page_metadata({"priority": 0.9})[0]
    pages = [
        Page("index.html", lists=("a.html", "b.html")),
        Page("a.html", sources=(str(site / "a.html"),)),
        Page("b.html", sources=(str(site / "b.html"),), meta=with_noindex(marked)),
    ]
    notices: list[Notice] = []
    for value in (None, True):
        options = resolve_options({"base_url": BASE, "skip_noindex": value})
        result = build_sitemaps(site, options, pages, report=notices.append)
        rows = parse_urlset(site / "sitemap.xml")
        assert [row["loc"] for row in rows] == [BASE, BASE + "a.html"]
        assert (
            rows[0]["lastmod"]
            == dt.datetime.fromtimestamp(T0 + 2 * DAY, dt.timezone.utc).isoformat()
        )
        assert result.skipped == {"noindex": 1}
    assert [notice.code for notice in notices] == ["noindex", "noindex"]
    assert notices[0].message.endswith("the first: b.html. Turn skip_noindex off to list it anyway")
    rows = build(site, pages, skip_noindex=False)
    assert [row["loc"] for row in rows] == [BASE, BASE + "a.html", BASE + "b.html"]
    assert rows[2]["priority"] == "0.9"


@pytest.mark.skipif(sys.platform != "linux", reason="the wait is for Linux's coarse file clock")
def test_a_build_start_orders_files_written_before_and_after_it(tmp_path: Path) -> None:
    """File times come from a clock a timer tick behind `time.time_ns()`: without waiting for
    it, a file the build writes at once could look older than the build's start."""
    before = tmp_path / "edited.md"
    for _ in range(100):
        before.write_text("x", encoding="utf-8")
        started = build_start_ns()
        written = tmp_path / "stub.md"
        written.write_text("x", encoding="utf-8")
        assert before.stat().st_mtime_ns < started <= written.stat().st_mtime_ns
        times = source_times([str(before), str(written)], started)
        assert list(times) == [str(before)]


def test_sources_all_modified_in_the_last_hour_are_an_info_line_for_a_page_list(
    tmp_path: Path,
) -> None:
    """A fresh clone on CI stamps every source with the checkout's time: an adapter's build
    says so quietly (a new site's sources are recent too); one old source is enough to say
    nothing."""
    src = tmp_path / "src"
    src.mkdir()
    for name in ("a.md", "b.md"):
        (src / name).write_text("x")
    listed = [Page(f"{name[0]}.html", sources=(str(src / name),)) for name in ("a.md", "b.md")]
    notices: list[Notice] = []
    options = resolve_options({"base_url": BASE, "robots": False})
    build_sitemaps(tmp_path, options, listed, report=notices.append)
    assert [(n.level, n.code) for n in notices] == [("info", "recent-sources")]
    assert "after a fresh clone (as on CI) that is the checkout's time" in notices[0].message
    notices.clear()
    os.utime(src / "a.md", (T0, T0))
    build_sitemaps(tmp_path, options, listed, report=notices.append)
    assert notices == []


def test_sources_all_newer_than_source_date_epoch_are_an_info_line_naming_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every page clamped to one time, bar a tenth: one older source among eleven does not
    hide it, two do."""
    src = tmp_path / "src"
    src.mkdir()
    names = [f"p{number}.md" for number in range(11)]
    for name in names:
        (src / name).write_text("x")
        os.utime(src / name, (T0 + DAY, T0 + DAY))
    os.utime(src / "p0.md", (T0 - DAY, T0 - DAY))
    monkeypatch.setenv("SOURCE_DATE_EPOCH", str(T0))
    listed = [Page(f"{name[:-3]}.html", sources=(str(src / name),)) for name in names]
    notices: list[Notice] = []
    options = resolve_options({"base_url": BASE, "robots": False})
    build_sitemaps(tmp_path, options, listed, report=notices.append)
    assert [(n.level, n.code, n.message) for n in notices] == [
        (
            "info",
            "recent-sources",
            "the files of 10 of the 11 pages with a file time are as new as SOURCE_DATE_EPOCH "
            f"({format_lastmod(T0, False)}) or newer, so each is dated that one time: after a "
            "fresh clone (as on CI) every source is newer than it, so that is not when each "
            "page changed; restore the files' times from git before building (see the README), "
            "unless every page did just change",
        )
    ]
    notices.clear()
    os.utime(src / "p1.md", (T0 - DAY, T0 - DAY))
    build_sitemaps(tmp_path, options, listed, report=notices.append)
    assert notices == []


def test_a_stated_date_in_the_future_with_a_refused_file_time_gets_no_lastmod(
    tmp_path: Path,
) -> None:
    """Neither time is the page's: it borrows no other page's either."""
    src = tmp_path / "src"
    src.mkdir()
    (src / "a.md").write_text("x")
    (src / "b.md").write_text("x")
    os.utime(src / "a.md", (1, 1))  # a stand-in
    os.utime(src / "b.md", (T0, T0))
    ahead, problems = parse_page_metadata({"lastmod": "2999-01-01"})
    assert problems == []
    listed = [
        Page("a.html", sources=(str(src / "a.md"),), meta=ahead),
        Page("b.html", sources=(str(src / "b.md"),)),
    ]
    options = resolve_options({"base_url": BASE, "robots": False})
    build_sitemaps(tmp_path, options, listed, report=lambda notice: None)
    rows = {row["loc"]: row.get("lastmod") for row in parse_urlset(tmp_path / "sitemap.xml")}
    assert rows == {BASE + "a.html": None, BASE + "b.html": format_lastmod(T0, False)}


def test_a_stated_time_hours_ahead_is_in_the_future_and_a_date_is_not(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A date is midnight UTC of a day begun up to UTC+14; a time is an instant in every zone,
    so ten hours ahead is a typo (a listing showing the page does not take it either)."""
    now = dt.datetime(2024, 6, 1, 20, tzinfo=dt.timezone.utc).timestamp()
    monkeypatch.setattr(time, "time", lambda: now)
    later, _ = parse_page_metadata({"lastmod": "2024-06-02T06:00:00+00:00"})  # ten hours on
    dated, _ = parse_page_metadata({"lastmod": "2024-06-02"})  # begun from UTC+4 eastwards
    listed = [
        Page("later.html", meta=later),
        Page("list.html", lists=("later.html",), mtime=T0),
        Page("dated.html", meta=dated),
    ]
    notices: list[Notice] = []
    options = resolve_options({"base_url": BASE, "robots": False})
    build_sitemaps(tmp_path, options, listed, report=notices.append)
    rows = {row["loc"]: row.get("lastmod") for row in parse_urlset(tmp_path / "sitemap.xml")}
    assert rows == {
        BASE + "later.html": None,
        BASE + "list.html": format_lastmod(T0, False),
        BASE + "dated.html": "2024-06-02T00:00:00+00:00",
    }
    assert [n.code for n in notices if n.code == "future-lastmod"] == ["future-lastmod"]


def test_a_page_list_on_a_local_address_is_an_info_line(tmp_path: Path) -> None:
    """A preview build (SITEURL = "http://localhost:8000"): fine, but say where the URLs are."""
    notices: list[Notice] = []
    options = resolve_options({"base_url": "http://localhost:8000/", "lastmod": "none"})
    build_sitemaps(tmp_path, options, [Page("index.html")], report=notices.append)
    assert [(n.level, n.code, n.message) for n in notices] == [
        (
            "info",
            "local-host",
            "the sitemap's URLs are on localhost, which crawlers cannot reach: fine for a "
            "preview; a build to publish needs the address the site is served from",
        )
    ]


def test_a_source_date_epoch_before_1990_is_named_as_the_cause(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Nix sets SOURCE_DATE_EPOCH=315532800 (1980-01-01): every file time clamps to it."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "315532800")
    for name in ("index.html", "a.html"):
        (tmp_path / name).write_text(html())
        os.utime(tmp_path / name, (T0, T0))
    notices: list[Notice] = []
    options = resolve_options({"base_url": BASE, "robots": False})
    build_sitemaps(tmp_path, options, report=notices.append)
    assert "lastmod" not in parse_urlset(tmp_path / "sitemap.xml")[0]
    assert [(n.level, n.code) for n in notices] == [("info", "placeholder-lastmod")]
    assert notices[0].message.startswith(
        "SOURCE_DATE_EPOCH is 315532800 (1980-01-01T00:00:00+00:00), before 1990: every later "
        "file time is clamped to it"
    )


def test_dot_segments_in_a_generators_url_are_resolved_as_a_browser_resolves_them(
    tmp_path: Path,
) -> None:
    """pelican-i18n-subsites writes a copy of an untranslated article into each subsite with
    the URL `fr/../hello.html`: the article's own, listed once, at its own file."""
    notices: list[Notice] = []
    listed = [
        Page("fr/hello-en.html", url="fr/../hello.html", mtime=1_600_000_000),  # a copy, first
        Page("hello.html", url="hello.html", mtime=1_500_000_000),
        Page("a/b/page.html", url="a/./b/%2E%2E/b/page.html", mtime=1_500_000_000),
        Page("folder/index.html", url="folder/sub/..", mtime=1_500_000_000),
        Page("search.html", url="search.html?next=/../x", mtime=1_400_000_000),  # a query's
    ]
    options = resolve_options({"base_url": BASE, "robots": False})
    result = build_sitemaps(tmp_path, options, listed, report=notices.append)
    rows = {row["loc"]: row["lastmod"] for row in parse_urlset(tmp_path / "sitemap.xml")}
    assert list(rows) == [
        BASE + "a/b/page.html",
        BASE + "folder/",
        BASE + "hello.html",
        BASE + "search.html?next=/../x",
    ]
    assert rows[BASE + "hello.html"] == format_lastmod(
        1_500_000_000, False
    )  # the page's, not its copy's
    assert notices == []  # the copy's file does not serve the URL, but it is not listed
    assert result.skipped == {"duplicate URL": 1}


def test_a_generators_link_keeps_its_query_and_drops_its_fragment(tmp_path: Path) -> None:
    """Pelican's `Url: q.html?x=1#top`: `?` starts a query and `#` a part of the page; they
    are not characters of the file's name to percent-encode."""
    notices: list[Notice] = []
    listed = [
        Page("q.html", url="q.html?x=1&y=caf\u00e9#top"),
        Page("top.html", url="top.html#start"),
        Page("a b.html", url="a b.html"),
    ]
    options = resolve_options({"base_url": BASE, "lastmod": "none", "robots": False})
    build_sitemaps(tmp_path, options, listed, report=notices.append)
    assert locs(tmp_path / "sitemap.xml") == [
        BASE + "a%20b.html",
        BASE + "q.html?x=1&y=caf%C3%A9",
        BASE + "top.html",
    ]
    assert notices == []


def test_a_url_climbing_above_the_base_url_is_left_out_with_a_warning(tmp_path: Path) -> None:
    notices: list[Notice] = []
    base = "https://example.com/caf%C3%A9/"
    listed = [
        Page("index.html", url=""),
        Page("lower.html", url="../caf%c3%a9/lower.html"),  # the same folder, in lower case
        Page("up.html", url="../up.html"),  # Pelican's `Url: ../up.html`
        Page("back.html", url="../caf%C3%A9/back.html"),  # climbs out and back in: below it
        Page("x/other.html", url="x/../../../other.html"),
    ]
    options = resolve_options({"base_url": base, "lastmod": "none", "robots": False})
    result = build_sitemaps(tmp_path, options, listed, report=notices.append)
    assert locs(tmp_path / "sitemap.xml") == [base, base + "back.html", base + "lower.html"]
    assert result.skipped == {"URL above the base URL": 2}
    assert [(n.level, n.code) for n in notices] == [("warning", "above-base")]
    assert notices[0].message == (
        "2 pages are not listed: their URLs climb above the base URL "
        "https://example.com/caf%C3%A9/ "
        "(the first: '../up.html', written to 'up.html'), and a sitemap lists only URLs below "
        "its own address; give those pages URLs below it"
    )


def test_a_page_listed_at_a_url_its_file_does_not_serve_is_a_warning(tmp_path: Path) -> None:
    notices: list[Notice] = []
    listed = [
        Page("index.html", url=""),
        Page("a/index.html", url="a/"),
        Page("b.html", url="b/"),  # the generator links b/, but wrote b.html
        Page("c.html", url="c"),  # left to the host: some serve c.html at c
    ]
    options = resolve_options({"base_url": BASE, "lastmod": "none", "robots": False})
    build_sitemaps(tmp_path, options, listed, report=notices.append)
    assert [(n.level, n.code) for n in notices] == [("warning", "unserved-url")]
    assert notices[0].message.startswith(
        "1 page is listed at a URL that no file in the output serves (the first: 'b/', written "
        "to 'b.html'), so on a static host it is a 404"
    )
