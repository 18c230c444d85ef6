"""The arena: fair matches between bots, in this process, on all cores or on a Ray
cluster, and the JSON-lines protocol that lets a bot in any language play.

>>> from cardtable.arena import Match, run_match, summarize_match
>>> match = Match("kraken", ("heuristic", "random"), deals=4, seed=1)
>>> results = summarize_match(match, run_match(match, workers=1))
>>> [bot.bot for bot in results.bots], results.pairs[0].deals
(['heuristic', 'random'], 4)
"""

from cardtable.arena.faults import FAULT_KINDS, Fault
from cardtable.arena.formats import FORMATS, Match, Play, schedule
from cardtable.arena.play import PlayResult, play
from cardtable.arena.protocol import PROTOCOL_VERSION, ProtocolError, check_message
from cardtable.arena.results import BotResult, PairResult, Results, summarize_match
from cardtable.arena.runner import run_match
from cardtable.arena.specs import BotSpec

__all__ = [
    "FAULT_KINDS",
    "FORMATS",
    "PROTOCOL_VERSION",
    "BotResult",
    "BotSpec",
    "Fault",
    "Match",
    "PairResult",
    "Play",
    "PlayResult",
    "ProtocolError",
    "Results",
    "check_message",
    "play",
    "run_match",
    "schedule",
    "summarize_match",
]
