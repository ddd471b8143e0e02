"""Proof search: AND/OR MCTS (``mcts``, ``tree``), proofs (``proof``), policies and batching, the prover
(``prover``, ``runner``), batch proving and evals (``evaluate``), RL rollouts (``rollouts``), the
matchmaker, replay shards and eval reports. Imports ``core``, ``lean_io`` and ``models``, never Dagster."""
