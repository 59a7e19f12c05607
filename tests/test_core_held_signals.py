"""Signals held while a set of files is renamed into place, then acted on once."""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from types import FrameType

import pytest

from sitemapkit.held_signals import held_signals


@pytest.fixture
def terms() -> Iterator[list[int]]:
    """SIGTERM noted rather than ending the test run."""
    seen: list[int] = []

    def note(signum: int, frame: FrameType | None) -> None:
        seen.append(signum)

    previous = signal.signal(signal.SIGTERM, note)
    yield seen
    signal.signal(signal.SIGTERM, previous)


def test_a_signal_inside_waits_for_the_end_of_the_block(terms: list[int]) -> None:
    done = []
    with pytest.raises(KeyboardInterrupt), held_signals():
        os.kill(os.getpid(), signal.SIGINT)
        done.append("the rest of the block")
    assert done == ["the rest of the block"]
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_of_two_signals_the_one_that_stops_more_is_raised_once(terms: list[int]) -> None:
    with held_signals():
        os.kill(os.getpid(), signal.SIGINT)
        os.kill(os.getpid(), signal.SIGTERM)
        os.kill(os.getpid(), signal.SIGTERM)
    assert terms == [signal.SIGTERM]  # and no KeyboardInterrupt


def test_a_block_that_fails_raises_its_own_error(terms: list[int]) -> None:
    with pytest.raises(OSError, match="disk full"), held_signals():
        os.kill(os.getpid(), signal.SIGINT)
        raise OSError("disk full")
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
