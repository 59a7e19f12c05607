"""robots.txt's Allow and Disallow rules, matched as RFC 9309 and Google's documentation say."""

from __future__ import annotations

import pytest

from sitemapkit.robots_rules import blocking_rule, crawler_rules, normalise_path

GROUPS = """\
User-agent: *
Disallow: /private/
Allow: /private/open.html
Disallow: /*.pdf$
Disallow: /search?
Disallow: /fish*

User-agent: Googlebot/2.1
User-agent: bingbot
Disallow: /drafts/
Allow: /drafts/public/

User-agent: Googlebot-Image
Disallow: /
"""


def blocked_by(path: str, crawler: str = "Googlebot", text: str = GROUPS) -> str | None:
    rule = blocking_rule(crawler_rules(text).get(crawler, []), normalise_path(path))
    return None if rule is None else rule.text


@pytest.mark.parametrize(
    ("path", "crawler", "rule"),
    [
        # A crawler with a group of its own obeys that group only, not `*`'s.
        ("/drafts/a.html", "Googlebot", "Disallow: /drafts/"),
        ("/drafts/a.html", "Bingbot", "Disallow: /drafts/"),
        ("/private/a.html", "Googlebot", None),
        # The longest match decides.
        ("/drafts/public/a.html", "Googlebot", None),
        ("/drafts/publicity.html", "Googlebot", "Disallow: /drafts/"),
        ("/", "Googlebot", None),
    ],
)
def test_each_crawler_obeys_its_own_group(path: str, crawler: str, rule: str | None) -> None:
    assert blocked_by(path, crawler) == rule


@pytest.mark.parametrize(
    ("path", "rule"),
    [
        ("/private/a.html", "Disallow: /private/"),
        ("/private/open.html", None),  # longer: Allow wins
        ("/private", None),
        ("/files/report.pdf", "Disallow: /*.pdf$"),
        ("/files/report.pdf.html", None),  # `$` anchors the end
        ("/search?q=x", "Disallow: /search?"),
        ("/search/", None),
        ("/fish.html", "Disallow: /fish*"),
        ("/Fish.html", None),  # paths match case-sensitively
        ("/catfish", None),  # rules match from the path's start
    ],
)
def test_the_star_group_for_a_crawler_without_one(path: str, rule: str | None) -> None:
    text = GROUPS.split("\n\n")[0]
    assert blocked_by(path, "Googlebot", text) == rule


def test_allow_wins_a_tie_and_an_empty_disallow_allows_everything() -> None:
    tie = "User-agent: *\nDisallow: /page\nAllow: /page\n"
    assert blocked_by("/page.html", text=tie) is None
    assert crawler_rules("User-agent: *\nDisallow:\n") == {}
    assert crawler_rules("User-agent: *\nAllow: /\n") == {}


def test_rules_before_any_user_agent_and_comments_are_ignored() -> None:
    text = "Disallow: /\n# User-agent: *\nUser-agent: * # everyone\nDisallow: /a # not /\n"
    assert blocked_by("/a/b.html", text=text) == "Disallow: /a"
    assert blocked_by("/b.html", text=text) is None


def test_rules_and_urls_compare_in_one_percent_encoding() -> None:
    assert normalise_path("/caf%c3%a9") == normalise_path("/café") == "/caf%C3%A9"
    assert normalise_path("/%7Euser/%41") == "/~user/A"  # unreserved characters decoded
    assert normalise_path("/a%2Fb") == "/a%2Fb"  # a reserved one stays encoded
    text = "User-agent: *\nDisallow: /café/\n"
    assert blocked_by("/caf%C3%A9/menu.html", text=text) == "Disallow: /café/"


def test_an_empty_disallow_ends_its_groups_user_agents() -> None:
    """The common robots.txt that lets everyone in but one bot: Google is not that bot."""
    text = "User-agent: *\nDisallow:\n\nUser-agent: AhrefsBot\nDisallow: /\n"
    assert crawler_rules(text) == {}
    text = "User-agent: Googlebot\nDisallow:\nUser-agent: *\nDisallow: /\n"
    assert list(crawler_rules(text)) == ["Bingbot"]


def test_rules_compare_their_lengths_encoded_and_a_bom_hides_no_line() -> None:
    # Google encodes both paths first: they tie, and Allow wins the tie.
    tie = "User-agent: *\nAllow: /café\nDisallow: /caf%C3%A9\n"
    assert blocked_by("/caf%C3%A9/x", text=tie) is None
    assert blocked_by("/a", text="\ufeffUser-agent: *\nDisallow: /\n") == "Disallow: /"


def test_allowing_a_folders_index_page_allows_the_folder_as_google_does() -> None:
    text = "User-agent: *\nDisallow: /docs/\nAllow: /docs/index.html\n"
    assert blocked_by("/docs/", text=text) is None
    assert blocked_by("/docs/index.html", text=text) is None
    assert blocked_by("/docs/guide.html", text=text) == "Disallow: /docs/"
    assert blocked_by("/docs/a/", text=text) == "Disallow: /docs/"


def test_lines_googlebot_reads_despite_a_slip_count_too() -> None:
    """Googlebot reads common misspellings, a key that only begins with the right word, a
    line without its colon (two words) and a version after a space: their rules block."""
    text = (
        "useragent: googlebot 2.1\n"
        "Dissallow /drafts/\n"
        "Disallowed: /old/\n"
        "disalow: /tmp/\n"
        "Disallow /a /b\n"  # three words: no key and value to tell apart
    )
    assert blocked_by("/drafts/x.html", text=text) == "Disallow: /drafts/"
    assert blocked_by("/old/x.html", text=text) == "Disallow: /old/"
    assert blocked_by("/tmp/x.html", text=text) == "Disallow: /tmp/"
    assert blocked_by("/a", text=text) is None
    spaced = "User agent: *\nDisallow: /private/\n"
    assert blocked_by("/private/x.html", "Bingbot", spaced) == "Disallow: /private/"
    # A product token stops at the first other character: Googlebot-Image is another crawler.
    image = "User-agent: Googlebot-Image\nDisallow: /\n"
    assert blocked_by("/x.html", text=image) is None
