"""What every proofmill command line shares: bad input is answered in one line naming it.

``OneLineParser`` prints ``prog: error: <what> (see --help)`` instead of argparse's usage block, and
``run_cli`` turns any exception escaping a command into ``prog: error: <Type>: <first line>`` with exit
status 1 (the traceback only with ``-v``/``--verbose``). Number arguments get range-checked types.
"""

from __future__ import annotations

import argparse
import math
import sys
import traceback
from collections.abc import Callable


class OneLineParser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


def _number(kind: type, low: float | None, what: str) -> Callable[[str], float | int]:
    def parse(text: str) -> float | int:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not {what}") from None
        if isinstance(value, float) and not math.isfinite(value):
            raise argparse.ArgumentTypeError(f"{text!r} is not a finite number")
        if low is not None and value < low:
            raise argparse.ArgumentTypeError(f"{text!r} is not {what}")
        return value

    parse.__name__ = what  # argparse names the type in its messages
    return parse


positive_int = _number(int, 1, "an integer >= 1")
nonnegative_int = _number(int, 0, "an integer >= 0")
positive_float = _number(float, 1e-9, "a number > 0")
any_int = _number(int, None, "an integer")


def port_number(text: str) -> int:
    value = positive_int(text)
    if value > 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port (1..65535)")
    return int(value)


def server_address(text: str) -> str:
    """host:port of a Lean server (what lean_io.client.normalize_url accepts, the port required)."""
    from core.profiles import _server_ok

    if not _server_ok(text):
        raise argparse.ArgumentTypeError(f"{text!r} is not host:port")
    return text


def one_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    first = text[0] if text else ""
    if isinstance(exc, (ValueError, FileNotFoundError, LookupError)) and first:
        return first
    return f"{type(exc).__name__}: {first}" if first else type(exc).__name__


def run_cli(prog: str, command: Callable[[], int], verbose: bool) -> int:
    """``command()``'s exit status; an exception becomes one line on stderr (a traceback with -v)."""
    try:
        return int(command() or 0)
    except KeyboardInterrupt:
        print(f"{prog}: interrupted", file=sys.stderr)
        return 130
    except SystemExit:
        raise
    except Exception as exc:  # the one place a command's failure is turned into a message
        if verbose:
            traceback.print_exc()
        print(f"{prog}: error: {one_line(exc)}", file=sys.stderr)
        return 1
