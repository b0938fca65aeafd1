"""The ``--tiny`` option of the benchmarks: every part of a benchmark once,
at sizes that run in seconds (numba's compiling aside), with its usual
output, as the tests run it in CI (tests/test_benchmarks_run.py), so that
no benchmark rots between the runs that measure (benchmarks/RESULTS.md).

A benchmark names its tiny sizes beside its options; an option given on
the command line still wins over them.
"""

from __future__ import annotations

import argparse
from typing import Any


def parse_args(parser: argparse.ArgumentParser, **tiny: Any) -> argparse.Namespace:
    """``parser``'s arguments, with ``--tiny`` added: when it is given, the
    defaults named in ``tiny`` replace the parser's own."""
    parser.add_argument("--tiny", action="store_true",
                        help="every part once at a tiny size, in seconds, as CI runs it")
    args = parser.parse_args()
    if args.tiny:
        parser.set_defaults(**tiny)
        args = parser.parse_args()
    return args
