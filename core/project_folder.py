"""Telling a generator's project folder from the site it builds, before writing into it.

`sitemapkit build .` in a Jekyll or Hugo project lists layouts and the built copy as pages,
and writes sitemaps into the sources, which the next build then publishes.
"""

from __future__ import annotations

import os
import re
from typing import NamedTuple

from .urls import FOLDER_PAGE_NAMES


class Project(NamedTuple):
    generator: str
    marker: str  # the file that gives it away, relative to the folder
    output: str | None  # where that generator writes the site by default, if it has a default
    #: What the folder is to its generator: its project, or (Sphinx's `_build/`) its outputs'.
    kind: str = "project"

    def described(self) -> str:
        """`a Sphinx project`, `an Eleventy project`, `a Sphinx build folder`."""
        return f"{'an' if self.generator[0] in 'AEIOU' else 'a'} {self.generator} {self.kind}"

    def wanted(self, output: str | None) -> str:
        """The folder to give instead, with `output`, the path of `self.output`, if any."""
        if self.kind == "project":
            return "the folder it builds the site into" + (
                f", {output!r} by default" if output else ""
            )
        if output is None:
            return "the folder an html or dirhtml build writes, once one has run"
        return f"the HTML builder's folder in it, {output!r}"


def _script_names(stem: str) -> tuple[str, ...]:
    """A JavaScript config file in each spelling Node tools load: `.js`, `.mjs`, `.ts`…"""
    return tuple(f"{stem}.{kind}" for kind in ("js", "mjs", "cjs", "ts", "mts", "cts"))


#: Files a generator reads from its project's root and never copies into the site it builds,
#: with the folders one of which must be beside them when the names alone are too common.
#: Hugo's and Zola's `config.*` beside `content/` or `templates/` can also be a built site's
#: own (an app's settings), Hexo's `_config.yml` beside `scaffolds/` a GitHub Pages branch's,
#: and `package.json` beside `node_modules/` a hand-written site's (with a CSS tool's
#: packages); a site served from a repository's root may hold a `Cargo.toml`, a `Doxyfile` or
#: a framework's config file: a home page that is a page, not a template, says it is one.
_MAYBE_BUILT = frozenset(
    {"Hugo", "Zola", "Hexo", "Node.js", "Next.js", "Nuxt", "Svelte", "Gatsby", "Doxygen", "Cargo"}
)
_MARKERS: tuple[tuple[str, str | None, tuple[str, ...], tuple[str, ...]], ...] = (
    ("MkDocs", "site", ("mkdocs.yml", "mkdocs.yaml"), ()),
    ("Zensical", "site", ("zensical.toml",), ()),
    ("Pelican", "output", ("pelicanconf.py",), ()),
    ("Sphinx", "_build/html", ("conf.py",), ()),
    ("Sphinx", "build/html", ("source/conf.py",), ()),
    ("Sphinx", "docs/_build/html", ("docs/conf.py",), ()),  # sphinx-quickstart docs
    ("Sphinx", "doc/_build/html", ("doc/conf.py",), ()),
    ("Hugo", "public", ("hugo.toml", "hugo.yaml", "hugo.json"), ()),
    ("Zola", "public", ("config.toml",), ("templates",)),
    (
        "Hugo",
        "public",
        ("config.toml", "config.yaml", "config.yml", "config.json"),
        ("content", "layouts", "archetypes"),
    ),
    (
        "Hugo",
        "public",
        tuple(
            f"config/_default/{name}.{kind}"
            for name in ("hugo", "config")
            for kind in ("toml", "yaml", "yml", "json")
        ),
        (),
    ),
    ("Jekyll", "_site", ("_config.yml",), ("_layouts", "_posts", "_includes", "_site")),
    ("Hexo", "public", ("_config.yml",), ("scaffolds",)),
    ("Eleventy", "_site", (".eleventy.js", ".eleventy.cjs", *_script_names("eleventy.config")), ()),
    ("Astro", "dist", _script_names("astro.config"), ()),
    ("Docusaurus", "build", _script_names("docusaurus.config"), ()),
    ("VitePress", ".vitepress/dist", _script_names(".vitepress/config"), ()),
    ("VitePress", "docs/.vitepress/dist", _script_names("docs/.vitepress/config"), ()),
    ("Next.js", "out", _script_names("next.config"), ()),  # `output: 'export'`
    ("Nuxt", ".output/public", _script_names("nuxt.config"), ()),  # `nuxi generate`
    ("Svelte", None, _script_names("svelte.config"), ()),  # SvelteKit's build/, Vite's dist/
    ("Gatsby", "public", _script_names("gatsby-config"), ()),
    ("Doxygen", "html", ("Doxyfile",), ()),
    ("Cargo", "target/doc", ("Cargo.toml",), ()),  # `cargo doc`
    # Any other Node.js project with its packages installed, unless its home page is a page
    # (a hand-written site with a build tool's packages beside it: the scan skips those).
    ("Node.js", None, ("package.json",), ("node_modules",)),
)


#: Suffixes of the files generators read (Markdown's spellings, reST, AsciiDoc, notebooks):
#: pages are written to other names, so a pattern with one of them matches no page, and a
#: folder of such files and no page is a project's, or its content folder (Hugo's `content/`).
SOURCE_SUFFIXES = (".md", ".markdown", ".mkd", ".mdown", ".rst", ".adoc", ".ipynb")
#: Suffixes of template languages' files (Nunjucks, Liquid, Handlebars, EJS, Pug, WebC…) and
#: of MDX sources: a generator renders them into pages, and no built site holds them.
TEMPLATE_SUFFIXES = (
    ".njk",
    ".liquid",
    ".hbs",
    ".handlebars",
    ".ejs",
    ".pug",
    ".haml",
    ".slim",
    ".webc",
    ".vto",
    ".11ty.js",
    ".11ty.cjs",
    ".11ty.mjs",
    ".jinja",
    ".jinja2",
    ".erb",
    ".astro",
    ".mdx",
)
#: Folders generators keep templates in (Jekyll's and Eleventy's `_includes/`, Hugo's and
#: Astro's `layouts/`): a template there, or at the top, is a source; one elsewhere may be a
#: file a built site offers as it is (an example to download).
TEMPLATE_FOLDERS = frozenset(
    {"_includes", "_layouts", "_data", "includes", "layouts", "partials", "components"}
)


def in_template_place(folder: str) -> bool:
    """Whether a template in `folder` (a '/'-ended path below the top, "" for the top) is
    where a generator's sources keep theirs."""
    return not folder or folder[:-1].rpartition("/")[2] in TEMPLATE_FOLDERS


#: How many entries of a folder without pages are looked at for sources, at the most.
_SOURCE_LOOK = 10_000
#: Files a repository or a published folder holds beside its pages, whatever built them.
_NOT_SOURCES = frozenset({"readme", "license", "changelog", "contributing", "code_of_conduct"})
#: How many of a scan's first pages are looked at for front matter.
TEMPLATE_SAMPLE = 5
#: Front matter's opening line (Jekyll, Eleventy, Hexo, Hugo's YAML).
_FRONT_MATTER = re.compile(rb"\s*---\r?\n")


def find_project(folder: str) -> Project | None:
    """The generator whose project `folder` is, if one of its own files says so."""
    if os.path.basename(os.path.abspath(folder)) == ".vitepress":  # the config's own folder
        for marker in _script_names("config"):
            if os.path.isfile(os.path.join(folder, marker)):
                return Project("VitePress", marker, "dist")
    if _is_nikola_conf(os.path.join(folder, "conf.py")):  # before Sphinx, whose file it shares
        return Project("Nikola", "conf.py", "output")
    built: bool | None = None
    for generator, output, markers, beside in _MARKERS:
        for marker in markers:
            if not os.path.isfile(os.path.join(folder, marker)):
                continue
            if beside and not any(os.path.isdir(os.path.join(folder, n)) for n in beside):
                continue  # a name any site may hold (`config.json`): the folders must agree
            if generator in _MAYBE_BUILT:
                built = _has_built_home_page(folder) if built is None else built
                if built:
                    continue
            return Project(generator, marker, output)
    return _sphinx_build_folder(folder)


#: A setting every Nikola `conf.py` has (`nikola init` writes it near the top).
_NIKOLA_SETTING = re.compile(rb"^BLOG_TITLE\s*=", re.MULTILINE)
#: How much of a `conf.py` is read for it.
_CONF_LOOK = 65_536
#: The names sphinx-quickstart gives the folder of the builders' output folders.
_SPHINX_BUILD_FOLDERS = ("_build", "build")
#: What Sphinx's `_build/` is: the folder of each builder's output, not a project.
BUILD = "build folder"
#: Sphinx's pickled environment, in the `_build/` folder that holds each builder's output.
_SPHINX_ENVIRONMENT = "doctrees/environment.pickle"


def _sphinx_build_folder(folder: str) -> Project | None:
    """`_build/`, beside each builder's folder (`html/`, `dirhtml/`), is no site; an HTML
    output with its doctrees inside (`-d out/doctrees`) is one: it holds `.buildinfo`.

    `sphinx-build -b html . _build/html` keeps its doctrees inside `html/`: then `_build/`
    (or `build/`) is told by its name, a builder's folder in it and no home page of its own;
    a website with Sphinx's output in an `html/` folder is a site.
    """
    if os.path.isfile(os.path.join(folder, ".buildinfo")):
        return None
    built = [
        name
        for name in ("html", "dirhtml", "singlehtml")
        if os.path.isfile(os.path.join(folder, name, ".buildinfo"))
    ]
    if os.path.isfile(os.path.join(folder, _SPHINX_ENVIRONMENT)):
        return Project("Sphinx", _SPHINX_ENVIRONMENT, built[0] if built else None, BUILD)
    named = os.path.basename(os.path.abspath(folder)) in _SPHINX_BUILD_FOLDERS
    home = any(os.path.exists(os.path.join(folder, page)) for page in FOLDER_PAGE_NAMES)
    if named and built and not home:
        return Project("Sphinx", f"{built[0]}/.buildinfo", built[0], BUILD)
    return None


def _is_nikola_conf(path: str) -> bool:
    """Whether a `conf.py` is Nikola's: it sets `BLOG_TITLE`, which no Sphinx setting is."""
    try:
        with open(path, "rb") as conf:
            return _NIKOLA_SETTING.search(conf.read(_CONF_LOOK)) is not None
    except OSError:
        return False


def _has_built_home_page(folder: str) -> bool:
    """Whether the folder's `index.html` is a page, not a template with front matter (as a
    Jekyll project's is) nor Vite's entry page, which loads the sources (`/src/main.js`) a
    build bundles: a generator's project keeps its home page elsewhere."""
    try:
        with open(os.path.join(folder, "index.html"), "rb") as page:
            start = page.read(_CONF_LOOK)
    except OSError:
        return False
    return not (_opens_with_front_matter(start[:64]) or _VITE_ENTRY.search(start))


#: A module script from the project's sources, as Vite's entry `index.html` has (its build
#: writes the bundle's own name instead).
_VITE_ENTRY = re.compile(rb"""<script\b[^>]*\bsrc\s*=\s*["']?/?src/""", re.IGNORECASE)


def a_source_file(folder: str) -> str | None:
    """A source file (Markdown, reST…) below `folder`, '/'-separated, when a folder without
    pages holds one: the generator's sources, not the site it builds. Dot folders and
    `node_modules` are not looked in, and only so many entries in all."""
    looked = 0
    for top, folders, files in os.walk(folder):
        folders[:] = sorted(
            name for name in folders if not name.startswith(".") and name != "node_modules"
        )
        for name in sorted(files):
            stem, _, suffix = name.lower().rpartition(".")
            if "." + suffix in SOURCE_SUFFIXES and stem not in _NOT_SOURCES:
                return os.path.relpath(os.path.join(top, name), folder).replace(os.sep, "/")
        looked += len(files) + len(folders)
        if looked > _SOURCE_LOOK:
            return None
    return None


def all_templates(root: str, paths: list[str]) -> bool:
    """Whether every one of the pages opens with front matter (`---`), as the templates and
    sources of Jekyll, Eleventy or Hexo do: a built page never does (one such page may be a
    static file a site ships as it is, so all of them must)."""
    if not paths:
        return False
    for path in paths:
        try:
            with open(os.path.join(root, *path.split("/")), "rb") as page:
                start = page.read(64)
        except OSError:
            return False
        if not _opens_with_front_matter(start):
            return False
    return True


def _opens_with_front_matter(start: bytes) -> bool:
    """Whether a file's first bytes open front matter: `---` on a line of its own."""
    return _FRONT_MATTER.match(start.removeprefix(b"\xef\xbb\xbf")) is not None
