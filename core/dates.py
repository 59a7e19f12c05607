"""Modification times: integer UTC seconds in, the two W3C forms search engines accept out."""

from __future__ import annotations

import datetime as dt
import os
import re
import sys
import time
from functools import lru_cache

from .errors import SitemapkitError

DAY_SECONDS = 86400
_EPOCH_DATE = dt.date(1970, 1, 1)
#: The seconds of 0001-01-01T00:00:00 and 9999-12-31T23:59:59 UTC: what a W3C date can hold.
_FIRST_SECOND = (dt.date(1, 1, 1) - _EPOCH_DATE).days * DAY_SECONDS
_LAST_SECOND = (dt.date(9999, 12, 31) - _EPOCH_DATE).days * DAY_SECONDS + DAY_SECONDS - 1
#: 1990, before any web page: earlier times are placeholders, not changes. A number is read as
#: seconds since 1970 only from then on: smaller ones are mistakes, most often a date written
#: without its dashes (20240102 is 1970-08-23). A file time before it is a tool's stand-in
#: (1 in the Nix store, 1980-01-01 from zip archives, `SOURCE_DATE_EPOCH=0`).
FIRST_PLAUSIBLE = (dt.date(1990, 1, 1) - _EPOCH_DATE).days * DAY_SECONDS
_DATE_ONLY = re.compile(r"^\d{4}-\d{2}-\d{2}$")
#: Clock skew allowed before a time counts as "in the future": a date written in a zone up to
#: UTC+14 is midnight UTC of a day that has begun there.
FUTURE_SLACK_SECONDS = 14 * 3600
#: A file time is an instant, in no zone: only clocks that drift apart (a file server's, a
#: machine a tree was synced from) are forgiven. A zip unpacked a zone or more west of where
#: it was made gives times whole hours ahead.
FILE_SLACK_SECONDS = 10 * 60


def stated_in_future(seconds: int, now: float) -> bool:
    """Whether a stated lastmod is in the future: a date (midnight UTC) may have begun in a
    zone up to UTC+14; a time is an instant, forgiven only a clock's drift."""
    slack = FUTURE_SLACK_SECONDS if seconds % DAY_SECONDS == 0 else FILE_SLACK_SECONDS
    return seconds > now + slack


#: The fraction of a second in an ISO date-time: W3C allows any number of digits.
_FRACTION = re.compile(r"([T ]\d\d:\d\d:\d\d)\.(\d+)")


#: Linux stamps file times from its coarse clock, up to a timer tick (1-10 ms) behind
#: `time.time_ns()`; Python names the clock only from 3.13 (its number is fixed).
_FILE_CLOCK = getattr(time, "CLOCK_REALTIME_COARSE", 5) if sys.platform == "linux" else None
#: The longest wait for that clock to pass a moment: a tick, with room to spare.
_MAX_TICK_NS = 50_000_000


def build_start_ns() -> int:
    """Now, as a build's start: a file written before has an earlier time, and one written
    after (by the build: generated sources) a time no earlier.

    The coarse clock a file is stamped with can lag the moment taken here, so a file the build
    writes at once could look older than the build; waiting until that clock has passed the
    moment (at most a tick, once a build) makes the two agree.
    """
    start, waited_from = time.time_ns(), time.monotonic_ns()  # a wall clock may be set back
    if _FILE_CLOCK is not None:
        try:
            while time.clock_gettime_ns(_FILE_CLOCK) < start:
                if time.monotonic_ns() - waited_from > _MAX_TICK_NS:
                    break
                time.sleep(0.0005)
        except OSError:  # a kernel without that clock stamps files from the fine one
            pass
    return start


def iso_datetime(text: str) -> dt.datetime:
    """`datetime.fromisoformat` that reads a `Z` and any digits of a fraction on every Python.

    Python 3.10 reads neither (only 3 or 6 digits), so the same lastmod would pass on 3.11 and
    be refused on 3.10. Digits past the microsecond are cut, as Python 3.11 does.
    """
    text = _FRACTION.sub(lambda m: f"{m[1]}.{m[2][:6]:0<6}", text.replace("Z", "+00:00"), 1)
    return dt.datetime.fromisoformat(text)


@lru_cache(maxsize=8192)
def _day_text(day: int) -> str:
    return (_EPOCH_DATE + dt.timedelta(days=day)).isoformat()


#: "Thh:mm:" for each minute of a day and "ss+00:00" for each second: joins, no formatting.
_MINUTE_TEXTS = tuple(f"T{hour:02d}:{minute:02d}:" for hour in range(24) for minute in range(60))
_SECOND_TEXTS = tuple(f"{second:02d}+00:00" for second in range(60))


def format_lastmod(timestamp: int, date_only: bool) -> str:
    """`YYYY-MM-DD` or `YYYY-MM-DDThh:mm:ss+00:00`, from integers: no datetime per page."""
    day, seconds = divmod(timestamp, DAY_SECONDS)
    if date_only:
        return _day_text(day)
    minute, second = divmod(seconds, 60)
    return _day_text(day) + _MINUTE_TEXTS[minute] + _SECOND_TEXTS[second]


def fits_w3c(seconds: int) -> bool:
    """Whether a time can be written as a W3C date (years 1 to 9999)."""
    return _FIRST_SECOND <= seconds <= _LAST_SECOND


def unwritable_time(page: str, seconds: float) -> SitemapkitError:
    """The error for a file time no W3C date can hold (a broken clock or a corrupt file system)."""
    return SitemapkitError(
        f"{page}: the modification time of its file ({seconds} seconds since 1970) is outside "
        "the years 1 to 9999, so no lastmod can be written; set the file's time (touch it), "
        "or give the page a lastmod in its metadata"
    )


def parse_lastmod(value: object) -> int:
    """A lastmod a user wrote (date, datetime, ISO text or epoch seconds) as UTC seconds.

    A date without a time means midnight UTC; a datetime without a zone is taken as UTC.
    Raises ValueError with a hint when the value is not a date.
    """
    if isinstance(value, bool):
        raise ValueError("expected a date such as 2024-05-01 or 2024-05-01T12:00:00+00:00")
    if isinstance(value, int | float):
        if not FIRST_PLAUSIBLE <= value <= _LAST_SECOND:  # NaN fails this too
            raise ValueError(
                "expected a date such as 2024-05-01 (with its dashes), or seconds since 1970 "
                "such as 1714521600 (a number is read so from 1990 on, 631152000)"
            )
        return int(value)
    if isinstance(value, dt.datetime):
        moment = value if value.tzinfo else value.replace(tzinfo=dt.timezone.utc)
        return _plausible(int(moment.timestamp()))
    if isinstance(value, dt.date):
        return _plausible((value - _EPOCH_DATE).days * DAY_SECONDS)
    if isinstance(value, str):
        text = value.strip()
        parsed: dt.date | None
        try:
            parsed = dt.date.fromisoformat(text) if _DATE_ONLY.match(text) else iso_datetime(text)
        except ValueError:
            parsed = None
        if parsed is not None:
            return parse_lastmod(parsed)
    raise ValueError("expected a date such as 2024-05-01 or 2024-05-01T12:00:00+00:00")


def _plausible(seconds: int) -> int:
    """A stated date before 1990 is a stand-in (`1970-01-01`), as a file time would be."""
    if seconds < FIRST_PLAUSIBLE:
        raise ValueError(
            "it is before 1990, and no page on the web is that old; write the date the page "
            "last changed, such as 2024-05-01"
        )
    return seconds


def source_date_epoch(environ: os._Environ[str] | dict[str, str] | None = None) -> int | None:
    """The reproducible-builds clamp, when SOURCE_DATE_EPOCH is set."""
    env = os.environ if environ is None else environ
    raw = env.get("SOURCE_DATE_EPOCH", "").strip()
    if not raw:
        return None
    if not raw.isdigit():
        raise SitemapkitError(
            f"SOURCE_DATE_EPOCH: {raw!r} is not valid; it must be a whole number of seconds "
            "since 1970-01-01 UTC, for example 1700000000"
        )
    return int(raw)
