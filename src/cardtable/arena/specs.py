"""Who plays: a :class:`BotSpec` names a built-in bot, a built-in bot run as a separate
process through the protocol, or any external program.

>>> BotSpec.parse("heuristic").kind
'builtin'
>>> BotSpec.parse('ismcts{"iterations": 50}').options
{'iterations': 50}
>>> BotSpec.parse("proc:random").command[-3:]
['random', '--options', '{}']
>>> BotSpec.parse("cmd:python examples/my_bot.py").command
['python', 'examples/my_bot.py']
"""

from __future__ import annotations

import json
import shlex
import sys
from dataclasses import dataclass, field
from typing import Any

__all__ = ["BotSpec"]


@dataclass(frozen=True)
class BotSpec:
    """One contestant of a match.

    ``kind`` is ``"builtin"`` (played in the worker process by :func:`cardtable.bots.make_bot`),
    ``"proc"`` (the same built-in bot in its own process, speaking the bot protocol) or
    ``"cmd"`` (an external program speaking the bot protocol). ``label`` names the bot in
    the results; it is the text the spec was parsed from.
    """

    label: str
    kind: str
    name: str = ""
    options: dict[str, Any] = field(default_factory=dict)
    command: list[str] = field(default_factory=list)

    @classmethod
    def parse(cls, text: str) -> BotSpec:
        """A spec from its text: ``NAME``, ``NAME{json options}``, ``proc:NAME[{json}]``
        or ``cmd:COMMAND LINE``; bad text raises ``ValueError`` saying what is expected."""
        text = text.strip()
        if text.startswith("cmd:"):
            command = shlex.split(text[4:])
            if not command:
                raise ValueError(f"bot {text!r}: expected a command after 'cmd:'")
            return cls(text, "cmd", command=command)
        kind = "builtin"
        body = text
        if text.startswith("proc:"):
            kind, body = "proc", text[5:]
        name, brace, rest = body.partition("{")
        name = name.strip()
        options: dict[str, Any] = {}
        if brace:
            try:
                options = json.loads("{" + rest)
            except json.JSONDecodeError as error:
                raise ValueError(f"bot {text!r}: options are not a JSON object: {error}") from None
            if not isinstance(options, dict):
                raise ValueError(f"bot {text!r}: options must be a JSON object")
        from cardtable.bots import list_bots

        if name not in list_bots():
            raise ValueError(
                f"bot {text!r}: unknown bot {name!r}; expected one of "
                f"{', '.join(list_bots())}, proc:NAME or cmd:COMMAND"
            )
        argv: list[str] = []
        if kind == "proc":
            argv = [
                sys.executable,
                "-m",
                "cardtable.arena.serve_bot",
                name,
                "--options",
                json.dumps(options, sort_keys=True),
            ]
        return cls(text, kind, name, options, argv)

    @classmethod
    def builtin(cls, name: str, options: dict[str, Any] | None = None) -> BotSpec:
        """The spec of built-in bot ``name`` with ``options``, labelled like its text form."""
        options = dict(options or {})
        label = name + (json.dumps(options, sort_keys=True) if options else "")
        return cls(label, "builtin", name, options)

    @property
    def external(self) -> bool:
        """True when the bot runs in its own process through the protocol."""
        return self.kind in ("proc", "cmd")
