"""The revisions, oldest first (``0001_initial``, ...)."""
