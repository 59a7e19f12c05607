"""robots.txt's Allow and Disallow rules, read as RFC 9309 says crawlers read them.

A sitemap that lists a URL the site's robots.txt disallows contradicts it: crawlers do not
fetch the page, and Google's Search Console reports it ("Submitted URL blocked by
robots.txt"). Only the groups Googlebot and Bingbot obey are read: their own group when there
is one, else `*`. The longest matching rule decides, and Allow wins a tie.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from urllib.parse import quote

#: The crawlers whose groups are read, by the product tokens robots.txt names them with.
CRAWLERS = {"googlebot": "Googlebot", "bingbot": "Bingbot"}

_ESCAPE = re.compile(r"%([0-9A-Fa-f]{2})")
#: Characters a percent-encoding stands for needlessly: compared as themselves (RFC 3986).
_UNRESERVED = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")


#: Paths already in their one spelling: ASCII, no space, escapes in capitals and none of an
#: unreserved character (sitemapkit's own URLs, non-ASCII names included).
_PLAIN = re.compile(
    r"(?:[A-Za-z0-9_.~/!$&'()*+,;=:@?-]"
    r"|%(?!3[0-9]|4[1-9A-F]|5[0-9AF]|6[1-9A-F]|7[0-9AE]|2[DE])[0-9A-F]{2})*"
).fullmatch


def normalise_path(path: str) -> str:
    """One spelling of a path: non-ASCII encoded as UTF-8, escapes in capitals, and escapes of
    unreserved characters decoded, so `/caf%c3%a9`, `/café` and `/caf%C3%A9` compare alike."""
    if _PLAIN(path):
        return path
    encoded = quote(path, safe="".join(chr(code) for code in range(33, 127)))

    def one(match: re.Match[str]) -> str:
        char = chr(int(match.group(1), 16))
        return char if char in _UNRESERVED else "%" + match.group(1).upper()

    return _ESCAPE.sub(one, encoded)


@dataclass(frozen=True)
class Rule:
    """One Allow or Disallow line."""

    allow: bool
    path: str
    line: int
    #: How long the path is, normalised: the longest matching rule wins.
    length: int
    #: The normalised path when it is a plain prefix (the common rule), else None.
    prefix: str | None
    #: For a rule with `*` or a final `$`: `*` stands for any characters, `$` for the end.
    pattern: re.Pattern[str] | None

    @property
    def text(self) -> str:
        return f"{'Allow' if self.allow else 'Disallow'}: {self.path}"

    def applies(self, path: str) -> bool:
        """Whether the rule matches the start of `path` (normalised by `normalise_path`)."""
        if self.prefix is not None:
            return path.startswith(self.prefix)
        return self.pattern is not None and self.pattern.match(path) is not None


def _rule(allow: bool, path: str, line: int) -> Rule:
    anchored = path.endswith("$")
    body = normalise_path(path[:-1] if anchored else path)
    length = len(body) + anchored
    if not anchored and "*" not in body:
        return Rule(allow, path, line, length, body, None)
    pattern = ".*".join(map(re.escape, body.split("*"))) + ("$" if anchored else "")
    return Rule(allow, path, line, length, None, re.compile(pattern, re.DOTALL))


#: Key beginnings Googlebot reads as each key (`Disallowed:` too), common misspellings included.
_KEY_STARTS = (
    ("user-agent", "user-agent"),
    ("useragent", "user-agent"),
    ("user agent", "user-agent"),
    ("disallow", "disallow"),
    *((typo, "disallow") for typo in ("dissallow", "dissalow", "disalow", "diasllow", "disallaw")),
    ("allow", "allow"),
)
#: A product token (RFC 9309): what a user-agent line names, before a version or a comment.
_PRODUCT_TOKEN = re.compile(r"[a-z_-]*")


def _key_and_value(line: str) -> tuple[str, str] | None:
    """A line's key (lowered; a misspelling or a longer word read as the key it begins) and
    its value.

    Without a colon, a line of exactly two words (`Disallow /private`) is read as a key and
    its value, as Googlebot reads it.
    """
    key, sep, value = line.partition("#")[0].partition(":")
    if not sep:
        words = key.split()
        if len(words) != 2:
            return None
        key, value = words
    key = key.strip().lower()
    meant = next((meant for start, meant in _KEY_STARTS if key.startswith(start)), key)
    return meant, value.strip()


def _groups(text: str) -> list[tuple[list[str], list[Rule]]]:
    """(user agents, rules) per group: user-agent lines in a row share the rules after them."""
    groups: list[tuple[list[str], list[Rule]]] = []
    agents: list[str] | None = None
    rules_begun = False  # an empty `Disallow:` ends the user-agent lines too (RFC 9309)
    for number, raw in enumerate(text.removeprefix("\ufeff").splitlines(), start=1):
        read = _key_and_value(raw)
        if read is None:
            continue
        key, value = read
        if key == "user-agent":
            if agents is None or rules_begun:
                agents, rules_begun = [], False
                groups.append((agents, []))
            lowered = value.lower()
            agents.append("*" if lowered.startswith("*") else _token(lowered))
        elif key in ("allow", "disallow") and agents is not None:
            rules_begun = True
            if value:  # an empty one allows everything: no rule
                groups[-1][1].append(_rule(key == "allow", value, number))
            if key == "allow" and value.endswith(("/index.html", "/index.htm")):
                # Google's own parser reads `Allow: /a/index.html` as `Allow: /a/$` too
                folder = value.rpartition("/")[0] + "/$"
                groups[-1][1].append(_rule(True, folder, number))
    return groups


def _token(agent: str) -> str:
    """`googlebot` of `googlebot/2.1` or `googlebot 2.1`: the product token alone."""
    match = _PRODUCT_TOKEN.match(agent)
    return match.group() if match is not None else ""  # the pattern matches "" at least


def crawler_rules(text: str) -> dict[str, list[Rule]]:
    """Each crawler's rules (by its name in `CRAWLERS`): its own groups', else those of `*`."""
    groups = _groups(text)
    ruled: dict[str, list[Rule]] = {}
    for token, name in CRAWLERS.items():
        named = [rules for agents, rules in groups if token in agents]
        if not named:
            named = [rules for agents, rules in groups if "*" in agents]
        own = [rule for rules in named for rule in rules]
        if any(not rule.allow for rule in own):
            ruled[name] = own
    return ruled


def blocking_rule(rules: Iterable[Rule], path: str) -> Rule | None:
    """The Disallow rule that keeps crawlers from `path` (with its query, by `normalise_path`),
    or None."""
    best: Rule | None = None
    for rule in rules:
        if not rule.applies(path):
            continue
        if best is None or (rule.length, rule.allow) > (best.length, best.allow):
            best = rule  # the longest wins, and Allow a tie
    return None if best is None or best.allow else best


@dataclass
class Blocked:
    """The listed URLs one Disallow rule keeps crawlers from: counted, the first kept."""

    rule: Rule
    first: str
    count: int = 0
    crawlers: set[str] = field(default_factory=set)

    def describe(self) -> str:
        """One message for all of them; a staging `Disallow: /` blocks every page."""
        many = self.count > 1
        urls = f"{self.count:,} listed URLs are" if many else "a listed URL is"
        first = f"the first: {self.first!r}" if many else repr(self.first)
        return (
            f"{urls} disallowed for {' and '.join(sorted(self.crawlers))} by robots.txt line "
            f"{self.rule.line}, {self.rule.text!r} ({first}): crawlers do not fetch such a page, "
            "and search engines report a listed URL they may not crawl as an error; leave "
            f"{'those pages' if many else 'the page'} out of the sitemap (exclude) or allow "
            f"{'them' if many else 'it'} in robots.txt"
        )


class DisallowedUrls:
    """Tallies the URLs, of those noted, that a robots.txt keeps Googlebot or Bingbot from."""

    def __init__(self, robots_text: str) -> None:
        self.ruled = crawler_rules(robots_text)
        #: Crawlers that obey the same rules (both `*`'s, the usual case) are asked once.
        self._by_rules: dict[tuple[Rule, ...], list[str]] = {}
        for crawler, rules in self.ruled.items():
            self._by_rules.setdefault(tuple(rules), []).append(crawler)
        self._found: dict[Rule, Blocked] = {}

    def __bool__(self) -> bool:
        """Whether any URL could be blocked at all: most robots.txt files disallow nothing."""
        return bool(self.ruled)

    def blockers(self, path: str) -> dict[Rule, list[str]]:
        """The rules that keep crawlers from `path` (its path and query, from its host on:
        `/a/b.html?x`), each with the crawlers it keeps away."""
        path = normalise_path(path)
        hits: dict[Rule, list[str]] = {}  # one URL counts once per rule, whoever it blocks
        for rules, crawlers in self._by_rules.items():
            rule = blocking_rule(rules, path)
            if rule is not None:
                hits.setdefault(rule, []).extend(crawlers)
        return hits

    def note(self, url: str, path: str) -> None:
        """A listed URL, tallied against the rules that block it (see `blockers`)."""
        for rule, crawlers in self.blockers(path).items():
            found = self._found.get(rule)
            if found is None:
                found = self._found[rule] = Blocked(rule, url)
            found.count += 1
            found.crawlers.update(crawlers)

    def blocked(self) -> list[Blocked]:
        """Per rule, in the order of robots.txt's lines."""
        return sorted(self._found.values(), key=lambda found: found.rule.line)
