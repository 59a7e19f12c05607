"""Pelican plugin: sitemaps for the files Pelican writes.

Enable it with `PLUGINS = ["sitemapkit"]` (installed from a wheel, as a namespace plugin) or
`PLUGINS = ["sitemapkit.pelican"]` (any install); options go in `SITEMAPKIT = {...}`.
The receivers are module-level functions because Pelican's signals hold weak references.
"""

from __future__ import annotations

from typing import Any

from pelican.contents import Content
from pelican.plugins import signals

from .pages import site_path, written_listing
from .runs import Runs, write_sitemaps

RUNS = Runs()


def start_run(pelican: Any) -> None:
    """`get_generators` fires at the start of every build, autoreload rebuilds included."""
    RUNS.start(pelican)


def note_written(path: str, context: Any = None) -> None:
    """Called for every file Pelican writes: kept short, the work waits for `finalized`."""
    run = RUNS.current
    if run is None or context is None:
        return
    content = context.get("article") or context.get("page")  # the file is for this one
    if content is not None and isinstance(content, Content):
        run.content_files.append((path, content, context.get("output_file")))
        return
    relative = site_path(path, run.output_path)
    if relative is not None:
        run.written.append(written_listing(relative, context, run.listing_tables))


def note_static(generator: Any) -> None:
    """The static files, read once written: asking one for its `url` or `save_as` now, before
    the articles are rendered, would stop an `{attach}` link from moving it beside its post."""
    run = RUNS.current
    files = getattr(generator, "staticfiles", None)
    if run is not None and isinstance(files, list):
        run.static_lists.append(files)


def finish_run(pelican: Any) -> None:
    """`finalized`: the output folder is complete; the outermost run writes the sitemaps."""
    main = RUNS.finish(pelican)
    if main is not None:
        write_sitemaps(main)


def initialized(pelican: Any) -> None:
    RUNS.initialized(pelican)


def register() -> None:
    """Called as each Pelican object registers its plugins (a subsite's too), before any
    plugin's receiver of `initialized` runs."""
    RUNS.register()
    signals.initialized.connect(initialized)
    signals.get_generators.connect(start_run)
    signals.content_written.connect(note_written)
    signals.static_generator_finalized.connect(note_static)
    signals.finalized.connect(finish_run)
