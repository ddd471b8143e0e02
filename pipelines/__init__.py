"""The top floor: the code location (``definitions``), jobs (``jobs``), the RL schedule and sensor
(``schedules``), the ``proofmill`` command line (``cli``) and DuckDB views over the artifacts (``query``)."""
