"""Compute/data profiles: plain frozen dataclasses, one instance per profile.

`smoke` runs offline on 2 CPU cores in minutes (shipped data, tiny model, minilean on loopback).
`full` is the real method: Hugging Face corpora, a d26 model on GPUs, LeanTree servers with Mathlib.
A profile is picked by name (env `PROOFMILL_PROFILE` or the `proofmill` resource's run config) and any
field can be overridden from a JSON file named by `PROOFMILL_PROFILE_FILE` (see `get_profile`).
"""

from __future__ import annotations

import dataclasses
import json
import math
import os
import re
import types
import typing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

PROFILE_ENV = "PROOFMILL_PROFILE"
PROFILE_FILE_ENV = "PROOFMILL_PROFILE_FILE"


def _check(obj: object, name: str, ok: bool, rule: str) -> None:
    """Refuse a settings value up front, naming the field and the value (not deep in a run)."""
    if not ok:
        value = getattr(obj, name)
        raise ValueError(f"{type(obj).__name__}.{name} must be {rule}, got {value!r}")


@dataclass(frozen=True)
class CorporaSettings:
    offline: bool = True  # True: read the data shipped in the repo; False: download from Hugging Face
    pretrain_token_budget: int = 200_000  # stop streaming Nemotron-CC-Math once this many tokens (≈ bytes/4)
    midtrain_max_rows: int | None = None  # number of midtrain rows read (null: all)
    sft_max_files: int | None = None  # SFT source files read (null: all)
    rl_datasets: tuple[str, ...] = ("minilean",)  # statement sources of the RL pool
    benchmarks: tuple[str, ...] = ("minilean",)  # benchmark sources of the eval sets
    valid_size: int = 500  # RL statements: last N of a seeded shuffle are `valid`
    # offline SFT also reads the Lean-style competition proofs (minilean.comp_pool's SFT side: `have … :=
    # by nlinarith [sq_nonneg …]`, `norm_num at h ⊢`, `interval_cases`, …; never a pool or eval statement)
    sft_comp_lean_style: bool = False
    seed: int = 0  # seed of shuffles, splits and training

    def __post_init__(self) -> None:
        _check(self, "pretrain_token_budget", self.pretrain_token_budget >= 1, ">= 1")
        _check(self, "midtrain_max_rows", self.midtrain_max_rows is None or self.midtrain_max_rows >= 1,
               "null or >= 1")
        _check(self, "sft_max_files", self.sft_max_files is None or self.sft_max_files >= 1, "null or >= 1")
        _check(self, "rl_datasets", len(self.rl_datasets) >= 1, "a non-empty list")
        _check(self, "benchmarks", len(self.benchmarks) >= 1, "a non-empty list")
        _check(self, "valid_size", self.valid_size >= 0, ">= 0")


@dataclass(frozen=True)
class TokenizerSettings:
    vocab_size: int = 2048  # tokens, 256 bytes + specials + 64 value bins included

    def __post_init__(self) -> None:
        _check(self, "vocab_size", self.vocab_size >= 512, ">= 512 (256 bytes + specials + 64 value bins)")


@dataclass(frozen=True)
class AdamWSettings:
    """One AdamW over every parameter (no weight decay on embeddings and vectors; training.optim)."""

    kind: str = "adamw"  # names this choice in a profile file: {"optimizer": {"kind": "adamw", ...}}
    lr: float = 3e-3  # peak learning rate

    def __post_init__(self) -> None:
        _check(self, "kind", self.kind == "adamw", "'adamw' (the kind names the class)")
        _check(self, "lr", self.lr > 0, "> 0")


@dataclass(frozen=True)
class MuonAdamWSettings:
    """Muon for the block matrices, AdamW for embedding, head and scalars, each group at its own rate; the
    AdamW rates are scaled by (d_model/768)^-0.5 and every rate by lr_scale (training.optim)."""

    kind: str = "muon_adamw"  # names this choice in a profile file
    matrix_lr: float = 0.02  # Muon, attention and MLP weights
    embedding_lr: float = 0.3  # AdamW, token embedding
    unembedding_lr: float = 0.008  # AdamW, LM head
    scalar_lr: float = 0.5  # AdamW, per-layer scalars and gates
    lr_scale: float = 1.0  # multiplies every rate (0.8 for midtrain/SFT and 0.02 for RL in the reference)

    def __post_init__(self) -> None:
        _check(self, "kind", self.kind == "muon_adamw", "'muon_adamw' (the kind names the class)")
        for name in ("matrix_lr", "embedding_lr", "unembedding_lr", "scalar_lr", "lr_scale"):
            _check(self, name, getattr(self, name) > 0, "> 0")


OptimizerSettings = AdamWSettings | MuonAdamWSettings
OPTIMIZER_KINDS: dict[str, type] = {"adamw": AdamWSettings, "muon_adamw": MuonAdamWSettings}


@dataclass(frozen=True)
class StageSettings:
    """One Lightning training stage (pretrain, midtrain; the base of the SFT and RL settings)."""

    max_steps: int = 100  # optimizer steps
    batch_size: int = 8  # rows per micro-batch
    accumulate_grad_batches: int = 1  # micro-batches per optimizer step
    seq_len: int = 256  # tokens per row
    optimizer: OptimizerSettings = field(default_factory=AdamWSettings)  # which optimizer, with its rates
    warmup_frac: float = 0.0  # share of the steps with a linear LR warmup
    warmdown_frac: float = 0.5  # share of the steps with a linear LR warmdown
    final_lr_frac: float = 0.0  # LR at the end of warmdown, as a fraction of peak
    weight_decay: float = 0.0  # AdamW decay of the matrices, or Muon's decoupled decay
    grad_clip: float = 1.0  # gradient-norm clip (0 = none)
    val_check_interval: int = 25  # optimizer steps between validations
    checkpoint_every: int = 0  # full-state Lightning checkpoint every N optimizer steps (0 = none)
    resume: bool = True  # re-materializing continues from the stage folder's newest full-state checkpoint

    def __post_init__(self) -> None:
        _check(self, "optimizer", isinstance(self.optimizer, AdamWSettings | MuonAdamWSettings),
               f"one of {sorted(OPTIMIZER_KINDS)} settings")
        _check(self, "checkpoint_every", self.checkpoint_every >= 0, ">= 0 (0 = none)")
        _check(self, "max_steps", self.max_steps >= 1, ">= 1")
        _check(self, "batch_size", self.batch_size >= 1, ">= 1")
        _check(self, "accumulate_grad_batches", self.accumulate_grad_batches >= 1, ">= 1")
        _check(self, "seq_len", self.seq_len >= 8, ">= 8")
        _check(self, "warmup_frac", 0 <= self.warmup_frac <= 1, "in [0, 1]")
        _check(self, "warmdown_frac", 0 <= self.warmdown_frac <= 1, "in [0, 1]")
        _check(self, "weight_decay", self.weight_decay >= 0, ">= 0")
        _check(self, "grad_clip", self.grad_clip >= 0, ">= 0 (0 = no clipping)")
        _check(self, "val_check_interval", self.val_check_interval >= 1, ">= 1")
        _check(self, "final_lr_frac", 0 <= self.final_lr_frac <= 1, "in [0, 1]")


@dataclass(frozen=True)
class SFTSettings(StageSettings):
    """The SFT stage: tactic rows and value rows."""

    value_weight: float = 0.01  # loss weight of the value rows against the tactic rows
    epochs: int | None = None  # passes over the data (overrides max_steps when set)
    augment: bool = False  # goal/hypothesis shuffle + bound-variable renaming (training.augment)

    def __post_init__(self) -> None:
        super().__post_init__()
        _check(self, "value_weight", self.value_weight >= 0, ">= 0")
        _check(self, "epochs", self.epochs is None or self.epochs >= 1, "None or >= 1")


@dataclass(frozen=True)
class RLUpdateSettings(StageSettings):
    """One RL policy update: replay transitions mixed with SFT rows."""

    value_weight: float = 0.01  # loss weight of the value rows against the tactic rows
    unlikelihood_weight: float = 0.0  # weight of the unlikelihood loss on rejected tactics
    # weight of KL(SFT || policy) on tactic tokens: keeps the breadth of the SFT prior a sharpening
    # update loses (docs/RL_EXPERIMENTS.md)
    kl_weight: float = 0.0

    def __post_init__(self) -> None:
        super().__post_init__()
        _check(self, "value_weight", self.value_weight >= 0, ">= 0")
        _check(self, "unlikelihood_weight", self.unlikelihood_weight >= 0, ">= 0")
        _check(self, "kl_weight", self.kl_weight >= 0, ">= 0")


@dataclass(frozen=True)
class ComputeSettings:
    model: str = "tiny"  # models.gpt preset
    accelerator: str = "cpu"  # Lightning accelerator
    devices: int | str = 1  # devices per node
    num_nodes: int = 1  # machines
    precision: str = "32-true"  # Lightning precision
    strategy: str = "auto"  # "ddp", "fsdp" on GPUs
    num_threads: int = 1  # torch intra-op threads of a process that samples (search, evals, rollouts)
    train_threads: int | None = None  # torch intra-op threads while training (None: num_threads)
    sampler_workers: int = 1  # batched model calls in flight at once in one search process (threads)

    def __post_init__(self) -> None:
        _check(self, "model", MODEL_PRESET.fullmatch(self.model) is not None and self.model != "d0",
               'a models.gpt preset: "tiny" or "dN" (N = depth, 1..99)')
        _check(self, "accelerator", self.accelerator in ACCELERATORS, f"one of {sorted(ACCELERATORS)}")
        ok_devices = self.devices == "auto" or (isinstance(self.devices, int) and self.devices >= 1)
        _check(self, "devices", ok_devices, '"auto" or an integer >= 1')
        _check(self, "num_nodes", self.num_nodes >= 1, ">= 1")
        _check(self, "precision", self.precision in PRECISIONS, f"one of {sorted(PRECISIONS)}")
        _check(self, "strategy", bool(self.strategy.strip()), "a Lightning strategy name")
        _check(self, "num_threads", self.num_threads >= 1, ">= 1")
        _check(self, "train_threads", self.train_threads is None or self.train_threads >= 1, ">= 1 or null")
        _check(self, "sampler_workers", self.sampler_workers >= 1, ">= 1")


MODEL_PRESET = re.compile(r"tiny|d[1-9][0-9]?")
ACCELERATORS = frozenset({"cpu", "gpu", "cuda", "mps", "tpu", "auto"})
PRECISIONS = frozenset({"32-true", "32", "16-mixed", "bf16-mixed", "bf16-true", "16-true", "64-true", "64"})
# host:port, [ipv6]:port, optionally with http:// (what lean_io.client.normalize_url accepts, port required)
SERVER_ADDRESS = re.compile(r"(?:https?://)?(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?):(\d{1,5})/?")
EVAL_SPLITS = ("valid", "test")


def _server_ok(address: str) -> bool:
    m = SERVER_ADDRESS.fullmatch(address.strip())
    return m is not None and 1 <= int(m.group(2)) <= 65535


@dataclass(frozen=True)
class LeanSettings:
    servers: tuple[str, ...] = ()  # host:port of LeanTree servers; empty = start minilean on loopback
    minilean_servers: int = 2  # local minilean servers (when servers is empty)
    minilean_max_processes: int = 4  # Lean processes per minilean server
    # local minilean servers keep connections open (HTTP/1.1): 40 % less server CPU per call
    # (BENCHMARKS.md, "Fan-out"); False answers HTTP/1.0 and closes, as LeanTree's own server does
    minilean_keep_alive: bool = True

    def __post_init__(self) -> None:
        bad = [a for a in self.servers if not _server_ok(a)]
        _check(self, "servers", not bad, f"host:port addresses (port 1..65535); not one: {bad[:1]}")
        _check(self, "minilean_servers", self.minilean_servers >= 1, ">= 1")
        _check(self, "minilean_max_processes", self.minilean_max_processes >= 1, ">= 1")


@dataclass(frozen=True)
class SearchConfig:
    """The MCTS prover's settings (search.mcts, search.prover): budgets, PUCT constants, Lean timeouts.
    The defaults are the reference prover's values."""

    num_simulations: int = 64  # simulation budget per theorem
    time_budget_s: float | None = 60.0  # wall-clock budget per theorem (None = simulations only)
    num_samples: int = 6  # tactics the policy samples per expansion
    max_new_tokens: int = 24  # token budget of one sampled tactic
    concurrency: int = 8  # searches in flight per mapped op
    # PUCT: pb_c = (ln((N + base + 1) / base) + init) * sqrt(N) / (n + 1), times c_and below AND nodes
    pb_c_base: float = 200.0  # PUCT exploration base
    pb_c_init: float = 0.001  # PUCT exploration offset
    c_and: float = 64.0  # exploration multiplier below AND nodes
    value_discount: float = 0.98  # value_score = value_discount ** (-1 - v)
    unvisited_value_penalty: float = 16.0  # an unvisited child counts as parent.value() - this
    ps_c: float = 0.1  # progressive sampling: re-expand while evaluations <= ps_c * visits ** ps_alpha
    ps_alpha: float = 0.6  # progressive sampling exponent
    no_legal_actions_value: float = -5.0  # value of a leaf whose expansion produced no usable child
    # never select again a node whose policy has nothing new to propose and that has no live child (nor an
    # AND node with such a subgoal); the reference instead re-expands it on every visit
    prune_dead_ends: bool = True
    prior_temperature: float = 200.0  # prior of a sampled tactic = exp(logprob / prior_temperature)
    tactic_timeout_ms: int = 1000  # Lean timeout of one tactic application during search
    verify_timeout_ms: int = 5000  # Lean timeout of replaying a found proof to verify it
    # after a proof is found and verified, prune steps its subproofs do not need (search.simplify), with at
    # most this many extra Lean calls; the shorter proof is what is reported and trained on (0 = off)
    simplify_budget: int = 200
    # tactics tried at every expansion in addition to the sampled ones, prior = max sampled prior
    synthetic_candidates: tuple[str, ...] = ()
    # every expansion's policy randomness derives from (seed, theorem, tactic path, expansion count), so a
    # search's result does not depend on the searches it ran beside (search.mcts.expansion_seed)
    seed: int = 0

    def __post_init__(self) -> None:
        if isinstance(self.synthetic_candidates, list):  # accept lists from JSON/run config
            object.__setattr__(self, "synthetic_candidates", tuple(self.synthetic_candidates))
        _check(self, "num_simulations", self.num_simulations >= 1, ">= 1")
        _check(self, "time_budget_s", self.time_budget_s is None or self.time_budget_s > 0, "> 0 or null")
        _check(self, "num_samples", self.num_samples >= 1, ">= 1")
        _check(self, "max_new_tokens", self.max_new_tokens >= 1, ">= 1")
        _check(self, "concurrency", self.concurrency >= 1, ">= 1")
        _check(self, "prior_temperature", self.prior_temperature > 0, "> 0")
        _check(self, "tactic_timeout_ms", self.tactic_timeout_ms > 0, "> 0")
        _check(self, "verify_timeout_ms", self.verify_timeout_ms > 0, "> 0")
        _check(self, "simplify_budget", self.simplify_budget >= 0, ">= 0 (0 = off)")

    def replace(self, **changes: Any) -> SearchConfig:
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        d = dataclasses.asdict(self)
        d["synthetic_candidates"] = list(self.synthetic_candidates)
        return d


ROLLOUT_MODES = ("mcts", "whole_proof", "both")  # RLSettings.rollout_mode (stp.whole_proof_rollouts)


@dataclass(frozen=True)
class RLSettings:
    iterations: int = 3  # RL iterations of a run
    theorems_per_iteration: int = 48  # rollout theorems per iteration
    batches_per_iteration: int = 2  # dynamic fan-out width of the rollout op
    replay_window: int = 3  # iterations of replay shards a policy update reads
    fraction_sft: float = 0.1  # share of SFT transitions mixed into an update (the reference's 0.1)
    # the policy update's training settings
    update: RLUpdateSettings = field(
        default_factory=lambda: RLUpdateSettings(max_steps=30, optimizer=AdamWSettings(lr=3e-4)))
    eval_every: int = 3  # iterations between RL evals
    base_simulations: int = 32  # matchmaker's first budget for a theorem
    max_simulations: int = 256  # matchmaker's largest budget
    # proven attempts after which the matchmaker leaves a theorem alone (weight 1e-3; reference 6). 1 sends
    # the rollouts to the frontier's edge: fresh statements and the ones not proven yet
    trust_count_proved: int = 6
    # An iteration with more Lean-infrastructure errors than this share of its attempts fails (nothing
    # trains on or registers what a sick fleet produced; lean_io.errors.check_infrastructure_share).
    max_infra_error_share: float = 0.2
    check_statements: bool = True  # init check (proof_from_sorry) before statements enter the pool
    whitelist_dir: str = ""  # optional <dir>/<dataset>.whitelist.json (nanoproof format) per dataset
    # The frontier (rl.frontier, offline minilean only): fresh generated statements added to the RL
    # pool every iteration, deduplicated against the eval sets; levels = difficulty tiers kept, families =
    # weights of (propositional, arithmetic, mixed) statements. 0 = the pool is rl_statements only.
    frontier_per_iteration: int = 0
    # whether rl_statements are in the pool; False: the frontier alone (offline), so the rollouts are spent
    # on statements SFT has no reference proof for (docs/RL_EXPERIMENTS.md: the SFT-known pool teaches little)
    use_rl_statements: bool = True
    frontier_levels: tuple[int, ...] = (1, 2, 3, 4)  # frontier difficulty tiers kept
    frontier_families: tuple[float, ...] = (0.7, 0.15, 0.15)  # frontier weights of (prop, arith, mixed)
    # The competition pool (rl.comp_draw, minilean.comp_pool): this many competition-style statements
    # (algebra, inequalities, number theory, sums, functional equations; no proofs) added to the RL pool
    # each iteration, from the given difficulty levels (1 = one automation tactic closes it … 4 = a proof
    # of four or more steps). Beside the frontier (both > 0), instead of it (frontier_per_iteration 0),
    # or off (0).
    comp_pool_per_iteration: int = 0
    comp_pool_levels: tuple[int, ...] = (1, 2, 3, 4)
    # only these competition families (minilean.comp_families / comp_shaped names); () = every family
    comp_pool_families: tuple[str, ...] = ()
    replay_capacity: int = 0  # > 0: the replay is a FIFO of this many transitions (reference); 0: the window
    carry_optimizer: bool = False  # one AdamW state across iterations (reference) instead of a fresh one
    rollout_policy: str = "previous"  # rollouts[k] by policy[k-1] ("previous") or the MLflow `best` alias
    # rejected (state, tactic) pairs of the replay window trained with unlikelihood (update.unlikelihood_
    # weight > 0), as many as this fraction of the positive transitions (reference --negative-fraction)
    negative_fraction: float = 0.0
    # How rollouts prove (stp.whole_proof_rollouts): "mcts" (the search), "whole_proof"
    # (whole_proof_samples complete scripts per theorem; successes train as whole-proof rows) or "both"
    # (whole proof first, MCTS on what it did not prove); a comma list ("whole_proof,mcts") picks one per
    # iteration: iteration k takes item k, the last one repeats.
    rollout_mode: str = "mcts"
    whole_proof_samples: int = 16  # whole-proof samples per theorem in those modes
    # Exploration (search.explore.ExplorePolicy), MCTS rollouts only, never an eval: at every expansion
    # the policy's samples get up to explore_k closers it did not sample (automation with the hypotheses,
    # square hints, ∀ hypotheses instantiated at the goal's numerals), sharing prior mass explore_mass.
    # Why: searching at 8x the budget the SFT policy proves almost nothing new on competition statements,
    # so rollouts by the policy alone can only sharpen it; proofs of new shapes must come from elsewhere.
    # 0 = off (the policy's samples alone).
    explore_k: int = 0
    explore_mass: float = 0.2
    # with explore_k > 0, also every state-specific proposal of search.explore_shapes (the completed
    # square for a quadratic inequality, `sub_ne_zero` facts and `field_simp at h` for denominators, residue
    # case splits), on top of the k sampled closers: steps whose terms a fixed vocabulary cannot name
    explore_shaped: bool = False

    def __post_init__(self) -> None:
        _check(self, "iterations", self.iterations >= 0, ">= 0")
        modes = [m.strip() for m in self.rollout_mode.split(",")]
        _check(self, "rollout_mode", all(m in ROLLOUT_MODES for m in modes),
               f"one of {list(ROLLOUT_MODES)} or a comma list of them (one per iteration)")
        _check(self, "whole_proof_samples", 1 <= self.whole_proof_samples <= 4096, "in 1..4096")
        _check(self, "explore_k", self.explore_k >= 0, ">= 0 (0 = off)")
        _check(self, "explore_mass", 0 <= self.explore_mass < 1, "in [0, 1) (the policy keeps 1 - mass)")
        _check(self, "max_infra_error_share", 0 <= self.max_infra_error_share <= 1, "in [0, 1]")
        _check(self, "frontier_per_iteration", self.frontier_per_iteration >= 0, ">= 0")
        _check(self, "use_rl_statements",
               self.use_rl_statements or self.frontier_per_iteration > 0 or self.comp_pool_per_iteration > 0,
               "true unless frontier_per_iteration or comp_pool_per_iteration > 0 (the pool would be empty)")
        _check(self, "comp_pool_per_iteration", self.comp_pool_per_iteration >= 0, ">= 0")
        # the names themselves are checked by rl.comp_draw against the pool (core does not import minilean)
        _check(self, "comp_pool_families", all(re.fullmatch(r"[a-z][a-z0-9_]*", f) for f in
                                               self.comp_pool_families), "family names (empty = all)")
        _check(self, "comp_pool_levels", bool(self.comp_pool_levels)
               and set(self.comp_pool_levels) <= {1, 2, 3, 4}, "a non-empty subset of 1..4")
        _check(self, "frontier_levels", bool(self.frontier_levels)
               and set(self.frontier_levels) <= {1, 2, 3, 4}, "a non-empty subset of 1..4")
        _check(self, "frontier_families", len(self.frontier_families) == 3
               and min(self.frontier_families) >= 0 and sum(self.frontier_families) > 0,
               "3 non-negative weights (prop, arith, mixed), not all 0")
        _check(self, "replay_capacity", self.replay_capacity >= 0, ">= 0 (0 = the replay window)")
        _check(self, "negative_fraction", 0 <= self.negative_fraction <= 4, "in [0, 4]")
        _check(self, "rollout_policy", self.rollout_policy in ("previous", "best"), "'previous' or 'best'")
        _check(self, "theorems_per_iteration", self.theorems_per_iteration >= 1, ">= 1")
        _check(self, "batches_per_iteration", self.batches_per_iteration >= 1, ">= 1")
        _check(self, "replay_window", self.replay_window >= 1, ">= 1")
        _check(self, "fraction_sft", 0 <= self.fraction_sft <= 1, "in [0, 1]")
        _check(self, "eval_every", self.eval_every >= 1, ">= 1")
        _check(self, "base_simulations", self.base_simulations >= 1, ">= 1")
        _check(self, "trust_count_proved", self.trust_count_proved >= 1, ">= 1")
        _check(
            self,
            "max_simulations",
            self.max_simulations >= self.base_simulations,
            f">= base_simulations ({self.base_simulations})",
        )


@dataclass(frozen=True)
class WholeProofSettings:
    """Whole-proof generation (stp.whole_proof): SFT rows statement → script, and the pass@k eval."""

    sft_mix: bool = True  # add (statement → reference script) rows to sft_transitions (offline data)
    k: int = 64  # samples per theorem in the whole_proof_eval asset (pass@1..k)
    max_new_tokens: int = 128  # a script's token budget (tactic rows: training.data.TACTIC_MAX_LEN = 128)
    temperature: float = 1.0  # sampling temperature
    batch_size: int = 16  # theorems per sampling batch (k rows each)
    compare_mcts: bool = True  # also search the same theorems with MCTS and compare at equal budget

    def __post_init__(self) -> None:
        _check(self, "k", 1 <= self.k <= 4096, "in 1..4096")
        _check(self, "max_new_tokens", 1 <= self.max_new_tokens <= 1024, "in 1..1024")
        _check(self, "temperature", math.isfinite(self.temperature) and self.temperature > 0,
               "> 0 and finite")
        _check(self, "batch_size", self.batch_size >= 1, ">= 1")


@dataclass(frozen=True)
class ConjectureSettings:
    """Conjecturing (stp.conjecture): after RL iteration k, policy[k] writes conjectures from the
    theorems iteration k proved; those in the success band join the RL pool of iterations > k."""

    enabled: bool = False  # run the conjectures[k] asset and feed accepted conjectures to the RL pool
    sft_mix: bool = False  # add (seed + proof → fresh statement) rows to sft_transitions (offline data)
    # measured (docs/STP.md): 96 seeds × 16 conjectures at temperature 0.7, 32 prover samples → 78 accepted
    max_seeds: int = 48  # proven theorems of the iteration used as seeds
    per_seed: int = 32  # conjectures sampled per seed
    max_new_tokens: int = 64  # a conjecture's token budget
    temperature: float = 0.7  # below 1: fewer malformed statements from a small model
    prover_samples: int = 32  # whole-proof samples per surviving conjecture: its empirical success rate
    min_rate: float = 0.0  # accepted when min_rate < rate <= max_rate (and at least one proof)
    max_rate: float = 0.5  # accepted when the success rate is at most this
    # Sequential judging (stp.conjecture_loop.judge_in_rounds): the prover samples in rounds of
    # prover_round and stops on a conjecture as soon as its band verdict over prover_samples is decided
    # (exact: the same verdict as sampling them all). too_hard_after > 0 also stops a conjecture no sample
    # proved after that many samples (too_hard on fewer samples: cheaper, fewer low-rate acceptances).
    prover_round: int = 8
    too_hard_after: int = 0  # stop a conjecture no sample proved after this many (0: off)
    prover_max_new_tokens: int = 128  # a prover script's token budget (whole_proof.max_new_tokens before)

    def __post_init__(self) -> None:
        _check(self, "max_seeds", self.max_seeds >= 1, ">= 1")
        _check(self, "per_seed", self.per_seed >= 1, ">= 1")
        _check(self, "max_new_tokens", 1 <= self.max_new_tokens <= 512, "in 1..512")
        _check(self, "temperature", math.isfinite(self.temperature) and self.temperature > 0,
               "> 0 and finite")
        _check(self, "prover_samples", self.prover_samples >= 1, ">= 1")
        _check(self, "min_rate", 0 <= self.min_rate < 1, "in [0, 1)")
        _check(self, "max_rate", self.min_rate < self.max_rate <= 1, f"in ({self.min_rate}, 1]")
        _check(self, "prover_round", self.prover_round >= 1, ">= 1")
        _check(self, "too_hard_after", 0 <= self.too_hard_after <= self.prover_samples,
               f"in 0..prover_samples ({self.prover_samples}); 0 = off")
        _check(self, "prover_max_new_tokens", 1 <= self.prover_max_new_tokens <= 1024, "in 1..1024")


@dataclass(frozen=True)
class Profile:
    name: str  # smoke, demo or full
    corpora: CorporaSettings = field(default_factory=CorporaSettings)  # where the data comes from
    tokenizer: TokenizerSettings = field(default_factory=TokenizerSettings)  # the tokenizer
    compute: ComputeSettings = field(default_factory=ComputeSettings)  # model size and hardware
    pretrain: StageSettings = field(default_factory=StageSettings)  # the pretrain stage
    midtrain: StageSettings = field(default_factory=StageSettings)  # the midtrain stage
    sft: SFTSettings = field(default_factory=SFTSettings)  # the SFT stage
    lean: LeanSettings = field(default_factory=LeanSettings)  # the Lean servers
    search: SearchConfig = field(default_factory=SearchConfig)  # the prover's search
    rl: RLSettings = field(default_factory=RLSettings)  # the RL loop
    # whole-proof generation and its eval
    whole_proof: WholeProofSettings = field(default_factory=WholeProofSettings)
    conjecture: ConjectureSettings = field(default_factory=ConjectureSettings)  # STP conjecturing
    eval_benchmarks: tuple[str, ...] = ("minilean",)  # benchmark sources the eval assets prove
    eval_split: str = "valid"  # benchmark split the eval assets prove (MiniF2F: valid 256 / test 244)

    def __post_init__(self) -> None:
        _check(self, "eval_split", self.eval_split in EVAL_SPLITS, f"one of {list(EVAL_SPLITS)}")
        _check(self, "eval_benchmarks", len(self.eval_benchmarks) >= 1, "a non-empty list")


# The measured STP conjecturing budget (docs/STP.md "Cost"): 96 conjectures per seed, up to 48 seeds;
# sampling of a conjecture stops at 8 whole-proof samples without a proof; 63 and 82 accepted from 32 and
# 38 seeds (64 per seed gave 43 in one run's first iteration). `demo` keeps it (off); a profile file
# {"conjecture": {"max_seeds": 48, "per_seed": 96}} restores it in `smoke`.
STP_CONJECTURE = ConjectureSettings(enabled=True, sft_mix=True, per_seed=96, prover_samples=16,
                                    too_hard_after=8, prover_max_new_tokens=64)

SMOKE = Profile(
    name="smoke",
    # 2 cores: training alone uses both (an SFT step 1.7x faster than on one thread); a search process
    # keeps two batched model calls in flight, since one left the second core to the Lean servers, which
    # used a tenth of it (benchmarks/bench_search.py: "sampler workers")
    compute=ComputeSettings(train_threads=2, sampler_workers=2),
    # 16 searches in flight over 16 Lean slots keep both workers' batches full: the SFT eval of 60 valid
    # theorems took 21.4 s against 23.8 s at 8 and 28.8 s before the workers, with the same attempts
    search=SearchConfig(concurrency=16),
    lean=LeanSettings(minilean_max_processes=8),
    # Muon+AdamW: on the smoke math corpus a tiny model reaches val loss 1.95 vs 3.14-3.30 with AdamW
    # (3e-3/1e-2) after 50 steps (README "Optimizer")
    pretrain=StageSettings(max_steps=60, batch_size=8, seq_len=256, optimizer=MuonAdamWSettings(),
                           checkpoint_every=20),
    midtrain=StageSettings(max_steps=40, batch_size=8, seq_len=256,
                           optimizer=MuonAdamWSettings(unembedding_lr=0.004, lr_scale=0.8)),
    # SFT, 150 steps on synthetic transitions: Muon+AdamW val loss 0.0015 vs AdamW 2e-3 0.026 (README)
    sft=SFTSettings(max_steps=400, batch_size=16, seq_len=256, value_weight=0.1,
                    optimizer=MuonAdamWSettings(unembedding_lr=0.004, lr_scale=0.8)),
    # MiniF2F-lite: the MiniF2F statements minilean states exactly (minilean.minif2f), beside the
    # fixed 100-theorem minilean valid set; reports break success down per dataset.
    # SFT also reads the Lean-style competition proofs (multi-step `have … := by nlinarith [...]`,
    # `norm_num at h ⊢`, `field_simp`): the policy can only say on MiniF2F-lite what SFT taught it
    corpora=CorporaSettings(benchmarks=("minilean", "minif2f_lite"), sft_comp_lean_style=True),
    eval_benchmarks=("minilean", "minif2f_lite"),
    rl=RLSettings(
        # docs/RL_EXPERIMENTS.md: the shipped recipe (fresh AdamW, lr 3e-4 with warmdown, pool = SFT's own
        # theorems, first budget 32 < the eval's 64) drifted below SFT; these settings are what measured
        # better there: the reference's small constant step with one optimizer across iterations, a FIFO
        # replay, half SFT in the mix, fresh generated statements, budgets from the eval's 64 upwards.
        # On the `specialize` SFT the pool is the frontier alone (hard levels 3-4,
        # propositional-heavy: where SFT fails), budgets 128->512, 120 steps with KL to SFT, and proofs
        # simplified before replay (search.simplify): +4 [+1, +8] after 4 iterations where the same recipe
        # without simplification ended at -2. A theorem proven once is not attempted again
        # (trust_count_proved=1): iteration 8 at +5/+7 in two seeds, +2/+1 without it.
        fraction_sft=0.5,
        update=RLUpdateSettings(max_steps=120, optimizer=AdamWSettings(lr=1e-4), warmdown_frac=0.0,
                                value_weight=0.1, kl_weight=0.5),
        replay_capacity=3000,
        carry_optimizer=True,
        use_rl_statements=False,
        frontier_levels=(3, 4),
        frontier_families=(0.7, 0.0, 0.3),
        base_simulations=128,
        max_simulations=512,
        trust_count_proved=1,
        # The pool: half the frontier above, half competition statements without proofs (levels 2-4 of
        # nine families shaped like what the prover misses on MiniF2F-lite), with exploration closers and
        # state-specific steps in the rollouts only. Measured (docs/RL_EXPERIMENTS.md, the shaped-pool
        # run): lite valid over 3 search seeds SFT 63.7 -> RL-8 68.0, +4.3 [0.0, +9.3]; minilean valid
        # 73 -> 88; the frontier-only pool had no competition statement and gained nothing on lite.
        frontier_per_iteration=24,
        comp_pool_per_iteration=24,
        comp_pool_levels=(2, 3, 4),
        comp_pool_families=("sq_hint", "rat_shift", "mod_cases", "solve_eval", "sq_shift", "recip",
                            "lin_fit", "fun_comp", "fe_step"),
        explore_k=4,
        explore_mass=0.2,
        explore_shaped=True,
    ),
    # STP conjecturing on, at a budget that shows the mechanism within `make run`'s time: 16 seeds × 32
    # conjectures (512 sampled per iteration, about a sixth of STP_CONJECTURE's 32-38 seeds × 96, whose
    # ~130-160 s per conjecturing iteration made a fresh `make run` take 771 s). The SFT learns the
    # conjecture prompt (sft_mix); each RL iteration but the last keeps the conjectures of policy[k] that
    # 1–8 of 16 whole-proof samples prove.
    conjecture=dataclasses.replace(STP_CONJECTURE, max_seeds=16, per_seed=32),
)

# `smoke` with more RL iterations and a denser learning curve: 1,090 s of Dagster runs on 2 cores (the run
# in docs/RL_EXPERIMENTS.md that shipped the competition pool). The same SFT (conjecture rows included);
# conjecturing itself is off here, its ~100 s per iteration would not fit.
DEMO = dataclasses.replace(
    SMOKE,
    name="demo",
    rl=dataclasses.replace(SMOKE.rl, iterations=8, eval_every=2),
    conjecture=dataclasses.replace(STP_CONJECTURE, enabled=False),
)

FULL = Profile(
    name="full",
    corpora=CorporaSettings(
        offline=False,
        pretrain_token_budget=11_400_000_000,
        rl_datasets=("numinamath", "leanworkbook", "deepseek_prover"),
        benchmarks=("minif2f", "proofnet"),
    ),
    tokenizer=TokenizerSettings(vocab_size=50_304),
    compute=ComputeSettings(
        model="d26",
        accelerator="gpu",
        devices="auto",
        precision="bf16-mixed",
        strategy="ddp_spawn",
        num_threads=8,
    ),  # ddp_spawn: Dagster steps cannot re-exec
    pretrain=StageSettings(
        max_steps=10_500,
        batch_size=32,
        accumulate_grad_batches=4,
        seq_len=768,
        warmup_frac=0.005,
        warmdown_frac=0.65,
        final_lr_frac=0.05,
        val_check_interval=250,
        # reference pretrain LRs: embedding 0.3, unembedding 0.008, matrix 0.02, scalar 0.5; Muon weight
        # decay ≈0.05 after nanoproof's rescaling (constant here; the reference decays it to 0)
        optimizer=MuonAdamWSettings(),
        weight_decay=0.05,
        checkpoint_every=500,
    ),
    midtrain=StageSettings(
        max_steps=130, batch_size=16, accumulate_grad_batches=4, seq_len=768,
        val_check_interval=150, optimizer=MuonAdamWSettings(unembedding_lr=0.004, lr_scale=0.8),
        checkpoint_every=50,
    ),
    sft=SFTSettings(
        max_steps=4445,
        batch_size=8,
        accumulate_grad_batches=64,
        seq_len=768,
        value_weight=0.01,
        val_check_interval=200,
        epochs=5,
        optimizer=MuonAdamWSettings(unembedding_lr=0.004, lr_scale=0.8),
        checkpoint_every=500,
        augment=True,
    ),
    lean=LeanSettings(servers=()),
    search=SearchConfig(num_simulations=512, concurrency=64, time_budget_s=600.0, verify_timeout_ms=30_000),
    rl=RLSettings(
        iterations=2000,
        theorems_per_iteration=512,
        batches_per_iteration=8,
        replay_window=50,
        # reference RL: embedding 0.2, unembedding 0.004, matrix 0.02, all × 0.02, constant LR
        update=RLUpdateSettings(
            max_steps=2, batch_size=8, accumulate_grad_batches=64, seq_len=768, grad_clip=0.0,
            warmdown_frac=0.0,
            optimizer=MuonAdamWSettings(embedding_lr=0.2, unembedding_lr=0.004, lr_scale=0.02),
        ),
        eval_every=50,
        base_simulations=64,
        max_simulations=1024,
        replay_capacity=250_000,  # reference: a FIFO of 250k transitions
        carry_optimizer=True,  # reference: one optimizer for the whole RL run
    ),
    eval_benchmarks=("minif2f", "proofnet"),
)

PROFILES: dict[str, Profile] = {"smoke": SMOKE, "demo": DEMO, "full": FULL}


def _type_error(where: str, value: Any, hint: Any) -> str | None:
    """Why `value` does not fit the field annotation `hint` (None if it fits)."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        errors = [_type_error(where, value, arg) for arg in args]
        return None if any(e is None for e in errors) else f"{where} must be {hint}, got {value!r}"
    if origin is tuple:
        if not isinstance(value, tuple | list):
            return f"{where} must be a list, got {value!r}"
        item = args[0] if args else Any
        for i, v in enumerate(value):
            if (err := _type_error(f"{where}[{i}]", v, item)) is not None:
                return err
        return None
    if hint is Any:
        return None
    if hint is type(None):
        return None if value is None else f"{where} must be null, got {value!r}"
    if hint is float:
        ok = isinstance(value, int | float) and not isinstance(value, bool)  # 3 is a fine float
        if ok and not math.isfinite(value):
            return f"{where} must be a finite number, got {value!r}"
    elif hint is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
    else:
        ok = isinstance(value, hint)
    return None if ok else f"{where} must be {getattr(hint, '__name__', hint)}, got {value!r}"


def _chosen(current: Any, overrides: dict[str, Any], where: str) -> Any:
    """The settings object an override applies to: ``current``, or the defaults of another choice when the
    override names one by ``kind`` (the optimizer: ``{"kind": "muon_adamw", "matrix_lr": 0.03}``)."""
    kind = overrides.get("kind")
    if not isinstance(current, AdamWSettings | MuonAdamWSettings) or kind is None or kind == current.kind:
        return current
    if kind not in OPTIMIZER_KINDS:
        raise ValueError(f"profile field {where}.kind must be one of {sorted(OPTIMIZER_KINDS)}, got {kind!r}")
    return OPTIMIZER_KINDS[kind]()


def _merge(obj: Any, overrides: dict[str, Any], where: str = "") -> Any:
    """Return a copy of a (nested) dataclass with `overrides` applied. Unknown keys, values of the wrong
    type and values out of range (each section's `__post_init__`) are a ValueError naming the field."""
    if not isinstance(overrides, dict):
        raise ValueError(
            f"profile overrides{' for ' + where if where else ''} must be a JSON object, got {overrides!r}"
        )
    changes: dict[str, Any] = {}
    names = {f.name: f for f in dataclasses.fields(obj)}
    hints = typing.get_type_hints(type(obj))
    for key, value in overrides.items():
        if key not in names:
            raise ValueError(f"unknown profile field {key!r} in {type(obj).__name__}; known: {sorted(names)}")
        if key == "name" and isinstance(obj, Profile):  # would relabel the settings, not switch them
            raise ValueError(f"profile field 'name' cannot be overridden (got {value!r}); choose the profile "
                             f"with --profile or ${PROFILE_ENV}")
        path = f"{where}.{key}" if where else key
        current = getattr(obj, key)
        if dataclasses.is_dataclass(current):
            if not isinstance(value, dict):
                raise ValueError(f"profile section {path} must be a JSON object of its fields, got {value!r}")
            changes[key] = _merge(_chosen(current, value, path), value, path)
            continue
        if (err := _type_error(f"profile field {path}", value, hints[key])) is not None:
            raise ValueError(err)
        changes[key] = tuple(value) if isinstance(value, list) else value
    try:
        return dataclasses.replace(obj, **changes)  # runs the section's range checks
    except ValueError as exc:
        raise ValueError(f"profile section {where or type(obj).__name__}: {exc}") from None


def get_profile(name: str | None = None, overrides: dict[str, Any] | None = None) -> Profile:
    """The profile `name` (default: $PROOFMILL_PROFILE or smoke) with JSON-file and explicit overrides."""
    name = name or os.environ.get(PROFILE_ENV) or "smoke"
    if name not in PROFILES:
        raise ValueError(f"unknown profile {name!r}; choose one of {sorted(PROFILES)} (env {PROFILE_ENV})")
    profile = PROFILES[name]
    path = os.environ.get(PROFILE_FILE_ENV)
    if path:
        try:
            file_overrides = json.loads(Path(path).read_text())
        except (OSError, ValueError) as exc:  # ValueError: not JSON, or not UTF-8 text at all
            reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            raise ValueError(
                f"cannot read profile overrides from {PROFILE_FILE_ENV}={path}: {reason}"
            ) from None
        try:
            profile = _merge(profile, file_overrides)
        except ValueError as exc:
            raise ValueError(f"{PROFILE_FILE_ENV}={path}: {exc}") from None
    if overrides:
        profile = _merge(profile, overrides)
    return profile
