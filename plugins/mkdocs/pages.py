"""MkDocs' files collection in, the core's `Page`s out.

Membership comes from the collection, never from `site/`: during `mkdocs serve` the site folder
also holds drafts, and after `--dirty` it holds pages that no longer exist.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page as MkDocsPage
from mkdocs.utils.meta import get_data
from sitemapkit import Page, PageMetadata, parse_page_metadata
from sitemapkit.noindex import file_head_marks, html_head_marks
from sitemapkit.pages import NO_METADATA, with_noindex, with_redirect
from sitemapkit.urls import path_below

from .git_dates import GIT_DATE_KEY, git_revision_time, last_commits

#: The front-matter key: `sitemap: false`, or a mapping of the core's per-page keys.
FRONT_MATTER_KEY = "sitemap"

Warn = Callable[[str], None]


class MarkdownFiles(Protocol):
    """A Markdown extension's reading of a page: the files it puts into the page, and the
    page's Markdown as the extensions after it read it."""

    def files(self, markdown: str, page_folder: str) -> tuple[str, ...]: ...

    def page_text(self, markdown: str, files: tuple[str, ...]) -> str: ...


def warn_of_other_case(file: File, meta: Mapping[str, object], warn: Warn) -> None:
    """Front-matter keys are case-sensitive in MkDocs (Pelican's are not, and Sphinx warns of
    its own): a `Sitemap:` key would be ignored without a word."""
    for key in meta:
        if isinstance(key, str) and key.lower() == FRONT_MATTER_KEY:
            if key in source_front_matter(source_text(file)):
                where = f"page {file.src_uri!r}, front matter {key!r}"
            else:  # rare: the file is read again only to say where the key came from
                where = (
                    f"page {file.src_uri!r}, metadata {key!r}, which a plugin gave it (Material's "
                    "meta plugin from a .meta.yml in its folder or above, say)"
                )
            warn(
                f"{where}: front-matter keys are case-sensitive, so it is not read; write "
                f"{FRONT_MATTER_KEY!r}"
            )
            return


def front_matter_metadata(file: File, meta: Mapping[str, object], warn: Warn) -> PageMetadata:
    """Read `sitemap:` from a page's front matter; each problem is a warning naming the page."""
    if FRONT_MATTER_KEY not in meta:
        return NO_METADATA
    value = meta[FRONT_MATTER_KEY]
    where = f"page {file.src_uri!r}, front matter {FRONT_MATTER_KEY!r}"
    if isinstance(value, bool):
        return PageMetadata(exclude=True) if value is False else NO_METADATA
    if not isinstance(value, Mapping):
        said = " is empty" if value is None else f": {value!r} is not valid"  # `sitemap:` alone
        warn(
            f"{where}{said}; write `sitemap: false` or a mapping such as "
            "`sitemap: {priority: 0.8, changefreq: weekly}`"
        )
        return NO_METADATA
    metadata, problems = parse_page_metadata({str(key): item for key, item in value.items()})
    for problem in problems:
        warn(f"{where}: {problem}")
    return metadata


def source_text(file: File) -> str:
    """A page's Markdown, front matter and all, as MkDocs reads it ("" if unreadable: MkDocs
    reports that itself)."""
    try:
        if hasattr(file, "content_string"):
            text: str = file.content_string
            return text
        with open(file.abs_src_path or "", encoding="utf-8-sig") as source:  # MkDocs 1.5
            return source.read()
    except (OSError, ValueError):
        return ""


def front_matter(page: MkDocsPage, markdown: str) -> Mapping[str, object]:
    """The page's front matter: `--dirty` builds leave pages they skip unread, so it is read
    from `markdown`, their source, then."""
    if page.markdown is not None:
        return page.meta
    return source_front_matter(markdown)


def source_front_matter(text: str) -> Mapping[str, object]:
    """The front matter of a page's source as written (none for one MkDocs cannot read: it
    reports that itself)."""
    try:
        return get_data(text)[1]
    except ValueError:
        return {}


def listed_pages(page: MkDocsPage) -> tuple[str, ...]:
    """The pages a listing shows, so it changes when they do rather than with the whole site.

    Material's blog views (the blog's index, archives, categories, authors and their
    pagination pages) carry their posts as `posts`.
    """
    posts = getattr(page, "posts", None)
    if not isinstance(posts, list):
        return ()
    return tuple(
        post.file.dest_uri for post in posts if isinstance(getattr(post, "file", None), File)
    )


def shown_posts(page: MkDocsPage, context: Mapping[str, object]) -> tuple[str, ...] | None:
    """The posts a blog view's page shows, from the context Material's blog plugin renders it
    with: a pagination page carries the whole view's posts as `posts`, and shows its share.

    Material renders the excerpts of the posts read in this build only: in a `--dirty` build
    a post it did not read again (no `excerpt`) is missing, so the context is not the page's.
    """
    posts = context.get("posts")
    if not isinstance(posts, list):
        return None
    if not all(getattr(post, "excerpt", None) is not None for post in getattr(page, "posts", ())):
        return None
    return tuple(name for name in map(_file_of, posts) if name is not None)


def _file_of(item: object) -> str | None:
    file = getattr(item, "file", None)
    return file.dest_uri if isinstance(file, File) else None


def tag_listings(plugins: Iterable[object]) -> dict[str, tuple[str, ...]]:
    """Pages holding Material's tags listings -> the pages those listings show.

    Material's tags plugin (9.6 and later) renders `<!-- material/tags -->` listings into
    ordinary pages, so such a page changes when a page tagged into it does. Its record of the
    listings is the plugin's own: without it (or from another tags plugin) there are none.
    """
    shows: dict[str, set[str]] = {}
    for plugin in plugins:
        if not type(plugin).__module__.startswith("material.plugins.tags"):
            continue
        if getattr(getattr(plugin, "config", None), "listings", True) is False:
            continue  # the listings are found, but not rendered into their pages
        for listing in getattr(getattr(plugin, "listings", None), "data", None) or ():
            page = _file_of(getattr(listing, "page", None))
            if page is None:
                continue
            shown = shows.setdefault(page, set())
            for tree in listing:
                for mapping in getattr(tree, "mappings", ()):
                    name = _file_of(getattr(mapping, "item", None))
                    if name is not None:
                        shown.add(name)
    return {page: tuple(sorted(shown)) for page, shown in shows.items() if shown}


@dataclass
class Rendered:
    """What `on_post_page` saw: the pages rendered in this build, those saying noindex, and
    those whose meta refresh redirects at once (a theme's redirect template)."""

    pages: set[str] = field(default_factory=set)
    noindex: set[str] = field(default_factory=set)
    redirects: set[str] = field(default_factory=set)

    def note(self, file: File, html: str) -> None:
        path = file.dest_uri
        self.pages.add(path)
        noindex, redirects = html_head_marks(html)
        if noindex:
            self.noindex.add(path)
        elif self.noindex:  # a file written twice (`foo.md`, `foo/index.md`): the last counts
            self.noindex.discard(path)
        if redirects:
            self.redirects.add(path)
        elif self.redirects:
            self.redirects.discard(path)

    def marks(self, file: File) -> tuple[bool, bool]:
        """Whether the page's HTML has a robots noindex, and whether it redirects at once:
        seen as it was rendered, or, for a page a `--dirty` build did not render again, read
        from the file an earlier build wrote."""
        path = file.dest_uri
        if path in self.pages or not file.abs_dest_path:
            return path in self.noindex, path in self.redirects
        folder, name = os.path.split(file.abs_dest_path)
        return file_head_marks(name, folder)


def site_pages(
    files: Files,
    warn: Warn,
    listings: Mapping[str, tuple[str, ...]] | None = None,
    rendered: Rendered | None = None,
    started: int = 1 << 62,
    shown: Mapping[str, tuple[str, ...]] | None = None,
    unpublished: Callable[[MkDocsPage], bool] | None = None,
    readers: Sequence[MarkdownFiles] = (),
    docs_dir: str = "",
    included: Mapping[str, tuple[str, ...]] | None = None,
    modules: Mapping[str, tuple[str, ...]] | None = None,
    commits_of_taken_in: bool = False,
) -> list[Page]:
    """The included documentation pages, with MkDocs' own URL (relative to `site_url`).

    Drafts and `exclude_docs` pages are not included; nav links are not files; the theme's
    404.html is a template, not a documentation page. A page a plugin generates (Material's
    blog archives, mkdocs-gen-files) from a file it writes for MkDocs to read has no source of
    its own: that file is as new as the build, and the core leaves it out. One a hook adds from
    a file of the project (`File.generated(..., abs_src_path="CHANGELOG.md")`) has that file.
    A listing also takes the times of what it lists: a blog view its posts, a page with tags
    listings (`listings`) the pages they show.
    With `rendered` (what the build's rendering saw), pages whose HTML has a robots noindex
    are marked; without it none are. A page mkdocs-git-revision-date-localized-plugin dated is
    as new as that commit (before `started`, the build's start in seconds), not its file.
    `shown` are the posts each blog view showed as it was rendered (a pagination page, its
    share of the view's posts); a view not rendered in this build takes all of its posts.
    Pages `unpublished` says a build would leave out (drafts `mkdocs serve` renders) are not
    listed. The files the `readers` (markdown-include, pymdownx.snippets, when on) find a
    page's Markdown puts into it (`!relative` names below the page's folder in `docs_dir`)
    date it too, and so do the files `included` (by `src_uri`) says it took in: by their
    times, or for a page the git plugin dated, with `commits_of_taken_in`, by their last
    commits. The `modules` mkdocstrings rendered a page from date it alike, a generated page
    too (it is nothing but their documentation), by their last commits whenever the git
    plugin is on.
    """
    listings = listings or {}
    pages: list[Page] = []
    committed_taking_in: list[tuple[int, tuple[str, ...]]] = []  # (page's place, files)
    for file in files.documentation_pages():
        page = file.page
        if page is None or (unpublished is not None and unpublished(page)):
            continue
        markdown = page.markdown if page.markdown is not None else source_text(file)
        meta = front_matter(page, markdown)
        source = file.abs_src_path  # one written during the build is the build's: not used
        if FRONT_MATTER_KEY in meta:
            metadata = front_matter_metadata(file, meta, warn)
        else:
            metadata = NO_METADATA
            if meta:  # `Sitemap: false`, which MkDocs keeps as written: not this key
                warn_of_other_case(file, meta, warn)
        if rendered is not None:
            noindex, redirects = rendered.marks(file)
            if noindex:
                metadata = with_noindex(metadata)
            if redirects:
                metadata = with_redirect(metadata)
        committed = git_revision_time(meta, started) if GIT_DATE_KEY in meta else None
        lists = shown.get(file.dest_uri) if shown else None  # as rendered, else the page's own
        if lists is None:
            lists = listed_pages(page)
        documented = modules.get(file.src_uri, ()) if modules else ()
        sources: tuple[str, ...] = ()
        taken_in: tuple[str, ...] = ()
        if source:
            if readers:
                # MkDocs' `!relative`: the page's folder below docs_dir, wherever its file is.
                below = os.path.join(docs_dir, file.src_path) if docs_dir else source
                folder = os.path.dirname(below)
                text = markdown
                for reader in readers:  # in the order the extensions run
                    found = reader.files(text, folder)
                    taken_in += found
                    text = reader.page_text(text, found)
            if included:
                taken_in += included.get(file.src_uri, ())
        if committed is None and not (documented and commits_of_taken_in):
            # By file times; a generated page's own file is the build's: its modules date it.
            sources = (source, *documented) if source else documented
        else:  # by commits: the git plugin's of the page, git's of the files it takes in
            if committed is None and source:
                sources = (source,)  # a generated page the plugin did not date: by its modules
            taken_in += documented
            if taken_in and commits_of_taken_in:
                committed_taking_in.append((len(pages), taken_in))
            taken_in = ()
        pages.append(
            Page(
                file.dest_uri,
                page.url,
                sources,
                lists + listings.get(file.dest_uri, ()),
                meta=metadata,
                mtime=committed,
                taken_in=taken_in,
            )
        )
    if committed_taking_in:
        commits = last_commits({name for _, taken in committed_taking_in for name in taken})
        for place, taken in committed_taking_in:
            dated = pages[place]
            times = [commits[name] for name in taken if name in commits]
            if times and (dated.mtime is None or max(times) > dated.mtime):
                pages[place] = dataclasses.replace(dated, mtime=max(times))
    return pages


def merged_files(*by_page: Mapping[str, tuple[str, ...]]) -> dict[str, tuple[str, ...]]:
    """The files each page takes in, from every plugin that puts files into pages (by
    `src_uri`), each file once."""
    merged: dict[str, tuple[str, ...]] = {}
    for files in by_page:
        for page, taken in files.items():
            merged[page] = tuple(dict.fromkeys(merged.get(page, ()) + taken))
    return merged


def git_dated_folders(files: Files) -> list[str]:
    """The folders of the pages mkdocs-git-revision-date-localized-plugin dated, each once, in
    order: where the repositories of their commits are."""
    folders = {
        os.path.dirname(file.abs_src_path)
        for file in files.documentation_pages()
        if file.page is not None and GIT_DATE_KEY in file.page.meta and file.abs_src_path
    }
    return sorted(folders)


def unbuilt_pages(files: Files) -> Iterator[str]:
    """The pages MkDocs leaves out of this build (`draft_docs`, `exclude_docs`): an exclude
    pattern naming them has matched, though nothing was left for it to leave out."""
    for file in files:
        included: bool = file.inclusion.is_included()  # type: ignore[no-untyped-call]
        if not included and file.is_documentation_page():
            yield file.dest_uri


def rebased(pages: list[Page], base_url: str, main_base_url: str, tell: Warn) -> list[Page]:
    """A build inside another (a language of mkdocs-static-i18n) with a `site_url` of its own:
    its pages' URLs, relative to the main build's. Under another address they are left out,
    and told (an INFO line: a set-up, not a mistake, that `--strict` must not fail on)."""
    prefix = path_below(base_url, main_base_url)
    if prefix == "":
        return pages
    if prefix is None:
        if pages:
            tell(
                f"the {len(pages):,} pages built with site_url {base_url} (a language with a "
                f"site_url of its own) are not listed: it is not below {main_base_url}, and a "
                "sitemap lists the URLs below its own address only; that address needs a "
                "sitemap of its own, which this build does not write"
            )
        return []
    return [
        dataclasses.replace(page, url=prefix + (page.url or page.path).lstrip("/"))
        for page in pages
    ]
