"""The model: tokenizer, GPT, sampler, Lightning training stages (``train``), checkpoints, MLflow registry
and registration (``registry``, ``registration``), the RL policy update (``rl_update``), ONNX export.
Imports only ``core``."""
