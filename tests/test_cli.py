"""The command line: any static site's output folder in, sitemaps out, clear exit codes."""

from __future__ import annotations

import io
import itertools
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

import sitemapkit.pages
from conftest import ROOT, SchemaSet, locs, parse_urlset, write_tree
from sitemapkit import Notice, Page, build_sitemaps, resolve_options
from sitemapkit.cli import _progress_printer, main
from sitemapkit.dates import format_lastmod

EXAMPLE = ROOT / "examples" / "cli" / "site"


def run(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sitemapkit", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        check=False,
    )


@pytest.fixture
def site(tmp_path: Path) -> Path:
    """The example site, its pages dated days apart as if edited over time.

    A fresh clone gives every file the checkout's time, which `build` rightly warns about.
    """
    copy = Path(shutil.copytree(EXAMPLE, tmp_path / "site"))
    for number, page in enumerate(sorted(copy.rglob("*"))):
        moment = 1_600_000_000 + number * 86_400
        os.utime(page, (moment, moment))
    return copy


def test_build_writes_the_three_files_and_a_summary(site: Path, schemas: SchemaSet) -> None:
    done = run("build", str(site), "--base-url", "https://example.com")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("sitemapkit: listed 12 pages (1 skipped: 1 excluded); wrote ")
    for name in ("sitemap.xml", "sitemap.txt", "sitemap-index.xml", "robots.txt"):
        assert (site / name).is_file()
    urls = locs(site / "sitemap.xml")
    assert "https://example.com/blog/2024/%C3%A9t%C3%A9/caf%C3%A9%20cr%C3%A8me.html" in urls
    assert "https://example.com/docs/guide/R&D%20notes.html" in urls
    assert (site / "sitemap.txt").read_text().splitlines() == urls
    schemas.validate_folder(site)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="os.mkfifo makes FIFOs (not on Windows)")
def test_a_fifo_at_robots_txt_or_a_sitemaps_name_is_told_of_not_waited_on(tmp_path: Path) -> None:
    """A plain `open` of a FIFO waits for a writer, forever: each command would hang."""
    (tmp_path / "index.html").write_text("<p>x</p>")
    os.mkfifo(tmp_path / "robots.txt")

    def command(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "sitemapkit", *args, str(tmp_path)],
            capture_output=True,
            text=True,
            check=False,
            timeout=60,  # a hang fails the test rather than the suite
        )

    built = command("build", "--base-url", "https://example.com/")
    assert built.returncode == 0
    assert "robots.txt cannot be read (not a regular file); left unchanged" in built.stderr
    assert command("validate").returncode == 0
    (tmp_path / "sitemap.xml").unlink()
    os.mkfifo(tmp_path / "sitemap.xml")
    refused = command("build", "--base-url", "https://example.com/")
    assert refused.returncode == 1
    assert refused.stderr == (
        "sitemapkit: error: 'sitemap.xml' in the output folder is no file (a FIFO, a socket or a "
        "device), so the sitemap cannot be written there; remove it or set --sitemap-name to "
        "another name\n"
    )


def test_one_page_is_one_page(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "index.html").write_text("<p>", encoding="utf-8")
    assert main(["build", str(tmp_path), "--base-url", "https://example.com/"]) == 0
    assert capsys.readouterr().out.startswith("sitemapkit: listed 1 page; wrote sitemap.xml, ")


def test_a_folder_with_a_sitemap_of_its_own_is_a_warning_unless_left_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], schemas: SchemaSet
) -> None:
    """A versioned site: each version's build wrote its own sitemap into its folder. A sitemap
    of the whole tree lists those pages again, maybe dated otherwise: told, with the fix. A
    stylesheet at a sitemap's name is no sitemap, and a folder of redirect stubs (Hugo's
    `en/` beside its language at the top) lists no page here."""
    page = "<!doctype html><title>{}</title>" + "<p>text</p>" * 500  # no redirect stub
    stub = '<!doctype html><meta http-equiv="refresh" content="0; url=https://example.com/">'
    tree = {
        "index.html": page.format("home"),
        "assets/sitemap.xml": '<?xml version="1.0"?>\n<xsl:stylesheet version="1.0"/>\n',
        "assets/logo.html": page.format("logo"),
        "en/index.html": stub,
        "en/sitemap.xml": '<?xml version="1.0"?>\n<urlset xmlns="http://www.sitemaps.org/'
        'schemas/sitemap/0.9"><url><loc>https://example.com/</loc></url></urlset>\n',
    }
    for version in ("v1", "v2"):
        tree |= {
            f"{version}/index.html": page.format(version),
            f"{version}/a.html": page.format("a"),
        }
    tree |= {"v3/index.html": page.format("v3"), "v3/sitemap.xml.gz": "not gzip"}  # garbled
    write_tree(tmp_path, tree)
    os.mkfifo(tmp_path / "v3" / "sitemap.xml")  # never opened: a FIFO would never end
    for version in ("v1", "v2"):
        base = f"https://example.com/{version}/"
        assert main(["build", str(tmp_path / version), "--base-url", base]) == 0
    capsys.readouterr()
    whole = ["build", str(tmp_path), "--base-url", "https://example.com/"]
    assert main(whole) == 0
    said = capsys.readouterr().err
    assert (
        "warning: v1/ (and 1 more folder) has a sitemap of its own (v1/sitemap-index.xml), "
        "listing the pages of its folder, which this sitemap lists too"
    ) in said
    assert "(--exclude '/v1/')" in said and said.count("[nested-sitemap]") == 1
    assert "https://example.com/v1/a.html" in locs(tmp_path / "sitemap.xml")
    assert main([*whole, "--exclude", "/v1/", "--exclude", "/v2/", "--exclude", "/v3/"]) == 0
    assert "nested-sitemap" not in capsys.readouterr().err
    listed = locs(tmp_path / "sitemap.xml")
    assert listed == ["https://example.com/", "https://example.com/assets/logo.html"]
    for folder in (tmp_path, tmp_path / "v1", tmp_path / "en"):
        schemas.validate_folder(folder)


def test_flags_lists_and_mappings(site: Path) -> None:
    done = run(
        "build",
        str(site),
        "--base-url=https://example.com/",
        "--exclude",
        "blog/",
        "--exclude",
        "about/",
        "--priority-overrides",
        "docs/**=0.75",
        "--changefreq-rules",
        "docs/guide/=weekly",
        "--no-priority",
        "--no-txt",
        "--lastmod-format",
        "date",
    )
    assert done.returncode == 0, done.stderr
    rows = {row["loc"]: row for row in parse_urlset(site / "sitemap.xml")}
    assert not any("/blog/" in loc or "/about/" in loc for loc in rows)
    assert rows["https://example.com/docs/install.html"]["priority"] == "0.75"
    assert "priority" not in rows["https://example.com/"]
    assert rows["https://example.com/docs/guide/"]["changefreq"] == "weekly"
    assert len(rows["https://example.com/"]["lastmod"]) == 10
    assert not (site / "sitemap.txt").exists()


def test_config_files_and_precedence(site: Path, tmp_path: Path) -> None:
    project = tmp_path / "project"
    project.mkdir()
    (project / "pyproject.toml").write_text(
        '[tool.sitemapkit]\nbase_url = "https://from-pyproject.example/"\ngzip = true\n'
    )
    assert run("build", str(site), cwd=project).returncode == 0
    assert locs(site / "sitemap.xml")[0] == "https://from-pyproject.example/"
    assert (site / "sitemap.xml.gz").exists()
    config = tmp_path / "sitemap.toml"
    config.write_text('base-url = "https://from-file.example/"\nmax_urls = 5\n')
    assert run("build", str(site), "--config", str(config), cwd=project).returncode == 0
    assert locs(site / "sitemap-1.xml")[0] == "https://from-file.example/"
    done = run(
        "build",
        str(site),
        "--config",
        str(config),
        "--base-url",
        "https://flag.example/",
        cwd=project,
    )
    assert done.returncode == 0
    assert locs(site / "sitemap-1.xml")[0] == "https://flag.example/"


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        ((), 1, "no base URL: pass --base-url https://example.com/"),
        (("--base-url", "example.com"), 1, "--base-url: 'example.com' is not valid"),
        (("--base-url", "https://x.org", "--max-urls", "60000"), 1, "may only be lowered"),
        (
            ("--base-url", "https://x.org", "--priority-overrides", "0.8"),
            1,
            "--priority-overrides: '0.8' is not valid; expected PATTERN=VALUE",
        ),
        (("--base-url", "https://x.org", "--no-such-flag"), 2, "unrecognized arguments"),
    ],
)
def test_bad_input_exits_with_a_clear_message_and_no_traceback(
    site: Path, args: tuple[str, ...], code: int, message: str
) -> None:
    done = run("build", str(site), *args)
    assert done.returncode == code
    assert message in done.stderr
    assert "error: ---" not in done.stderr  # a flag is spelled once, with its two dashes
    assert "Traceback" not in done.stderr
    assert not (site / "sitemap.xml").exists()


def test_a_bad_config_file_value_names_the_file(site: Path, tmp_path: Path) -> None:
    config = tmp_path / "bad.toml"
    config.write_text('base_url = "https://x.org/"\nchangefreq = "sometimes"\n')
    done = run("build", str(site), "--config", str(config))
    assert done.returncode == 1
    assert 'bad.toml: changefreq: "sometimes" is not valid' in done.stderr  # as TOML spells it
    config.write_text('base_url = "https://x.org/"\nmax_urls = true\nlastmod = 2024-01-01\n')
    done = run("build", str(site), "--config", str(config))
    assert "bad.toml: max_urls: true is not valid" in done.stderr  # not Python's `True`
    config.write_text('base_url = "https://x.org/"\nlastmod = 2024-01-01\n')
    done = run("build", str(site), "--config", str(config))
    assert "bad.toml: lastmod: 2024-01-01 is not valid" in done.stderr  # not datetime.date(...)


def test_a_notice_names_an_option_where_the_user_set_it(site: Path, tmp_path: Path) -> None:
    config = tmp_path / "site.toml"
    config.write_text('base_url = "https://x.org/"\nexclude = ["blgo/"]\n')
    done = run("build", str(site), "--config", str(config))
    assert done.returncode == 0, done.stderr
    assert f"info: {config}: exclude: the pattern 'blgo/' matches no page" in done.stderr
    done = run("build", str(site), "--base-url", "https://x.org/", "--exclude", "blgo/")
    assert "info: --exclude: the pattern 'blgo/' matches no page" in done.stderr


@pytest.mark.parametrize(
    ("canonical", "base_url", "told"),
    [
        ("https://example.com/sub/", "https://example.com/", "https://example.com/sub/"),
        ("/sub/index.html", "https://example.com/", "https://example.com/sub/index.html"),
        ("https://www.example.com/", "https://example.com/", "https://www.example.com/"),
        ("https://example.com/sub/", "https://example.com/sub/", None),
        ("index.html", "https://example.com/sub/", None),
        ("https://EXAMPLE.com:443/sub/", "https://example.com/sub/", None),
        ("https://example.com/sub", "https://example.com/sub/", None),  # trailingSlash: never
        ("https://example.com/sub/index", "https://example.com/sub/", None),  # link suffix ''
        ("https://example.com/sub/?utm_source=x#top", "https://example.com/sub/", None),
        ("https://example.com/en/", "https://example.com/", None),  # a language root: en/ is here
        ("https://example.com/en/", "https://example.com/en/", None),  # the base, named as a folder
        ("https://example.com/home.html", "https://example.com/", None),  # a page of its own
        ("https://example.com/", "http://localhost:8000/", None),  # a preview of the site
    ],
)
def test_a_home_page_whose_canonical_link_names_another_address_is_a_warning(
    tmp_path: Path, canonical: str, base_url: str, told: str | None
) -> None:
    """Eleventy's `pathPrefix` or Hugo's baseURL subpath left out of --base-url: the home
    page's canonical link says where the site is served from."""
    home = f'<html><head><link rel="canonical" href="{canonical}">'
    english = '<html><head><link rel="canonical" href="https://example.com/en/">'
    site = write_tree(
        tmp_path / "site", {"index.html": home, "a.html": "<p>", "en/index.html": english}
    )
    done = run("build", str(site), "--base-url", base_url, "--no-robots")
    assert done.returncode == 0, done.stderr
    said = [line for line in done.stderr.splitlines() if "[canonical-base]" in line]
    if told is None:
        assert said == []
    else:
        assert said == [
            f"sitemapkit: warning: the home page's canonical link names {told}, not the base "
            f"URL {base_url}, so search engines index the pages at other addresses than the "
            "sitemap lists; set the base URL to the address the site is served from (such as "
            f"{told.removesuffix('index.html')}), or correct the generator's link "
            "[canonical-base]"
        ]


@pytest.mark.parametrize(
    ("base_url", "told"),
    [
        ("https://example.com/blog/", "https://www.example.com/blog/"),  # blog/ is a section
        ("https://example.com/", "https://www.example.com/blog/"),
        ("https://www.example.com/blog/", None),
    ],
)
def test_a_folder_named_as_the_sites_address_is_no_language_root(
    tmp_path: Path, base_url: str, told: str | None
) -> None:
    """A section whose name is the base's last folder (`blog/blog/`) is not the site's
    address followed by a language's folder: its page links another address."""

    def page(link: str) -> str:
        return f'<html><head><link rel="canonical" href="{link}"><title>T</title>'

    site = write_tree(
        tmp_path / "site",
        {
            "index.html": page("https://www.example.com/blog/"),
            "blog/index.html": page("https://www.example.com/blog/blog/"),
            "a/index.html": page("https://www.example.com/blog/a/"),
        },
    )
    done = run("build", str(site), "--base-url", base_url, "--no-robots")
    assert done.returncode == 0, done.stderr
    said = [line for line in done.stderr.splitlines() if "[canonical-base]" in line]
    if told is None:
        assert said == []
    else:
        assert len(said) == 1 and f"(such as {told})" in said[0], said


#: Hugo's page at the top of a site whose languages each have a folder: a redirect stub.
HUGO_LANGUAGE_STUB = (
    '<!DOCTYPE html><html lang="en-us"><head><title>{0}</title><link rel="canonical" '
    'href="{0}"><meta charset="utf-8"><meta http-equiv="refresh" content="0; url={0}"></head>'
    "</html>"
)


@pytest.mark.parametrize(
    ("link", "base_url", "folder"),
    [
        ("https://example.org/docs/en/", "https://example.org/", "https://example.org/docs/"),
        (
            "https://example.org/docs/en/",
            "https://www.example.org/docs/",
            "https://example.org/docs/",
        ),
        ("https://example.org/docs/en/", "https://example.org/docs/", None),
        ("https://example.org/en/", "https://example.org/", None),
        ("https://example.org/en/", "https://example.org/en/", "https://example.org/"),  # a loop
        ("https://example.org/docs/fr/", "https://example.org/", None),  # no fr/: a redirect away
        ("https://other.example/", "https://example.org/", None),
    ],
)
def test_a_home_page_redirecting_to_a_language_folder_names_the_sites_address(
    tmp_path: Path, link: str, base_url: str, folder: str | None
) -> None:
    """Hugo's multilingual site (defaultContentLanguageInSubdir) has a redirect stub at the top,
    whose link names the site's address followed by the language's folder: a base URL without
    the site's subpath is told as for any other home page, with the address without `en/`."""
    site = write_tree(
        tmp_path / "site",
        {
            "index.html": HUGO_LANGUAGE_STUB.format(link),
            "en/index.html": f'<html><head><link rel="canonical" href="{link}">',
            "en/a/index.html": "<p>A",
        },
    )
    done = run("build", str(site), "--base-url", base_url, "--no-robots")
    assert done.returncode == 0, done.stderr
    said = [line for line in done.stderr.splitlines() if "[canonical-base]" in line]
    says = f"the home page's canonical link names {link}, not the base URL {base_url}"
    if link == base_url:  # a stub that would send visitors to itself
        says = (
            f"the home page redirects to the base URL {base_url} itself, a folder of the site "
            "whose page links it as its own (a language's)"
        )
    if folder is None:
        assert said == []
    else:
        assert said == [
            f"sitemapkit: warning: {says}, so search engines index the pages at other "
            "addresses than the "
            f"sitemap lists; set the base URL to the address the site is served from (such as "
            f"{folder}), or correct the generator's link [canonical-base]"
        ]
    assert base_url + "en/a/" in locs(site / "sitemap.xml")
    assert base_url not in locs(site / "sitemap.xml")  # the stub itself


def hugo_sitemap(*locations: str, index: bool = False) -> str:
    """A sitemap as Hugo writes it: an index of the languages' sitemaps, or one of them."""
    kind, item = ("sitemapindex", "sitemap") if index else ("urlset", "url")
    items = "".join(f"<{item}><loc>{loc}</loc></{item}>" for loc in locations)
    return (
        '<?xml version="1.0" encoding="utf-8" standalone="yes"?>'
        f'<{kind} xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{items}</{kind}>'
    )


def test_hugos_own_sitemaps_replaced_and_nested_are_told_with_its_switch(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], schemas: SchemaSet
) -> None:
    """Hugo writes a sitemap index at the top and one sitemap per language: the warnings about
    them name its setting that stops them, as its pages' generator tag names Hugo (the top's
    page is a redirect stub without one)."""
    base = "https://example.org/"
    page = '<html><head><meta name="generator" content="Hugo 0.152.2"><title>{}</title>'
    site = write_tree(
        tmp_path / "public",
        {
            "index.html": HUGO_LANGUAGE_STUB.format(base + "en/"),
            "sitemap.xml": hugo_sitemap(
                base + "en/sitemap.xml", base + "fr/sitemap.xml", index=True
            ),
            "en/index.html": page.format("Home"),
            "en/a/index.html": page.format("A"),
            "en/sitemap.xml": hugo_sitemap(base + "en/", base + "en/a/"),
            "fr/index.html": page.format("Accueil"),
            "fr/sitemap.xml": hugo_sitemap(base + "fr/"),
        },
    )
    assert main(["build", str(site), "--base-url", base, "--no-robots"]) == 0
    said = capsys.readouterr().err
    switch = (
        "; Hugo built this site (its pages say so) and writes sitemaps too: set "
        'disableKinds = ["sitemap"] in its configuration (hugo.toml)'
    )
    replaced = [line for line in said.splitlines() if "[replaced-file]" in line]
    nested = [line for line in said.splitlines() if "[nested-sitemap]" in line]
    assert len(replaced) == 1 and replaced[0].endswith(switch + " [replaced-file]"), said
    assert "still in the output and listed by no index now" in replaced[0]
    assert len(nested) == 1 and nested[0].endswith(switch + " [nested-sitemap]"), said
    schemas.validate_folder(site)

    (site / "sitemap.txt").write_text(base + "en/\n", "utf-8")  # another tool's text file
    assert main(["build", str(site), "--base-url", base, "--no-robots"]) == 0
    replaced = [line for line in capsys.readouterr().err.splitlines() if "[replaced-file]" in line]
    assert len(replaced) == 1 and replaced[0].startswith(
        "sitemapkit: warning: replaced sitemap.txt"
    )
    assert "built this site" not in replaced[0]  # Hugo writes no sitemap.txt: no switch helps
    (site / "en" / "a" / "index.html").write_text("<html><head><title>A</title>", "utf-8")
    for name in ("en/index.html", "fr/index.html"):
        (site / name).write_text("<html><head><title>Home</title>", "utf-8")
    assert main(["build", str(site), "--base-url", base, "--no-robots"]) == 0
    assert "built this site" not in capsys.readouterr().err  # no generator named: no switch


def test_a_home_page_that_is_a_fifo_is_not_read(tmp_path: Path) -> None:
    site = write_tree(tmp_path / "site", {"a.html": "<p>"})
    os.mkfifo(site / "index.html")
    done = subprocess.run(
        [sys.executable, "-m", "sitemapkit", "build", str(site), "--base-url", "https://x.org/"],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert locs(site / "sitemap.xml") == ["https://x.org/a.html"]


def test_a_not_found_page_listed_after_exclude_replaced_the_default_is_told(
    site: Path, schemas: SchemaSet
) -> None:
    """`--exclude` replaces the default patterns (`404.html`, `404/`), as the help says: the
    404 page a build then lists is told, with what to add; keeping a 404 pattern says none."""
    done = run("build", str(site), "--base-url", "https://x.org/", "--exclude", "blgo/")
    assert done.returncode == 0, done.stderr
    assert "https://x.org/404.html" in locs(site / "sitemap.xml")
    schemas.validate_folder(site)
    assert (
        "info: page '404.html' is listed, though it looks like the site's not-found page: the "
        "--exclude patterns set ('blgo/') replace the default ones, and none of them leaves it "
        "out; add '/404.html' and '/404/' to --exclude unless it is a page of its own "
        "[not-found-listed]"
    ) in done.stderr
    kept = run(
        "build",
        str(site),
        "--base-url",
        "https://x.org/",
        "--exclude",
        "blgo/",
        "--exclude",
        "/404.html",
    )
    assert kept.returncode == 0, kept.stderr
    assert "https://x.org/404.html" not in locs(site / "sitemap.xml")
    assert "not-found" not in kept.stderr
    default = run("build", str(site), "--base-url", "https://x.org/")
    assert "not-found" not in default.stderr


def test_a_not_found_page_in_the_form_no_pattern_names_is_told(tmp_path: Path) -> None:
    """`--exclude 404.html` names one form of a not-found page: the other one (a generator's
    `404/index.html`) listed is told, unless a pattern names it too, or brings it back."""
    site = write_tree(
        tmp_path / "site",
        {"index.html": "<p>home</p>", "404/index.html": "<p>not found</p>"},
    )
    base = ["build", str(site), "--base-url", "https://x.org/", "--exclude", "404.html"]
    done = run(*base)
    assert done.returncode == 0, done.stderr
    assert "https://x.org/404/" in locs(site / "sitemap.xml")
    assert (
        "info: page '404/index.html' is listed, though it looks like the site's not-found page: "
        "the --exclude patterns set ('404.html') replace the default ones, and none of them "
        "leaves it out; add '/404/' to --exclude unless it is a page of its own "
        "[not-found-listed]"
    ) in done.stderr
    for more in ("404/", "!/404/"):
        kept = run(*base, "--exclude", more)
        assert kept.returncode == 0, kept.stderr
        assert ("https://x.org/404/" in locs(site / "sitemap.xml")) == more.startswith("!")
        assert "not-found" not in kept.stderr
    broad = run(*base, "--exclude", "!**/index.html")  # brings back every folder's page
    assert "add '/404/' to --exclude" in broad.stderr
    write_tree(site, {"_not-found.html": "<p>not found</p>"})  # Next.js' second one
    nextjs = run(*base)
    assert "https://x.org/_not-found.html" in locs(site / "sitemap.xml")
    assert "info: page '404/index.html' (and 1 more) is listed" in nextjs.stderr
    assert "add '/404/' and '/_not-found.html' and '/_not-found/' to" in nextjs.stderr
    brought_back = run(*base, "--exclude", "/404/", "--exclude", "!/_not-found.html")
    assert "https://x.org/_not-found.html" in locs(site / "sitemap.xml")
    assert "not-found-listed" not in brought_back.stderr


def test_frameworks_pages_that_are_no_page_are_left_out_by_default(tmp_path: Path) -> None:
    """Next.js' static export writes its not-found page twice (`404.html`, `_not-found.html`),
    Nuxt and SvelteKit an app's fallback shell (`200.html`) at the top; a page of that name
    below the top is a page. A list of one's own replaces the defaults, as the help says."""
    site = write_tree(
        tmp_path / "site",
        {
            "index.html": "<p>home</p>",
            "404.html": "<p>not found</p>",
            "_not-found.html": "<p>not found</p>",
            "_not-found/index.html": "<p>not found</p>",  # with trailingSlash
            "200.html": '<div id="__nuxt"></div>',
            "codes/200.html": "<p>HTTP 200</p>",
            "_gatsby/slices/_gatsby-scripts-1.html": "<script></script>",
        },
    )
    done = run("build", str(site), "--base-url", "https://x.org/")
    assert done.returncode == 0, done.stderr
    assert locs(site / "sitemap.xml") == ["https://x.org/", "https://x.org/codes/200.html"]
    assert "unmatched-pattern" not in done.stderr
    assert "200.html is not listed: the default patterns leave out" in done.stderr
    write_tree(site, {"_nuxt/entry.js": "/* the app */"})  # Nuxt's: its shell, no news
    nuxt = run("build", str(site), "--base-url", "https://x.org/")
    assert "200.html" not in nuxt.stderr
    own = run("build", str(site), "--base-url", "https://x.org/", "--exclude", "codes/")
    assert "https://x.org/200.html" in locs(site / "sitemap.xml")
    assert "--exclude" in own.stderr  # the 404 page listed, told
    helped = run("build", "--help")
    assert "'/_not-found.html','/_not-found/','/200.html')" in "".join(helped.stdout.split())


def test_a_not_found_page_listed_after_an_empty_exclude_list_is_told(
    site: Path, tmp_path: Path
) -> None:
    config = tmp_path / "site.toml"
    config.write_text('base_url = "https://x.org/"\nexclude = []\n')
    done = run("build", str(site), "--config", str(config))
    assert done.returncode == 0, done.stderr
    assert "https://x.org/404.html" in locs(site / "sitemap.xml")
    assert (
        "page '404.html' is listed, though it looks like the site's not-found page: exclude is "
        "set to an empty list, which replaces the default patterns; add '/404.html' and "
        "'/404/' to exclude unless it is a page of its own [not-found-listed]"
    ) in done.stderr


def test_config_files_people_really_write_are_read_or_named(site: Path, tmp_path: Path) -> None:
    table = tmp_path / "sitemapkit.toml"  # the README's pyproject.toml sample, saved on its own
    table.write_text('[tool.sitemapkit]\nbase_url = "https://from-table.example/"\n')
    done = run("build", str(site), "--config", str(table))
    assert done.returncode == 0, done.stderr
    assert locs(site / "sitemap.xml")[0] == "https://from-table.example/"
    copy = tmp_path / "pyproject-copy.toml"  # a project file under another name: the table only
    copy.write_text(
        '[project]\nname = "x"\n\n[tool.sitemapkit]\nbase_url = "https://copy.example/"\n'
    )
    done = run("build", str(site), "--config", str(copy))
    assert done.returncode == 0, done.stderr
    assert locs(site / "sitemap.xml")[0] == "https://copy.example/"
    mixed = tmp_path / "mixed.toml"  # options at the top and a table: the top would be ignored
    mixed.write_text("gzip = true\nmax-urls = 100\n\n[tool.sitemapkit]\nrobots = false\n")
    done = run("build", str(site), "--config", str(mixed), "--base-url", "https://x.org/")
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stderr == (
        f"sitemapkit: error: {mixed}: has options at the top level (gzip, max-urls) and a "
        "[tool.sitemapkit] table, which is the one read; move them into the table\n"
    )

    utf16 = tmp_path / "utf16.toml"  # what PowerShell's `echo ... > file` writes
    utf16.write_text('base_url = "https://x.org/"\n', encoding="utf-16")
    project = tmp_path / "project"
    project.mkdir()
    (project / "pyproject.toml").write_text(
        '[tool.sitemapkit]\nbase_url = "https://x.org/"\n', encoding="utf-16"
    )
    tries: list[tuple[tuple[str, ...], Path | None]] = [
        (("--config", str(utf16)), None),
        (("--base-url", "https://x.org/"), project),  # the project's own options, unreadable
    ]
    for args, cwd in tries:
        done = run("build", str(site), *args, cwd=cwd)
        assert done.returncode == 1
        assert "Traceback" not in done.stderr
        assert "is not UTF-8 text, which TOML requires; save it as UTF-8" in done.stderr
    shutil.copy(utf16, project / "pyproject.toml")  # another tool's broken file: not ours
    assert run("build", str(site), "--base-url", "https://x.org/", cwd=project).returncode == 0
    twice = tmp_path / "twice.toml"  # the flag's spelling and the option's: which is meant?
    twice.write_text('base-url = "https://a.org/"\nbase_url = "https://b.org/"\n')
    done = run("build", str(site), "--config", str(twice))
    assert (done.returncode, done.stderr) == (
        1,
        f"sitemapkit: error: {twice}: base_url is set twice, as 'base_url' and 'base-url'; "
        "keep one of them\n",
    )


def test_a_console_that_cannot_show_a_character_gets_an_escape(tmp_path: Path) -> None:
    site = tmp_path / "site"
    site.mkdir()
    (site / "kyōto.html").write_text("<p>Kyōto</p>", encoding="utf-8")
    foreign = tmp_path / "sitemap.xml"  # another tool's: a raw non-ASCII loc, an error to report
    foreign.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/'
        'sitemap/0.9">\n<url><loc>https://example.com/kyōto.html</loc></url>\n</urlset>\n',
        encoding="utf-8",
    )
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}

    def ascii_run(*args: str) -> subprocess.CompletedProcess[str]:
        command = [sys.executable, "-m", "sitemapkit", *args]
        return subprocess.run(command, capture_output=True, text=True, env=env, check=False)

    built = ascii_run(
        "build", str(site), "--base-url", "https://example.com/", "--txt-name", "ü.txt"
    )
    assert built.returncode == 0, built.stderr
    assert "\\xfc.txt" in built.stdout
    text = ascii_run("validate", str(foreign))
    assert text.returncode == 1
    assert "raw character '\\u014d'" in text.stdout
    report = ascii_run("validate", str(foreign), "--format", "json")
    assert report.returncode == 1
    assert "raw character 'ō'" in json.loads(report.stdout)["problems"][0]["message"]
    for done in (built, text, report):
        assert "Traceback" not in done.stderr


@pytest.mark.parametrize(
    ("text", "says"),
    [
        (
            "[tool.sitemapkt]\ngzip = true\n",
            "has no [tool.sitemapkit] table (it has [tool.sitemapkt]); write the options at the "
            "top level of the file or under [tool.sitemapkit]",
        ),
        (
            "[sitemapkit]\ngzip = true\n",
            "a [sitemapkit] table is not read; write the options at the top level of the file, "
            "or under [tool.sitemapkit]",
        ),
        (
            'gzip = true\n[sitemapkit]\nbase_url = "https://x.org/"\n',
            "a [sitemapkit] table is not read; write the options at the top level of the file, "
            "or under [tool.sitemapkit]",
        ),
    ],
    ids=["typo", "table", "mixed"],
)
def test_a_config_file_without_sitemapkits_table_is_named(
    site: Path, tmp_path: Path, text: str, says: str
) -> None:
    config = tmp_path / "options.toml"
    config.write_text(text)
    done = run("build", str(site), "--base-url", "https://x.org/", "--config", str(config))
    assert done.returncode == 1
    assert done.stderr == f"sitemapkit: error: {config}: {says}\n"
    assert not (site / "sitemap.xml").exists()


def test_a_sitemapkit_table_in_pyproject_is_named(site: Path, tmp_path: Path) -> None:
    project = tmp_path / "project"
    project.mkdir()
    (project / "pyproject.toml").write_text('[sitemapkit]\nbase_url = "https://x.org/"\n')
    done = run("build", str(site), cwd=project)
    assert done.returncode == 1
    assert done.stderr == (
        f"sitemapkit: error: {project / 'pyproject.toml'}: a [sitemapkit] table is not read; "
        "write the options under [tool.sitemapkit]\n"
    )
    assert not (site / "sitemap.xml").exists()


def test_a_robots_txt_the_system_will_not_write_is_a_warning_after_the_sitemaps(
    site: Path,
) -> None:
    robots = site / "robots.txt"
    robots.write_text("User-agent: *\n" + "# a long comment\n" * 600)
    before = robots.read_bytes()
    assert len(before) > 6000
    done = run_limited("RLIMIT_FSIZE", 6000, "build", str(site), "--base-url", "https://x.org/")
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert done.stderr.startswith(
        "sitemapkit: warning: the sitemaps were written, but robots.txt was not updated: "
        f"{robots}: File too large; "
    )
    assert done.stderr.endswith(
        "crawlers need this line in it: Sitemap: https://x.org/sitemap-index.xml [robots]\n"
    )
    assert robots.read_bytes() == before
    assert locs(site / "sitemap.xml")[0] == "https://x.org/"
    assert [p.name for p in site.iterdir() if p.name.endswith(".tmp")] == []


@pytest.mark.parametrize(
    ("signal_name", "code", "said"),
    [("SIGTERM", 143, "stopped (SIGTERM)"), ("SIGINT", 130, "interrupted")],
)
def test_sigterm_stops_a_build_cleanly_as_ctrl_c_does(
    site: Path, signal_name: str, code: int, said: str
) -> None:
    """A cancelled CI job (or `timeout`, `docker stop`) sends SIGTERM, a user Ctrl-C: the
    temporary files go and the old sitemaps stay, instead of dot files piling up to be
    published."""
    assert run("build", str(site), "--base-url", "https://example.com/", "--gzip").returncode == 0
    before = {p.name: p.read_bytes() for p in site.iterdir() if p.is_file()}
    stop_after_three_entries = (
        "import os, signal, sys\n"
        "from sitemapkit import build\n"
        "real = build.stream_entries\n"
        "def stopping(pages, maker):\n"
        "    for number, entry in enumerate(real(pages, maker)):\n"
        "        if number == 3:\n"
        f"            os.kill(os.getpid(), signal.{signal_name})\n"
        "        yield entry\n"
        "build.stream_entries = stopping\n"
        "from sitemapkit.cli import main\n"
        "sys.exit(main(sys.argv[1:]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", stop_after_three_entries, "build", str(site), "--base-url",
         "https://x.org/", "--gzip"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == code
    assert done.stderr == f"sitemapkit: {said}; {NOT_HALF_WRITTEN}\n"
    assert {p.name: p.read_bytes() for p in site.iterdir() if p.is_file()} == before


def test_sigterm_stops_validate_without_a_word_of_sitemaps_written(site: Path) -> None:
    """validate writes nothing: the build's "no sitemap file is half-written" would mislead."""
    assert run("build", str(site), "--base-url", "https://example.com/").returncode == 0
    stop_at_once = (
        "import os, signal, sys\n"
        "from sitemapkit import validate_command\n"
        "def stopping(*args, **kwargs):\n"
        "    os.kill(os.getpid(), signal.SIGTERM)\n"
        "validate_command.validate_target = stopping\n"
        "from sitemapkit.cli import main\n"
        "sys.exit(main(sys.argv[1:]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", stop_at_once, "validate", str(site)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert (done.returncode, done.stderr) == (
        143,
        "sitemapkit: stopped (SIGTERM); the check did not finish\n",
    )


@pytest.mark.skipif(sys.platform == "win32", reason="folders are locked with flock (POSIX)")
def test_a_second_build_into_the_same_folder_waits_for_the_first(site: Path) -> None:
    """Two builds at once would interleave their files: the second waits, and says so."""
    import fcntl

    held = os.open(site, os.O_RDONLY)  # as a first build holds it
    try:
        fcntl.flock(held, fcntl.LOCK_EX)
        second = subprocess.Popen(
            [sys.executable, "-m", "sitemapkit", "build", str(site), "--base-url", "https://x.org/"],
            stderr=subprocess.PIPE, text=True,
        )  # fmt: skip
        assert second.stderr is not None
        assert second.stderr.readline() == (
            f"sitemapkit: info: {site} is locked (another sitemapkit build writing into it, or "
            "a `flock` around this one); waiting up to 30 seconds [waiting]\n"
        )
        time.sleep(0.3)
        assert second.poll() is None and not (site / "sitemap.xml").exists()
    finally:
        os.close(held)
    assert second.wait(timeout=60) == 0
    assert locs(site / "sitemap.xml")[0] == "https://x.org/"


@pytest.mark.skipif(sys.platform == "win32", reason="folders are locked with flock (POSIX)")
def test_a_lock_held_longer_than_a_build_takes_is_waited_for_then_passed(
    site: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`flock site/ sitemapkit build site/`: the lock is the build's own wrapper's."""
    import fcntl

    from sitemapkit import folder_lock

    monkeypatch.setattr(folder_lock, "WAIT_SECONDS", 0.3)
    held = os.open(site, os.O_RDONLY)
    try:
        fcntl.flock(held, fcntl.LOCK_EX)
        notices: list[Notice] = []
        options = resolve_options({"base_url": "https://x.org/"})
        build_sitemaps(site, options, report=notices.append)
    finally:
        os.close(held)
    assert [(n.level, n.code) for n in notices[:2]] == [("info", "waiting"), ("warning", "waiting")]
    assert notices[1].message.startswith(f"{site} stayed locked for ")
    assert locs(site / "sitemap.xml")[0] == "https://x.org/"


NOT_HALF_WRITTEN = (
    "no sitemap file is half-written: the previous set is in place, or the new one when the "
    "signal came as it was being put in place (the next build then brings robots.txt's line "
    "up to date)"
)


@pytest.mark.parametrize(("signal_name", "code"), [("SIGTERM", 143), ("SIGINT", 130)])
def test_a_signal_while_the_files_are_put_in_place_waits_for_the_whole_set(
    site: Path, signal_name: str, code: int
) -> None:
    """Renamed one by one, an interrupted set would mix old parts and new: never."""
    assert (
        run("build", str(site), "--base-url", "https://example.com/", "--max-urls", "1").returncode
        == 0
    )
    stop_at_the_second_rename = (
        "import os, signal, sys\n"
        "from sitemapkit import writer\n"
        "real, renamed = os.replace, []\n"
        "def replacing(source, target):\n"
        "    real(source, target)\n"
        "    renamed.append(target)\n"
        "    if len(renamed) == 2:\n"
        f"        os.kill(os.getpid(), signal.{signal_name})\n"
        "writer.os.replace = replacing\n"
        "from sitemapkit.cli import main\n"
        "sys.exit(main(sys.argv[1:]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", stop_at_the_second_rename, "build", str(site), "--base-url",
         "https://x.org/", "--max-urls", "1"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == code
    assert done.stderr.endswith(NOT_HALF_WRITTEN + "\n")
    listed = [loc for path in sorted(site.glob("sitemap*.xml")) for loc in locs(path)]
    assert len(listed) > 3 and all(loc.startswith("https://x.org/") for loc in listed)
    assert [p.name for p in site.iterdir() if p.name.endswith(".tmp")] == []


def _limited(resource_name: str, limit: int) -> Callable[[], None]:
    """Runs in the child before it starts: a limit that even root cannot write past."""

    def apply() -> None:
        import resource

        number = getattr(resource, resource_name)
        resource.setrlimit(number, (limit, limit))

    return apply


def run_limited(resource_name: str, limit: int, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sitemapkit", *args],
        capture_output=True,
        text=True,
        check=False,
        preexec_fn=_limited(resource_name, limit),
    )


def test_a_write_the_system_refuses_is_a_message_and_the_old_files_stay(site: Path) -> None:
    assert run("build", str(site), "--base-url", "https://example.com/").returncode == 0
    before = {p.name: p.read_bytes() for p in site.iterdir() if p.is_file()}
    done = run_limited("RLIMIT_FSIZE", 600, "build", str(site), "--base-url", "https://x.org/")
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert done.stderr == (
        f"sitemapkit: error: {site}: File too large; the file is larger than this process may "
        "write; raise the limit (ulimit -f)\n"
    )
    assert {p.name: p.read_bytes() for p in site.iterdir() if p.is_file()} == before


def test_a_scan_the_system_refuses_is_a_message_and_writes_nothing(tmp_path: Path) -> None:
    deep = tmp_path / "deep"
    folder = deep.joinpath(*(f"level-{n}" for n in range(40)))
    folder.mkdir(parents=True)
    (folder / "page.html").write_text("<p>deep</p>")
    done = run_limited("RLIMIT_NOFILE", 30, "build", str(deep), "--base-url", "https://x.org/")
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert done.stderr.startswith("sitemapkit: error: ")
    assert "raise the limit (ulimit -n)" in done.stderr
    assert [p.name for p in deep.iterdir()] == ["level-0"]


def test_usage_errors_exit_2(tmp_path: Path) -> None:
    assert run("build").returncode == 2
    early = run("--gzip", "build", str(tmp_path), "--base-url", "https://x.org/")
    assert early.returncode == 2
    assert early.stderr.endswith(
        "sitemapkit: error: --gzip comes before the command; write the command first: "
        "sitemapkit build ... --gzip\n"
    )
    for command, meant in (("build", " (did you mean --gzip?)"), ("validate", "")):
        done = run(command, str(tmp_path), "--gzp")  # the command's usage, with its own flags
        assert done.returncode == 2
        assert done.stderr.startswith(f"usage: sitemapkit {command} [-h]")
        assert done.stderr.endswith(
            f"sitemapkit {command}: error: unrecognized arguments: --gzp{meant}\n"
        )
    assert run().returncode == 2
    missing = run("build", str(tmp_path / "nope"), "--base-url", "https://x.org/")
    assert missing.returncode == 1 and "is not a folder" in missing.stderr


@pytest.mark.parametrize(
    ("conf", "generator", "output"),
    [
        (
            '# -*- coding: utf-8 -*-\nBLOG_AUTHOR = "Ada"\nBLOG_TITLE = "Notes"\n',
            "Nikola",
            "output",
        ),
        ("project = 'Docs'\nextensions = []\n", "Sphinx", "_build/html"),  # listings/ too
    ],
)
def test_a_nikola_project_is_told_from_a_sphinx_one_by_its_conf_py(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], conf: str, generator: str, output: str
) -> None:
    files = {"conf.py": conf, "listings/example.py": "print()", "index.rst": "Home\n"}
    project = write_tree(tmp_path / "project", files)
    assert main(["build", str(project), "--base-url", "https://x.org/"]) == 1
    err = capsys.readouterr().err
    assert f"so it is a {generator} project" in err
    assert f"{str(project / output)!r} by default" in err
    assert not (project / "sitemap.xml").exists()


def test_sphinx_build_folder_with_the_doctrees_inside_html_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`sphinx-build -b html . _build/html` keeps its doctrees in `html/.doctrees`."""
    files = ["html/.buildinfo", "html/.doctrees/environment.pickle", "html/index.html"]
    build_folder = write_tree(tmp_path / "_build", dict.fromkeys(files, "<p>"))
    assert main(["build", str(build_folder), "--base-url", "https://x.org/"]) == 1
    assert capsys.readouterr().err == (
        f"sitemapkit: error: SITE_DIR: {str(build_folder)!r} holds html/.buildinfo, so it is a "
        "Sphinx build folder, not the site it builds; give the HTML builder's folder in it, "
        f"{str(build_folder / 'html')!r}\n"
    )
    assert not (build_folder / "sitemap.xml").exists()
    (build_folder / "index.htm").write_text("<p>a site with its docs in html/", encoding="utf-8")
    assert main(["build", str(build_folder), "--base-url", "https://x.org/"]) == 0
    website = write_tree(tmp_path / "web", dict.fromkeys([*files, "en/index.html"], "<p>"))
    assert main(["build", str(website), "--base-url", "https://x.org/"]) == 0  # docs in html/
    # `-d _build/doctrees`: the environment beside the builders' folders, whatever the name.
    files = ["doctrees/environment.pickle", "dirhtml/.buildinfo", "dirhtml/index.html"]
    outputs = write_tree(tmp_path / "out", dict.fromkeys(files, "<p>"))
    assert main(["build", str(outputs), "--base-url", "https://x.org/"]) == 1
    assert capsys.readouterr().err.endswith(
        "holds doctrees/environment.pickle, so it is a Sphinx build folder, not the site it "
        f"builds; give the HTML builder's folder in it, {str(outputs / 'dirhtml')!r}\n"
    )  # the builder's folder that is there
    (outputs / "dirhtml").rename(outputs / "latex")  # no HTML built yet
    assert main(["build", str(outputs), "--base-url", "https://x.org/"]) == 1
    assert capsys.readouterr().err.endswith(
        "so it is a Sphinx build folder, not the site it builds; give the folder an html or "
        "dirhtml build writes, once one has run\n"
    )


def test_vitepress_own_folder_is_refused_for_the_dist_folder_in_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = write_tree(
        tmp_path / "docs" / ".vitepress", {"config.mts": "export default {}", "dist/a.html": "<p>"}
    )
    assert main(["build", str(folder), "--base-url", "https://x.org/"]) == 1
    assert capsys.readouterr().err == (
        f"sitemapkit: error: SITE_DIR: {str(folder)!r} holds config.mts, so it is a VitePress "
        "project, not the site it builds; give the folder it builds the site into, "
        f"{str(folder / 'dist')!r} by default\n"
    )
    assert not (folder / "sitemap.xml").exists()


def test_pages_that_all_start_with_front_matter_are_told_to_be_sources(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Eleventy's `src/`, Hexo's `source/`: templates with front matter, not built pages; a
    built site with one such file among its pages is not told."""
    source = write_tree(
        tmp_path / "src",
        {"contact.html": "---\ntitle: Contact\n---\n<p>", "team/index.html": "---\r\n---\n"},
    )
    assert main(["build", str(source), "--base-url", "https://x.org/", "--no-robots"]) == 0
    said = [line for line in capsys.readouterr().err.splitlines() if "[templates]" in line]
    assert said == [
        "sitemapkit: warning: the pages start with front matter ('---'), as a generator's "
        "templates and sources do (such as 'contact.html'), so this folder looks like the "
        "site's sources, not the site built from them, and the sitemaps written into it may be "
        "published from there; give the folder the generator builds the site into [templates]"
    ]
    (source / "index.html").write_text("<!doctype html><p>built", encoding="utf-8")
    assert main(["build", str(source), "--base-url", "https://x.org/", "--no-robots"]) == 0
    assert "[templates]" not in capsys.readouterr().err


def test_a_folder_holding_template_files_is_told_to_be_sources(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Eleventy's `src/` whose only page is a fragment copied as it is (passthrough): its
    Nunjucks templates say it is the sources; a built site holds none."""
    source = write_tree(
        tmp_path / "src",
        {
            "about.md": "---\ntitle: About\n---\nAbout",
            "index.njk": "---\nlayout: base.njk\n---\n<p>Home",
            "_includes/base.njk": "<html>{{ content | safe }}</html>",
            "static/snippet.html": "<p>static fragment</p>",
        },
    )
    assert main(["build", str(source), "--base-url", "https://x.org/", "--no-robots"]) == 0
    said = [line for line in capsys.readouterr().err.splitlines() if "[templates]" in line]
    assert said == [
        "sitemapkit: warning: the folder holds a template file ('_includes/base.njk'), which a "
        "generator renders into pages and no built site holds, so this folder looks like the "
        "site's sources, not the site built from them, and the sitemaps written into it may be "
        "published from there; give the folder the generator builds the site into [templates]"
    ]
    built = write_tree(
        tmp_path / "_site", {"index.html": "<p>Home", "about/index.html": "<p>About", "a.md": "A"}
    )
    assert main(["build", str(built), "--base-url", "https://x.org/", "--no-robots"]) == 0
    assert "[templates]" not in capsys.readouterr().err
    # A built site that offers a template to download (MkDocs copies docs/examples/ as it is).
    write_tree(built, {"examples/base.njk": "<html>{{ content }}</html>"})
    assert main(["build", str(built), "--base-url", "https://x.org/", "--no-robots"]) == 0
    assert "[templates]" not in capsys.readouterr().err
    # One whose pages name the generator that built it, whatever it copied where.
    generator = '<html><head><meta name="generator" content="mkdocs-1.6.1, mkdocs-material-9.7.7">'
    write_tree(built, {"index.html": generator, "_includes/base.njk": "{{ content }}"})
    assert main(["build", str(built), "--base-url", "https://x.org/", "--no-robots"]) == 0
    assert "[templates]" not in capsys.readouterr().err
    (built / "index.html").write_text("<p>Home", encoding="utf-8")
    assert main(["build", str(built), "--base-url", "https://x.org/", "--no-robots"]) == 0
    assert "'_includes/base.njk'" in capsys.readouterr().err  # a source's place, no generator
    unrendered = '<html><head><meta name="generator" content="{{ eleventy.generator }}">'
    (built / "index.html").write_text(unrendered, encoding="utf-8")  # a template's source
    assert main(["build", str(built), "--base-url", "https://x.org/", "--no-robots"]) == 0
    assert "'_includes/base.njk'" in capsys.readouterr().err


def test_a_folder_of_sources_is_told_to_be_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Hugo's `content/`, MkDocs' `docs/`: no page, and the sources say what the folder is."""
    content = write_tree(tmp_path / "content", {"about/team.md": "# Team", "_index.md": "# Home"})
    assert main(["build", str(content), "--base-url", "https://x.org/"]) == 0
    assert capsys.readouterr().err == (
        "sitemapkit: warning: no pages to list, so no sitemap was written; the folder holds a "
        "generator's sources (such as '_index.md') and no HTML page: give the folder the "
        "generator builds the site into [no-pages]\n"
    )
    assert sorted(p.name for p in content.rglob("*")) == ["_index.md", "about", "team.md"]
    checkout = write_tree(tmp_path / "gh-pages", {"README.md": "# Site", ".nojekyll": ""})
    assert main(["build", str(checkout), "--base-url", "https://x.org/"]) == 0
    assert capsys.readouterr().err == (  # a repository's README is no generator's source
        "sitemapkit: warning: no pages to list, so no sitemap was written [no-pages]\n"
    )


def test_an_empty_site_warns_and_exits_0(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["build", str(tmp_path), "--base-url", "https://x.org/"]) == 0
    out, err = capsys.readouterr()
    assert "no pages to list" in err and out.startswith(
        "sitemapkit: listed 0 pages; wrote nothing "
    )
    assert list(tmp_path.iterdir()) == []
    (tmp_path / "a.html").write_text("<p>", encoding="utf-8")  # a page, then none again
    assert main(["build", str(tmp_path), "--base-url", "https://x.org/"]) == 0
    (tmp_path / "a.html").unlink()
    capsys.readouterr()
    assert main(["build", str(tmp_path), "--base-url", "https://x.org/"]) == 0
    assert capsys.readouterr().out.startswith(
        "sitemapkit: listed 0 pages; wrote nothing, removed sitemap-index.xml, sitemap.txt, "
        "sitemap.xml, robots.txt in "
    )
    assert list(tmp_path.iterdir()) == []


def test_another_tools_sitemap_is_replaced_with_a_warning_naming_the_flag(
    site: Path, capsys: pytest.CaptureFixture[str], schemas: SchemaSet
) -> None:
    (site / "sitemap.xml").write_text("<urlset>another generator's sitemap</urlset>\n")
    assert main(["build", str(site), "--base-url", "https://example.com/"]) == 0
    warning = capsys.readouterr().err
    assert warning.startswith("sitemapkit: warning: replaced sitemap.xml, which sitemapkit did not")
    assert "set --sitemap-name to give sitemapkit's files other names" in warning
    schemas.validate_folder(site)
    assert main(["build", str(site), "--base-url", "https://example.com/"]) == 0
    assert capsys.readouterr().err == ""


def test_120000_pages_make_three_parts_and_two_indexes(tmp_path: Path, schemas: SchemaSet) -> None:
    site = tmp_path / "big"
    for folder in range(120):
        path = site / f"section-{folder:03d}"
        path.mkdir(parents=True)
        for n in range(1000):
            fd = os.open(path / f"page-{n:04d}.html", os.O_CREAT | os.O_WRONLY, 0o644)
            os.close(fd)
    done = run("build", str(site), "--base-url", "https://example.com/", "--no-robots")
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in site.iterdir() if p.is_file()) == [
        "sitemap-1.txt",
        "sitemap-1.xml",
        "sitemap-2.txt",
        "sitemap-2.xml",
        "sitemap-3.txt",
        "sitemap-3.xml",
        "sitemap-index.xml",
        "sitemap.xml",
    ]
    assert [len(parse_urlset(site / f"sitemap-{k}.xml")) for k in (1, 2, 3)] == [
        50_000,
        50_000,
        20_000,
    ]
    assert locs(site / "sitemap.xml") == [f"https://example.com/sitemap-{k}.xml" for k in (1, 2, 3)]
    schemas.validate_folder(site)


def test_upper_case_suffixes_are_pages_and_only_index_html_stands_for_its_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    site = tmp_path / "site"
    for name in ("OLD.HTM", "Page.Html", "a/index.htm", "b/index.html", "notes.HTMX", "x.txt"):
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_text("page")
    assert main(["build", str(site), "--base-url", "https://example.com/"]) == 0
    assert locs(site / "sitemap.xml") == [
        "https://example.com/OLD.HTM",
        "https://example.com/Page.Html",
        "https://example.com/a/index.htm",
        "https://example.com/b/",
    ]
    assert main(["validate", str(site), "--site", str(site)]) == 0, capsys.readouterr()


def test_a_file_name_that_is_not_utf8_is_listed_by_its_bytes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    site = tmp_path / "site"
    site.mkdir()
    (site / os.fsdecode(b"caf\xe9.html")).write_text("latin-1 name")
    (tmp_path / "pyproject.toml").write_text("tool = 1\n")  # not a table: no options there
    monkeypatch.chdir(tmp_path)
    assert main(["build", str(site), "--base-url", "https://example.com/"]) == 0
    assert locs(site / "sitemap.xml") == ["https://example.com/caf%E9.html"]
    assert main(["validate", str(site), "--site", str(site)]) == 0, capsys.readouterr()


def _aged(root: Path, files: dict[str, int]) -> Path:
    """Pages whose files carry the given times (seconds since 1970)."""
    for name, moment in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("<p>", encoding="utf-8")
        os.utime(path, (moment, moment))
    return root


def test_a_scan_of_pages_all_written_just_now_warns_that_lastmod_is_the_build_time(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Hugo, Jekyll, Eleventy and the rest rewrite every page on each build."""
    now = int(time.time())
    site = _aged(tmp_path / "site", {"index.html": now - 3500, "a/b.html": now - 5})
    assert main(["build", str(site), "--base-url", "https://example.com/"]) == 0
    err = capsys.readouterr().err
    assert err == (
        "sitemapkit: warning: the files of every page with a file time were modified in the "
        "last hour, so their lastmods are about now: a generator that rewrites every page on "
        "each build gives them the build's time, not the time each page changed, and search "
        "engines learn to ignore such lastmods; set --lastmod to none, or keep the times of "
        "unchanged pages between builds (see the README), unless every page did change "
        "[build-times]\n"
    )
    os.utime(site / "index.html", (now - 4000, now - 4000))  # one page of two older
    assert main(["build", str(site), "--base-url", "https://example.com/"]) == 0
    assert capsys.readouterr().err == ""
    os.utime(site / "index.html", (now, now))
    for quiet in (["--lastmod", "none"], ["--exclude", "a/"]):  # no times, or a single page
        assert main(["build", str(site), "--base-url", "https://example.com/", *quiet]) == 0
        assert capsys.readouterr().err == ""
    # Hugo keeps a static file's time: one verification page must not hide ten built pages.
    os.utime(site / "index.html", (now - 4000, now - 4000))
    for number in range(9):
        (site / f"p{number}.html").write_text("<p>", encoding="utf-8")
    assert main(["build", str(site), "--base-url", "https://example.com/"]) == 0
    assert "warning: the files of 10 of the 11 pages with a file time were modified" in (
        capsys.readouterr().err
    )
    (site / "p0.html").unlink()
    os.utime(site / "p1.html", (now - 4000, now - 4000))  # 2 of 10 older: a site's own times
    assert main(["build", str(site), "--base-url", "https://example.com/"]) == 0
    assert capsys.readouterr().err == ""


def test_pages_all_clamped_to_source_date_epoch_warn_that_they_share_one_time(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Reproducible builds set SOURCE_DATE_EPOCH: files newer than it all take its time."""
    now = int(time.time())
    site = _aged(tmp_path / "site", {"index.html": now, "a.html": now - 60, "b.html": now - 5})
    monkeypatch.setenv("SOURCE_DATE_EPOCH", str(now - 86400))
    assert main(["build", str(site), "--base-url", "https://example.com/"]) == 0
    assert capsys.readouterr().err == (
        "sitemapkit: warning: the files of every page with a file time are as new as "
        f"SOURCE_DATE_EPOCH ({format_lastmod(now - 86400, False)}) or newer, so each is dated "
        "that one time: a generator that rewrites every page on each build makes every file "
        "newer, so that is not when each page changed, and search engines learn to ignore "
        "such lastmods; set --lastmod to none, or keep the times of unchanged pages between "
        "builds (see the README), unless every page did change [build-times]\n"
    )
    os.utime(site / "a.html", (now - 2 * 86400, now - 2 * 86400))  # restored from git
    assert main(["build", str(site), "--base-url", "https://example.com/"]) == 0
    assert capsys.readouterr().err == ""


def test_a_file_time_in_the_future_is_left_out_with_one_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], schemas: SchemaSet
) -> None:
    """A clock that ran ahead, or a copy that set odd times: a lastmod to come is never true.
    Ten minutes are forgiven (two drifting clocks), and such a time is written as now."""
    now, year = int(time.time()), 365 * 86400
    site = _aged(
        tmp_path / "site",
        {
            "index.html": now - year,
            "a.html": now + 2 * year,
            "b.html": now + 3 * year,
            "c.html": now + 300,  # within the minutes two drifting clocks are forgiven
            # A zip unpacked west of where it was made: its local times are hours ahead.
            "d.html": now + 13 * 3600,
            "e.html": now + 11 * 60,  # past the ten minutes
        },
    )
    assert main(["build", str(site), "--base-url", "https://example.com/"]) == 0
    assert capsys.readouterr().err == (
        "sitemapkit: warning: 4 pages have a file time in the future (the first: 'a.html', "
        f"{format_lastmod(now + 2 * year, False)}), which is not used as their lastmod; "
        "check the computer's clock, then touch those files to give a true time [future-lastmod]\n"
    )
    rows = {row["loc"]: row.get("lastmod") for row in parse_urlset(site / "sitemap.xml")}
    build_now = {format_lastmod(now + seconds, False) for seconds in range(5)}
    assert rows.pop("https://example.com/c.html") in build_now  # not 5 minutes ahead: now
    assert rows == {
        "https://example.com/": format_lastmod(now - year, False),
        "https://example.com/a.html": None,
        "https://example.com/b.html": None,
        "https://example.com/d.html": None,
        "https://example.com/e.html": None,
    }
    index = (site / "sitemap-index.xml").read_text(encoding="utf-8")
    assert any(stamp in index for stamp in build_now)  # the part's newest lastmod
    assert format_lastmod(now + 300, False) not in index
    schemas.validate_folder(site)

    for name in ("a.html", "b.html", "e.html"):
        (site / name).unlink()
    assert main(["build", str(site), "--base-url", "https://example.com/"]) == 0
    assert capsys.readouterr().err == (
        "sitemapkit: warning: 1 page has a file time in the future ('d.html', "
        f"{format_lastmod(now + 13 * 3600, False)}), which is not used as its lastmod; "
        "check the computer's clock, then touch the file to give a true time [future-lastmod]\n"
    )


def test_a_source_date_epoch_a_little_ahead_keeps_the_build_reproducible(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """CI sets SOURCE_DATE_EPOCH from a commit made on a fast clock: a file newer than it is
    written as the epoch, as on every other build, not as the moment of this one."""
    now = int(time.time())
    site = _aged(tmp_path, {"index.html": now - 86_400, "new.html": now + 180})
    monkeypatch.setenv("SOURCE_DATE_EPOCH", str(now + 120))
    outputs = []
    for _ in range(2):
        assert main(["build", str(site), "--base-url", "https://example.com/"]) == 0
        outputs.append((site / "sitemap.xml").read_bytes())
        time.sleep(1.1)
    assert outputs[0] == outputs[1]
    rows = {row["loc"]: row["lastmod"] for row in parse_urlset(site / "sitemap.xml")}
    assert rows["https://example.com/new.html"] == format_lastmod(now + 120, False)


@pytest.mark.parametrize(
    ("files", "generator", "marker", "output"),
    [
        (["mkdocs.yml", "docs/index.md"], "MkDocs", "mkdocs.yml", "site"),
        (["mkdocs.yaml"], "MkDocs", "mkdocs.yaml", "site"),
        (["zensical.toml"], "Zensical", "zensical.toml", "site"),
        (["pelicanconf.py", "content/a.md"], "Pelican", "pelicanconf.py", "output"),
        (["conf.py", "index.rst"], "Sphinx", "conf.py", "_build/html"),
        (["hugo.toml"], "Hugo", "hugo.toml", "public"),
        (["_config.yml", "_site/index.html"], "Jekyll", "_config.yml", "_site"),
        (["eleventy.config.js"], "Eleventy", "eleventy.config.js", "_site"),
        (
            ["_config.yml", "scaffolds/post.md", "package.json", "node_modules/hexo/x.js"],
            "Hexo",
            "_config.yml",
            "public",
        ),
        (["astro.config.mjs"], "Astro", "astro.config.mjs", "dist"),
        (["docusaurus.config.js"], "Docusaurus", "docusaurus.config.js", "build"),
        (
            ["_config.yml", "_layouts/default.html", "_site/index.html"],
            "Jekyll",
            "_config.yml",
            "_site",
        ),
        (
            ["config.toml", "content/_index.md", "public/index.html"],
            "Hugo",
            "config.toml",
            "public",
        ),
        (["config.yaml", "layouts/_default/single.html"], "Hugo", "config.yaml", "public"),
        (["config/_default/hugo.toml"], "Hugo", "config/_default/hugo.toml", "public"),
        (["config.toml", "templates/index.html"], "Zola", "config.toml", "public"),
        (["astro.config.mts"], "Astro", "astro.config.mts", "dist"),
        (["docusaurus.config.mjs"], "Docusaurus", "docusaurus.config.mjs", "build"),
        (["eleventy.config.ts"], "Eleventy", "eleventy.config.ts", "_site"),
        (
            [".vitepress/config.mts", "index.md"],
            "VitePress",
            ".vitepress/config.mts",
            ".vitepress/dist",
        ),
        (
            ["package.json", "node_modules/vitepress/package.json", "docs/.vitepress/config.js"],
            "VitePress",
            "docs/.vitepress/config.js",
            "docs/.vitepress/dist",
        ),
        (["package.json", "node_modules/mark.js/test/a.html"], "Node.js", "package.json", None),
        (
            ["package.json", "node_modules/next/package.json", "next.config.mjs", "app/page.js"],
            "Next.js",
            "next.config.mjs",
            "out",
        ),
        (["package.json", "nuxt.config.ts"], "Nuxt", "nuxt.config.ts", ".output/public"),
        (["package.json", "svelte.config.js"], "Svelte", "svelte.config.js", None),
        (["package.json", "gatsby-config.ts"], "Gatsby", "gatsby-config.ts", "public"),
        (["Doxyfile", "html/index.html"], "Doxygen", "Doxyfile", "html"),
        (
            ["Cargo.toml", "src/lib.rs", "target/doc/kit/index.html"],
            "Cargo",
            "Cargo.toml",
            "target/doc",
        ),
        (
            ["source/conf.py", "source/index.rst", "build/html/index.html"],
            "Sphinx",
            "source/conf.py",
            "build/html",
        ),
        (
            ["docs/conf.py", "docs/_build/dirhtml/index.html"],
            "Sphinx",
            "docs/conf.py",
            "docs/_build/html",
        ),
    ],
)
def test_a_generators_project_folder_is_refused_before_anything_is_written(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    files: list[str],
    generator: str,
    marker: str,
    output: str | None,
) -> None:
    """`sitemapkit build .` at a project's root would list layouts and publish itself."""
    # Jekyll's home page is often a template at the root; Hugo's and Zola's never are.
    home = {"index.html": "---\nlayout: home\n---\n<p>"} if "Hugo" not in generator else {}
    project = write_tree(tmp_path / "project", {**dict.fromkeys(files, "<p>"), **home})
    before = sorted(p.relative_to(project) for p in project.rglob("*"))
    assert main(["build", str(project), "--base-url", "https://example.com/"]) == 1
    article = "an" if generator in ("Eleventy", "Astro") else "a"
    assert capsys.readouterr().err == (
        f"sitemapkit: error: SITE_DIR: {str(project)!r} holds {marker}, so it is {article} "
        f"{generator} project, not the site it builds; give the folder it builds the site into"
        + (f", {str(project / output)!r} by default\n" if output else "\n")
    )
    assert sorted(p.relative_to(project) for p in project.rglob("*")) == before


def test_a_vite_projects_entry_page_is_no_built_home_page(tmp_path: Path) -> None:
    """Vite's `index.html` loads the sources its build bundles: beside `svelte.config.js` (or
    `package.json` and `node_modules/`) the folder is the project, not the site."""
    entry = '<!doctype html><div id="app"></div><script type="module" src="/src/main.js"></script>'
    for marker in (["svelte.config.js"], ["package.json", "node_modules/vite/package.json"]):
        project = write_tree(
            tmp_path / marker[0], {**dict.fromkeys(marker, "{}"), "index.html": entry}
        )
        assert main(["build", str(project), "--base-url", "https://example.com/"]) == 1
        assert not (project / "sitemap.xml").exists()


@pytest.mark.parametrize(
    "files",
    [
        ["_config.yml"],  # GitHub Pages reads it from the published folder of many sites
        ["_config.yml", "scaffolds/index.html"],  # and a site may have a section so named
        ["config.toml"],
        ["config.json", "content/app.js"],  # an app's settings and assets, beside its pages
        ["config.toml", "templates/card.html"],
        ["package.json"],  # a web app's manifest, published without its packages
        ["package.json", "node_modules/tailwindcss/README.html"],  # a site's build tool
        [".buildinfo", "doctrees/environment.pickle"],  # `sphinx-build -d out/doctrees`
        ["Cargo.toml", "src/lib.rs"],  # a crate's page served from its repository's root
        ["Doxyfile"],
        ["next.config.js"],  # a hand-made page beside a file to download
    ],
)
def test_a_published_folder_with_a_common_config_name_is_still_a_site(
    tmp_path: Path, files: list[str]
) -> None:
    site = write_tree(tmp_path / "site", {**dict.fromkeys(files, "{}\n"), "index.html": "<p>"})
    assert main(["build", str(site), "--base-url", "https://example.com/"]) == 0
    listed = locs(site / "sitemap.xml")
    assert listed[0] == "https://example.com/" and not [u for u in listed if "node_modules" in u]


def test_an_option_before_the_command_says_to_write_the_command_first(
    site: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """argparse would take `https://example.com/` for the command: 'invalid choice'."""
    with pytest.raises(SystemExit) as stop:
        main(["--base-url", "https://example.com/", "build", str(site)])
    assert stop.value.code == 2
    assert capsys.readouterr().err.endswith(
        "sitemapkit: error: --base-url comes before the command; write the command first: "
        "sitemapkit build ... --base-url\n"
    )
    assert not (site / "sitemap.xml").exists()


def test_a_preview_address_as_base_url_is_a_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    site = _aged(tmp_path / "site", {"index.html": 1_600_000_000})
    assert main(["build", str(site), "--base-url", "http://127.0.0.1:8000"]) == 0
    assert capsys.readouterr().err == (
        "sitemapkit: warning: --base-url 'http://127.0.0.1:8000/' is on 127.0.0.1, which "
        "crawlers cannot reach; use it only for a preview, and the address the site is served "
        "from to publish [local-host]\n"
    )
    assert locs(site / "sitemap.xml") == ["http://127.0.0.1:8000/"]


def test_clean_urls_list_pages_where_a_host_that_hides_html_serves_them(
    tmp_path: Path, schemas: SchemaSet, capsys: pytest.CaptureFixture[str]
) -> None:
    """Cloudflare Pages and `cleanUrls` hosts redirect `a/b.html` to `a/b`: list `a/b`."""
    names = ["index.html", "a/index.html", "a/b.html", "a/café crème.html", "a/myindex.html"]
    names += ["c.htm", "d.HTML"]
    site = _aged(tmp_path / "site", dict.fromkeys(names, 1_600_000_000))
    base = "https://example.com/"
    assert main(["build", str(site), "--base-url", base, "--clean-urls", "--no-pretty-urls"]) == 1
    assert capsys.readouterr().err == (
        "sitemapkit: error: --clean-urls lists dir/index.html as dir/ (a host with clean URLs "
        "serves no dir/index), which --no-pretty-urls asks not to; drop the latter\n"
    )
    assert main(["build", str(site), "--base-url", base, "--clean-urls"]) == 0
    assert locs(site / "sitemap.xml") == [
        base,
        base + "a/",
        base + "a/b",
        base + "a/caf%C3%A9%20cr%C3%A8me",
        base + "a/myindex",  # a name that ends in "index.html" is no folder's index
        base + "c.htm",  # served under its own name: only `.html` is hidden
        base + "d.HTML",
    ]
    priorities = [row["priority"] for row in parse_urlset(site / "sitemap.xml")]
    assert priorities == ["1.0", "0.9", "0.8", "0.8", "0.8", "0.9", "0.9"]  # depth as without
    schemas.validate_folder(site)


def test_odd_file_names_stay_well_formed_in_the_index_and_robots_txt(
    tmp_path: Path, schemas: SchemaSet
) -> None:
    """`--` cannot stand in an XML comment; robots.txt and locs take ASCII only."""
    site = _aged(tmp_path / "site", {"index.html": 1_600_000_000})
    done = run(
        "build",
        str(site),
        "--base-url",
        "https://example.com/R&D/",  # an ampersand the index's locs must escape
        "--txt-name",
        "a--b.txt",
        "--index-name",
        "índice map.xml",
        "--no-robots",
    )
    assert done.returncode == 0, done.stderr
    index = site / "índice map.xml"
    assert locs(index) == ["https://example.com/R&D/sitemap.xml"]  # parsed back: escaped
    assert "<!-- text files: a-%2Db.txt, " in index.read_text(encoding="utf-8")
    schemas.validate_folder(site)
    done = run(
        "build", str(site), "--base-url", "https://example.com/", "--index-name", "índice map.xml"
    )
    assert done.returncode == 0, done.stderr
    line = "Sitemap: https://example.com/%C3%ADndice%20map.xml"
    assert (site / "robots.txt").read_text(encoding="utf-8").splitlines()[-1] == line


def test_hidden_files_and_links_to_a_sibling_folder_are_not_listed(tmp_path: Path) -> None:
    """`.well-known/`, `.git/` and dot files are not pages; `public-old/` is not `public/`."""
    root = _aged(
        tmp_path,
        {
            "public/index.html": 1_600_000_000,
            "public/.well-known/security.html": 1_600_000_000,
            "public/.git/x.html": 1_600_000_000,
            "public/.draft.html": 1_600_000_000,
            "public-old/old.html": 1_600_000_000,
        },
    )
    (root / "public" / "old").symlink_to(root / "public-old", target_is_directory=True)
    assert main(["build", str(root / "public"), "--base-url", "https://example.com/"]) == 0
    assert locs(root / "public" / "sitemap.xml") == ["https://example.com/"]


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_long_build_shows_progress_on_a_terminal_and_none_in_a_pipe(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every 10,000 URLs, once the run has taken more than two seconds (here each look at the
    clock is three seconds later); a log file or a CI pipe gets no carriage returns."""
    clock = itertools.count(0.0, 3.0)
    monkeypatch.setattr(time, "monotonic", lambda: next(clock))
    terminal = _Terminal()
    show = _progress_printer(terminal)
    assert show is not None
    options = resolve_options({"base_url": "https://example.com/", "lastmod": "none"})
    pages = [Page(f"p/{number:05d}.html") for number in range(25_000)]
    build_sitemaps(tmp_path, options, pages, report=lambda notice: None, progress=show)
    assert terminal.getvalue() == "\r  10,000 URLs written…\r  20,000 URLs written…"
    assert _progress_printer(io.StringIO()) is None


def test_an_empty_folder_name_is_refused_not_taken_for_the_current_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`sitemapkit build "$OUT"` with OUT unset would write into the folder it runs in."""
    (tmp_path / "notes.html").write_text("<p>", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["build", "", "--base-url", "https://example.com/"]) == 1
    assert "SITE_DIR: '' is empty (an unset variable" in capsys.readouterr().err
    assert main(["validate", " "]) == 2  # a usage error, as for a missing target
    assert "TARGET: ' ' is empty" in capsys.readouterr().err
    assert sorted(path.name for path in tmp_path.iterdir()) == ["notes.html"]
    if hasattr(os, "mkfifo"):  # reading a FIFO would wait for a writer for ever
        os.mkfifo(tmp_path / "pipe.xml")
        assert main(["validate", str(tmp_path / "pipe.xml")]) == 2
        assert "is neither a file nor a folder" in capsys.readouterr().err


def test_an_index_of_a_thousand_parts_is_still_known_as_ours(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The index's note of its text files grows with the parts: past a thousand it pushes
    `<sitemapindex` beyond the first 4 KiB. A rebuild into fewer parts must still remove the
    old ones, text twins included, without calling its own files another's."""
    site = _aged(tmp_path, {f"p{number:05d}.html": 1_600_000_000 for number in range(5000)})
    base = ["build", str(site), "--base-url", "https://example.com/", "--no-robots"]
    assert main([*base, "--max-urls", "5"]) == 0
    assert len(list(site.glob("sitemap-*.txt"))) == 1000
    assert (site / "sitemap-index.xml").read_bytes().find(b"<sitemapindex") > 4096
    capsys.readouterr()
    assert main([*base, "--max-urls", "10"]) == 0
    assert "replaced" not in capsys.readouterr().err
    assert len(list(site.glob("sitemap-*.txt"))) == 500
    assert len(list(site.glob("sitemap-*.xml"))) == 501  # the parts and the index


def test_links_that_loop_are_skipped_like_broken_ones(tmp_path: Path) -> None:
    """`x -> x`, a pair pointing at each other, and a loop named like a page lead nowhere:
    the rest of the site is listed, as with a broken link."""
    root = _aged(tmp_path, {"public/index.html": 1_600_000_000, "public/a/p.html": 1_600_000_000})
    (root / "public" / "a" / "loop").symlink_to("loop")
    (root / "public" / "self.html").symlink_to("self.html")
    (root / "public" / "la").symlink_to("lb")
    (root / "public" / "lb").symlink_to("la")
    (root / "public" / "gone.html").symlink_to("nowhere.html")
    assert main(["build", str(root / "public"), "--base-url", "https://example.com/"]) == 0
    assert locs(root / "public" / "sitemap.xml") == [
        "https://example.com/",
        "https://example.com/a/p.html",
    ]


def test_a_deep_tree_is_walked_without_resolving_each_folder_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A plain folder's real path is its parent's and its name: resolving every folder from
    the root walked each level again, time cubic in the depth (a thousand levels, minutes).
    Links are resolved still, and kept inside the output."""
    deep = "/".join(["d"] * 60)
    root = _aged(
        tmp_path, {"public/index.html": 1_600_000_000, f"public/{deep}/p.html": 1_600_000_000}
    )
    (root / "public" / "up").symlink_to(root / "public" / "d" / "d", target_is_directory=True)
    resolved: list[str] = []
    real_path = os.path.realpath

    def counted(path: str, *args: object, **kwargs: object) -> str:
        resolved.append(path)
        return real_path(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os.path, "realpath", counted)
    assert main(["build", str(root / "public"), "--base-url", "https://example.com/"]) == 0
    assert locs(root / "public" / "sitemap.xml") == [
        "https://example.com/",
        f"https://example.com/{deep}/p.html",
        f"https://example.com/up/{'/'.join(['d'] * 58)}/p.html",
    ]
    assert len([path for path in resolved if "/d/d/d" in path]) < 5  # not one per level


def test_a_page_removed_while_the_build_runs_is_not_listed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Removed between the listing of its folder and its `stat` (another build cleaning up):
    no page now, not a failed build blamed on the disk. A folder removed alike is skipped."""
    root = _aged(
        tmp_path,
        {
            "public/index.html": 1_600_000_000,
            "public/a/q.html": 1_600_000_000,
            "public/b/r.html": 1,
        },
    )
    listed = sitemapkit.pages._list_folder

    def listing_then_removing(path: str) -> tuple[list[os.DirEntry[str]], int | None]:
        found = listed(path)
        if path.endswith("public"):
            shutil.rmtree(root / "public" / "b")
        elif path.endswith("a"):
            (root / "public" / "a" / "q.html").unlink()
        return found

    monkeypatch.setattr(sitemapkit.pages, "_list_folder", listing_then_removing)
    assert main(["build", str(root / "public"), "--base-url", "https://example.com/"]) == 0
    assert locs(root / "public" / "sitemap.xml") == ["https://example.com/"]


def test_a_bad_source_date_epoch_is_a_message(tmp_path: Path) -> None:
    site = _aged(tmp_path / "site", {"index.html": 1_600_000_000})
    env = {**os.environ, "SOURCE_DATE_EPOCH": "yesterday"}
    done = subprocess.run(
        [sys.executable, "-m", "sitemapkit", "build", str(site), "--base-url", "https://e.com/"],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert done.returncode == 1
    assert done.stderr == (
        "sitemapkit: error: SOURCE_DATE_EPOCH: 'yesterday' is not valid; it must be a whole "
        "number of seconds since 1970-01-01 UTC, for example 1700000000\n"
    )
    assert not (site / "sitemap.xml").exists()


#: What Hugo writes for a page's `aliases`, and jekyll-redirect-from for `redirect_from`.
HUGO_ALIAS = (
    '<!DOCTYPE html><html lang="en-us"><head><title>https://example.com/new/</title>'
    '<link rel="canonical" href="https://example.com/new/"><meta name="robots" '
    'content="noindex"><meta charset="utf-8"><meta http-equiv="refresh" '
    'content="0; url=https://example.com/new/"></head></html>'
)
JEKYLL_REDIRECT = """<!DOCTYPE html>
<html lang="en-US">
  <meta charset="utf-8">
  <title>Redirecting&hellip;</title>
  <link rel="canonical" href="https://example.com/new/">
  <script>location="https://example.com/new/"</script>
  <meta http-equiv="refresh" content="0; url=https://example.com/new/">
  <meta name="robots" content="noindex">
  <h1>Redirecting&hellip;</h1>
  <a href="https://example.com/new/">Click here if you are not redirected.</a>
</html>
"""


PAGE = "<!doctype html><title>A page</title><p>Text.</p>\n"


def dated_tree(root: Path, files: dict[str, str]) -> Path:
    """`write_tree`, every file a second older than the next, as if edited over time."""
    write_tree(root, files)
    for number, path in enumerate(sorted(root.rglob("*"))):
        os.utime(path, (1_600_000_000 + number, 1_600_000_000 + number))
    return root


def test_redirect_stubs_are_not_listed_and_are_counted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], schemas: SchemaSet
) -> None:
    site = dated_tree(
        tmp_path / "site",
        {
            "index.html": PAGE,
            "new/index.html": PAGE,
            "old/index.html": HUGO_ALIAS,
            "moved.html": JEKYLL_REDIRECT,
            "shout.HTM": "<HTML><HEAD><META HTTP-EQUIV=Refresh CONTENT=\"0;URL='/new/'\">",
            "reload.html": '<meta http-equiv="refresh" content="30">' + PAGE,  # no URL
            "later.html": '<meta http-equiv="refresh" content="5; url=/new/">' + PAGE,  # a delay
            "big.html": HUGO_ALIAS + "<!-- padding -->" * 300,  # a page's size: never opened
            # A refresh in a comment, one for browsers without scripts (crawlers run them),
            # and one to no URL (a reload) send nobody elsewhere.
            "commented.html": f"<!-- {HUGO_ALIAS} -->{PAGE}",
            "nojs.html": '<noscript><meta http-equiv="refresh" content="0; url=/js/"></noscript>'
            + PAGE,
            "empty.html": '<meta http-equiv="refresh" content="0; url=">' + PAGE,
            "semicolon.html": '<meta http-equiv="refresh" content="0;">' + PAGE,  # a reload too
            # The URL without `url=`, as HTML allows: javadoc's overview-summary.html, and a
            # space for a separator.
            "overview-summary.html": "<!DOCTYPE HTML><html><head><title>Docs</title><script>"
            "window.location.replace('index.html')</script><noscript><meta http-equiv="
            '"Refresh" content="0;index.html"></noscript></head><body><p><a href="index.html">'
            "index.html</a></p></body></html>",
            "spaced.html": '<meta http-equiv="refresh" content="0 /new/">',
            # sphinx-reredirects: the refresh for browsers without scripts, a script for the rest.
            "reredirect.html": '<html><head><noscript><meta http-equiv="refresh" content="0; '
            'url=new/" /></noscript><script>var target = "new/";if (window.location.hash) '
            "{window.location.replace(target + window.location.hash);} else "
            "{window.location.replace(target);}</script></head></html>",
        },
    )
    assert main(["build", str(site), "--base-url", "https://example.com/"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("sitemapkit: listed 9 pages (6 skipped: 6 redirect stubs)"), out
    assert err == (
        "sitemapkit: info: 6 redirect stubs not listed (a page whose meta refresh sends "
        "visitors to another address at once, as Hugo's aliases and jekyll-redirect-from "
        "write); the first: moved.html [redirect-stubs]\n"
    )
    assert locs(site / "sitemap.xml") == [
        "https://example.com/",
        "https://example.com/big.html",
        "https://example.com/commented.html",
        "https://example.com/empty.html",
        "https://example.com/later.html",
        "https://example.com/new/",
        "https://example.com/nojs.html",
        "https://example.com/reload.html",
        "https://example.com/semicolon.html",
    ]
    schemas.validate_folder(site)


def test_pages_whose_canonical_links_drop_html_are_told_to_set_clean_urls(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Next.js' `about.html` names `https://example.com/about`: listed with `.html`, the
    sitemap names addresses search engines do not index. The top folder's first pages listed
    are read; the first whose link names it decides."""
    link = '<link rel="canonical" href="{}">'
    site = dated_tree(
        tmp_path / "site",
        {
            "index.html": link.format("https://example.com/") + PAGE,
            "_gatsby/a.html": PAGE,  # left out by default: not read
            "404.html": link.format("https://example.com/404") + PAGE,
            "_about.html": link.format("https://example.com/") + PAGE,  # another page's
            "_not-found.html": PAGE,
            "about.html": link.format("HTTPS://Example.com:443/about") + PAGE,
            "blog.html": PAGE,  # no link: says nothing
        },
    )
    base = ["build", str(site), "--base-url", "https://example.com/"]
    assert main(base) == 0
    assert capsys.readouterr().err == (
        "sitemapkit: warning: 'about.html' names https://Example.com:443/about as its address "
        "(its canonical link), without .html, while the sitemap lists it with: if the host "
        "serves pages there (as hosts of Next.js and SvelteKit sites, or VitePress' cleanUrls, "
        "do), set --clean-urls for the sitemap to list the addresses the pages name "
        "(https://example.com/about.html now) [clean-urls]\n"
    )
    assert main([*base, "--no-pretty-urls"]) == 0
    assert "set --clean-urls (and --pretty-urls, which it needs)" in capsys.readouterr().err
    assert main([*base, "--clean-urls"]) == 0
    assert "clean-urls" not in capsys.readouterr().err
    (site / "about.html").write_text(link.format("about.html") + PAGE, encoding="utf-8")
    assert main([*base, "--clean-urls"]) == 0
    assert (
        "'about.html' names https://example.com/about.html as its address (its canonical "
        "link), with .html, while --clean-urls lists it without: pass --no-clean-urls"
        in (capsys.readouterr().err)
    )
    assert main(base) == 0
    assert "clean-urls" not in capsys.readouterr().err


def test_a_themed_redirect_page_is_found_when_heads_are_read_for_noindex(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A stub is looked for in pages of 4 KiB or less; with `--skip-noindex` every head is
    read anyway, so a larger page that redirects at once (VitePress' `head` refresh in a
    themed page) is found too."""
    themed = (
        '<!doctype html><html><head><meta http-equiv="refresh" content="0; url=/new/">'
        + "<style>p { color: black; }</style>" * 200
        + "</head><body><p>Moved.</p></body></html>"
    )
    site = dated_tree(tmp_path / "site", {"index.html": PAGE, "old.html": themed})
    base = ["build", str(site), "--base-url", "https://example.com/"]
    assert main(base) == 0
    assert "https://example.com/old.html" in locs(site / "sitemap.xml")
    assert main([*base, "--skip-noindex"]) == 0
    out, _ = capsys.readouterr()
    assert locs(site / "sitemap.xml") == ["https://example.com/"]
    assert "1 redirect stub" in out


NOINDEX_PAGE = (
    '<!doctype html><html><head><title>Thanks</title><meta name="robots" '
    'content="noindex, follow"></head><body><p>Thanks for subscribing.</p></body></html>'
)


def test_pages_marked_noindex_are_left_out_when_asked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], schemas: SchemaSet
) -> None:
    """The scan reads no page unless told to (a million pages would each be opened)."""
    site = dated_tree(
        tmp_path / "site",
        {
            "index.html": PAGE,
            "thanks/index.html": NOINDEX_PAGE,
            "search.html": NOINDEX_PAGE.replace("noindex, follow", "NONE"),
            "old/index.html": HUGO_ALIAS,  # a stub that also says noindex: counted as a stub
            "docs/guide.html": PAGE,
        },
    )
    all_pages = [
        "https://example.com/",
        "https://example.com/docs/guide.html",
        "https://example.com/search.html",
        "https://example.com/thanks/",
    ]
    for flags in ([], ["--no-skip-noindex"]):
        assert main(["build", str(site), "--base-url", "https://example.com/", *flags]) == 0
        assert capsys.readouterr().out.startswith(
            "sitemapkit: listed 4 pages (1 skipped: 1 redirect stub); wrote "
        )
        assert locs(site / "sitemap.xml") == all_pages
    assert main(["build", str(site), "--base-url", "https://example.com/", "--skip-noindex"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("sitemapkit: listed 2 pages (3 skipped: 2 noindex, 1 redirect stub); ")
    assert err.splitlines()[0] == (
        "sitemapkit: info: 2 pages not listed because their robots meta tag says noindex "
        "(search engines report a listed noindex page as an error); the first: search.html. "
        "Pass --no-skip-noindex to list them anyway [noindex]"
    )
    assert locs(site / "sitemap.xml") == [
        "https://example.com/",
        "https://example.com/docs/guide.html",
    ]
    assert (site / "sitemap.txt").read_text().splitlines() == locs(site / "sitemap.xml")
    schemas.validate_folder(site)
    (tmp_path / "sitemapkit.toml").write_text("skip_noindex = true\n", encoding="utf-8")
    config = ["--config", str(tmp_path / "sitemapkit.toml")]
    assert main(["build", str(site), "--base-url", "https://example.com/", *config]) == 0
    assert len(locs(site / "sitemap.xml")) == 2
    assert (
        main(["build", str(site), "--base-url", "https://e.com/", *config, "--no-skip-noindex"])
        == 0
    )
    assert len(locs(site / "sitemap.xml")) == 4


def test_a_bad_skip_noindex_value_names_the_option(tmp_path: Path) -> None:
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "index.html").write_text("<p>", encoding="utf-8")
    (tmp_path / "sitemapkit.toml").write_text('skip_noindex = "maybe"\n', encoding="utf-8")
    done = run(
        "build",
        str(tmp_path / "site"),
        "--base-url",
        "https://e.com/",
        "--config",
        str(tmp_path / "sitemapkit.toml"),
    )
    assert done.returncode == 1
    assert done.stderr == (
        f'sitemapkit: error: {tmp_path / "sitemapkit.toml"}: skip_noindex: "maybe" is not valid; '
        "expected true or false\n"
    )
    assert not (tmp_path / "site" / "sitemap.xml").exists()


def test_a_reader_that_stops_early_gets_no_traceback(site: Path) -> None:
    """`sitemapkit validate site --format json | head`: the pipe closes before the report."""
    assert run("build", str(site), "--base-url", "https://example.com/").returncode == 0
    process = subprocess.Popen(
        [sys.executable, "-m", "sitemapkit", "validate", str(site), "--format", "json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"},  # as usual
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()
    errors = process.stderr.read().decode()
    process.stderr.close()
    assert process.wait() == 141 and errors == ""


def test_a_flag_spelt_as_in_a_config_file_gets_the_flag_suggested(
    site: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["build", str(site), "--base_url", "https://example.com/"])
    assert exited.value.code == 2
    assert capsys.readouterr().err.endswith(
        "sitemapkit build: error: unrecognized arguments: --base_url https://example.com/ "
        "(did you mean --base-url?)\n"
    )
    with pytest.raises(SystemExit):
        main(["build", str(site), "--base-url", "https://example.com/", "--colour"])
    assert capsys.readouterr().err.endswith("unrecognized arguments: --colour\n")


def test_a_flag_that_means_the_opposite_of_the_one_meant_is_turned_around(
    site: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--keep-noindex` wants noindex pages kept: that is `--no-skip-noindex`, not the flag
    its spelling is closest to."""
    for flag, meant in (
        ("--keep-noindex", "--no-skip-noindex"),
        ("--no-keep-noindex", "--skip-noindex"),
    ):
        with pytest.raises(SystemExit):
            main(["build", str(site), "--base-url", "https://example.com/", flag])
        assert capsys.readouterr().err.endswith(
            f"unrecognized arguments: {flag} (did you mean {meant}? --skip-noindex means the "
            "opposite of --keep-noindex)\n"
        )


@pytest.mark.parametrize(
    ("flags", "told"),
    [
        (["--nogzip"], "--nogzip (did you mean --no-gzip? --gzip means the opposite of --nogzip)"),
        (["--exclude-noindex"], "--exclude-noindex (did you mean --skip-noindex?)"),
        # A flag is never taken for the longer one it begins: `--sitemap` named a sitemap URL.
        (["--sitemap", "https://example.com/s.xml"], "--sitemap https://example.com/s.xml"),
        (["--base", "https://example.com/"], "--base https://example.com/ (did you mean --base-"),
    ],
)
def test_a_flag_close_to_one_it_is_not_is_refused_with_the_one_meant(
    site: Path, capsys: pytest.CaptureFixture[str], flags: list[str], told: str
) -> None:
    with pytest.raises(SystemExit):
        main(["build", str(site), "--base-url", "https://example.com/", *flags])
    assert f"unrecognized arguments: {told}" in capsys.readouterr().err
    assert not (site / "sitemap.xml").exists()


def test_an_error_names_options_as_flags(tmp_path: Path) -> None:
    site = write_tree(tmp_path / "site", {"index.html": "<p>", "ads.txt": "google.com, pub-0\n"})
    done = run("build", str(site), "--base-url", "https://example.com/", "--txt-name", "ads.txt")
    assert (done.returncode, done.stderr) == (
        1,
        "sitemapkit: error: --txt-name: the output folder's ads.txt is not a sitemap (its first "
        "line is 'google.com, pub-0', not a URL), so it is not replaced; set --txt-name to "
        "another name, such as sitemap.txt, or remove that file from the site if it is left "
        "over\n",
    )
    assert (site / "ads.txt").read_text() == "google.com, pub-0\n"
    done = run("build", str(site), "--config", str(tmp_path / "nope.toml"))
    assert done.stderr == (
        f"sitemapkit: error: --config: {str(tmp_path / 'nope.toml')!r} does not exist; give the "
        "path of a TOML file of options (relative paths start from the current folder)\n"
    )


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full on this system")
def test_output_that_cannot_be_written_stops_no_build_and_shows_no_traceback(
    tmp_path: Path,
) -> None:
    """stdout or stderr closed (`>&-`) or on a full disk (/dev/full): the sitemaps are still
    written. A summary stdout on a full disk cannot take is told on stderr with exit 1; closed,
    stdout takes nothing, as /dev/null would; a lost notice costs nothing. A current folder
    removed under the shell is an error line too."""
    site = tmp_path / "site"
    write_tree(site, {"index.html": "<p>", "a.html": "<p>"})
    command = [sys.executable, "-m", "sitemapkit", "build", str(site)]
    command += ["--base-url", "https://example.com/", "--exclude", "nomatch.html"]
    for name, streams in [
        ("stdout closed", {"stdout": subprocess.DEVNULL, "close": 1}),
        ("stderr closed", {"stdout": subprocess.DEVNULL, "close": 2}),
        ("stderr full", {"stdout": subprocess.DEVNULL, "stderr": "/dev/full"}),
        ("stdout full", {"stdout": "/dev/full"}),
    ]:
        for written in site.glob("sitemap*"):
            written.unlink()
        close = streams.get("close")
        shell = " ".join(f"'{word}'" for word in command)
        shell += " >&-" if close == 1 else " 2>&-" if close == 2 else ""
        shell += f" >{streams['stdout']}" if streams.get("stdout") == "/dev/full" else ""
        shell += f" 2>{streams['stderr']}" if "stderr" in streams else ""
        done = subprocess.run(["sh", "-c", shell], capture_output=True, text=True, check=False)
        assert (site / "sitemap.xml").is_file(), name
        if name == "stdout full":
            assert done.returncode == 1, name
            assert done.stderr.splitlines()[-1].startswith(
                "sitemapkit: error: the report could not be written to standard output "
                "(No space left on device), though the sitemaps were written"
            ), done.stderr
        else:
            assert done.returncode == 0, (name, done.stderr)
        assert "Traceback" not in done.stderr, name
    gone = tmp_path / "gone"
    gone.mkdir()
    shell = f"cd '{gone}' && rmdir '{gone}' && " + " ".join(f"'{word}'" for word in command)
    done = subprocess.run(["sh", "-c", shell], capture_output=True, text=True, check=False)
    assert (done.returncode, done.stderr) == (
        1,
        "sitemapkit: error: the current folder no longer exists (removed while a shell was in "
        "it); cd into an existing folder and run the command again\n",
    )


def test_a_page_that_cannot_be_read_is_named_with_its_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The scan stats through each folder's descriptor, so the system names the file alone;
    the message names it below the site (only the answer for that one file is a refusal,
    which a build running as root could not otherwise meet)."""
    import sitemapkit.pages as scan

    site = write_tree(tmp_path / "site", {"index.html": "<p>", "d/e/a.html": "<p>"})

    class Refusing:
        def __init__(self, entry: os.DirEntry[str]) -> None:
            self.entry = entry

        def __getattr__(self, name: str) -> object:
            return getattr(self.entry, name)

        def stat(self) -> os.stat_result:
            raise PermissionError(13, "Permission denied", self.entry.name)

    listed = scan._in_scan_order
    monkeypatch.setattr(
        scan,
        "_in_scan_order",
        lambda it: [Refusing(e) if e.name == "a.html" else e for e in listed(it)],
    )
    assert main(["build", str(site), "--base-url", "https://example.com/"]) == 1
    error = capsys.readouterr().err.splitlines()[-1]
    assert error.startswith(f"sitemapkit: error: {site / 'd' / 'e' / 'a.html'}: Permission denied")
    assert not (site / "sitemap.xml").exists()


def test_messages_name_the_users_own_words(site: Path, tmp_path: Path) -> None:
    """A bad range is told without the place in the expression the pattern became; a fix
    already in the message is not followed by a second one; a folder given as --config."""
    base = ("--base-url", "https://example.com/")
    for args, said in [
        (
            ("--exclude", "[z-a]", *base),
            "--exclude: '[z-a]' is not valid; expected a gitignore-style pattern "
            "(bad character range z-a)",
        ),
        (
            ("--base-url", "https://example.com./"),
            "(crawlers count it as another host); write https://example.com/",
        ),
        (
            ("--config", str(tmp_path), *base),
            f"--config: {str(tmp_path)!r} is a folder; give the path of a TOML file of options",
        ),
    ]:
        done = run("build", str(site), *args)
        assert done.returncode == 1
        assert done.stderr.startswith("sitemapkit: error: ")
        assert done.stderr.endswith(said + "\n"), done.stderr
