"""A meta refresh is read as HTML reads it: what leaves at once for another URL is a redirect."""

from __future__ import annotations

import pytest

from sitemapkit.redirect_stubs import is_redirect_stub

REFRESH = '<meta http-equiv="refresh" content="{}">'
NOSCRIPT = "<noscript>" + REFRESH.format("0; url=/x/") + "</noscript><script>{}</script>"


@pytest.mark.parametrize(
    ("head", "redirects"),
    [
        (REFRESH.format("0; url=/new/"), True),
        (REFRESH.format("0;index.html"), True),  # javadoc's, with no url=
        (REFRESH.format("0 index.html"), True),  # a space for the separator
        (REFRESH.format("0.0, URL = 'x'"), True),
        (REFRESH.format("00; url=/x"), True),
        (REFRESH.format("0;url=a>b"), True),  # a quoted `>` ends no tag
        ("<META HTTP-EQUIV=Refresh CONTENT=\"0;URL='/new/'\">", True),
        ("<meta content=0;url=x http-equiv=refresh>", True),
        ('<meta http-equiv="refresh"content="0;url=x">', True),  # no space: browsers follow it
        (REFRESH.format("0"), False),  # a reload
        (REFRESH.format("0;"), False),
        (REFRESH.format("0; url="), False),
        (REFRESH.format("0; url=''"), False),
        (REFRESH.format("0;url=&#32;"), False),  # a space, once the entity is read
        (REFRESH.format("5; url=/x"), False),  # a delay: a page that moves on later
        (REFRESH.format("0x; url=/x"), False),
        ('<meta http-equiv="refresh" data-content="0;url=x">', False),
        ("<!-- " + REFRESH.format("0; url=/x") + " -->", False),
        (NOSCRIPT.format("window.location.replace('/x/')"), True),  # a script sends the rest
        (NOSCRIPT.format("location.href = '/x/'"), True),
        (NOSCRIPT.format("if (location.hash) { track(); }"), False),  # it only reads where
        (NOSCRIPT.format("if (location.href == '/x/') {}"), False),
    ],
)
def test_a_refresh_redirects_when_it_leaves_at_once_for_a_url(head: str, redirects: bool) -> None:
    assert is_redirect_stub(f"<html><head>{head}<title>T</title>".encode()) is redirects
