"""Measured throughput of the sampler, the Lean fan-out, search, training and the pipeline against
their limits: ``python -m benchmarks.run`` (``make bench``) writes BENCHMARKS.md."""
