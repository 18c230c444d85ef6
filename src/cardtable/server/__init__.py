"""The online game server: tables of Kraken and Gurka over HTTP and WebSockets.

``cardtable serve`` runs :func:`cardtable.server.app.create_app` with uvicorn; the
protocol is described in ``docs/server-protocol.md``.
"""
