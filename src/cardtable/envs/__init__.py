"""Reinforcement-learning environments for every registered game with an encoding
(install ``cardtable[rl]``).

- :mod:`cardtable.envs.kraken_v0`, :mod:`cardtable.envs.gurka_v0`: PettingZoo AEC
  environments (``kraken_v0.env(rules=..., render_mode=...)``) and their parallel form.
- :mod:`cardtable.envs.single`: Gymnasium environments with one learner against
  cardtable bots (ids ``cardtable/Kraken-v0`` and ``cardtable/Gurka-v0``).
- :mod:`cardtable.envs.registry`: each game's :class:`~cardtable.envs.encoding.Encoding`,
  the fixed-shape observation arrays and the fixed action lists.

``docs/rl.md`` describes the encodings, rewards and seeding.
"""

from gymnasium.envs.registration import register, registry

for _id, _game in (("cardtable/Kraken-v0", "kraken"), ("cardtable/Gurka-v0", "gurka")):
    if _id not in registry:
        register(id=_id, entry_point="cardtable.envs.single:SingleAgentEnv", kwargs={"game": _game})
