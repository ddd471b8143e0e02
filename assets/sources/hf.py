"""Downloads: Hugging Face Hub files (`huggingface_hub`) and plain HTTPS files (`requests` + retries).

The HF token comes from ``$HF_TOKEN`` (or the token saved by ``hf auth login``); it is passed to the
Hub client only and never logged or written into metadata.
"""

from __future__ import annotations

import os
from pathlib import Path

import requests
from huggingface_hub import get_token, hf_hub_download
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

from core.atomic import atomic_write_bytes

DEFAULT_TIMEOUT_S = 60.0


def hf_token() -> str | None:
    """``$HF_TOKEN``, else the token stored by the `hf` CLI, else None (public datasets only)."""
    return os.environ.get("HF_TOKEN") or get_token() or None


def download_hf_file(
    repo_id: str,
    filename: str,
    *,
    cache_dir: str | os.PathLike[str] | None = None,
    revision: str | None = None,
    repo_type: str = "dataset",
) -> Path:
    """One file of a Hub repo, cached by `huggingface_hub` (re-runs do not download again)."""
    path = hf_hub_download(
        repo_id=repo_id,
        filename=filename,
        repo_type=repo_type,
        revision=revision,
        cache_dir=str(cache_dir) if cache_dir is not None else None,
        token=hf_token(),
    )
    return Path(str(path))


def http_session(retries: int = 5, backoff_factor: float = 1.0) -> requests.Session:
    """A session that retries connection errors and 429/5xx with exponential backoff."""
    retry = Retry(
        total=retries,
        backoff_factor=backoff_factor,
        status_forcelist=(429, 500, 502, 503, 504),
        allowed_methods=frozenset({"GET", "HEAD"}),
        raise_on_status=True,
    )
    session = requests.Session()
    adapter = HTTPAdapter(max_retries=retry)
    session.mount("http://", adapter)
    session.mount("https://", adapter)
    return session


def fetch_bytes(
    url: str, *, session: requests.Session | None = None, timeout: float = DEFAULT_TIMEOUT_S
) -> bytes:
    """GET ``url`` (raising on HTTP errors after the retries); a local path or file:// URL is read."""
    if url.startswith("file://"):
        return Path(url.removeprefix("file://")).read_bytes()
    if "://" not in url:
        return Path(url).read_bytes()
    own = session is None
    session = session or http_session()
    try:
        response = session.get(url, timeout=timeout)
        response.raise_for_status()
        return response.content
    finally:
        if own:
            session.close()


def fetch_text(
    url: str, *, session: requests.Session | None = None, timeout: float = DEFAULT_TIMEOUT_S
) -> str:
    return fetch_bytes(url, session=session, timeout=timeout).decode("utf-8")


def download_url(url: str, dest: str | os.PathLike[str], *, session: requests.Session | None = None) -> Path:
    """Fetch ``url`` into ``dest`` atomically unless it is already there; returns ``dest``."""
    target = Path(dest)
    if not target.exists():
        atomic_write_bytes(target, fetch_bytes(url, session=session))
    return target
