"""Training scripts of the bots' small learned models. They run on this machine's CPU,
and the models they write are committed under ``src/cardtable/bots/models/``."""
