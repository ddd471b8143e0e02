"""The bottom floor: configuration and small utilities every other package may import.

``core.profiles`` (the settings of each profile), ``core.paths`` (where artifacts, MLflow and the Lean
servers are by default) and ``core.atomic`` (atomic file writes). ``core`` imports nothing from the
project; ``lean_io``, ``models``, ``search``, ``assets`` and ``pipelines`` all sit above it.
"""
