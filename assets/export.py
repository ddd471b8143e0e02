"""ONNX export of the SFT policy (group "training"): the serving artifact, checked against PyTorch."""

# No `from __future__ import annotations`: Dagster validates the `context` annotation at definition time.
import time

import dagster as dg

from assets import keys
from assets.resources import ProofmillResource
from models.onnx_export import check_onnx, export_onnx
from models.tokenizer import ProofTokenizer
from registry.checkpoint import load_checkpoint

ONNX_ATOL = 1e-3  # fp32 export; observed differences are ~1e-5


@dg.asset(
    group_name=keys.TRAINING_GROUP,
    deps=[keys.key(keys.SFT_CHECKPOINT), keys.key(keys.TOKENIZER)],
    description="The SFT policy as ONNX with KV-cache inputs/outputs, verified against PyTorch logits.",
)
def policy_onnx(context: dg.AssetExecutionContext, proofmill: ProofmillResource) -> dg.MaterializeResult:
    tokenizer = ProofTokenizer.load(proofmill.require(proofmill.tokenizer_path(), keys.TOKENIZER))
    checkpoint = proofmill.require(proofmill.checkpoint_path("sft"), keys.SFT_CHECKPOINT)
    model, meta = load_checkpoint(str(checkpoint), tokenizer=tokenizer)
    model.eval()
    out = proofmill.path("checkpoints", "sft", "policy.onnx")
    started = time.monotonic()
    export_onnx(model, out)
    max_diff = check_onnx(model, out, atol=ONNX_ATOL)  # raises if the exported graph disagrees
    context.log.info(f"exported {out} ({out.stat().st_size} bytes); max |onnx - torch| = {max_diff:.2e}")
    return dg.MaterializeResult(
        metadata={
            "path": dg.MetadataValue.path(str(out)),
            "bytes": out.stat().st_size,
            "max_abs_logit_diff": float(max_diff),
            "tolerance": ONNX_ATOL,
            "export_seconds": round(time.monotonic() - started, 2),
            "source_checkpoint": str(checkpoint),
            "source_meta_stage": str(meta.get("stage", "sft")),
        }
    )
