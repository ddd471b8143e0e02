"""The network: tokenizer, GPT, the batched KV-cache sampler, ONNX export, and where a model runs
(``devices``, ``runtime``). Training is in ``training``, checkpoints and MLflow in ``registry``."""
