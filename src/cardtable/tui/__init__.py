"""Play Kraken and Gurka in the terminal against the bots.

The layers, from the bottom: :mod:`~cardtable.tui.i18n` (gettext catalogs in five
languages), :mod:`~cardtable.tui.session` (the game, the bots, undo, hints, save
and load, with no terminal at all), :mod:`~cardtable.tui.text` (every sentence a
player reads), then two faces over the same session: :mod:`~cardtable.tui.plain`
(line-based, for screen readers, pipes and end-to-end tests) and the Textual app
in :mod:`~cardtable.tui.app`. :mod:`~cardtable.tui.cli` adds ``cardtable play``.
"""
