"""Documents whose source file an extension writes from another file: dated by that file.

sphinx-gallery turns each example script into a page source, and sphinx-autoapi each module;
both leave an unchanged source alone on later builds (sphinx-gallery always, sphinx-autoapi
with `autoapi_keep_files`), so its time is whichever build wrote it, even in a fresh output
folder. What the page shows comes from the script or the module: that file dates the page.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Mapping

from sphinx.application import Sphinx

#: The files sphinx-gallery reads a gallery folder's heading from, newest name first.
GALLERY_HEADERS = ("GALLERY_HEADER.rst", "README.txt", "README.rst")
#: Pages sphinx-gallery writes with no file of their own behind them.
GALLERY_REPORT = "sg_execution_times"
#: sphinx-gallery's default `ignore_pattern`: files in an examples folder that are no example.
DEFAULT_IGNORED = r"__init__\.py"


def _as_list(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list | tuple):
        return [item for item in value if isinstance(item, str)]
    return []


def gallery_sources(app: Sphinx, documents: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """sphinx-gallery: `auto_examples/plot_x` comes from `examples/plot_x.py`, a gallery's
    `index` from its heading file and its scripts, the timing report from nothing."""
    if "sphinx_gallery.gen_gallery" not in app.extensions:
        return {}
    conf = getattr(app.config, "sphinx_gallery_conf", None)
    if not isinstance(conf, Mapping):
        return {}
    srcdir = os.fspath(app.srcdir)
    suffixes = sorted(_as_list(list(conf.get("example_extensions") or [".py"])))
    galleries = [  # (the gallery's document prefix, the folder of its examples)
        (gallery.strip("/") + "/", os.path.normpath(os.path.join(srcdir, examples)))
        for gallery, examples in zip(
            _as_list(conf.get("gallery_dirs", "auto_examples")),
            _as_list(conf.get("examples_dirs", "../examples")),
            strict=False,
        )
    ]
    pattern = conf.get("ignore_pattern", DEFAULT_IGNORED)
    try:
        ignored = re.compile(pattern if isinstance(pattern, str) else DEFAULT_IGNORED)
    except re.error:  # sphinx-gallery reports its own settings
        ignored = re.compile(DEFAULT_IGNORED)
    found: dict[str, tuple[str, ...]] = {}
    for docname in documents:
        if docname == GALLERY_REPORT:
            found[docname] = ()
            continue
        for prefix, folder in galleries:
            if docname.startswith(prefix):
                found[docname] = _gallery_inputs(folder, docname[len(prefix) :], suffixes, ignored)
                break
    return found


def _gallery_inputs(
    folder: str, name: str, suffixes: list[str], ignored: re.Pattern[str]
) -> tuple[str, ...]:
    directory, _, stem = name.rpartition("/")
    here = os.path.join(folder, *directory.split("/")) if directory else folder
    if stem == GALLERY_REPORT:
        return ()
    if stem == "index":  # it shows its sub-galleries' headings and scripts too
        found = []
        for parent, folders, names in os.walk(here):
            folders.sort()
            for entry in sorted(names):
                path = os.path.join(parent, entry)
                if entry in GALLERY_HEADERS or _is_example(path, suffixes, ignored):
                    found.append(path)
        return tuple(found)
    for suffix in suffixes:
        script = os.path.join(here, stem + suffix)
        if os.path.isfile(script):
            return (script,)
    return ()


def _is_example(path: str, suffixes: list[str], ignored: re.Pattern[str]) -> bool:
    """A script sphinx-gallery makes a page of: its suffix, and not `ignore_pattern`."""
    return os.path.splitext(path)[1] in suffixes and not ignored.search(os.path.normpath(path))


def autoapi_sources(app: Sphinx, documents: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """sphinx-autoapi: each object page comes from its module's file, the root index from
    every module it read."""
    if "autoapi.extension" not in app.extensions:
        return {}
    root = getattr(app.config, "autoapi_root", None)
    objects = getattr(app.env, "autoapi_objects", None)
    if not isinstance(root, str) or not isinstance(objects, Mapping):
        return {}
    files: dict[str, str] = {}
    by_document: dict[str, str] = {}
    imported: dict[str, list[str]] = {}  # object -> where the members it re-exports come from
    for name, item in objects.items():
        data = getattr(item, "obj", None)
        path = data.get("file_path") if isinstance(data, Mapping) else None
        if isinstance(path, str):
            files[str(name)] = path
        imported[str(name)] = [
            origin
            for child in getattr(item, "children", None) or ()
            if isinstance(origin := getattr(child, "obj", {}).get("original_path"), str)
        ]
        try:
            docname = str(item.output_dir(root) / item.output_filename())
        except (AttributeError, TypeError):
            continue
        by_document[docname] = str(name)
    prefix = root.strip("/") + "/"
    found: dict[str, tuple[str, ...]] = {}
    for docname in documents:
        if not docname.startswith(prefix):
            continue
        if docname == prefix + "index":
            found[docname] = tuple(sorted(set(files.values())))
            continue
        name = by_document.get(docname)
        paths = {*_module_file(name, files)}
        for origin in imported.get(name or "", ()):
            paths.update(_module_file(origin, files))
        found[docname] = tuple(sorted(paths))
    return found


def _module_file(name: str | None, files: Mapping[str, str]) -> tuple[str, ...]:
    """The file of the object's module: its own, or that of the longest dotted prefix."""
    while name:
        if name in files:
            return (files[name],)
        name = name.rpartition(".")[0]
    return ()


def written_sources(app: Sphinx, documents: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """Every such document, with the files that date it (none: the site's newest date)."""
    names = list(documents)
    return {**gallery_sources(app, names), **autoapi_sources(app, names)}
