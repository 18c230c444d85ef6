"""Tiny ONNX policies for tests, built with ``onnx`` (no training framework needed)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

from cardtable.envs.policy import ENCODING_KEY
from cardtable.envs.registry import encoding


def linear_policy(path: Path, game: str, weights: np.ndarray | None = None, seed: int = 0) -> Path:
    """An ONNX model ``logits = observation @ weights`` for ``game``'s encoding (random
    weights unless given), with the encoding named in its metadata."""
    code = encoding(game)
    if weights is None:
        weights = np.random.default_rng(seed).normal(size=(code.size, len(code.actions)))
    graph = helper.make_graph(
        [helper.make_node("MatMul", ["observation", "weights"], ["logits"])],
        f"{game}-linear",
        [helper.make_tensor_value_info("observation", TensorProto.FLOAT, ["batch", code.size])],
        [helper.make_tensor_value_info("logits", TensorProto.FLOAT, ["batch", len(code.actions)])],
        [numpy_helper.from_array(weights.astype(np.float32), "weights")],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    model.ir_version = 8
    helper.set_model_props(model, {ENCODING_KEY: code.version})
    onnx.checker.check_model(model)
    onnx.save(model, path)
    return path
