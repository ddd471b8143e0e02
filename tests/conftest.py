"""Shared fixtures: real minilean servers as subprocesses on free loopback ports."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Sequence

import pytest

from lean_io.client import LeanClient, LeanProcess
from lean_io.local import minilean_servers


@pytest.fixture(scope="session")
def minilean_url() -> Iterator[str]:
    """One minilean server (max_processes 4) for the whole session. Return every lease you take."""
    with minilean_servers(1, max_processes=4) as urls:
        yield urls[0]


@pytest.fixture
def minilean_urls() -> Iterator[Callable[..., list[str]]]:
    """Factory: ``minilean_urls(n=1, max_processes=4, extra_args=())`` -> URLs; stopped after the test."""
    with contextlib.ExitStack() as stack:

        def start(n: int = 1, max_processes: int = 4, extra_args: Sequence[str] = ()) -> list[str]:
            return stack.enter_context(
                minilean_servers(n, max_processes=max_processes, extra_args=extra_args)
            )

        yield start


@pytest.fixture
def process(minilean_url: str) -> Iterator[LeanProcess]:
    """A lease on the session's minilean server, returned after the test."""
    client = LeanClient(minilean_url)
    proc = client.get_process()
    assert proc is not None
    with proc:
        yield proc
    client.close()
