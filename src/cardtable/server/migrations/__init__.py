"""Alembic revisions of the server's schema (run by :mod:`cardtable.server.migrate`)."""
