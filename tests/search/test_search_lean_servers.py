"""search.batch.lean_servers: the local minilean servers a profile starts, with its transport."""

from __future__ import annotations

import urllib.request

import pytest

from core.profiles import LeanSettings
from search.batch import lean_servers


@pytest.mark.parametrize(("keep_alive", "version"), [(True, 11), (False, 10)])
def test_local_servers_follow_the_keep_alive_setting(keep_alive: bool, version: int) -> None:
    lean = LeanSettings(minilean_servers=2, minilean_max_processes=1, minilean_keep_alive=keep_alive)
    with lean_servers((), lean) as urls:
        assert len(urls) == 2
        for url in urls:
            with urllib.request.urlopen(f"{url}/status", timeout=10) as resp:
                assert resp.version == version
                assert (resp.headers.get("Connection") == "close") is not keep_alive


def test_given_servers_are_used_as_they_are() -> None:
    with lean_servers(["http://127.0.0.1:9"], LeanSettings()) as urls:
        assert urls == ["http://127.0.0.1:9"]
