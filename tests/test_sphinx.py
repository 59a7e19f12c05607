"""The Sphinx extension: real `sphinx-build` runs (in process) on small sites stated inline."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from urllib.parse import quote, unquote

import pytest
import sphinx
from lxml import html as lxml_html
from sphinx.application import Sphinx
from sphinx.cmd.build import build_main
from sphinx.util.docutils import docutils_namespace

from conftest import SchemaSet, git_commit, locs, parse_urlset, write_tree
from sitemapkit import OPTION_SPECS, __version__, installed
from sitemapkit.sphinx.generated import STATE_NAME
from sitemapkit.validate import validate_target

BASE = "https://example.org/docs/"
#: Source times set with os.utime, in the past so Sphinx's own freshness checks still work.
T_SOURCE = 1_700_000_000
T_INCLUDE = 1_700_100_000
SITEMAP_NAMES = ("sitemap.xml", "sitemap.txt", "sitemap-index.xml")


def conf(*lines: str) -> str:
    return "\n".join(lines) + "\n"


def docs_site(module: str, *conf_lines: str) -> dict[str, str]:
    """Nested folders, an include, an orphan, names with a space and non-ASCII letters, a page
    excluded by metadata, a domain index, an additional page and a viewcode module page.

    `module` names the documented Python module; each test uses its own name, because
    Sphinx caches module analysis by name for the life of the process.
    """
    return {
        "conf.py": conf(
            "import os, sys",
            "sys.path.insert(0, os.path.abspath('.'))",
            "extensions = ['sitemapkit.sphinx', 'sphinx.ext.viewcode']",
            f"html_baseurl = {BASE!r}",
            "html_additional_pages = {'extra': 'extra.html'}",
            "templates_path = ['_templates']",
            "exclude_patterns = ['_build', '_snippets']",
            *conf_lines,
        ),
        "_templates/extra.html": '{% extends "layout.html" %}{% block body %}Extra{% endblock %}',
        f"{module}.py": "def greet():\n    return 'hello'\n",
        "index.rst": (
            "Home\n====\n\n.. toctree::\n\n   guide/index\n   my page\n   café\n   api\n"
        ),
        "guide/index.rst": "Guide\n=====\n\n.. toctree::\n\n   install\n",
        "guide/install.rst": "Install\n=======\n\n.. include:: ../_snippets/note.txt\n",
        "_snippets/note.txt": "Shared note.\n",
        "my page.rst": "My page\n=======\n",
        "café.rst": "Café\n====\n",
        "api.rst": f"API\n===\n\n.. py:module:: {module}\n\n.. py:function:: greet()\n",
        "orphan.rst": ":orphan:\n\nOrphan\n======\n",
        "hidden.rst": ":orphan:\n:sitemap-exclude: true\n\nHidden\n======\n",
    }


@dataclass
class Build:
    code: int
    warnings: str
    out: Path


def sphinx_build(src: Path, out: Path, builder: str = "html", *options: str) -> Build:
    """`sphinx-build -q -b <builder> [options] src out`, with warnings captured to a file."""
    warning_file = out.parent / f"{out.name}-warnings.txt"
    code = build_main(["-q", "-b", builder, "-w", str(warning_file), *options, str(src), str(out)])
    warnings = warning_file.read_text(encoding="utf-8") if warning_file.exists() else ""
    return Build(code, warnings, out)


def sphinx_build_process(src: Path, out: Path, *options: str) -> subprocess.CompletedProcess[str]:
    """`python -m sphinx` in its own process, for checks that repeat an earlier warning.

    Pelican's import installs a process-wide filter that drops a log message seen before,
    so a repeated warning is checked where no other test's imports can reach it.
    """
    command = [sys.executable, "-m", "sphinx", "-q", "-b", "html", *options, str(src), str(out)]
    return subprocess.run(command, capture_output=True, text=True, check=False)


def sphinx_build_with_info(src: Path, out: Path) -> subprocess.CompletedProcess[str]:
    """`python -m sphinx` without -q, in its own process: for checks of an INFO line."""
    command = [sys.executable, "-m", "sphinx", "-b", "html", str(src), str(out)]
    return subprocess.run(command, capture_output=True, text=True, check=False)


def set_times(src: Path, seconds: int) -> None:
    for path in src.rglob("*"):
        if path.is_file():
            os.utime(path, (seconds, seconds))


def make_site(root: Path, files: Mapping[str, str]) -> Path:
    src = write_tree(root / "src", files)
    set_times(src, T_SOURCE)
    return src


def w3c(seconds: int) -> str:
    return datetime.fromtimestamp(seconds, timezone.utc).strftime("%Y-%m-%dT%H:%M:%S+00:00")


#: Sphinx 8.1 made the canonical link the builder's URL; before, it named `<page>.html`
#: whatever the builder (sphinx-doc/sphinx#9730), so older links are mended here.
CANONICAL_IS_TARGET_URI = sphinx.version_info >= (8, 1)
#: From Sphinx 7.3, a setting registered with `types=Any` is not type-checked by Sphinx.
SPHINX_LEAVES_TYPES = sphinx.version_info >= (7, 3)


def mend_old_canonical(href: str, builder: str, file_suffix: str, link_suffix: str) -> str:
    if CANONICAL_IS_TARGET_URI:
        return href
    stem = href.removesuffix(file_suffix)
    if builder == "dirhtml":
        return stem.removesuffix("index") if stem.endswith("/index") else stem + "/"
    return quote(stem, safe=":/%") + link_suffix  # as the html builder quotes its own links


def canonical_links(
    out: Path, builder: str = "html", file_suffix: str = ".html", link_suffix: str = ".html"
) -> dict[str, Path]:
    """Each page's `<link rel="canonical">`, percent-encoded as a sitemap writes it."""
    links = {}
    for page in out.rglob(f"*{file_suffix}"):
        hrefs = lxml_html.parse(str(page)).xpath('//link[@rel="canonical"]/@href')
        if hrefs:
            href = mend_old_canonical(hrefs[0], builder, file_suffix, link_suffix)
            links[quote(href, safe=":/%")] = page
    return links


def lastmods(out: Path) -> dict[str, str]:
    return {row["loc"]: row.get("lastmod", "") for row in parse_urlset(out / "sitemap.xml")}


def sitemap_files(out: Path) -> list[str]:
    return sorted(p.name for p in out.rglob("sitemap*") if p.is_file())


@pytest.fixture(autouse=True)
def no_source_date_epoch(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)


@pytest.mark.parametrize("builder", ["html", "dirhtml"])
def test_locs_are_the_canonical_links_of_every_kept_page(
    tmp_path: Path, schemas: SchemaSet, builder: str
) -> None:
    module = f"kit_{builder}"
    src = make_site(tmp_path, docs_site(module))
    build = sphinx_build(src, tmp_path / "out", builder)
    assert build.code == 0, build.warnings
    assert "sitemapkit" not in build.warnings
    assert [p.name for p in schemas.validate_folder(build.out)] == [
        "sitemap-index.xml",
        "sitemap.xml",
    ]

    canonical = canonical_links(build.out, builder)
    listed = set(locs(build.out / "sitemap.xml"))
    assert listed <= set(canonical)
    left_out = {
        page.relative_to(build.out).as_posix()
        for link, page in canonical.items()
        if link not in listed
    }
    suffix = ".html" if builder == "html" else "/index.html"
    assert left_out == {"search" + suffix, "genindex" + suffix, "hidden" + suffix}
    generated = {"py-modindex", "extra", f"_modules/{module}"}
    documents = {"guide/install", "my%20page", "caf%C3%A9", "orphan", "api"}
    for name in generated | documents:
        assert BASE + name + (".html" if builder == "html" else "/") in listed
    for loc in listed:
        path = unquote(loc.removeprefix(BASE))
        if path == "" or path.endswith("/"):
            path += "index.html"
        assert (build.out / path).is_file(), loc
    text = (build.out / "sitemap.txt").read_text(encoding="utf-8").split()
    assert sorted(text) == sorted(listed)
    assert not (build.out / "robots.txt").exists()  # the site is not at the host root


def test_file_and_link_suffixes_shape_the_urls(tmp_path: Path, schemas: SchemaSet) -> None:
    src = make_site(
        tmp_path,
        {
            "conf.py": conf(
                "extensions = ['sitemapkit.sphinx']",
                f"html_baseurl = {BASE!r}",
                "html_file_suffix = '.htm'",
                "html_link_suffix = ''",
                "html_split_index = True",
            ),
            "index.rst": "Home\n====\n\n.. toctree::\n\n   a/b\n   genindex-notes\n",
            "a/b.rst": ".. index:: Apple, Banana\n\nB\n=\n",
            "genindex-notes.rst": "Notes on the index\n==================\n",  # a document
        },
    )
    build = sphinx_build(src, tmp_path / "out")
    assert build.code == 0, build.warnings
    schemas.validate_folder(build.out)
    for unlisted in ("search.htm", "genindex.htm", "genindex-all.htm", "genindex-A.htm"):
        assert (build.out / unlisted).is_file()
    listed = {BASE + "index", BASE + "a/b", BASE + "genindex-notes"}
    assert set(locs(build.out / "sitemap.xml")) == listed
    # Hosts serve `page.html` at `page`, but no common one serves `page.htm` there.
    assert "3 pages are listed at URLs that no file in the output serves" in build.warnings
    assert "[sitemapkit.unserved-url]" in build.warnings
    canonical = canonical_links(build.out, "html", ".htm", "")
    index_pages = ("genindex", "genindex-all", "genindex-A", "genindex-B")
    unlisted = {BASE + name for name in ("search", *index_pages)}
    assert set(locs(build.out / "sitemap.xml")) == set(canonical) - unlisted


def test_incremental_builds_stay_complete_and_follow_changes(
    tmp_path: Path, schemas: SchemaSet
) -> None:
    module = "kit_incremental"
    src = make_site(tmp_path, docs_site(module))
    out = tmp_path / "out"
    assert sphinx_build(src, out).code == 0
    first = lastmods(out)
    assert set(first.values()) == {w3c(T_SOURCE)}
    module_page = out / "_modules" / f"{module}.html"
    written = {name: (out / name).stat().st_mtime_ns for name in ("orphan.html", "api.html")}
    written[module_page.name] = module_page.stat().st_mtime_ns

    # Touch one source: Sphinx rewrites only what depends on it, the sitemap keeps everything.
    # An edit after the last build read it, before the next build starts (a time the next
    # build is already running at would say the build wrote the file itself).
    touched_ns = time.time_ns()
    os.utime(src / "café.rst", ns=(touched_ns, touched_ns))
    touched = touched_ns // 1_000_000_000
    build = sphinx_build(src, out)
    assert build.code == 0, build.warnings
    schemas.validate_folder(out)
    assert (out / "orphan.html").stat().st_mtime_ns == written["orphan.html"]
    assert (out / "api.html").stat().st_mtime_ns == written["api.html"]
    assert module_page.stat().st_mtime_ns == written[module_page.name]  # viewcode skipped it
    second = lastmods(out)
    assert set(second) == set(first)
    assert second[BASE + "caf%C3%A9.html"] == w3c(touched)
    assert second[BASE + "orphan.html"] == w3c(T_SOURCE)

    # No change at all: byte-identical sitemap.
    before = (out / "sitemap.xml").read_bytes()
    assert sphinx_build(src, out).code == 0
    assert (out / "sitemap.xml").read_bytes() == before

    # Delete a source: Sphinx leaves its HTML behind, the sitemap drops it.
    (src / "orphan.rst").unlink()
    assert sphinx_build(src, out).code == 0
    assert (out / "orphan.html").is_file()
    assert set(lastmods(out)) == set(first) - {BASE + "orphan.html"}
    assert '"orphan"' not in (out / STATE_NAME).read_text(encoding="utf-8")

    # Drop an additional page and its old HTML: an earlier build's record no longer lists it.
    conf_text = (src / "conf.py").read_text(encoding="utf-8")
    (src / "conf.py").write_text(conf_text.replace("'extra': 'extra.html'", ""), "utf-8")
    (out / "extra.html").unlink()
    assert sphinx_build(src, out).code == 0
    assert set(lastmods(out)) == set(first) - {BASE + "orphan.html", BASE + "extra.html"}


def test_a_build_given_some_files_lists_no_page_it_left_unwritten(
    tmp_path: Path, schemas: SchemaSet
) -> None:
    """`sphinx-build -b html src out a.rst` into a new folder writes a.html (and what lists
    it), not the orphan b.html: listing it would be a 404. A later full build lists it."""
    src = make_site(
        tmp_path,
        {
            "conf.py": conf("extensions = ['sitemapkit.sphinx']", f"html_baseurl = {BASE!r}"),
            "index.rst": "Home\n====\n\n.. toctree::\n\n   a\n",
            "a.rst": "A\n=\n\nText.\n",
            "b.rst": ":orphan:\n\nB\n=\n\nText.\n",
        },
    )
    out = tmp_path / "out"
    command = [sys.executable, "-m", "sphinx", "-b", "html", str(src), str(out), str(src / "a.rst")]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert not (out / "b.html").exists()
    schemas.validate_folder(out)
    assert set(lastmods(out)) == {BASE + "index.html", BASE + "a.html"}
    assert (
        "sitemapkit: 1 page not listed, as the output folder has no file for it (b.html); a "
        "build given some source files writes only those: a full build writes and lists it"
    ) in done.stdout
    assert sphinx_build(src, out).code == 0
    assert set(lastmods(out)) == {BASE + "index.html", BASE + "a.html", BASE + "b.html"}


@pytest.mark.parametrize("before", ["without sitemapkit", "without html_baseurl"])
def test_module_pages_an_earlier_build_wrote_are_listed_once_the_sitemap_is_on(
    tmp_path: Path, before: str
) -> None:
    # viewcode skips a module page newer than its module: the first sitemap must still list it.
    module = "kit_added_later_" + before.rpartition(" ")[2]
    files = docs_site(module)
    src = make_site(tmp_path, files)
    conf_text = files["conf.py"]
    if before == "without sitemapkit":
        earlier = conf_text.replace("'sitemapkit.sphinx', ", "")
    else:
        earlier = conf_text.replace(f"html_baseurl = {BASE!r}", "")
    assert earlier != conf_text
    (src / "conf.py").write_text(earlier, encoding="utf-8")
    out = tmp_path / "out"
    assert sphinx_build(src, out).code == 0
    module_page = out / "_modules" / f"{module}.html"
    written = module_page.stat().st_mtime_ns
    assert not (out / "sitemap.xml").exists()

    (src / "conf.py").write_text(conf_text, encoding="utf-8")
    build = sphinx_build(src, out)
    assert build.code == 0, build.warnings
    assert module_page.stat().st_mtime_ns == written  # viewcode did not write it this time
    assert BASE + f"_modules/{module}.html" in locs(out / "sitemap.xml")


def test_autosummary_stubs_written_by_the_build_take_their_modules_time(tmp_path: Path) -> None:
    # autosummary writes its stub sources when the build starts, so their own time is the
    # build's; the module they document (autodoc's dependency) says when the page changed.
    module = "kit_autosummary"
    files = {
        "conf.py": conf(
            "import os, sys",
            "sys.path.insert(0, os.path.abspath('.'))",
            "extensions = ['sitemapkit.sphinx', 'sphinx.ext.autosummary']",
            "autosummary_generate = True",
            f"html_baseurl = {BASE!r}",
        ),
        f"{module}.py": '"""A module."""\n\n\ndef greet():\n    """Say hello."""\n',
        "index.rst": f"Home\n====\n\n.. autosummary::\n   :toctree: generated\n\n   {module}\n",
    }
    src = make_site(tmp_path, files)
    os.utime(src / f"{module}.py", (T_INCLUDE, T_INCLUDE))
    outputs = []
    # A fresh checkout twice; then, in a working copy, an incremental build and a build into
    # a new folder, both finding the stub unchanged (autosummary leaves its earlier time).
    for run, fresh in (("first", True), ("again", True), ("again", False), ("clean", False)):
        if fresh:
            shutil.rmtree(src / "generated", ignore_errors=True)
        build = sphinx_build(src, tmp_path / run)
        assert build.code == 0, build.warnings
        assert (src / "generated" / f"{module}.rst").stat().st_mtime > T_INCLUDE
        outputs.append((build.out / "sitemap.xml").read_bytes())
    assert lastmods(tmp_path / "first")[BASE + f"generated/{module}.html"] == w3c(T_INCLUDE)
    assert outputs[0] == outputs[1] == outputs[2] == outputs[3]


def test_pages_sphinx_ext_apidoc_writes_take_their_modules_time_in_every_build(
    tmp_path: Path,
) -> None:
    """apidoc leaves an unchanged source alone: from the second build on, the file's time is
    the first build's, which must not become the page's (nor the module index's)."""
    files = {
        "conf.py": conf(
            "import os, sys",
            "sys.path.insert(0, os.path.abspath('../pkg'))",
            "extensions = ['sitemapkit.sphinx', 'sphinx.ext.apidoc', 'sphinx.ext.autodoc']",
            f"html_baseurl = {BASE!r}",
            "apidoc_separate_modules = True",
            "apidoc_modules = [{'path': '../pkg/kit_apidoc', 'destination': 'api/'}]",
        ),
        "index.rst": "Home\n====\n\n.. toctree::\n\n   api/modules\n",
    }
    src = make_site(tmp_path, files)
    package = write_tree(
        tmp_path / "pkg" / "kit_apidoc",
        {
            "__init__.py": '"""A package."""\n',
            "core.py": '"""Core."""\n\n\ndef f():\n    """F."""\n',
        },
    )
    set_times(package, T_SOURCE)
    os.utime(package / "core.py", (T_INCLUDE, T_INCLUDE))
    outputs = []
    for _ in range(2):
        build = sphinx_build(src, tmp_path / "out")
        assert build.code == 0, build.warnings
        outputs.append((build.out / "sitemap.xml").read_bytes())
    assert (src / "api" / "kit_apidoc.core.rst").stat().st_mtime > T_INCLUDE  # the build's
    found = lastmods(tmp_path / "out")
    assert found[BASE + "api/kit_apidoc.core.html"] == w3c(T_INCLUDE)
    assert found[BASE + "api/kit_apidoc.html"] == w3c(T_SOURCE)
    assert found[BASE + "py-modindex.html"] == w3c(T_INCLUDE)
    assert outputs[0] == outputs[1]
    os.utime(package / "core.py", (T_INCLUDE + 86_400, T_INCLUDE + 86_400))  # an edit shows
    assert sphinx_build(src, tmp_path / "out").code == 0
    assert lastmods(tmp_path / "out")[BASE + "api/kit_apidoc.core.html"] == w3c(T_INCLUDE + 86_400)


@pytest.mark.parametrize("builder", ["html", "dirhtml", "htm files, html links"])
def test_documents_sphinx_reredirects_overwrites_with_a_redirect_are_not_listed(
    tmp_path: Path, builder: str
) -> None:
    files = {
        "conf.py": conf(
            "extensions = ['sitemapkit.sphinx', 'sphinx_reredirects']",
            f"html_baseurl = {BASE!r}",
            "redirects = {",
            "    'old/*': 'https://new.example.com/$source.html',",
            "    'moved': 'kept.html',",
            "    'gone.html': 'kept.html',",  # names a file: a document only under html
            "    'never/existed': 'kept.html',",
            "}",
        ),
        "index.rst": "Home\n====\n\n.. toctree::\n\n   kept\n   moved\n   gone\n   old/a\n",
        "kept.rst": "Kept\n====\n",
        "moved.rst": "Moved\n=====\n",
        "gone.rst": "Gone\n====\n",
        "old/a.rst": "Old\n===\n",
    }
    src = make_site(tmp_path, files)
    if builder == "htm files, html links":  # the extension writes `old/a.html/index.htm`
        suffixes = ("-D", "html_file_suffix=.htm", "-D", "html_link_suffix=.html")
        build = sphinx_build(src, tmp_path / "htm", "html", *suffixes)
        assert build.code == 0, build.warnings
        assert (build.out / "old" / "a.htm").is_file()
        names = ("index", "kept", "moved", "gone", "old/a")
        assert set(locs(build.out / "sitemap.xml")) == {BASE + f"{n}.html" for n in names}
        return
    build = sphinx_build(src, tmp_path / builder, builder)
    assert build.code == 0, build.warnings
    found = set(locs(build.out / "sitemap.xml"))
    if builder == "html":
        assert "refresh" in (build.out / "old" / "a.html").read_text(encoding="utf-8")
        assert found == {BASE + "index.html", BASE + "kept.html"}
    else:
        assert "refresh" in (build.out / "old" / "a" / "index.html").read_text(encoding="utf-8")
        assert found == {BASE, BASE + "kept/", BASE + "gone/"}
    assert validate_target(build.out).errors == []  # every listed URL is a page


def test_lastmod_is_the_newest_of_source_and_included_files(tmp_path: Path) -> None:
    src = make_site(tmp_path, docs_site("kit_lastmod"))
    os.utime(src / "_snippets" / "note.txt", (T_INCLUDE, T_INCLUDE))
    older = T_SOURCE - 86_400
    os.utime(src / "my page.rst", (older, older))
    assert sphinx_build(src, tmp_path / "out").code == 0
    dates = lastmods(tmp_path / "out")
    assert dates[BASE + "guide/install.html"] == w3c(T_INCLUDE)
    assert dates[BASE + "guide/index.html"] == w3c(T_SOURCE)
    assert dates[BASE + "my%20page.html"] == w3c(older)
    # A generated page without a source of its own takes the newest date of the site.
    assert dates[BASE + "extra.html"] == w3c(T_INCLUDE)


def test_code_pages_and_the_module_index_are_dated_by_what_they_show(tmp_path: Path) -> None:
    """viewcode's page shows the module's file, its index those pages, and the Python module
    index the documents that define modules: an edit elsewhere moves none of them."""
    src = make_site(tmp_path, docs_site("kit_code_pages"))
    module_time, api_time = T_SOURCE - 3 * 86_400, T_SOURCE - 2 * 86_400
    os.utime(src / "kit_code_pages.py", (module_time, module_time))
    os.utime(src / "api.rst", (api_time, api_time))
    os.utime(src / "_snippets" / "note.txt", (T_INCLUDE, T_INCLUDE))  # the site's newest
    assert sphinx_build(src, tmp_path / "out").code == 0
    dates = lastmods(tmp_path / "out")
    assert dates[BASE + "_modules/kit_code_pages.html"] == w3c(module_time)
    assert dates[BASE + "_modules/index.html"] == w3c(module_time)
    assert dates[BASE + "py-modindex.html"] == w3c(api_time)
    assert dates[BASE + "guide/install.html"] == w3c(T_INCLUDE)


def test_installed_modules_date_no_page(tmp_path: Path) -> None:
    """A module as pip installed it (non-editable, as on CI and Read the Docs) carries the
    install's time, minutes before each build, and the standard library Python's: neither
    says when the page changed. The page is dated by its own files; viewcode's page of such a
    module has none of its own, so it takes the site's newest date."""
    import pathspec.util

    installed = Path(pathspec.util.__file__)
    assert "site-packages" in installed.parts
    assert installed.stat().st_mtime > T_INCLUDE  # else the test could not fail
    files = {
        "conf.py": conf(
            "extensions = ['sitemapkit.sphinx', 'sphinx.ext.autodoc', 'sphinx.ext.viewcode']",
            f"html_baseurl = {BASE!r}",
        ),
        "index.rst": "Home\n====\n\n.. toctree::\n\n   api\n",
        "api.rst": (
            "API\n===\n\n.. autofunction:: pathspec.util.normalize_file\n\n"
            ".. autofunction:: colorsys.rgb_to_hsv\n"
        ),
    }
    src = make_site(tmp_path, files)
    api_time = T_SOURCE - 86_400
    os.utime(src / "api.rst", (api_time, api_time))
    build = sphinx_build(src, tmp_path / "out")
    assert build.code == 0, build.warnings
    dates = lastmods(tmp_path / "out")
    assert dates[BASE + "api.html"] == w3c(api_time)
    assert dates[BASE + "_modules/pathspec/util.html"] == w3c(T_SOURCE)  # the site's newest
    assert dates[BASE + "_modules/colorsys.html"] == w3c(T_SOURCE)
    assert dates[BASE + "_modules/index.html"] == w3c(T_SOURCE)


def test_a_virtualenv_in_the_source_folder_is_the_installations(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`.venv/` beside conf.py holds installed files; docs kept inside an installed package
    count their own files, and no other package's."""
    venv = "/p/docs/.venv/lib/python3/site-packages/"
    monkeypatch.setattr(installed, "installed_folders", lambda: (venv,))
    paths = [venv + "pkg/mod.py", "/p/docs/inc.rst", "/p/src/pkg/mod.py"]
    assert installed.project_files(paths, "/p/docs") == ("/p/docs/inc.rst", "/p/src/pkg/mod.py")
    paths = [venv + "pkg/docs/inc.rst", venv + "pkg/docs/../mod.py", venv + "other/mod.py"]
    assert installed.project_files(paths, venv + "pkg/docs") == (venv + "pkg/docs/inc.rst",)


def test_documents_sphinx_last_updated_by_git_dates_take_their_commits_time(
    tmp_path: Path, schemas: SchemaSet
) -> None:
    """After a clone every file is new; the extension's commit times are the dates the pages
    show (an include's commit counts), so the sitemap says the same. An untracked document,
    which it cannot date, keeps its file's time."""
    src = make_site(
        tmp_path,
        {
            "conf.py": conf(
                "extensions = ['sitemapkit.sphinx', 'sphinx_last_updated_by_git']",
                f"html_baseurl = {BASE!r}",
                "html_last_updated_fmt = '%Y-%m-%d'",
            ),
            "index.rst": "Home\n====\n\n.. toctree::\n\n   guide\n   notes\n",
            "guide.rst": "Guide\n=====\n\n.. include:: part.txt\n",
            "part.txt": "A part.\n",
            "notes.rst": "Notes\n=====\n",
        },
    )
    git_commit(src, ["conf.py", "index.rst", "guide.rst", "part.txt"], "2021-03-04T05:06:07Z")
    (src / "part.txt").write_text("A part, changed.\n", encoding="utf-8")
    git_commit(src, ["part.txt"], "2023-06-07T08:09:10Z")
    for name in ("conf.py", "index.rst", "guide.rst", "part.txt"):
        os.utime(src / name)  # now: as after a clone
    build = sphinx_build(src, tmp_path / "out")
    assert build.code == 0, build.warnings
    assert lastmods(build.out) == {
        BASE + "index.html": "2021-03-04T05:06:07+00:00",
        BASE + "guide.html": "2023-06-07T08:09:10+00:00",
        BASE + "notes.html": w3c(T_SOURCE),
    }
    # The page shows the same instant, in the machine's zone (the extension writes local time).
    page = (build.out / "guide.html").read_text(encoding="utf-8")
    shown = re.search(r'<meta property="article:modified_time" content="([^"]+)"', page)
    assert shown is not None
    assert datetime.fromisoformat(shown[1]) == datetime(2023, 6, 7, 8, 9, 10, tzinfo=timezone.utc)
    schemas.validate_folder(build.out)


def test_a_viewcode_page_takes_the_commit_time_of_the_document_of_its_module(
    tmp_path: Path,
) -> None:
    """After a clone the module's file is new too: a document autodoc wrote from it has the
    module's commit among its own (a dependency), the date its page shows. The document that
    only declares the module does not depend on its file, and does not date its page."""
    module = "gitdated_mod"
    src = make_site(
        tmp_path,
        {
            "conf.py": conf(
                "import os, sys",
                "sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))",
                "extensions = ['sitemapkit.sphinx', 'sphinx_last_updated_by_git', "
                "'sphinx.ext.autodoc', 'sphinx.ext.viewcode']",
                f"html_baseurl = {BASE!r}",
            ),
            "index.rst": "Home\n====\n\n.. toctree::\n\n   api\n   funcs\n",
            "api.rst": f"API\n===\n\n.. py:module:: {module}\n",
            "funcs.rst": (
                f"Functions\n=========\n\n.. py:currentmodule:: {module}\n\n"
                ".. autofunction:: greet\n"
            ),
            f"{module}.py": 'def greet():\n    """Say hello."""\n',
        },
    )
    names = ["conf.py", "index.rst", "api.rst", "funcs.rst", f"{module}.py"]
    git_commit(src, names, "2021-03-04T05:06:07Z")
    (src / f"{module}.py").write_text('def greet():\n    """Say hi."""\n', encoding="utf-8")
    git_commit(src, [f"{module}.py"], "2023-06-07T08:09:10Z")
    for name in names:
        os.utime(src / name)  # now: as after a clone
    build = sphinx_build(src, tmp_path / "out")
    assert build.code == 0, build.warnings
    dates = lastmods(build.out)
    assert dates[BASE + "api.html"] == "2021-03-04T05:06:07+00:00"
    assert dates[BASE + "funcs.html"] == "2023-06-07T08:09:10+00:00"
    assert dates[BASE + f"_modules/{module}.html"] == "2023-06-07T08:09:10+00:00"
    assert dates[BASE + "_modules/index.html"] == "2023-06-07T08:09:10+00:00"


def test_an_exclude_pattern_of_the_html_layout_in_a_dirhtml_build_is_a_warning(
    tmp_path: Path,
) -> None:
    """Moving to dirhtml (as on Read the Docs) leaves `guide.html` patterns matching nothing."""
    src = make_site(
        tmp_path,
        {
            "conf.py": conf(
                "extensions = ['sitemapkit.sphinx']",
                f"html_baseurl = {BASE!r}",
                "sitemapkit_exclude = ['guide.html']",
            ),
            "index.rst": "Home\n====\n\n.. toctree::\n\n   guide\n",
            "guide.rst": "Guide\n=====\n",
        },
    )
    build = sphinx_build(src, tmp_path / "out", "dirhtml")
    assert build.code == 0
    assert locs(build.out / "sitemap.xml") == [BASE, BASE + "guide/"]
    assert build.warnings == ""  # an INFO line: a pattern for pages to come is no mistake
    done = subprocess.run(
        [sys.executable, "-m", "sphinx", "-b", "dirhtml", str(src), str(tmp_path / "again")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (
        "sitemapkit: sitemapkit_exclude: the pattern 'guide.html' matches no page, so it has "
        "no effect; patterns match the pages' output paths such as 'guide/index.html'"
    ) in done.stdout
    # sphinx-sitemap's documented excludes name pages Sphinx's own rules leave out: matched.
    (src / "conf.py").write_text(
        conf(
            "extensions = ['sitemapkit.sphinx']",
            f"html_baseurl = {BASE!r}",
            "sitemapkit_exclude = ['search.html', 'genindex.html']",
        ),
        encoding="utf-8",
    )
    done = subprocess.run(
        [sys.executable, "-m", "sphinx", "-E", "-b", "html", str(src), str(tmp_path / "html")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0 and "matches no page" not in done.stdout, done.stdout


def test_settings_that_would_contradict_the_canonical_links_are_warnings(tmp_path: Path) -> None:
    """clean_urls lists `a` where the page names itself `a.html` (html_link_suffix makes them
    agree); spaces around html_baseurl go into every canonical link, not into the sitemap."""
    src = make_site(
        tmp_path,
        {
            "conf.py": conf(
                "extensions = ['sitemapkit.sphinx']",
                f"html_baseurl = {BASE + ' '!r}",
                "sitemapkit_clean_urls = True",
            ),
            "index.rst": "Home\n====\n\n.. toctree::\n\n   a\n",
            "a.rst": "A\n=\n",
        },
    )
    build = sphinx_build(src, tmp_path / "out")
    assert build.code == 0
    assert locs(build.out / "sitemap.xml") == [BASE, BASE + "a"]  # as a host hiding .html
    assert "sitemapkit_clean_urls lists the pages without `.html`, while" in build.warnings
    assert "set html_link_suffix = '' instead" in build.warnings
    assert f"html_baseurl {BASE + ' '!r} has spaces around it" in build.warnings
    # With html_link_suffix = '' (or in dirhtml) the pages drop `.html` too: nothing to say.
    for builder, extra in (("html", ["-D", "html_link_suffix="]), ("dirhtml", [])):
        agreed = sphinx_build(src, tmp_path / builder, builder, *extra)
        assert "clean_urls" not in agreed.warnings, agreed.warnings


def test_a_sitemap_field_after_the_title_is_a_warning_with_its_line(tmp_path: Path) -> None:
    """Sphinx reads fields as metadata at the very top only; after the title they are text."""
    src = make_site(
        tmp_path,
        {
            "conf.py": conf("extensions = ['sitemapkit.sphinx']", f"html_baseurl = {BASE!r}"),
            "index.rst": "Home\n====\n\n.. toctree::\n\n   late\n   early\n",
            "late.rst": "Late\n====\n\n:sitemap-lastmod: 2020-01-01\n:author: Ada\n\nText.\n",
            "early.rst": ":sitemap-lastmod: 2020-01-01\n\nEarly\n=====\n\nText.\n",
        },
    )
    build = sphinx_build(src, tmp_path / "out")
    assert build.code == 0
    assert build.warnings.strip() == (
        f"{src / 'late.rst'}:4: WARNING: sitemapkit: field :sitemap-lastmod: comes after the "
        "title, where Sphinx does not read it as the document's metadata, so it is ignored; "
        "move it to the very top of the file, before the title [sitemapkit.metadata]"
    )
    assert lastmods(build.out)[BASE + "early.html"] == "2020-01-01T00:00:00+00:00"
    assert lastmods(build.out)[BASE + "late.html"] == w3c(T_SOURCE)


def test_a_misplaced_field_in_a_notebook_is_told_where_a_notebook_can_set_it(
    tmp_path: Path,
) -> None:
    """nbsphinx puts lines of its own before a notebook's first cell, so "the very top of the
    file" cannot be reached there: conf.py's options can. (A notebook's source read as reST
    stands in for a notebook parser here.)"""
    src = make_site(
        tmp_path,
        {
            "conf.py": conf(
                "extensions = ['sitemapkit.sphinx']",
                f"html_baseurl = {BASE!r}",
                "source_suffix = {'.rst': 'restructuredtext', '.ipynb': 'restructuredtext'}",
            ),
            "index.rst": "Home\n====\n\n.. toctree::\n\n   nb\n",
            "nb.ipynb": ".. highlight:: none\n\nPlot\n====\n\n:sitemap-exclude: true\n",
        },
    )
    build = sphinx_build(src, tmp_path / "out")
    assert (
        "field :sitemap-exclude: comes after the title, where Sphinx does not read it as the "
        "document's metadata, so it is ignored; in a notebook read by nbsphinx, which puts "
        "lines of its own before the first cell, set it in conf.py instead (sitemapkit_exclude, "
        "sitemapkit_priority_overrides, sitemapkit_changefreq_rules)"
    ) in build.warnings


@pytest.mark.parametrize("builder", ["html", "dirhtml"])
def test_a_stated_lastmod_in_the_future_points_at_its_document(
    tmp_path: Path, builder: str
) -> None:
    """The core names the page's output path; Sphinx's warning points at the source, as the
    other metadata warnings do, so an editor can jump to it."""
    src = make_site(
        tmp_path,
        {
            "conf.py": conf("extensions = ['sitemapkit.sphinx']", f"html_baseurl = {BASE!r}"),
            "index.rst": "Home\n====\n\n.. toctree::\n\n   sub/typo\n",
            "sub/typo.rst": ":sitemap-lastmod: 2099-01-01\n\nTypo\n====\n",
        },
    )
    build = sphinx_build(src, tmp_path / "out", builder)
    assert build.code == 0
    page = "sub/typo.html" if builder == "html" else "sub/typo/index.html"
    assert build.warnings.strip() == (
        f"{src / 'sub' / 'typo.rst'}: WARNING: sitemapkit: page {page!r}: the lastmod its "
        "metadata states, 2099-01-01T00:00:00+00:00, is in the future, so it is ignored and the "
        "page takes "
        "its file's time; correct the date in the page [sitemapkit.future-lastmod]"
    )


def test_sources_all_fresh_from_a_clone_are_an_info_line_naming_the_git_extension(
    tmp_path: Path,
) -> None:
    src = write_tree(
        tmp_path / "src",
        {
            "conf.py": conf("extensions = ['sitemapkit.sphinx']", f"html_baseurl = {BASE!r}"),
            "index.rst": "Home\n====\n\n.. toctree::\n\n   a\n",
            "a.rst": "A\n=\n",
        },
    )  # the files' times are now, as after a clone
    done = sphinx_build_with_info(src, tmp_path / "out")
    assert done.returncode == 0, done.stderr
    assert "were modified in the last hour" in done.stdout
    assert (
        "; or add sphinx_last_updated_by_git to extensions: a document it dates takes the time "
        "of its last commit"
    ) in done.stdout


def test_documents_the_git_extension_cannot_date_are_told_when_their_files_are_fresh(
    tmp_path: Path,
) -> None:
    """Committed documents take their commits' times; an untracked one, fresh as after a
    clone, is told, counting only the pages dated by files."""
    src = write_tree(
        tmp_path / "src",
        {
            "conf.py": conf(
                "extensions = ['sitemapkit.sphinx', 'sphinx_last_updated_by_git']",
                f"html_baseurl = {BASE!r}",
            ),
            "index.rst": "Home\n====\n\n.. toctree::\n\n   a\n   b\n",
            "a.rst": "A\n=\n",
            "b.rst": "B\n=\n",
        },
    )
    git_commit(src, ["conf.py", "index.rst", "a.rst"], "2021-03-04T05:06:07+00:00")
    done = sphinx_build_with_info(src, tmp_path / "out")
    assert done.returncode == 0, done.stderr
    assert "the files of every page with a file time were modified in the last hour" in done.stdout
    assert (
        "; sphinx_last_updated_by_git dated the other pages by their commits, and these have "
        "none it found (untracked, excluded from it, or written before the build)"
    ) in done.stdout


def site_with_extension(root: Path, extension: str, page: str, *conf_lines: str) -> Path:
    """A home page whose toctree names `page`, built with `extension` beside sitemapkit."""
    return make_site(
        root,
        {
            "conf.py": conf(
                f"extensions = ['sitemapkit.sphinx', {extension!r}]",
                f"html_baseurl = {BASE!r}",
                *conf_lines,
            ),
            "index.rst": f"Home\n====\n\n.. toctree::\n\n   {page}\n",
        },
    )


def rebuilt_sitemaps(src: Path, root: Path) -> list[bytes]:
    """sitemap.xml of a clean build, a rebuild without changes, and a build into a new folder.

    Each in its own process: the extensions keep module analyses for the life of a process.
    """
    sitemaps = []
    for out in (root / "out", root / "out", root / "fresh"):
        done = sphinx_build_process(src, out)
        assert done.returncode == 0, done.stderr
        sitemaps.append((out / "sitemap.xml").read_bytes())
    return sitemaps


def test_autoapi_pages_are_dated_by_their_modules_on_every_build(tmp_path: Path) -> None:
    # With autoapi_keep_files the sources autoapi wrote stay, with the first build's time.
    src = site_with_extension(
        tmp_path,
        "autoapi.extension",
        "autoapi/index",
        "autoapi_dirs = ['../pkg']",
        "autoapi_keep_files = True",
    )
    package = {
        "__init__.py": '"""Kit."""\n\nfrom .core import helper\n\n__all__ = ["helper"]\n',
        "core.py": '"""Core."""\n\n\ndef helper():\n    """Help."""\n',
        "extra.py": '"""Extra."""\n',
    }
    write_tree(tmp_path / "pkg" / "kitpkg", package)
    os.utime(tmp_path / "pkg" / "kitpkg" / "__init__.py", (T_SOURCE - 86_400,) * 2)
    os.utime(tmp_path / "pkg" / "kitpkg" / "core.py", (T_INCLUDE, T_INCLUDE))
    os.utime(tmp_path / "pkg" / "kitpkg" / "extra.py", (T_SOURCE - 2 * 86_400,) * 2)
    sitemaps = rebuilt_sitemaps(src, tmp_path)
    assert sitemaps[1] == sitemaps[0] and sitemaps[2] == sitemaps[0]
    assert lastmods(tmp_path / "out") == {
        BASE + "autoapi/index.html": w3c(T_INCLUDE),  # it lists every module
        BASE + "autoapi/kitpkg/core/index.html": w3c(T_INCLUDE),
        BASE + "autoapi/kitpkg/extra/index.html": w3c(T_SOURCE - 2 * 86_400),
        BASE + "autoapi/kitpkg/index.html": w3c(T_INCLUDE),  # it shows core's helper too
        BASE + "index.html": w3c(T_SOURCE),
        BASE + "py-modindex.html": w3c(T_INCLUDE),  # no source: the site's newest date
    }


def test_gallery_pages_are_dated_by_their_example_scripts_on_every_build(tmp_path: Path) -> None:
    # sphinx-gallery writes its sources next to conf.py and leaves them while the script is
    # unchanged: a new output folder would otherwise get the first build's time.
    src = site_with_extension(
        tmp_path,
        "sphinx_gallery.gen_gallery",
        "auto_examples/index",
        "sphinx_gallery_conf = {'examples_dirs': '../examples',",
        "    'gallery_dirs': 'auto_examples', 'plot_gallery': 'False'}",
    )
    script = '"""\n{0}\n=============\n\nText.\n"""\n\nprint(1)\n'
    files = {
        "GALLERY_HEADER.rst": "Gallery\n=======\n",
        "plot_one.py": script.format("First example"),
        "__init__.py": "",  # sphinx-gallery's ignore_pattern: no example
        "sub/README.txt": "Sub-gallery\n===========\n",
        "sub/plot_two.py": script.format("Other example"),
    }
    examples = write_tree(tmp_path / "examples", files)
    times = {
        "GALLERY_HEADER.rst": T_SOURCE - 86_400,
        "plot_one.py": T_INCLUDE - 86_400,
        "__init__.py": T_INCLUDE + 86_400,
        "sub/README.txt": T_SOURCE - 86_400,
        "sub/plot_two.py": T_INCLUDE,
    }
    for name, seconds in times.items():
        os.utime(examples / name, (seconds, seconds))
    sitemaps = rebuilt_sitemaps(src, tmp_path)
    assert sitemaps[1] == sitemaps[0] and sitemaps[2] == sitemaps[0]
    dates = lastmods(tmp_path / "out")
    assert dates[BASE + "auto_examples/plot_one.html"] == w3c(T_INCLUDE - 86_400)
    assert dates[BASE + "auto_examples/sub/plot_two.html"] == w3c(T_INCLUDE)
    # A gallery's index shows its scripts and its sub-galleries'.
    assert dates[BASE + "auto_examples/index.html"] == w3c(T_INCLUDE)
    assert dates[BASE + "auto_examples/sub/index.html"] == w3c(T_INCLUDE)
    assert dates[BASE + "index.html"] == w3c(T_SOURCE)


def po_file(msgid: str, msgstr: str) -> str:
    header = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
    return header + f'msgid "{msgid}"\nmsgstr "{msgstr}"\n'


def test_a_translated_page_is_dated_by_its_po_file_on_every_build(
    tmp_path: Path, schemas: SchemaSet
) -> None:
    # Sphinx compiles each .po into a .mo during the build and notes the .mo as a dependency
    # only of documents it does not re-read: the .po is the translation's source.
    catalogs = "locale/de/LC_MESSAGES/"
    src = make_site(
        tmp_path,
        {
            "conf.py": conf(
                "extensions = ['sitemapkit.sphinx']",
                f"html_baseurl = {BASE!r}",
                "language = 'de'",
                "locale_dirs = ['locale/']",
            ),
            "index.rst": "Home\n====\n\nHello.\n\n.. toctree::\n\n   guide/install\n",
            "guide/install.rst": "Install\n=======\n\nSteps.\n",
            catalogs + "index.po": po_file("Hello.", "Hallo."),
            catalogs + "guide.po": po_file("Steps.", "Schritte."),  # gettext_compact: a folder
        },
    )
    os.utime(src / catalogs / "index.po", (T_INCLUDE, T_INCLUDE))
    out, fresh = tmp_path / "out", tmp_path / "fresh"

    def build(target: Path) -> bytes:
        done = sphinx_build_process(src, target)
        assert done.returncode == 0, done.stderr
        return (target / "sitemap.xml").read_bytes()

    first = build(out)
    assert "Hallo." in (out / "index.html").read_text(encoding="utf-8")
    assert lastmods(out) == {
        BASE + "guide/install.html": w3c(T_SOURCE),
        BASE + "index.html": w3c(T_INCLUDE),
    }
    assert build(out) == first  # nothing changed; the .mo files are the first build's

    touched_ns = time.time_ns()  # a translator's edit after that build
    os.utime(src / catalogs / "guide.po", ns=(touched_ns, touched_ns))
    third = build(out)
    assert "Schritte." in (out / "guide" / "install.html").read_text(encoding="utf-8")
    assert lastmods(out)[BASE + "guide/install.html"] == w3c(touched_ns // 1_000_000_000)
    assert lastmods(out)[BASE + "index.html"] == w3c(T_INCLUDE)
    assert build(fresh) == third  # an incremental build and a clean one agree
    schemas.validate_folder(out)


@pytest.mark.parametrize("builder", ["html", "dirhtml"])
def test_a_percent_sign_is_encoded_once_and_reserved_characters_as_sphinx_does(
    tmp_path: Path, builder: str
) -> None:
    src = make_site(
        tmp_path,
        {
            "conf.py": conf("extensions = ['sitemapkit.sphinx']", f"html_baseurl = {BASE!r}"),
            "index.rst": "Home\n====\n\n.. toctree::\n\n   %41\n   100%\n   c++\n   a&b\n",
            "%41.rst": "Not A\n=====\n",
            "100%.rst": "Percent\n=======\n",
            "c++.rst": "C++\n===\n",
            "a&b.rst": "A and B\n=======\n",
        },
    )
    build = sphinx_build(src, tmp_path / "out", builder)
    assert build.code == 0, build.warnings
    suffix = ".html" if builder == "html" else "/"
    # html quotes its URLs itself; dirhtml links `c++/` as it is, a path a browser follows
    reserved = ["a%26b", "c%2B%2B"] if builder == "html" else ["a&b", "c++"]
    assert locs(build.out / "sitemap.xml") == [
        BASE + ("index.html" if builder == "html" else ""),
        BASE + "%2541" + suffix,
        BASE + "100%25" + suffix,
        *(BASE + name + suffix for name in reserved),
    ]
    canonical = {
        mend_old_canonical(href, builder, ".html", ".html")
        for page in build.out.rglob("*.html")
        for href in lxml_html.parse(str(page)).xpath('//link[@rel="canonical"]/@href')
    }
    assert {BASE + name + suffix for name in reserved} <= canonical
    report = validate_target(build.out, base_url=BASE)  # every loc maps to its page's file
    assert report.errors == [], report.describe()


def test_parallel_build_is_byte_identical_to_serial(tmp_path: Path) -> None:
    files = {
        "conf.py": conf("extensions = ['sitemapkit.sphinx']", f"html_baseurl = {BASE!r}"),
        "index.rst": "Home\n====\n\n.. toctree::\n   :glob:\n\n   part/*\n",
    }
    for number in range(16):
        files[f"part/page{number:02}.rst"] = f"Page {number}\n=======\n\nText {number}.\n"
    src = make_site(tmp_path, files)
    serial = sphinx_build(src, tmp_path / "serial")
    parallel = sphinx_build(src, tmp_path / "parallel", "html", "-j", "2")
    assert serial.code == parallel.code == 0, parallel.warnings
    assert len(locs(serial.out / "sitemap.xml")) == 17
    for name in SITEMAP_NAMES:
        assert (parallel.out / name).read_bytes() == (serial.out / name).read_bytes()


@pytest.mark.parametrize("builder", ["latex", "text", "singlehtml", "epub"])
def test_other_builders_write_no_sitemap(tmp_path: Path, builder: str) -> None:
    src = make_site(tmp_path, docs_site(f"kit_{builder}", "version = '1'", "copyright = 'x'"))
    build = sphinx_build(src, tmp_path / "out", builder)
    assert build.code == 0, build.warnings
    assert sitemap_files(build.out) == []
    assert not (build.out / STATE_NAME).exists()
    assert "sitemapkit" not in build.warnings


def test_failed_build_keeps_the_previous_sitemap(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))  # Sphinx's crash report goes here
    files = {
        "conf.py": conf("extensions = ['sitemapkit.sphinx']", f"html_baseurl = {BASE!r}"),
        "index.rst": "Home\n====\n",
        "boom.py": (
            "def fail(app):\n    raise RuntimeError('boom')\n\n"
            "def setup(app):\n    app.connect('html-collect-pages', fail)\n"
            "    return {'parallel_read_safe': True}\n"
        ),
    }
    src = make_site(tmp_path, files)
    out = tmp_path / "out"
    assert sphinx_build(src, out).code == 0
    before = {name: (out / name).read_bytes() for name in SITEMAP_NAMES}

    (src / "new.rst").write_text(":orphan:\n\nNew\n===\n", encoding="utf-8")
    (src / "conf.py").write_text(
        files["conf.py"] + "import os, sys\nsys.path.insert(0, os.path.abspath('.'))\n"
        "extensions.append('boom')\n",
        encoding="utf-8",
    )
    build = sphinx_build(src, out)
    assert build.code != 0
    assert (out / "new.html").is_file()  # the documents were written before the failure
    assert {name: (out / name).read_bytes() for name in SITEMAP_NAMES} == before


def test_a_build_that_fails_leaves_the_earlier_sitemap_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An extension that raises while the documents are read stops the build after
    sitemapkit has set up: the sitemap the build before wrote stays byte for byte, and the
    new document is not in it."""
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))  # Sphinx's crash report goes here
    files = {
        "conf.py": conf("extensions = ['sitemapkit.sphinx']", f"html_baseurl = {BASE!r}"),
        "index.rst": "Home\n====\n",
    }
    src, out = make_site(tmp_path, files), tmp_path / "out"
    assert sphinx_build(src, out).code == 0
    before = {name: (out / name).read_bytes() for name in sitemap_files(out)}
    assert "sitemap.xml" in before
    crash = (
        "def crash(app, doctree):\n    raise RuntimeError('broken extension')\n"
        "def setup(app):\n    app.connect('doctree-read', crash)\n"
    )
    write_tree(src, {"crash.py": crash, "new.rst": "New\n===\n"})
    files["conf.py"] = conf(
        "import sys, os",
        "sys.path.insert(0, os.path.dirname(__file__))",
        "extensions = ['sitemapkit.sphinx', 'crash']",
        f"html_baseurl = {BASE!r}",
    )
    write_tree(src, {"conf.py": files["conf.py"]})
    build = sphinx_build(src, out)
    assert build.code != 0
    assert {name: (out / name).read_bytes() for name in sitemap_files(out)} == before
    assert BASE + "new.html" not in locs(out / "sitemap.xml")


def test_missing_base_url_warns_and_fails_strict_builds(tmp_path: Path) -> None:
    src = make_site(
        tmp_path, {"conf.py": conf("extensions = ['sitemapkit.sphinx']"), "index.rst": "Home\n"}
    )
    build = sphinx_build(src, tmp_path / "out")
    assert build.code == 0
    assert "WARNING: sitemapkit: no sitemap is written" in build.warnings
    assert "html_baseurl = 'https://example.com/docs/'" in build.warnings
    assert sitemap_files(build.out) == []

    strict = sphinx_build_process(src, tmp_path / "strict", "-W")
    assert strict.returncode != 0
    assert "sitemapkit: no sitemap is written" in strict.stderr
    assert sitemap_files(tmp_path / "strict") == []

    # What an earlier build wrote is not touched, and the warning says so.
    assert sphinx_build(src, tmp_path / "earlier", "html", "-D", f"html_baseurl={BASE}").code == 0
    again = sphinx_build(src, tmp_path / "earlier")
    assert "unknown (one an earlier build wrote is left as it was); set" in again.warnings
    assert locs(again.out / "sitemap.xml") == [BASE + "index.html"]


def test_large_sites_show_a_progress_line_around_the_writing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    files = {
        "conf.py": conf("extensions = ['sitemapkit.sphinx']", f"html_baseurl = {BASE!r}"),
        "index.rst": "Home\n====\n\n.. toctree::\n\n   a\n   b\n",
        "a.rst": "A\n=\n",
        "b.rst": "B\n=\n",
    }
    src = make_site(tmp_path, files)
    assert build_main(["-N", "-b", "html", str(src), str(tmp_path / "small")]) == 0
    assert "sitemapkit: writing sitemaps" not in capsys.readouterr().out

    monkeypatch.setattr("sitemapkit.sphinx.MANY_PAGES", 3)  # 1,000 pages take minutes here
    assert build_main(["-N", "-b", "html", str(src), str(tmp_path / "large")]) == 0
    out = capsys.readouterr().out
    line = re.search(r"^sitemapkit: writing sitemaps for \d+ pages\.\.\. done$", out, re.M)
    assert line, out  # whole: the notices of the writing (here, robots.txt's) come after it
    assert "add this line to the host's robots.txt" in out[line.end() :]


def test_a_sitemap_in_html_extra_path_is_replaced_with_a_warning(tmp_path: Path) -> None:
    files = {
        "conf.py": conf(
            "extensions = ['sitemapkit.sphinx']",
            f"html_baseurl = {BASE!r}",
            "html_extra_path = ['extra']",
        ),
        "index.rst": "Home\n====\n",
        "extra/sitemap.xml": "<urlset>written by hand</urlset>\n",
    }
    build = sphinx_build(make_site(tmp_path, files), tmp_path / "out")
    assert build.code == 0
    assert "WARNING: sitemapkit: replaced sitemap.xml, which sitemapkit did not" in build.warnings
    assert "set sitemapkit_sitemap_name to give" in build.warnings
    assert locs(build.out / "sitemap.xml") == [BASE + "index.html"]


@pytest.mark.parametrize(
    ("setting", "expected"),
    [
        ("sitemapkit_max_urls = 0", "sitemapkit_max_urls: 0 is not valid; expected a whole number"),
        ("sitemapkit_exclude = None", "sitemapkit_exclude: None is not valid; expected a list"),
        ("sitemapkit_changefreq = 'often'", "sitemapkit_changefreq: 'often' is not valid"),
        ("html_baseurl = 'example.org/docs'", "html_baseurl: 'example.org/docs' is not valid"),
        ("sitemapkit_base_url = 'ftp://x.org/'", "sitemapkit_base_url: 'ftp://x.org/' is not"),
        (
            "sitemapkit_gzipp = True",  # Sphinx keeps an unknown name from conf.py silently
            "sitemapkit_gzipp is not an option (did you mean 'sitemapkit_gzip'?); no sitemap is "
            "written until it is fixed in conf.py",
        ),
        (
            "sitemapkit_keep_noindex = True",
            "sitemapkit_keep_noindex is not an option (did you mean 'sitemapkit_skip_noindex'? "
            "Mind that it means the opposite of 'sitemapkit_keep_noindex'); no sitemap",
        ),
    ],
)
def test_bad_value_is_a_warning_naming_it(tmp_path: Path, setting: str, expected: str) -> None:
    src = make_site(
        tmp_path,
        {
            "conf.py": conf("extensions = ['sitemapkit.sphinx']", f"html_baseurl = {BASE!r}")
            + setting
            + "\n",
            "index.rst": "Home\n====\n",
        },
    )
    build = sphinx_build(src, tmp_path / "out")
    assert build.code == 0
    assert expected in build.warnings
    # sitemapkit's alone: Sphinx checks no type of its settings (Sphinx 7.2 still does)
    assert build.warnings.count("WARNING") == (
        1 if SPHINX_LEAVES_TYPES else 1 + ("None" in setting)
    )
    assert "Traceback" not in build.warnings
    assert sitemap_files(build.out) == []


def test_d_sets_a_list_option_by_commas(tmp_path: Path) -> None:
    """`-D sitemapkit_exclude=a.html,b.html`: Sphinx splits a list setting's `-D` value."""
    src = make_site(
        tmp_path,
        {
            "conf.py": conf("extensions = ['sitemapkit.sphinx']", f"html_baseurl = {BASE!r}"),
            "index.rst": "Home\n====\n\n.. toctree::\n\n   a\n   b\n   c\n",
            **{f"{name}.rst": f"{name.upper()}\n=\n" for name in "abc"},
        },
    )
    build = sphinx_build(src, tmp_path / "out", "html", "-D", "sitemapkit_exclude=a.html,b.html")
    assert build.code == 0, build.warnings
    assert set(lastmods(build.out)) == {BASE + "index.html", BASE + "c.html"}


def test_the_yes_or_no_words_in_conf_py_pass_w(tmp_path: Path) -> None:
    """The README's `yes`, `off` words: Sphinx's check of types would warn of a `str`."""
    settings = ("sitemapkit_gzip = 'yes'", "sitemapkit_txt = 'off'", "sitemapkit_robots = 'no'")
    src = make_site(
        tmp_path,
        {
            "conf.py": conf("extensions = ['sitemapkit.sphinx']", f"html_baseurl = {BASE!r}")
            + "\n".join(settings)
            + "\n",
            "index.rst": "Home\n====\n",
        },
    )
    if not SPHINX_LEAVES_TYPES:  # Sphinx 7.2 checks the types itself, as the README says
        build = sphinx_build(src, tmp_path / "out-72")
        assert "The config value `sitemapkit_gzip' has type `str'" in build.warnings
        return
    build = sphinx_build(src, tmp_path / "out", "html", "-W")
    assert (build.code, build.warnings) == (0, "")
    assert sitemap_files(build.out) == [
        "sitemap-index.xml",
        "sitemap-index.xml.gz",
        "sitemap.xml",
        "sitemap.xml.gz",
    ]


@pytest.mark.parametrize("order", ["sitemapkit first", "sphinx_sitemap first"])
def test_sphinx_sitemap_beside_sitemapkit_is_named_in_a_warning(tmp_path: Path, order: str) -> None:
    # Both write sitemap.xml at build-finished: on a clean build nothing else would tell.
    extensions = ["sitemapkit.sphinx", "sphinx_sitemap"]
    if order == "sphinx_sitemap first":
        extensions.reverse()
    files = {
        "conf.py": conf(f"extensions = {extensions!r}", f"html_baseurl = {BASE!r}"),
        "index.rst": "Home\n====\n",
    }
    build = sphinx_build(make_site(tmp_path, files), tmp_path / "out")
    assert build.code == 0
    assert (
        "WARNING: sitemapkit: sphinx_sitemap is in extensions too and both write sitemap.xml; "
        "remove it from extensions"
    ) in build.warnings
    assert build.warnings.count("WARNING") == 1  # replacing its file: that warning's news
    # sitemapkit's step runs late, in either order, so the file is its (sphinx-sitemap would
    # list the search page and the index too).
    assert locs(build.out / "sitemap.xml") == [BASE + "index.html"]
    # Its file at the name of sitemapkit's index: the clash is named, and told once.
    files["conf.py"] += "sitemapkit_sitemap_name = 'pages.xml'\n"
    files["conf.py"] += "sitemapkit_index_name = 'sitemap.xml'\n"
    renamed = sphinx_build(make_site(tmp_path / "index", files), tmp_path / "index-out")
    assert "sphinx_sitemap is in extensions too and both write sitemap.xml" in renamed.warnings
    assert renamed.warnings.count("WARNING") == 1, renamed.warnings


@pytest.mark.parametrize("site_url", ["https://kit.example.org/", "kit.example.org/"])
def test_sphinx_immaterial_writing_its_own_sitemap_is_named_with_the_option_to_remove(
    tmp_path: Path, site_url: str
) -> None:
    """The theme writes sitemap.xml on every build while its `site_url` option is set: the
    generic replaced-file warning alone would not say what to change. (In a process of its own:
    the theme patches Sphinx's classes as it loads.)"""
    options = {"font": False, "site_url": site_url}  # no fonts downloaded: no network
    files = {
        "conf.py": conf(
            "extensions = ['sphinx_immaterial', 'sitemapkit.sphinx']",
            "html_theme = 'sphinx_immaterial'",
            f"html_theme_options = {options!r}",
            f"html_baseurl = {BASE!r}",
        ),
        "index.rst": "Home\n====\n",
    }
    src = make_site(tmp_path, files)
    build = sphinx_build_process(src, tmp_path / "out")
    assert build.returncode == 0
    assert (
        "WARNING: sitemapkit: sphinx-immaterial writes a sitemap.xml of its own because "
        "html_theme_options['site_url'] is set (the theme reads it for that alone) and "
        "sitemapkit writes sitemap.xml too; remove site_url from html_theme_options"
    ) in build.stderr
    assert build.stderr.count("WARNING") == 1, build.stderr  # no replaced-file warning too
    assert locs(tmp_path / "out" / "sitemap.xml") == [BASE + "index.html"]  # sitemapkit's, last

    without = files["conf.py"].replace(f", 'site_url': {site_url!r}", "")
    assert without != files["conf.py"]
    write_tree(src, {"conf.py": without})
    quiet = sphinx_build_process(src, tmp_path / "quiet")
    assert quiet.returncode == 0
    assert "sitemapkit" not in quiet.stderr
    assert locs(tmp_path / "quiet" / "sitemap.xml") == [BASE + "index.html"]


def test_a_theme_option_holding_the_address_is_named_when_html_baseurl_is_missing(
    tmp_path: Path,
) -> None:
    """sphinx-rtd-theme's and alabaster's `canonical_url`, older than `html_baseurl`, gives the
    pages canonical links already: the advice names that address, not a placeholder."""
    files = {
        "conf.py": conf(
            "extensions = ['sitemapkit.sphinx']",
            "html_theme_options = {'canonical_url': 'https://kit.example.org/en/latest/'}",
        ),
        "index.rst": "Home\n====\n",
    }
    build = sphinx_build(make_site(tmp_path, files), tmp_path / "out")
    assert build.code == 0
    assert (
        "sitemapkit: no sitemap is written because the site's address is unknown (one an earlier "
        "build wrote is left as it was); set html_baseurl = 'https://kit.example.org/en/latest/' "
        "in conf.py, the address html_theme_options['canonical_url'] gives the theme"
    ) in build.warnings
    assert sitemap_files(build.out) == []


@pytest.mark.parametrize("builder", ["html", "dirhtml"])
def test_the_404_page_is_left_out_and_a_document_named_404_below_it_is_listed(
    tmp_path: Path, builder: str
) -> None:
    files = {
        "conf.py": conf("extensions = ['sitemapkit.sphinx']", f"html_baseurl = {BASE!r}"),
        "index.rst": "Home\n====\n\n.. toctree::\n\n   404\n   errors/404\n",
        "404.rst": "Not found\n=========\n",
        "errors/404.rst": "404 Not Found\n=============\n\nThe API's answer.\n",
    }
    build = sphinx_build(make_site(tmp_path, files), tmp_path / "out", builder)
    assert build.code == 0, build.warnings
    page = "errors/404.html" if builder == "html" else "errors/404/"
    assert locs(build.out / "sitemap.xml") == [
        BASE + ("index.html" if builder == "html" else ""),
        BASE + page,
    ]


def test_a_document_named_404_is_listed_without_a_word_when_exclude_is_set(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The core tells of a 404 page listed once exclude patterns replace its defaults; Sphinx
    has none (its 404 page is left out by name), so `errors/404` is a document like others."""
    files = {
        "conf.py": conf(
            "extensions = ['sitemapkit.sphinx']",
            f"html_baseurl = {BASE!r}",
            "sitemapkit_exclude = ['drafts/']",
        ),
        "index.rst": "Home\n====\n\n.. toctree::\n\n   404\n   errors/404\n",
        "404.rst": "Not found\n=========\n",
        "errors/404.rst": "404 Not Found\n=============\n\nThe API's answer.\n",
    }
    src, out = make_site(tmp_path, files), tmp_path / "out"
    assert build_main(["-b", "html", str(src), str(out)]) == 0
    assert locs(out / "sitemap.xml") == [BASE + "index.html", BASE + "errors/404.html"]
    status = capsys.readouterr().out
    assert "drafts/" in status  # INFO lines are shown: the unmatched pattern's
    assert "not-found" not in status and "not-found page" not in status


def test_sphinx_sitemaps_settings_left_in_conf_py_are_told_with_what_to_write(
    tmp_path: Path, schemas: SchemaSet
) -> None:
    """After a move from sphinx-sitemap, its settings would be ignored in silence: URLs lose
    the scheme's prefix, excluded pages come back, the file name changes."""
    files = {
        "conf.py": conf(
            "extensions = ['sitemapkit.sphinx']",
            f"html_baseurl = {BASE!r}",
            "version = '2.1'",
            "language = 'en'",
            "sitemap_url_scheme = '{lang}{version}{link}'",
            "sitemap_excludes = ['secret.html', 'search.html']",
            "sitemap_filename = 'sitemap-docs.xml'",
            "sitemap_locales = ['en', 'fr']",
            "sitemap_show_lastmod = True",
            "sitemap_indent = 2",
        ),
        "index.rst": "Home\n====\n\n.. toctree::\n\n   secret\n",
        "secret.rst": "Secret\n======\n",
    }
    src, out = make_site(tmp_path, files), tmp_path / "out"
    out.mkdir()
    (out / "sitemap-docs.xml").write_text(  # sphinx-sitemap's, from the build before
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url>'
        f"<loc>{BASE}en/2.1/index.html</loc></url></urlset>",
        encoding="utf-8",
    )
    build = sphinx_build(src, out)
    assert build.code == 0, build.warnings
    assert locs(out / "sitemap.xml") == [BASE + "index.html", BASE + "secret.html"]
    schemas.validate_folder(out)
    peer = "is sphinx-sitemap's setting, which sitemapkit does not read"
    assert [line for line in build.warnings.splitlines() if "sitemapkit.peer" in line] == [
        f"WARNING: sitemapkit: sitemap_url_scheme {peer}: it put 'en/2.1/' before every page's "
        "link, while sitemapkit lists each page at html_baseurl followed by its path, as the "
        f"page's canonical link says; if the site is served at {BASE}en/2.1/, set "
        f"html_baseurl = '{BASE}en/2.1/', so the canonical links agree too, and remove "
        "sitemap_url_scheme [sitemapkit.peer]",
        f"WARNING: sitemapkit: sitemap_excludes {peer}; the pages it left out are listed; set "
        "sitemapkit_exclude = ['secret.html'] (gitignore-style patterns of output paths), and "
        "remove sitemap_excludes [sitemapkit.peer]",
        f"WARNING: sitemapkit: sitemap_filename {peer}: sitemapkit writes sitemap.xml; set "
        "sitemapkit_sitemap_name = 'sitemap-docs.xml' to keep that name, and remove "
        "sitemap_filename; the sitemap-docs.xml an earlier build wrote stays in the output "
        "until it is deleted [sitemapkit.peer]",
        f"WARNING: sitemapkit: sitemap_locales {peer}: sitemapkit writes no hreflang "
        'alternates (search engines also read them from `<link rel="alternate" '
        "hreflang=...>` tags that a theme or extension writes into the pages); each language "
        "built with its own html_baseurl gets a sitemap of its own; remove sitemap_locales "
        "[sitemapkit.peer]",
        f"WARNING: sitemapkit: sitemap_show_lastmod {peer}: sphinx-sitemap loaded "
        "sphinx_last_updated_by_git for it, and without it the lastmods are the sources' file "
        "times (a fresh clone's); add 'sphinx_last_updated_by_git' to extensions to keep the "
        "commit times, and remove sitemap_show_lastmod [sitemapkit.peer]",
    ]
    # Carried over (or equal to what sitemapkit does): nothing is told.
    files["conf.py"] = conf(
        "extensions = ['sitemapkit.sphinx']",
        f"html_baseurl = {BASE!r}",
        "version = '2.1'",
        "sitemap_url_scheme = '{link}'",
        "sitemap_excludes = ['genindex.html', '/search.html']",  # left out already
        "sitemap_filename = 'sitemap.xml'",
        "sitemap_locales = [None]",  # sphinx-sitemap's "no alternates"
        "sitemap_indent = 2",
    )
    again = sphinx_build(make_site(tmp_path / "again", files), tmp_path / "again-out")
    assert again.code == 0, again.warnings
    assert [line for line in again.warnings.splitlines() if "sitemapkit.peer" in line] == []
    # sphinx-sitemap read site_url before html_baseurl; sitemapkit reads html_baseurl only.
    files["conf.py"] = conf(
        "extensions = ['sitemapkit.sphinx']",
        f"html_baseurl = {BASE!r}",
        "site_url = 'https://example.com/old/'",
        "sitemap_url_scheme = '{link}'",
        "sitemap_show_lastmod = False",
    )
    old = sphinx_build(make_site(tmp_path / "old", files), tmp_path / "old-out")
    assert [line for line in old.warnings.splitlines() if "sitemapkit.peer" in line] == [
        f"WARNING: sitemapkit: sitemap_show_lastmod {peer}: sitemapkit writes each page's "
        "lastmod, from its sources' times; set sitemapkit_lastmod = 'none' to write none, and "
        "remove sitemap_show_lastmod [sitemapkit.peer]",
        f"WARNING: sitemapkit: site_url {peer}, and it took the place of html_baseurl there: the "
        f"sitemap lists the pages under html_baseurl ({BASE}) now, not under "
        "https://example.com/old/; remove site_url, and check that html_baseurl is the address "
        "the site is served from [sitemapkit.peer]",
    ]
    # A setting of no effect is left alone (sitemap_indent): it tells that sphinx-sitemap's
    # default scheme was in use, and which setting does.
    files["conf.py"] = conf(
        "extensions = ['sitemapkit.sphinx']", f"html_baseurl = {BASE!r}", "sitemap_indent = 2"
    )
    indent = sphinx_build(make_site(tmp_path / "indent", files), tmp_path / "indent-out")
    assert [line for line in indent.warnings.splitlines() if "sitemapkit.peer" in line] == [
        "WARNING: sitemapkit: sitemap_indent in conf.py is sphinx-sitemap's, whose default "
        "sitemap_url_scheme ('{lang}{version}{link}') put 'en/' before every page's link, while "
        "sitemapkit lists each page at html_baseurl followed by its path, as the page's "
        f"canonical link says; if the site is served at {BASE}en/, set html_baseurl = "
        f"'{BASE}en/', so the canonical links agree too; if not, the sitemap's URLs are right: "
        "remove sitemap_indent, which sitemapkit does not read [sitemapkit.peer]"
    ]
    # The prefix is in html_baseurl already (the move done right): no scheme advice.
    files["conf.py"] = conf(
        "extensions = ['sitemapkit.sphinx']",
        f"html_baseurl = '{BASE}en/2.1/'",
        "version = '2.1'",
        "language = 'en'",
        "sitemap_excludes = ['secret.html']",
    )
    moved = sphinx_build(make_site(tmp_path / "moved", files), tmp_path / "moved-out")
    assert moved.code == 0, moved.warnings
    assert "sitemap_url_scheme" not in moved.warnings
    assert "sitemap_excludes" in moved.warnings
    # sitemapkit_exclude set, but without one of the pages sphinx-sitemap left out: named.
    files["conf.py"] = conf(
        "extensions = ['sitemapkit.sphinx']",
        f"html_baseurl = {BASE!r}",
        "sitemap_excludes = ['search.html', 'secret.html', 'drafts/']",
        "sitemapkit_exclude = ['drafts/']",
    )
    half = sphinx_build(make_site(tmp_path / "half", files), tmp_path / "half-out")
    assert [line for line in half.warnings.splitlines() if "sitemap_excludes is" in line] == [
        "WARNING: sitemapkit: sitemap_excludes is sphinx-sitemap's setting, which sitemapkit "
        "does not read; sitemapkit_exclude does not name ['secret.html'], which it left out: "
        "add them (as gitignore-style patterns of output paths), and remove sitemap_excludes "
        "[sitemapkit.peer]"
    ]
    # With sphinx-sitemap still listed, they are its settings: only the peer warning is told.
    files["conf.py"] = conf(
        "extensions = ['sitemapkit.sphinx', 'sphinx_sitemap']",
        f"html_baseurl = {BASE!r}",
        "sitemap_excludes = ['secret.html']",
    )
    both = sphinx_build(make_site(tmp_path / "both", files), tmp_path / "both-out")
    assert "sitemap_excludes" not in both.warnings
    assert "sphinx_sitemap is in extensions too" in both.warnings


def test_moving_from_sphinx_sitemap_passes_w_on_the_first_build(tmp_path: Path) -> None:
    """The sitemap.xml sphinx-sitemap left in the output is replaced with an INFO line: no
    process wrote it during this build, so nothing else writes there."""
    files = {
        "conf.py": conf("extensions = ['sphinx_sitemap']", f"html_baseurl = {BASE!r}"),
        "index.rst": "Home\n====\n",
    }
    src = make_site(tmp_path, files)
    assert sphinx_build(src, tmp_path / "out").code == 0
    assert "<urlset" in (tmp_path / "out" / "sitemap.xml").read_text(encoding="utf-8")
    (src / "conf.py").write_text(
        conf("extensions = ['sitemapkit.sphinx']", f"html_baseurl = {BASE!r}"), encoding="utf-8"
    )
    build = sphinx_build(src, tmp_path / "out", "html", "-W", "-v")
    assert build.code == 0, build.warnings
    assert locs(build.out / "sitemap.xml") == [BASE + "index.html"]


def test_ablog_drafts_and_their_page_are_not_listed(tmp_path: Path) -> None:
    """A post without a date (or dated after today) is a draft: ablog links it only from its
    drafts page, and neither is published yet."""
    files = {
        "conf.py": conf(
            "extensions = ['sitemapkit.sphinx', 'ablog']",
            f"html_baseurl = {BASE!r}",
            "blog_post_pattern = 'posts/*'",
        ),
        "index.rst": "Home\n====\n\n.. postlist:: 5\n",
        "posts/pub.rst": "Published\n=========\n\n.. post:: 2024-03-01\n\nText.\n",
        "posts/draft.rst": "Draft\n=====\n\n.. post::\n\nText.\n",
        "posts/later.rst": "Later\n=====\n\n.. post:: 2999-01-01\n\nText.\n",
    }
    out = tmp_path / "out"  # its own process: ablog's Blog keeps its state in the class
    done = sphinx_build_process(make_site(tmp_path, files), out)
    assert done.returncode == 0, done.stderr
    assert (out / "posts" / "draft.html").is_file()
    assert (out / "blog" / "drafts.html").is_file()
    found = locs(out / "sitemap.xml")
    assert BASE + "posts/pub.html" in found
    assert not [loc for loc in found if "draft" in loc or "later" in loc], found


def test_ablog_listings_are_dated_by_their_posts_and_its_stubs_are_not_listed(
    tmp_path: Path,
) -> None:
    # A renamed sphinx-notfound-page page is left out like `404`.
    post = "{0}\n====\n\n.. post:: {1}\n   :tags: {2}\n{3}\nText.\n"
    files = {
        "conf.py": conf(
            "extensions = ['sitemapkit.sphinx', 'ablog', 'notfound.extension']",
            f"html_baseurl = {BASE!r}",
            f"blog_baseurl = {BASE!r}",
            "notfound_pagename = 'not-found'",
            "notfound_urls_prefix = '/docs/'",
        ),
        "index.rst": "Home\n====\n\n.. toctree::\n\n   post\n   later\n   about\n",
        "post.rst": post.format("Post", "2023-05-01", "first", "   :redirect: old/post\n"),
        "later.rst": post.format("Later", "2024-05-01", "second", ""),
        "about.rst": "About\n=====\n",
    }
    src = make_site(tmp_path, files)
    os.utime(src / "later.rst", (T_INCLUDE, T_INCLUDE))
    os.utime(src / "about.rst", (T_INCLUDE + 86_400,) * 2)  # the site's newest, no post
    build = sphinx_build(src, tmp_path / "out")
    assert build.code == 0, build.warnings
    assert "redirect" in (build.out / "old" / "post.html").read_text(encoding="utf-8").lower()
    assert (build.out / "not-found.html").is_file()
    dates = lastmods(build.out)
    assert BASE + "old/post.html" not in dates
    assert BASE + "not-found.html" not in dates
    assert [loc for loc in dates if loc.endswith(".xml")] == []  # ablog's Atom feeds
    assert dates[BASE + "post.html"] == w3c(T_SOURCE)
    assert dates[BASE + "blog/tag/first.html"] == w3c(T_SOURCE)
    assert dates[BASE + "blog/tag/second.html"] == w3c(T_INCLUDE)
    assert dates[BASE + "blog/tag.html"] == w3c(T_INCLUDE)  # every tag's posts
    assert dates[BASE + "blog.html"] == w3c(T_INCLUDE)


def test_a_name_with_our_prefix_that_another_extension_registers_is_its_own(
    tmp_path: Path,
) -> None:
    files = {
        "conf.py": conf(
            "extensions = ['sitemapkit.sphinx']",
            f"html_baseurl = {BASE!r}",
            "sitemapkit_theme_colour = 'red'",
            "def setup(app):",
            "    app.add_config_value('sitemapkit_theme_colour', 'blue', 'html')",
        ),
        "index.rst": "Home\n====\n",
    }
    build = sphinx_build(make_site(tmp_path, files), tmp_path / "out")
    assert (build.code, build.warnings) == (0, "")
    assert locs(build.out / "sitemap.xml") == [BASE + "index.html"]


def test_a_bad_value_given_with_dash_d_is_named_as_given(tmp_path: Path) -> None:
    files = {
        "conf.py": conf("extensions = ['sitemapkit.sphinx']", f"html_baseurl = {BASE!r}"),
        "index.rst": "Home\n====\n",
    }
    build = sphinx_build(
        make_site(tmp_path, files), tmp_path / "out", "html", "-D", "sitemapkit_max_urls=0"
    )
    assert build.code == 0
    assert "WARNING: sitemapkit: sitemapkit_max_urls: 0 is not valid" in build.warnings
    assert (
        "no sitemap is written until it is fixed in the -D sitemapkit_max_urls=... option"
    ) in build.warnings
    assert sitemap_files(build.out) == []


def test_every_bad_setting_is_told_in_one_build(tmp_path: Path) -> None:
    """Three mistakes in conf.py: three warnings at once, not one per build."""
    files = {
        "conf.py": conf(
            "extensions = ['sitemapkit.sphinx']",
            f"html_baseurl = {BASE!r}",
            "sitemapkit_gzipp = True",
            "sitemapkit_changefreq = 'sometimes'",
            "sitemapkit_priority_overrides = {'blog/': 2}",
        ),
        "index.rst": "Home\n====\n",
    }
    build = sphinx_build(make_site(tmp_path, files), tmp_path / "out")
    told = [line for line in build.warnings.splitlines() if "sitemapkit" in line]
    assert len(told) == 3, build.warnings
    for said in (
        "sitemapkit_gzipp is not an option (did you mean 'sitemapkit_gzip'?)",
        "sitemapkit_changefreq: 'sometimes' is not valid",
        "sitemapkit_priority_overrides['blog/']: 2 is not valid",
    ):
        assert [line for line in told if said in line], (said, told)
    assert all("[sitemapkit.config]" in line for line in told)
    assert sitemap_files(build.out) == []


def test_options_written_as_one_dict_are_told_as_the_settings_sphinx_reads(
    tmp_path: Path,
) -> None:
    """Pelican's form, `SITEMAPKIT = {...}`, in conf.py would be ignored without a word."""
    files = {
        "conf.py": conf(
            "extensions = ['sitemapkit.sphinx']",
            f"html_baseurl = {BASE!r}",
            "SITEMAPKIT = {'gzip': True, 'max_urls': 100}",
        ),
        "index.rst": "Home\n====\n",
    }
    build = sphinx_build(make_site(tmp_path, files), tmp_path / "out")
    assert (
        "WARNING: sitemapkit: SITEMAPKIT: {'gzip': True, 'max_urls': 100} is not valid; Sphinx "
        "reads each option as a setting of its own: write sitemapkit_gzip = True, "
        "sitemapkit_max_urls = 100; no sitemap is written until it is fixed in conf.py"
    ) in build.warnings
    assert sitemap_files(build.out) == []


@pytest.mark.parametrize(
    "extensions", [["sitemapkit"], ["sitemapkit", "sitemapkit.sphinx"], ["sitemapkit.sphinx"]]
)
def test_the_package_name_loads_the_extension(tmp_path: Path, extensions: list[str]) -> None:
    """`extensions = ["sitemapkit"]`, the name MkDocs and Pelican know it by, loads the adapter
    (once, when both names are listed), also in a parallel build."""
    named = extensions[0]  # `needs_extensions` reads the version that name gives
    needs = f"needs_extensions = {{{named!r}: '0.1'}}"
    files = {"conf.py": conf(f"extensions = {extensions!r}", f"html_baseurl = {BASE!r}", needs)}
    src = make_site(tmp_path, {**files, "index.rst": "Home\n====\n"})
    done = sphinx_build_process(src, tmp_path / "out", "-W", "-j", "2")
    assert done.returncode == 0, done.stderr
    assert locs(tmp_path / "out" / "sitemap.xml") == [BASE + "index.html"]


@pytest.mark.parametrize("pattern", ["!/genindex/", "!/genindex/index.html", "!genindex/"])
def test_a_dirhtml_index_page_is_listed_again_by_its_folder_or_its_file(
    tmp_path: Path, pattern: str
) -> None:
    """dirhtml writes `genindex/index.html`, served as `genindex/`: either spelling lists it."""
    src = make_site(
        tmp_path,
        {
            "conf.py": conf(
                "extensions = ['sitemapkit.sphinx']",
                f"html_baseurl = {BASE!r}",
                f"sitemapkit_exclude = [{pattern!r}]",
            ),
            "index.rst": "Home\n====\n\n.. toctree::\n\n   search/advanced\n",
            "search/advanced.rst": "Advanced search\n===============\n",  # a document
        },
    )
    build = sphinx_build(src, tmp_path / "out", "dirhtml")
    assert build.code == 0, build.warnings
    listed = set(locs(build.out / "sitemap.xml"))
    assert listed == {BASE, BASE + "genindex/", BASE + "search/advanced/"}


def test_options_and_page_metadata_reach_the_sitemap(tmp_path: Path, schemas: SchemaSet) -> None:
    src = make_site(
        tmp_path,
        {
            "conf.py": conf(
                "extensions = ['sitemapkit.sphinx']",
                f"html_baseurl = {BASE!r}",
                "sitemapkit_base_url = 'https://docs.example.org'",
                "sitemapkit_gzip = True",
                "sitemapkit_txt = False",
                "sitemapkit_exclude = ['drafts/', '!/genindex.html']",
                "sitemapkit_lastmod_format = 'date'",
            ),
            "index.rst": "Home\n====\n\n.. toctree::\n\n   news\n   drafts/wip\n   bad\n",
            "news.rst": ":sitemap-priority: 0.3\n:sitemap-changefreq: Weekly\n\nNews\n====\n",
            "drafts/wip.rst": "WIP\n===\n",
            "bad.rst": ":sitemap-priority: 2\n:sitemap-colour: red\n:sitemap: false\n"
            ":Sitemap-Exclude: true\n:sitemap_changefreq: daily\n:Sitemap_Colour: red\n"
            "\nBad\n===\n",
        },
    )
    build = sphinx_build(src, tmp_path / "out")
    assert build.code == 0
    out = build.out
    assert sitemap_files(out) == [
        "sitemap-index.xml",
        "sitemap-index.xml.gz",
        "sitemap.xml",
        "sitemap.xml.gz",
    ]
    schemas.validate_folder(out)
    rows = {row["loc"]: row for row in parse_urlset(out / "sitemap.xml")}
    base = "https://docs.example.org/"
    assert set(rows) == {base + p for p in ("index.html", "news.html", "bad.html", "genindex.html")}
    assert rows[base + "news.html"]["priority"] == "0.3"
    assert rows[base + "news.html"]["changefreq"] == "weekly"
    assert rows[base + "bad.html"]["priority"] == "0.9"
    assert rows[base + "index.html"]["lastmod"] == "2023-11-14"
    assert "Sitemap: https://docs.example.org/sitemap-index.xml" in (
        (out / "robots.txt").read_text(encoding="utf-8")
    )
    bad = str(src / "bad.rst")
    assert (
        f"{bad}: WARNING: sitemapkit: field :sitemap-priority: is ignored: '2' is not valid; "
        "expected a number from 0.0 to 1.0"
    ) in build.warnings
    assert f"{bad}: WARNING: sitemapkit: field :sitemap-colour: is not known" in build.warnings
    assert f"{bad}: WARNING: sitemapkit: field :sitemap: ('false') is not read; use " in (
        build.warnings
    )
    for written, meant in (
        ("Sitemap-Exclude", ":sitemap-exclude:"),
        ("sitemap_changefreq", ":sitemap-changefreq:"),
    ):
        assert (
            f"{bad}: WARNING: sitemapkit: field :{written}: is not read, as sitemapkit's fields "
            f"are written in lowercase with hyphens; write {meant}"
        ) in build.warnings
    assert (
        f"{bad}: WARNING: sitemapkit: field :Sitemap_Colour: is not read, as sitemapkit's fields "
        "are written in lowercase with hyphens; use :sitemap-exclude:, "
    ) in build.warnings

    (src / "conf.py").write_text(
        (src / "conf.py").read_text(encoding="utf-8")
        + "suppress_warnings = ['sitemapkit.metadata']\n",
        encoding="utf-8",
    )
    quiet = sphinx_build_process(src, tmp_path / "quiet", "-W")
    assert quiet.returncode == 0, quiet.stderr
    assert "sitemapkit" not in quiet.stderr


def test_docs_whose_every_page_says_noindex_build_with_w_and_keep_no_sitemap(
    tmp_path: Path,
) -> None:
    """An old release's docs, kept out of search engines by the theme: the earlier build's
    sitemaps go, and nothing to list is no warning, so `-W` still passes."""
    src = make_site(
        tmp_path,
        {
            "conf.py": conf(
                "import os",
                "extensions = ['sitemapkit.sphinx']",
                f"html_baseurl = {BASE!r}",
                "templates_path = ['_templates']",
                "html_context = {'old_release': os.environ.get('OLD_RELEASE') == '1'}",
            ),
            "_templates/layout.html": (
                '{% extends "!layout.html" %}{% block extrahead %}{{ super() }}'
                '{% if old_release %}<meta name="robots" content="noindex">{% endif %}'
                "{% endblock %}"
            ),
            "index.rst": "Home\n====\n\n.. toctree::\n\n   guide\n",
            "guide.rst": "Guide\n=====\n",
        },
    )
    out = tmp_path / "out"
    current = sphinx_build_process(src, out, "-W")
    assert current.returncode == 0, current.stderr
    assert locs(out / "sitemap.xml") == [BASE + "index.html", BASE + "guide.html"]
    old = subprocess.run(
        [sys.executable, "-m", "sphinx", "-E", "-W", "-b", "html", str(src), str(out)],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "OLD_RELEASE": "1"},
    )
    assert old.returncode == 0, old.stderr
    assert not [path.name for path in out.iterdir() if path.name.startswith("sitemap")]
    # The search page and the index are never pages to list: only the documents count.
    assert "sitemapkit: every page was left out (2 saying noindex)" in old.stdout


#: Markdown documents whose front matter says what the reST ones say in field lists.
MYST_SITE = {
    "conf.py": conf(
        "extensions = ['myst_parser', 'sitemapkit.sphinx']", f"html_baseurl = {BASE!r}"
    ),
    "index.md": "# Home\n\n```{toctree}\n:glob:\n\n*\n```\n",
    "guide.md": (
        "---\nsitemap-priority: 0.8\nsitemap-changefreq: Weekly\nsitemap-lastmod: 2024-05-06\n"
        "---\n# Guide\n"
    ),
    "hidden.md": "---\nsitemap-exclude: true\n---\n# Hidden\n",
    "thanks.md": "---\nmyst:\n  html_meta:\n    robots: noindex, follow\n---\n# Thanks\n",
    "old.md": "---\nsitemap: false\n---\n# Old\n",
}


def test_myst_front_matter_is_read_like_field_lists(tmp_path: Path, schemas: SchemaSet) -> None:
    src = make_site(tmp_path, MYST_SITE)
    build = sphinx_build(src, tmp_path / "out")
    assert build.code == 0, build.warnings
    schemas.validate_folder(build.out)
    rows = {row["loc"]: row for row in parse_urlset(build.out / "sitemap.xml")}
    assert build.warnings.count("WARNING") == 1, build.warnings  # old.md's, below
    assert list(rows) == [BASE + name for name in ("index.html", "guide.html", "old.html")]
    assert rows[BASE + "guide.html"] == {
        "loc": BASE + "guide.html",
        "lastmod": "2024-05-06T00:00:00+00:00",
        "changefreq": "weekly",
        "priority": "0.8",
    }
    # Left out: by its front matter, and by the robots tag MyST's html_meta wrote.
    assert (build.out / "hidden.html").is_file()
    assert 'content="noindex, follow"' in (build.out / "thanks.html").read_text(encoding="utf-8")
    old = str(src / "old.md")
    assert f"{old}: WARNING: sitemapkit: field :sitemap: (" in build.warnings
    assert "(in MyST front matter: `sitemap-exclude: true`)" in build.warnings


def test_config_values_are_the_core_options(tmp_path: Path) -> None:
    src = make_site(
        tmp_path, {"conf.py": conf("extensions = ['sitemapkit.sphinx']"), "index.rst": "Home\n"}
    )
    with docutils_namespace():  # as sphinx-build does: no node or role leaks to later builds
        app = Sphinx(src, src, tmp_path / "out", tmp_path / "doctrees", "html", status=None)
    for spec in OPTION_SPECS:
        default = [] if spec.name == "exclude" else spec.user_default  # the 404 page by name
        assert app.config["sitemapkit_" + spec.name] == default
    names = {value.name for value in app.config if value.name.startswith("sitemapkit_")}
    assert names == {"sitemapkit_" + spec.name for spec in OPTION_SPECS}
    extension = app.extensions["sitemapkit.sphinx"]
    assert extension.version == __version__
    assert extension.parallel_read_safe is True
    assert extension.parallel_write_safe is True


def test_example_site_builds(tmp_path: Path, schemas: SchemaSet) -> None:
    example = Path(__file__).resolve().parents[1] / "examples" / "sphinx"
    build = sphinx_build(example, tmp_path / "out")
    assert build.code == 0, build.warnings
    assert build.warnings == ""
    schemas.validate_folder(build.out)
    base = "https://example.com/handbook/"
    pages = (
        "index.html",
        "brewing/index.html",
        "brewing/green%20tea.html",
        "brewing/oolong.html",
        "colophon.html",
        "glossary.html",
        "origins/index.html",
        "origins/darjeeling.html",
        "origins/ky%C5%8Dto.html",
    )
    assert locs(build.out / "sitemap.xml") == [base + page for page in pages]
    assert (build.out / "internal.html").is_file()  # written, but excluded by its field list


#: A theme override that keeps drafts out of search engines, as versioned docs do for old
#: releases; Sphinx hands extensions no rendered page, so only the written file shows it.
DRAFTS_LAYOUT = """{% extends "!layout.html" %}
{% block extrahead %}{{ super() }}{% if pagename.startswith("drafts/") -%}
<META NAME=robots CONTENT="noindex,nofollow">
{%- endif %}{% endblock %}
"""

NOINDEX_SITE = {
    "conf.py": conf(
        "extensions = ['sitemapkit.sphinx']",
        f"html_baseurl = {BASE!r}",
        "exclude_patterns = ['_robots.txt']",
        "templates_path = ['_templates']",
        "",
        "def add_robots(app, pagename, templatename, context, doctree):",
        "    if pagename == 'tagged':  # as an extension would, through the page's meta tags",
        "        context['metatags'] += '<meta name=\"robots\" content=\"noindex\" />'",
        "",
        "def stamp(app, exception):  # a post-processor, at the end of the build",
        "    path = app.builder.get_outfilename('stamped')",
        "    with open(path, encoding='utf-8') as page:",
        "        text = page.read()",
        '    tag = \'<meta name="robots" content="noindex">\'',
        "    with open(path, 'w', encoding='utf-8') as page:",
        "        page.write(text if tag in text else text.replace('</head>', tag + '</head>'))",
        "",
        "def setup(app):",
        "    app.connect('html-page-context', add_robots)",
        "    app.connect('build-finished', stamp)",
    ),
    "_templates/layout.html": DRAFTS_LAYOUT,
    "index.rst": "Home\n====\n\n.. toctree::\n   :glob:\n\n   *\n   drafts/*\n",
    "thanks.rst": ".. meta::\n   :robots: noindex, follow\n\nThanks\n======\n",
    "results.rst": (
        ":sitemap-priority: 0.9\n\n.. meta::\n   :description: Results\n   :robots: NONE\n\n"
        "Results\n=======\n"
    ),
    "open.rst": ".. meta::\n   :robots: index, follow\n\nOpen\n====\n",
    # docutils moves meta nodes to the top of the document from wherever the directive is.
    "later.rst": "Later\n=====\n\nText.\n\n.. meta::\n   :robots: noindex\n",
    "shared.rst": "Shared\n======\n\n.. include:: _robots.txt\n",
    "_robots.txt": ".. meta::\n   :robots: noindex\n",
    "conditional.rst": "Only\n====\n\n.. only:: html\n\n   .. meta::\n      :robots: none\n",
    "tagged.rst": "Tagged\n======\n",
    "stamped.rst": "Stamped\n=======\n",
    "drafts/plan.rst": "Plan\n====\n",
    **{f"page{number}.rst": f"Page {number}\n======\n" for number in range(1, 6)},
}


@pytest.mark.parametrize("builder", ["html", "dirhtml"])
def test_pages_that_say_noindex_are_left_out_in_every_kind_of_build(
    tmp_path: Path, schemas: SchemaSet, builder: str
) -> None:
    def file(name: str) -> str:  # dirhtml: one folder per document, its page read by path
        return f"{name}.html" if builder == "html" else f"{name}/index.html"

    def url(name: str) -> str:
        return f"{name}.html" if builder == "html" else f"{name}/".removeprefix("index/")

    src = make_site(tmp_path, NOINDEX_SITE)
    serial = sphinx_build(src, tmp_path / "serial", builder)
    assert serial.code == 0, serial.warnings
    for name in ("thanks", "later", "shared", "conditional", "tagged", "stamped", "drafts/plan"):
        page = (serial.out / file(name)).read_text(encoding="utf-8")
        assert re.search("name=.?robots", page, re.I), name
    names = ("index", "open", *(f"page{number}" for number in range(1, 6)))
    listed = [BASE + url(name) for name in names]
    assert locs(serial.out / "sitemap.xml") == listed
    schemas.validate_folder(serial.out)

    # Written in parallel, the pages come from other processes; the sitemap is the same.
    parallel = sphinx_build(src, tmp_path / "parallel", builder, "-j", "2")
    assert parallel.code == 0, parallel.warnings
    assert (parallel.out / "sitemap.xml").read_bytes() == (serial.out / "sitemap.xml").read_bytes()

    # An incremental build that does not write them again still knows them; one that writes
    # a document without its tag lists it.
    os.utime(src / "page1.rst")
    assert sphinx_build(src, serial.out, builder).code == 0
    assert locs(serial.out / "sitemap.xml") == listed
    (src / "thanks.rst").write_text("Thanks\n======\n", encoding="utf-8")
    assert sphinx_build(src, serial.out, builder).code == 0
    assert BASE + url("thanks") in locs(serial.out / "sitemap.xml")
    assert sphinx_build(src, parallel.out, builder, "-j", "2").code == 0
    assert BASE + url("thanks") in locs(parallel.out / "sitemap.xml")

    # Turned off, every page is listed, whatever wrote its tag.
    kept = sphinx_build(src, tmp_path / "kept", builder, "-D", "sitemapkit_skip_noindex=0")
    assert kept.code == 0, kept.warnings
    found = locs(kept.out / "sitemap.xml")
    for name in ("results", "later", "shared", "conditional", "tagged", "stamped", "drafts/plan"):
        assert BASE + url(name) in found, name


def test_of_two_documents_dirhtml_writes_to_one_file_the_one_served_decides(
    tmp_path: Path,
) -> None:
    """`guide.rst` and `guide/index.rst` are both `guide/index.html` in dirhtml; Sphinx writes
    `guide/index` last, so its time is the page's."""
    src = make_site(
        tmp_path,
        {
            "conf.py": conf("extensions = ['sitemapkit.sphinx']", f"html_baseurl = {BASE!r}"),
            "index.rst": "Home\n====\n\n.. toctree::\n\n   guide\n   guide/index\n",
            "guide.rst": "Guide file\n==========\n",
            "guide/index.rst": "Guide folder\n============\n",
        },
    )
    os.utime(src / "guide.rst", (T_SOURCE - 86400, T_SOURCE - 86400))
    build = sphinx_build(src, tmp_path / "out", "dirhtml")
    assert build.code == 0, build.warnings
    assert "Guide folder" in (build.out / "guide" / "index.html").read_text(encoding="utf-8")
    assert lastmods(build.out)[BASE + "guide/"] == w3c(T_SOURCE)


def test_folder_pages_without_link_suffix_and_names_with_hash_are_listed_as_served(
    tmp_path: Path,
) -> None:
    """`html_link_suffix = ''` links `guide/index`, which `guide/index.html` serves (no
    redirect); dirhtml's `c#` and `q?x` are escaped, not a fragment and a query."""
    files = {
        "conf.py": conf("extensions = ['sitemapkit.sphinx']", f"html_baseurl = {BASE!r}"),
        "index.rst": "Home\n====\n\n.. toctree::\n\n   guide/index\n   lang/c#\n   q?x\n",
        "guide/index.rst": "Guide\n=====\n",
        "lang/c#.rst": "C sharp\n=======\n",
        "q?x.rst": "Q\n=\n",
    }
    src = make_site(tmp_path, files)
    plain = sphinx_build(src, tmp_path / "plain", "html", "-W", "-D", "html_link_suffix=")
    assert plain.code == 0, plain.warnings
    assert set(locs(plain.out / "sitemap.xml")) == {
        BASE + "index",
        BASE + "guide/index",
        BASE + "lang/c%23",
        BASE + "q%3Fx",
    }
    folders = sphinx_build(src, tmp_path / "dirhtml", "dirhtml")
    assert "sitemapkit" not in folders.warnings, folders.warnings
    listed = set(locs(folders.out / "sitemap.xml"))
    assert {BASE + "lang/c%23/", BASE + "q%3Fx/"} <= listed
    assert all((folders.out / unquote(loc[len(BASE) :]) / "index.html").is_file() for loc in listed)


def test_an_empty_base_url_conf_py_sets_is_an_info_line_and_none_at_all_a_warning(
    tmp_path: Path,
) -> None:
    """Read the Docs' `html_baseurl = os.environ.get("READTHEDOCS_CANONICAL_URL", "")` is
    empty on every other machine: a local `-W` build must pass."""
    said = "sitemapkit: no sitemap is written because the site's address is unknown"
    for setting, expected_code in (("html_baseurl", 0), ("sitemapkit_base_url", 0), ("", 1)):
        stated = bool(setting)
        lines = ["extensions = ['sitemapkit.sphinx']"]
        if stated:
            lines.append(f"import os; {setting} = os.environ.get('NO_SUCH_VARIABLE', '')")
        root = tmp_path / (setting or "none")
        src = make_site(root, {"conf.py": conf(*lines), "index.rst": "H\n=\n"})
        done = sphinx_build_process(src, root / "out", "-W")
        assert done.returncode == expected_code, done.stderr
        assert (said in done.stderr) is not stated  # an INFO line, which -q leaves out
        assert not (root / "out" / "sitemap.xml").exists()


#: Like nbsphinx: a notebook's output image, written into the doctrees once and noted as a
#: dependency of its page.
OUTPUT_IMAGE_EXTENSION = """
import os
from docutils import nodes
from sphinx.util.docutils import SphinxDirective


class OutputImage(SphinxDirective):
    def run(self):
        folder = os.path.join(self.env.config.built_doctrees, "nbsphinx")
        os.makedirs(folder, exist_ok=True)
        path = os.path.join(folder, "plot.png")
        if not os.path.exists(path):
            with open(path, "wb") as image:
                image.write(b"png")
        self.env.note_dependency(path)
        return [nodes.paragraph(text="plot")]


def remember_folder(app):
    app.config.built_doctrees = str(app.doctreedir)


def setup(app):
    app.add_config_value("built_doctrees", "", "")
    app.connect("builder-inited", remember_folder)
    app.add_directive("output-image", OutputImage)
    return {"parallel_read_safe": True}
"""

#: A notebook as saved after a run: one plot among its outputs (a 1x1 PNG).
NOTEBOOK = json.dumps(
    {
        "cells": [
            {"cell_type": "markdown", "id": "title", "metadata": {}, "source": ["# Plot"]},
            {
                "cell_type": "code",
                "id": "plot",
                "execution_count": 1,
                "metadata": {},
                "source": ["plot()"],
                "outputs": [
                    {
                        "output_type": "display_data",
                        "metadata": {},
                        "data": {
                            "image/png": "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJ"
                            "AAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
                            "text/plain": ["<Figure>"],
                        },
                    }
                ],
            },
        ],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
)


def test_a_file_the_build_writes_into_its_own_folders_dates_no_page(tmp_path: Path) -> None:
    """A notebook's plot in `jupyter_execute` (myst-nb) or in the doctrees (nbsphinx) is the
    build's: from the next build on it would date its page by the build that wrote it."""
    files = {
        "conf.py": conf(
            "import os, sys",
            "sys.path.insert(0, os.path.abspath('.'))",
            "extensions = ['myst_nb', 'sitemapkit.sphinx', 'output_image']",
            "nb_execution_mode = 'off'",
            f"html_baseurl = {BASE!r}",
        ),
        "output_image.py": OUTPUT_IMAGE_EXTENSION,
        "index.rst": "Home\n====\n\n.. output-image::\n\n.. toctree::\n\n   plot\n",
        "plot.ipynb": NOTEBOOK,
    }
    src = make_site(tmp_path, files)
    set_times(src, 1_600_000_000)
    out = tmp_path / "build" / "html"
    assert sphinx_build(src, out).code == 0
    assert list((tmp_path / "build" / "jupyter_execute").rglob("*.png"))  # myst-nb's plot
    first = (out / "sitemap.xml").read_bytes()
    assert first.count(b"<lastmod>2020-09-13T12:26:40+00:00</lastmod>") == 2
    assert sphinx_build(src, out).code == 0  # nothing changed
    assert (out / "sitemap.xml").read_bytes() == first


def test_a_source_folder_inside_the_output_folder_still_dates_pages_by_its_files(
    tmp_path: Path,
) -> None:
    """GitHub Pages' `docs/` folder: `sphinx-build -b html docs/source docs` writes the site
    around its own sources, whose included files are the project's, not the build's. A
    `jupyter_execute` folder of sources beside the output counts too, without myst-nb."""
    files = {
        "conf.py": conf("extensions = ['sitemapkit.sphinx']", f"html_baseurl = {BASE!r}"),
        "index.rst": "Home\n====\n\n.. literalinclude:: code.py\n\n"
        ".. literalinclude:: ../../../jupyter_execute/shown.py\n",
        "code.py": "print('hello')\n",
    }
    src = make_site(tmp_path / "docs" / "source", files)
    write_tree(tmp_path / "jupyter_execute", {"shown.py": "print('shown')\n"})
    set_times(tmp_path, 1_600_000_000)
    out = tmp_path / "docs"
    assert sphinx_build(src, out, "html", "-d", str(tmp_path / "docs" / ".doctrees")).code == 0
    stamp = 1_700_000_000
    os.utime(src / "code.py", (stamp, stamp))
    assert sphinx_build(src, out, "html", "-d", str(tmp_path / "docs" / ".doctrees")).code == 0
    assert lastmods(out)[BASE + "index.html"] == w3c(stamp)
    later = 1_710_000_000
    os.utime(tmp_path / "jupyter_execute" / "shown.py", (later, later))
    assert sphinx_build(src, out, "html", "-d", str(tmp_path / "docs" / ".doctrees")).code == 0
    assert lastmods(out)[BASE + "index.html"] == w3c(later)


def test_on_read_the_docs_the_missing_address_is_told_as_its_variable_gives_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Read the Docs no longer sets `html_baseurl`: the warning names the line that reads the
    address it gives while it builds."""
    monkeypatch.setenv("READTHEDOCS", "True")
    monkeypatch.setenv("READTHEDOCS_CANONICAL_URL", "https://kit.readthedocs.io/en/latest/")
    src = make_site(
        tmp_path, {"conf.py": conf("extensions = ['sitemapkit.sphinx']"), "index.rst": "H\n=\n"}
    )
    done = sphinx_build_process(src, tmp_path / "out")
    assert (
        'set html_baseurl = os.environ.get("READTHEDOCS_CANONICAL_URL", "") in conf.py (with '
        "`import os`)"
    ) in done.stderr
    assert not (tmp_path / "out" / "sitemap.xml").exists()


#: What sphinx-multiversion's extension registers, and its command passes to each build.
MULTIVERSION_EXTENSION = """
def setup(app):
    app.add_config_value("smv_current_version", "", "html")
    return {"parallel_read_safe": True}
"""


def test_a_sphinx_multiversion_build_whose_address_is_not_its_folder_is_told(
    tmp_path: Path,
) -> None:
    """Each version is built into its own folder, with the one `html_baseurl` of conf.py:
    every version's sitemap would list the top's addresses. With the folder's address (the
    `-D 'html_baseurl=...${name}/'` the warning gives), nothing is said."""
    files = {
        "conf.py": conf(
            "import os, sys",
            "sys.path.insert(0, os.path.abspath('.'))",
            "extensions = ['sitemapkit.sphinx', 'multiversion_like']",
            f"html_baseurl = {BASE!r}",
        ),
        "multiversion_like.py": MULTIVERSION_EXTENSION,
        "index.rst": "Home\n====\n",
    }
    src = make_site(tmp_path, files)
    out = tmp_path / "html" / "v1.0"
    shared = sphinx_build(src, out, "html", "-D", "smv_current_version=v1.0")
    assert "sphinx-multiversion builds version 'v1.0' into its folder v1.0/" in shared.warnings
    assert f"-D 'html_baseurl={BASE}${{name}}/'" in shared.warnings
    assert locs(out / "sitemap.xml") == [BASE + "index.html"]  # the top's, as the warning says
    own = sphinx_build(
        src, out, "html", "-E", "-D", "smv_current_version=v1.0", "-D", f"html_baseurl={BASE}v1.0/"
    )
    assert "sitemapkit" not in own.warnings, own.warnings
    assert locs(out / "sitemap.xml") == [BASE + "v1.0/index.html"]
    tagged = tmp_path / "html" / "v1.0+post"  # a tag's name, as its folder and in its address
    post = sphinx_build(
        src,
        tagged,
        "html",
        "-D",
        "smv_current_version=v1.0+post",
        "-D",
        f"html_baseurl={BASE}v1.0+post/",
    )
    assert "sitemapkit" not in post.warnings, post.warnings
    plain = sphinx_build(src, tmp_path / "plain")  # not built by sphinx-multiversion
    assert "sitemapkit" not in plain.warnings, plain.warnings


def test_a_module_index_or_code_page_sphinx_stops_writing_is_no_longer_listed(
    tmp_path: Path,
) -> None:
    """Renamed module: viewcode's record holds the new one only; no module documented: Sphinx
    writes no py-modindex. Their old files stay in the output, and are not listed."""
    files = {
        "conf.py": conf(
            "import os, sys",
            "sys.path.insert(0, os.path.abspath('.'))",
            "extensions = ['sitemapkit.sphinx', 'sphinx.ext.autodoc', 'sphinx.ext.viewcode']",
            f"html_baseurl = {BASE!r}",
        ),
        "kit_stale_a.py": 'def greet():\n    """Say hello."""\n',
        "kit_stale_b.py": 'def greet():\n    """Say hello."""\n',
        "index.rst": "Home\n====\n\n.. toctree::\n\n   api\n",
        "api.rst": "API\n===\n\n.. automodule:: kit_stale_a\n   :members:\n",
    }
    src = make_site(tmp_path, files)
    out = tmp_path / "out"
    assert sphinx_build(src, out).code == 0
    listed = set(locs(out / "sitemap.xml"))
    assert {BASE + "_modules/kit_stale_a.html", BASE + "py-modindex.html"} <= listed
    (src / "api.rst").write_text("API\n===\n\n.. automodule:: kit_stale_b\n   :members:\n")
    assert sphinx_build(src, out, "html", "-E").code == 0
    assert (out / "_modules" / "kit_stale_a.html").is_file()  # left by the build before
    listed = set(locs(out / "sitemap.xml"))
    assert BASE + "_modules/kit_stale_b.html" in listed
    assert BASE + "_modules/kit_stale_a.html" not in listed
    (src / "api.rst").write_text("API\n===\n\nNo module.\n")
    assert sphinx_build(src, out, "html", "-E").code == 0
    assert (out / "py-modindex.html").is_file()
    assert (out / "_modules" / "index.html").is_file()
    listed = set(locs(out / "sitemap.xml"))
    assert BASE + "py-modindex.html" not in listed
    assert not any(loc.startswith(BASE + "_modules/") for loc in listed)  # the index too


def test_code_pages_are_no_longer_listed_once_viewcode_is_taken_out(tmp_path: Path) -> None:
    """Without viewcode nothing writes `_modules/` pages again: the saved ones are stale."""
    lines = ["import os, sys", "sys.path.insert(0, os.path.abspath('.'))"]
    lines.append(f"html_baseurl = {BASE!r}")
    files = {
        "conf.py": conf(
            *lines,
            "extensions = ['sitemapkit.sphinx', 'sphinx.ext.autodoc', 'sphinx.ext.viewcode']",
        ),
        "kit_unviewed.py": 'def greet():\n    """Say hello."""\n',
        "index.rst": "Home\n====\n\n.. automodule:: kit_unviewed\n   :members:\n",
    }
    src = make_site(tmp_path, files)
    out = tmp_path / "out"
    assert sphinx_build(src, out).code == 0
    code_pages = {BASE + "_modules/kit_unviewed.html", BASE + "_modules/index.html"}
    assert code_pages <= set(locs(out / "sitemap.xml"))
    (src / "conf.py").write_text(
        conf(*lines, "extensions = ['sitemapkit.sphinx', 'sphinx.ext.autodoc']"),
        encoding="utf-8",
    )
    assert sphinx_build(src, out).code == 0
    assert (out / "_modules" / "kit_unviewed.html").is_file()  # left by the build before
    listed = set(locs(out / "sitemap.xml"))
    assert BASE + "index.html" in listed
    assert not code_pages & listed
