"""Which Sphinx builders write a website that a sitemap can describe."""

from __future__ import annotations

from typing import TypeGuard

from sphinxcontrib.serializinghtml import SerializingHTMLBuilder

from sphinx.builders import Builder
from sphinx.builders.html import StandaloneHTMLBuilder
from sphinx.builders.singlehtml import SingleFileHTMLBuilder


def writes_website(builder: Builder) -> TypeGuard[StandaloneHTMLBuilder]:
    """html, dirhtml and their subclasses (themes' and hosts' own builders).

    Several builders subclass the HTML builder without writing a set of web pages: singlehtml
    (one page, fragment links), json and pickle (data for other tools), and the "embedded"
    ones, epub and the help-file builders (bundles read offline).
    """
    return (
        isinstance(builder, StandaloneHTMLBuilder)
        and not builder.embedded
        and not isinstance(builder, SingleFileHTMLBuilder | SerializingHTMLBuilder)
    )
