"""sitemapkit: sitemaps search engines trust, for MkDocs, Pelican, Sphinx and any static site.

The core is host-agnostic: adapters describe their pages with `Page`, check options with
`resolve_options`, and call `build_sitemaps`. `setup` and `register` let Sphinx and Pelican load
their adapter by the package's own name (`sitemapkit.host_entry`).
"""

from __future__ import annotations

from .build import BuildResult, build_sitemaps
from .entries import Notice
from .errors import OptionError, SitemapkitError
from .host_entry import register, setup
from .options import OPTION_SPECS, OptionSpec, SitemapOptions, resolve_options
from .pages import Page, PageMetadata, parse_page_metadata

__version__ = "0.1.0"

__all__ = [
    "OPTION_SPECS",
    "BuildResult",
    "Notice",
    "OptionError",
    "OptionSpec",
    "Page",
    "PageMetadata",
    "SitemapOptions",
    "SitemapkitError",
    "__version__",
    "build_sitemaps",
    "parse_page_metadata",
    "register",
    "resolve_options",
    "setup",
]
