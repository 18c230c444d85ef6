"""The ``policy`` bot: a trained network, exported to ONNX, playing like any bot.

``make_bot("policy", model="agent.onnx")`` loads the model with ``onnxruntime``. The
model takes a batch of observation vectors (``float32 [batch, size]`` of the game's
:class:`~cardtable.envs.encoding.Encoding`) and returns one score (a logit) per action
(``[batch, actions]``); the bot plays the legal action with the highest score, or,
with ``temperature > 0``, samples among the legal actions from the softmax of the
scores divided by the temperature. The model's metadata may name the encoding it was
trained on (``cardtable.encoding``, such as ``kraken-v0``): a model for another
encoding is refused. Found by the bots' registry through the entry point
``cardtable.bots: policy``.
"""

from __future__ import annotations

import os
import random
from typing import ClassVar

import numpy as np

from cardtable.bots.base import BaseBot, game_of
from cardtable.envs.encoding import Encoding
from cardtable.envs.registry import ENCODINGS, encoding
from cardtable.game import Observation

__all__ = ["ENCODING_KEY", "PolicyBot"]

ENCODING_KEY = "cardtable.encoding"
"""The model metadata key that names the encoding (``Encoding.version``)."""


class PolicyBot(BaseBot):
    """a trained network (ONNX) plays the legal action it scores highest (model,
    temperature, seed)"""

    name = "policy"
    games: ClassVar[frozenset[str] | None] = frozenset(ENCODINGS)

    def __init__(
        self,
        model: str | os.PathLike[str] | None = None,
        temperature: float = 0.0,
        seed: int | None = None,
    ) -> None:
        if model is None:
            raise ValueError("the policy bot needs model=PATH, an ONNX file exported from training")
        if not os.path.isfile(model):
            raise ValueError(f"policy model {os.fspath(model)!r}: no such file")
        if temperature < 0:
            raise ValueError(f"temperature must be 0 (best action) or more, not {temperature!r}")
        import onnxruntime

        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = 1
        options.inter_op_num_threads = 1
        try:
            self._session = onnxruntime.InferenceSession(
                os.fspath(model), options, providers=["CPUExecutionProvider"]
            )
        except Exception as error:  # onnxruntime raises its own exception types
            raise ValueError(
                f"policy model {os.fspath(model)!r} cannot be loaded: {error}"
            ) from None
        self.model = os.fspath(model)
        self.temperature = float(temperature)
        self._rng = random.Random(seed)
        self._input = self._session.get_inputs()[0]
        self._trained_on = self._session.get_modelmeta().custom_metadata_map.get(ENCODING_KEY)
        self._checked: dict[str, Encoding] = {}

    def _encoding(self, observation: Observation) -> Encoding:
        game = game_of(observation)
        if game in self._checked:
            return self._checked[game]
        code = encoding(game)
        if self._trained_on is not None and self._trained_on != code.version:
            raise ValueError(
                f"policy model {self.model!r} was trained on encoding {self._trained_on!r}, "
                f"not {code.version!r} ({game})"
            )
        width = self._input.shape[-1]
        if isinstance(width, int) and width != code.size:
            raise ValueError(
                f"policy model {self.model!r} takes {width} numbers, but a {game} "
                f"observation has {code.size}"
            )
        self._checked[game] = code
        return code

    def scores(self, observation: Observation) -> np.ndarray:
        """The model's score of every action of the game (illegal ones included)."""
        code = self._encoding(observation)
        vector = code.encode(observation)[np.newaxis, :]
        (logits, *_) = self._session.run(None, {self._input.name: vector})
        scores = np.asarray(logits, dtype=np.float64).reshape(-1)
        if scores.shape[0] != len(code.actions):
            raise ValueError(
                f"policy model {self.model!r} gives {scores.shape[0]} scores, but "
                f"{code.game} has {len(code.actions)} actions"
            )
        return scores

    def act(self, observation: Observation) -> str:
        """The legal action with the highest score (or sampled, with a temperature)."""
        code = self._encoding(observation)
        legal = observation.legal_actions
        scores = self.scores(observation)
        legal_scores = np.array([scores[code.action_index(action)] for action in legal])
        if self.temperature == 0:
            return legal[int(np.argmax(legal_scores))]
        weights = np.exp((legal_scores - legal_scores.max()) / self.temperature)
        return self._rng.choices(legal, weights=list(weights))[0]

    def __repr__(self) -> str:
        return f"<PolicyBot {self.model!r}>"
