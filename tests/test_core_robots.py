"""robots.txt: the Sitemap line crawlers use for discovery, added politely."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from sitemapkit import Notice, Page, build_sitemaps, resolve_options
from sitemapkit.robots import MARK

LINE = "Sitemap: https://example.com/sitemap-index.xml"
OURS = f"{MARK.decode()}{LINE}\n{LINE}\n"


def build(
    site: Path, base: str = "https://example.com/", pages: int = 1, **options: object
) -> list[Notice]:
    notices: list[Notice] = []
    opts = resolve_options({"base_url": base, **options})
    listed = [Page("index.html"), *(Page(f"p{n}.html") for n in range(1, pages))]
    build_sitemaps(site, opts, listed[:pages], report=notices.append)
    return notices


MINIMAL = (
    "# written by sitemapkit, which removes it when no sitemap needs it\nUser-agent: *\n"
    "Allow: /\n\n"
)


def test_a_minimal_robots_txt_is_written_when_there_is_none(tmp_path: Path) -> None:
    build(tmp_path)
    assert (tmp_path / "robots.txt").read_text() == MINIMAL + OURS


def test_an_existing_robots_txt_keeps_its_lines_and_gets_one_line_once(tmp_path: Path) -> None:
    mine = "User-agent: *\nDisallow: /private/\n# keep me"
    (tmp_path / "robots.txt").write_text(mine)
    build(tmp_path)
    build(tmp_path)
    assert (tmp_path / "robots.txt").read_text() == f"{mine}\n{OURS}"


def test_a_sitemap_line_of_the_sites_after_a_bom_is_not_added_again(tmp_path: Path) -> None:
    mine = "\ufeffSitemap: https://example.com/sitemap-index.xml\nUser-agent: *\nDisallow:\n"
    (tmp_path / "robots.txt").write_text(mine, encoding="utf-8")
    build(tmp_path)
    assert (tmp_path / "robots.txt").read_text(encoding="utf-8") == mine


def test_a_site_under_a_folder_gets_no_robots_txt_but_an_info_line(tmp_path: Path) -> None:
    notices = build(tmp_path, base="https://user.github.io/project/")
    assert not (tmp_path / "robots.txt").exists()
    assert [(n.level, n.code) for n in notices] == [("info", "robots")]
    assert "taken out" not in notices[0].message
    assert "Sitemap: https://user.github.io/project/sitemap-index.xml" in notices[0].message


def test_a_rewritten_robots_txt_keeps_its_mode_and_owner(tmp_path: Path) -> None:
    robots = tmp_path / "robots.txt"
    robots.write_text("User-agent: *\nDisallow:\n")
    robots.chmod(0o604)
    if os.geteuid() == 0:  # a build run as root must not take the file over
        os.chown(robots, 1000, 1000)
    before = robots.stat()
    build(tmp_path)
    after = robots.stat()
    assert LINE in robots.read_text()
    assert stat.S_IMODE(after.st_mode) == 0o604
    assert (after.st_uid, after.st_gid) == (before.st_uid, before.st_gid)
    assert sorted(p.name for p in tmp_path.iterdir() if ".tmp" in p.name) == []


def test_robots_off_leaves_robots_txt_alone(tmp_path: Path) -> None:
    build(tmp_path, robots=False)
    assert not (tmp_path / "robots.txt").exists()


def test_a_robots_txt_in_another_encoding_keeps_its_bytes(tmp_path: Path) -> None:
    mine = "User-agent: *\r\nDisallow: /café/\r\n".encode("latin-1")
    (tmp_path / "robots.txt").write_bytes(mine)
    build(tmp_path)
    ours_crlf = OURS.replace("\n", "\r\n").encode()  # the file's own line ending
    assert (tmp_path / "robots.txt").read_bytes() == mine + ours_crlf


def test_a_robots_txt_of_lone_carriage_returns_gets_its_lines_so(tmp_path: Path) -> None:
    """Classic Mac OS line endings: the lines added end as the file's own do."""
    mine = b"User-agent: *\rDisallow: /x/\r"
    (tmp_path / "robots.txt").write_bytes(mine)
    build(tmp_path)
    assert (tmp_path / "robots.txt").read_bytes() == mine + OURS.replace("\n", "\r").encode()
    build(tmp_path)  # written again: the same bytes
    assert (tmp_path / "robots.txt").read_bytes() == mine + OURS.replace("\n", "\r").encode()


def test_a_robots_txt_that_is_a_folder_is_left_with_an_info_line(tmp_path: Path) -> None:
    (tmp_path / "robots.txt").mkdir()
    notices = build(tmp_path)
    assert [(n.level, n.code) for n in notices] == [("info", "robots")]
    assert (
        notices[0].message
        == f"robots.txt is a folder; left unchanged; crawlers need this line in it: {LINE}"
    )


def test_a_utf16_robots_txt_is_left_as_it_is_with_an_info_line(tmp_path: Path) -> None:
    """ASCII lines after UTF-16 text would garble both; its bytes stay, the build says why."""
    utf16 = "User-agent: *\nDisallow: /drafts/\n".encode("utf-16")
    (tmp_path / "robots.txt").write_bytes(utf16)
    notices = build(tmp_path)
    assert [(n.level, n.code) for n in notices] == [("info", "robots")]
    assert notices[0].message.startswith(
        "robots.txt is in UTF-16, which crawlers do not read (save it as UTF-8); left "
        "unchanged; crawlers need this line in it: "
    )
    assert (tmp_path / "robots.txt").read_bytes() == utf16
    build(tmp_path, pages=0)  # nothing to list: nothing taken out either
    assert (tmp_path / "robots.txt").read_bytes() == utf16


def test_a_robots_txt_longer_than_google_reads_gets_the_line_at_its_start(tmp_path: Path) -> None:
    """Google reads 500 KiB of robots.txt: a line after that is never seen."""
    rules = "User-agent: *\nDisallow: /private/\n" + f"# {'a note ' * 30}\n" * 2_500
    assert len(rules) > 500 * 1024
    (tmp_path / "robots.txt").write_text(rules)
    build(tmp_path)
    assert (tmp_path / "robots.txt").read_text() == OURS + rules
    build(tmp_path)  # rewritten where it is
    assert (tmp_path / "robots.txt").read_text() == OURS + rules
    build(tmp_path, pages=0)  # and taken out from there
    assert (tmp_path / "robots.txt").read_text() == rules


def test_a_rule_that_keeps_crawlers_from_the_sitemap_itself_is_a_warning(tmp_path: Path) -> None:
    (tmp_path / "robots.txt").write_text("User-agent: *\nDisallow: /sitemap\n")
    notices = build(tmp_path)
    assert [(n.level, n.code) for n in notices] == [("warning", "robots-disallow")]
    assert notices[0].message == (
        "the sitemap index https://example.com/sitemap-index.xml is disallowed for Bingbot and "
        "Googlebot by robots.txt line 2, 'Disallow: /sitemap': crawlers may not fetch it, so "
        "they read none of the sitemaps; allow it in robots.txt"
    )


def test_a_relative_sitemap_line_is_told_as_one_crawlers_skip(tmp_path: Path) -> None:
    """`validate` calls it an error; the build, which adds the line crawlers need, says so."""
    mine = "User-agent: *\nSitemap: /sitemap-index.xml # the theme's\n"
    (tmp_path / "robots.txt").write_text(mine)
    notices = build(tmp_path)
    assert [(n.level, n.code) for n in notices] == [("info", "robots-unserved")]
    assert notices[0].message == (
        "robots.txt has the line Sitemap: /sitemap-index.xml, which is no full address, so "
        "crawlers skip it: remove it from the robots.txt the site copies, or write the address "
        f"in full (the line crawlers need is {LINE})"
    )
    assert (tmp_path / "robots.txt").read_text() == mine + OURS


def test_a_hard_linked_robots_txt_of_a_read_only_source_gets_the_line_in_a_copy(
    tmp_path: Path,
) -> None:
    """STATIC_CREATE_LINKS on one file system makes a hard link, which shares the source's
    mode: a read-only source says nothing of the output. The link is replaced by a copy."""
    source = tmp_path / "content" / "robots.txt"
    source.parent.mkdir()
    source.write_text("User-agent: *\n")
    source.chmod(0o444)
    site = tmp_path / "output"
    site.mkdir()
    os.link(source, site / "robots.txt")
    build(site)
    assert (site / "robots.txt").read_text() == f"User-agent: *\n{OURS}"
    assert source.read_text() == "User-agent: *\n" and source.stat().st_nlink == 1
    assert (site / "robots.txt").stat().st_mode & 0o200  # the output's own, not the source's
    assert build(site, base="https://example.org/") == []  # the next build updates its line
    assert "Sitemap: https://example.org/sitemap-index.xml" in (site / "robots.txt").read_text()


def test_a_robots_txt_that_is_a_link_becomes_a_file_and_its_target_stays(tmp_path: Path) -> None:
    """Pelican's STATIC_CREATE_LINKS links robots.txt into the sources: the link is replaced by
    a copy with the line, and the source is never written through it."""
    source = tmp_path / "content" / "robots.txt"
    source.parent.mkdir()
    source.write_text("User-agent: *\nDisallow: /private/\n")
    source.chmod(0o444)  # a read-only source says nothing about the output's copy
    site = tmp_path / "output"
    site.mkdir()
    (site / "robots.txt").symlink_to(source)
    notices = build(site)
    assert not (site / "robots.txt").is_symlink()
    assert (site / "robots.txt").read_text() == f"User-agent: *\nDisallow: /private/\n{OURS}"
    assert source.read_text() == "User-agent: *\nDisallow: /private/\n"
    assert [(n.level, n.code) for n in notices] == [("info", "robots")]
    assert notices[0].message == (
        "added the Sitemap line to robots.txt (a symbolic link until now: the output holds a "
        "copy with the line, and the file the link named is unchanged)"
    )
    assert build(site) == []  # a file of its own from then on
    # A linked file that holds an earlier build's line loses it the same way, in a copy.
    (site / "robots.txt").unlink()
    source.chmod(0o644)
    source.write_text(f"User-agent: *\n{OURS}")
    source.chmod(0o444)
    (site / "robots.txt").symlink_to(source)
    build(site, base="https://example.com/project/")
    assert not (site / "robots.txt").is_symlink()
    assert (site / "robots.txt").read_text() == "User-agent: *\n"
    assert (site / "robots.txt").stat().st_mode & stat.S_IWUSR  # the output's own copy
    assert source.read_text() == f"User-agent: *\n{OURS}"


def test_a_robots_txt_hard_linked_to_a_source_is_replaced_not_written_through(
    tmp_path: Path,
) -> None:
    """STATIC_CREATE_LINKS on one file system makes a hard link: one file, two names."""
    source = tmp_path / "content" / "robots.txt"
    source.parent.mkdir()
    source.write_text("User-agent: *\nDisallow: /private/\n")
    site = tmp_path / "output"
    site.mkdir()
    os.link(source, site / "robots.txt")
    build(site)
    assert (site / "robots.txt").read_text() == f"User-agent: *\nDisallow: /private/\n{OURS}"
    assert source.read_text() == "User-agent: *\nDisallow: /private/\n"
    assert source.stat().st_nlink == 1


def test_our_line_follows_a_new_base_url_or_index_name_in_place(tmp_path: Path) -> None:
    robots = tmp_path / "robots.txt"
    robots.write_bytes(b"\xef\xbb\xbfUser-agent: *\nDisallow: /private/\n")
    build(tmp_path, base="https://old.example/")
    robots.write_bytes(robots.read_bytes() + b"# the site's own rule, after ours\n")
    build(tmp_path, base="https://example.com/", index_name="map.xml")
    new = b"Sitemap: https://example.com/map.xml"
    assert robots.read_bytes() == (
        b"\xef\xbb\xbfUser-agent: *\nDisallow: /private/\n"
        + MARK
        + new
        + b"\n"
        + new
        + b"\n# the site's own rule, after ours\n"
    )
    notices = build(tmp_path, base="https://example.com/", index_name="map.xml")
    assert [n.message for n in notices if n.code == "robots"] == []
    assert [line for line in robots.read_bytes().splitlines() if line.startswith(b"Sitemap:")] == [
        new
    ]


def test_a_line_of_the_sites_own_is_never_changed_and_makes_ours_unneeded(
    tmp_path: Path,
) -> None:
    robots = tmp_path / "robots.txt"
    build(tmp_path)
    mine = f"User-agent: *\nSitemap: https://old.example/sitemap.xml\n{LINE}\n"
    robots.write_text(mine + OURS)
    build(tmp_path)
    assert robots.read_text() == mine


def test_our_line_goes_when_no_page_is_left_or_the_site_moves_under_a_folder(
    tmp_path: Path,
) -> None:
    robots = tmp_path / "robots.txt"
    mine = "User-agent: *\nDisallow: /private/\n"
    robots.write_text(mine)
    build(tmp_path)
    assert robots.read_text() == mine + OURS
    notices = build(tmp_path, pages=0)
    assert [n.code for n in notices] == ["no-pages"]
    assert robots.read_text() == mine
    build(tmp_path)
    notices = build(tmp_path, base="https://example.com/project/")
    assert robots.read_text() == mine
    assert notices[0].message.startswith(
        "the site is not at the host root, so robots.txt gets no Sitemap line here (an earlier "
        "build's line was taken out); add this line to the host's robots.txt: "
    )


def test_below_the_root_a_robots_txt_the_site_copies_with_the_line_is_not_told_to_add_it(
    tmp_path: Path,
) -> None:
    """Read the Docs serves the default version's robots.txt at the host's root: a site that
    ships one naming its sitemap has done what the INFO line would ask; it is told where that
    file counts instead, and the file is left as it is."""
    robots = tmp_path / "robots.txt"
    mine = "User-agent: *\nSitemap: https://example.com/project/sitemap-index.xml\n"
    robots.write_text(mine)
    notices = build(tmp_path, base="https://example.com/project/")
    assert robots.read_text() == mine
    (said,) = [n.message for n in notices if n.code == "robots"]
    assert "add this line" not in said
    assert said.startswith(
        "the site is not at the host root, and the robots.txt it copies already names "
        "https://example.com/project/sitemap-index.xml: crawlers read it only if the host "
    )


def test_the_minimal_robots_txt_an_earlier_build_wrote_goes_when_the_site_moves(
    tmp_path: Path,
) -> None:
    """Below the host's root the file is no robots.txt crawlers read: one sitemapkit wrote,
    unchanged since, goes with its line; one the site edited keeps its own lines."""
    robots = tmp_path / "robots.txt"
    build(tmp_path)
    assert robots.read_text() == MINIMAL + OURS
    notices = build(tmp_path, base="https://example.com/project/")
    assert not robots.exists()
    assert "(the robots.txt an earlier build wrote was taken out)" in notices[0].message
    build(tmp_path)
    robots.write_text(robots.read_text() + "Disallow: /tmp/\n")
    build(tmp_path, base="https://example.com/project/")
    assert robots.read_text() == MINIMAL + "Disallow: /tmp/\n"


def test_a_sites_own_robots_txt_of_the_same_rules_is_never_taken_for_the_minimal_one(
    tmp_path: Path,
) -> None:
    robots = tmp_path / "robots.txt"
    robots.write_text("User-agent: *\nAllow: /\n\n")  # the site's own, in its sources
    build(tmp_path)
    build(tmp_path, base="https://example.com/project/")
    assert robots.read_text() == "User-agent: *\nAllow: /\n\n"


def test_a_line_the_site_put_right_after_our_comment_is_its_own(tmp_path: Path) -> None:
    robots = tmp_path / "robots.txt"
    build(tmp_path, base="https://old.example/")
    old = robots.read_text()
    news = "Sitemap: https://example.com/news-sitemap.xml\n"
    marked, old_line = old.splitlines(keepends=True)[-2:]
    robots.write_text(old.replace(marked, marked + news))
    build(tmp_path)
    assert robots.read_text() == old.replace(marked + old_line, marked + news + old_line) + OURS
    build(tmp_path, pages=0)
    assert news in robots.read_text() and LINE not in robots.read_text()


def test_our_lines_at_the_start_of_a_file_with_a_bom_keep_the_bom(tmp_path: Path) -> None:
    robots = tmp_path / "robots.txt"
    robots.write_bytes(b"\xef\xbb\xbf" + OURS.replace("example.com", "old.example").encode())
    build(tmp_path)
    assert robots.read_bytes() == b"\xef\xbb\xbf" + OURS.encode()
    build(tmp_path, pages=0)
    assert robots.read_bytes() == b"\xef\xbb\xbf"


def test_listed_pages_that_robots_txt_disallows_are_one_warning_per_rule(tmp_path: Path) -> None:
    """Every crawler without a group of its own obeys `*`: a page blocked for both counts once."""
    (tmp_path / "robots.txt").write_text("User-agent: *\nDisallow: /p\nAllow: /p2\n")
    notices = build(tmp_path, pages=4)
    assert [(n.level, n.code, n.options) for n in notices] == [
        ("warning", "robots-disallow", ("exclude",))
    ]
    assert notices[0].message.startswith(
        "2 listed URLs are disallowed for Bingbot and Googlebot by robots.txt line 2, "
        "'Disallow: /p' (the first: 'https://example.com/p1.html'): "
    )
    assert LINE in (tmp_path / "robots.txt").read_text()  # the sitemap is still announced


def test_robots_rules_below_the_host_root_are_an_info_line_and_allowing_all_says_nothing(
    tmp_path: Path,
) -> None:
    """Read the Docs serves the default version's robots.txt at the host's root, where its
    rules name whole paths; on other hosts the file below the root is only a file."""
    (tmp_path / "robots.txt").write_text("User-agent: *\nDisallow: /en/latest/p1\n")
    notices = build(tmp_path, base="https://docs.example.com/en/latest/", pages=3)
    assert [(n.level, n.code) for n in notices] == [("info", "robots-disallow"), ("info", "robots")]
    assert notices[0].message.startswith(
        "if the output's robots.txt is the host's (as Read the Docs serves the default "
        "version's at the root): a listed URL is disallowed for Bingbot and Googlebot by "
        "robots.txt line 2, 'Disallow: /en/latest/p1' ('https://docs.example.com/en/latest/p1.html')"
    )
    (tmp_path / "robots.txt").write_text("User-agent: *\nDisallow:\n")
    assert build(tmp_path, pages=2) == []


def test_a_sitemap_line_of_the_sites_own_in_any_spelling_gets_no_second_one(
    tmp_path: Path,
) -> None:
    """Crawlers read the key in any case and the URL's host in any case, default port or not."""
    for line in (
        "sitemap: https://example.com/sitemap-index.xml",
        "SITEMAP:https://EXAMPLE.com:443/sitemap-index.xml",
        "Sitemap: https://example.com/sitemap-index.xml # the docs",
    ):
        mine = f"User-agent: *\n{line}\n"
        (tmp_path / "robots.txt").write_text(mine)
        build(tmp_path)
        assert (tmp_path / "robots.txt").read_text() == mine


def test_a_read_only_robots_txt_is_left_as_it_is_with_the_line_to_add(tmp_path: Path) -> None:
    robots = tmp_path / "robots.txt"
    robots.write_text("User-agent: *\n")
    robots.chmod(0o444)  # even a build run as root could rename a new file over it
    notices = build(tmp_path)
    assert robots.read_text() == "User-agent: *\n"
    assert stat.S_IMODE(robots.stat().st_mode) == 0o444
    assert [(n.level, n.code) for n in notices] == [("info", "robots")]
    assert notices[0].message == (
        "robots.txt is read-only (or not this user's to write); left unchanged; crawlers need "
        f"this line in it: {LINE}"
    )


def test_a_read_only_robots_txt_that_names_the_sitemap_already_is_fine(tmp_path: Path) -> None:
    """A site that ships its robots.txt read-only, with the line in it: nothing to say."""
    robots = tmp_path / "robots.txt"
    mine = f"User-agent: *\n{LINE}\n"
    robots.write_text(mine)
    robots.chmod(0o444)
    assert [n.code for n in build(tmp_path)] == []
    assert robots.read_text() == mine
    robots.chmod(0o644)
    robots.unlink()
    build(tmp_path)  # the minimal file with sitemapkit's marked line, made read-only after
    written = robots.read_text()
    robots.chmod(0o444)
    assert [n.code for n in build(tmp_path)] == []
    assert robots.read_text() == written


def test_a_rule_quoted_in_a_message_keeps_its_words_when_options_are_respelt(
    tmp_path: Path,
) -> None:
    """`exclude` is respelt `--exclude` for the command line, but not inside the rule."""
    (tmp_path / "robots.txt").write_text("User-agent: *\nDisallow: /exclude/\n")
    (tmp_path / "exclude").mkdir()
    options = resolve_options({"base_url": "https://example.com/"})
    notices: list[Notice] = []
    build_sitemaps(tmp_path, options, [Page("exclude/a.html")], report=notices.append)
    (notice,) = [n for n in notices if n.code == "robots-disallow"]
    shown = notice.describe(lambda option: "--" + option)
    assert "'Disallow: /exclude/' ('https://example.com/exclude/a.html')" in shown
    assert shown.endswith("leave the page out of the sitemap (--exclude) or allow it in robots.txt")
