"""Training scripts of the bots' small learned models (run on this machine's CPU;
the models they write are committed under :mod:`cardtable.bots.models`)."""
