"""Train a small Kraken agent with PyTorch on the CPU, export it to ONNX, and measure
it in the duplicate arena against ``random`` and ``heuristic``.

    pip install -e '.[train]'
    python examples/rl/train_kraken.py --minutes 3 --out agent.onnx --deals 200

The learner holds both seats of a team (``cardtable/Kraken-v0`` with
``seats=(0, 2)``) against ``--opponent`` bots, one round per episode. The network (an
MLP with a policy and a value head) sees the observation vector and the action mask;
it learns by advantage actor-critic: each decision of an episode is pushed towards
its return (the round's point difference / 100) minus the value head's estimate.
Illegal actions get no probability (their logits are masked out). The exported model
takes ``observation`` (float32 ``[batch, 528]``) and returns ``logits``
(``[batch, 42]``); ``make_bot("policy", model="agent.onnx")`` plays it anywhere.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np
import onnx
import torch
from torch import nn

from cardtable.arena.duel import duplicate
from cardtable.envs.policy import ENCODING_KEY
from cardtable.envs.registry import encoding
from cardtable.envs.single import SingleAgentEnv

CODE = encoding("kraken")


class Agent(nn.Module):
    """Observation vector in, one logit per action and a value out."""

    def __init__(self, hidden: int = 256) -> None:
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(CODE.size, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU()
        )
        self.policy = nn.Linear(hidden, len(CODE.actions))
        self.value = nn.Linear(hidden, 1)

    def forward(self, observation: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        features = self.body(observation)
        return self.policy(features), self.value(features).squeeze(-1)


class Logits(nn.Module):
    """The part that is exported: the policy's logits only."""

    def __init__(self, agent: Agent) -> None:
        super().__init__()
        self.agent = agent

    def forward(self, observation: torch.Tensor) -> torch.Tensor:
        return self.agent(observation)[0]


def train(
    minutes: float, episodes: int | None, opponent: str, seed: int, tables: int = 32
) -> tuple[Agent, int]:
    """Train until the time or the episode budget runs out; return the agent and the
    episodes played. ``tables`` environments play side by side, so one forward pass
    of the network serves all of them; each batch of finished episodes is one update."""
    torch.manual_seed(seed)
    envs = [
        SingleAgentEnv("kraken", rules={"rounds": 1}, seats=(0, 2), opponents=[opponent])
        for _ in range(tables)
    ]
    agent = Agent()
    optimizer = torch.optim.Adam(agent.parameters(), lr=3e-4)
    deadline = time.monotonic() + minutes * 60
    started = 0
    current = []
    for env in envs:
        current.append(env.reset(seed=seed * 1_000_003 + started)[0])
        started += 1
    paths: list[list[tuple[torch.Tensor, torch.Tensor, int]]] = [[] for _ in envs]
    finished: list[tuple[list[tuple[torch.Tensor, torch.Tensor, int]], float]] = []
    played = 0
    recent: list[float] = []
    while time.monotonic() < deadline and (episodes is None or played < episodes):
        vectors = torch.from_numpy(np.stack([o["observation"] for o in current]))
        masks = torch.from_numpy(np.stack([o["action_mask"] for o in current]).astype(bool))
        with torch.no_grad():
            logits, _ = agent(vectors)
        chosen = torch.distributions.Categorical(
            logits=logits.masked_fill(~masks, float("-inf"))
        ).sample()
        for i, env in enumerate(envs):
            action = int(chosen[i])
            paths[i].append((vectors[i], masks[i], action))
            current[i], reward, done, _, _ = env.step(action)
            if done:  # one reward per episode: the round's difference
                finished.append((paths[i], float(reward)))
                recent = [*recent[-199:], float(reward)]
                paths[i] = []
                current[i] = env.reset(seed=seed * 1_000_003 + started)[0]
                started += 1
        if len(finished) >= tables:
            played += len(finished)
            update(agent, optimizer, finished)
            finished = []
            if played % (tables * 20) == 0:
                print(f"{played} episodes: mean round difference {np.mean(recent):+.1f} (last 200)")
    return agent, played


def update(
    agent: Agent,
    optimizer: torch.optim.Optimizer,
    episodes: list[tuple[list[tuple[torch.Tensor, torch.Tensor, int]], float]],
) -> None:
    """One actor-critic step on finished episodes (every decision's return is the
    episode's reward / 100)."""
    steps = [step for path, _ in episodes for step in path]
    returns = torch.tensor([total / 100.0 for path, total in episodes for _ in path])
    logits, values = agent(torch.stack([vector for vector, _, _ in steps]))
    logits = logits.masked_fill(~torch.stack([mask for _, mask, _ in steps]), float("-inf"))
    distribution = torch.distributions.Categorical(logits=logits)
    advantage = returns - values.detach()
    actions = torch.tensor([action for _, _, action in steps])
    loss = (
        -(distribution.log_prob(actions) * advantage).mean()
        + 0.5 * ((returns - values) ** 2).mean()
        - 0.01 * distribution.entropy().mean()
    )
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()


def export(agent: Agent, path: Path) -> Path:
    """Write the policy to ONNX, naming the encoding in the model's metadata."""
    agent.eval()
    torch.onnx.export(
        Logits(agent),
        (torch.zeros(1, CODE.size),),
        str(path),
        input_names=["observation"],
        output_names=["logits"],
        dynamic_axes={"observation": {0: "batch"}, "logits": {0: "batch"}},
        dynamo=False,
    )
    model = onnx.load(str(path))
    onnx.helper.set_model_props(model, {ENCODING_KEY: CODE.version})
    onnx.save(model, str(path))
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=3.0, help="training time")
    parser.add_argument("--episodes", type=int, default=None, help="or an episode budget")
    parser.add_argument("--opponent", default="random", help="the bots trained against")
    parser.add_argument("--out", type=Path, default=Path("agent.onnx"))
    parser.add_argument("--deals", type=int, default=200, help="arena deals per match")
    parser.add_argument("--tables", type=int, default=32, help="episodes per update")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1, help="arena worker processes")
    args = parser.parse_args(argv)
    torch.set_num_threads(1)
    started = time.monotonic()
    agent, played = train(args.minutes, args.episodes, args.opponent, args.seed, args.tables)
    print(f"trained on {played} episodes in {time.monotonic() - started:.0f} s")
    export(agent, args.out)
    print(f"exported {args.out}")
    policy = ("policy", {"model": str(args.out.resolve())})
    for opponent in ("random", "heuristic"):
        result = duplicate(
            "kraken", policy, (opponent, {}), args.deals, seed=args.seed, workers=args.workers
        )
        print(f"policy vs {opponent}: {result}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
