"""``python -m minilean``: start a minilean server (LeanTree protocol) with optional faults."""

from __future__ import annotations

import argparse
import logging
import os
import signal
import sys
import threading
import time
from collections.abc import Sequence

from core.cli import OneLineParser
from minilean.apps import make_app
from minilean.faults import FaultConfig
from minilean.server import DEFAULT_LEASE_TIMEOUT, serve


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    p = OneLineParser(prog="python -m minilean", description=__doc__)
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--max-processes", type=int, default=8)
    p.add_argument("--imports", nargs="*", default=[], help="recorded in /status; the engine's env is fixed")
    p.add_argument("--lease-timeout", type=float, default=DEFAULT_LEASE_TIMEOUT, help="reap idle leases (s)")
    p.add_argument("--omit-content-length", action="store_true", help="answer exactly like leanserver")
    p.add_argument("--keep-alive", action="store_true", help="HTTP/1.1 persistent connections")
    p.add_argument("--protocol", choices=("current", "legacy"), default="current",
                   help="LeanTree protocol generation to speak (legacy: the older /proof/{id}/ one)")
    p.add_argument(
        "--exit-with-parent", action="store_true", help="exit when the launching process dies (no orphans)"
    )
    p.add_argument(
        "--log-level", default="WARNING", choices=["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"]
    )
    f = p.add_argument_group("fault injection")
    f.add_argument("--latency-ms", type=float, default=0.0)
    f.add_argument("--jitter-ms", type=float, default=0.0)
    f.add_argument("--error-rate", type=float, default=0.0, help="fraction of calls answered with HTTP 500")
    f.add_argument(
        "--drop-rate", type=float, default=0.0, help="fraction of calls whose connection is dropped"
    )
    f.add_argument("--crash-after", type=int, default=None, help="exit the process on call N+1")
    f.add_argument("--warmup-s", type=float, default=0.0, help="503 on /process/get for this long")
    f.add_argument("--seed", type=int, default=0)
    args = p.parse_args(argv)
    if args.max_processes <= 0:
        p.error("--max-processes must be > 0")
    if not 0 <= args.port <= 65535:
        p.error(f"--port {args.port} is not a port (0..65535)")
    if not args.lease_timeout > 0:
        p.error(f"--lease-timeout must be > 0, got {args.lease_timeout}")
    return args


def _watch_parent(parent: int) -> None:
    """Exit once reparented: the launcher died without stopping us (e.g. a killed test runner)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="minilean-parent-watch", daemon=True).start()


def _terminate(signum: int, frame: object) -> None:
    raise SystemExit(0)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=args.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        faults = FaultConfig(
            latency_ms=args.latency_ms,
            jitter_ms=args.jitter_ms,
            error_rate=args.error_rate,
            drop_rate=args.drop_rate,
            crash_after=args.crash_after,
            warmup_s=args.warmup_s,
            seed=args.seed,
        )
    except ValueError as e:
        print(f"minilean: {e}", file=sys.stderr)
        return 2
    app = make_app(
        args.protocol,
        max_processes=args.max_processes,
        faults=faults,
        lease_timeout=args.lease_timeout,
        imports=args.imports,
    )
    signal.signal(signal.SIGTERM, _terminate)
    if args.exit_with_parent:
        _watch_parent(os.getppid())
    try:
        serve(
            args.host,
            args.port,
            app,
            omit_content_length=args.omit_content_length,
            keep_alive=args.keep_alive,
        )
    except KeyboardInterrupt:
        pass
    except OSError as e:  # port in use, address not available: one line, not a traceback
        print(f"minilean: cannot serve on {args.host}:{args.port}: {e.strerror or e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
