"""The prover: AND/OR MCTS (``mcts``, ``tree``), proofs (``proof``, ``simplify``), policies and batching,
one theorem (``prover``), many in flight (``runner``), a batch over Lean servers (``batch``) and the
``prove`` command line. Imports ``core``, ``lean_io``, ``minilean``, ``models`` and ``registry``, never
Dagster; evals, RL and STP build on it."""
