"""The model: tokenizer, GPT, sampler, Lightning training (``train``) and the pipeline stages
(``stages``), checkpoints, MLflow registry and registration (``registry``, ``registration``), the RL
policy update (``rl_update``), device/threads (``runtime``), ONNX export. Imports only ``core``."""
