"""The toy game of ``tests/conformance``, registered the way an installed package
would be (by that directory's conftest), for the arena and bot tests."""

from __future__ import annotations

import tests.conformance.conftest  # noqa: F401  (registers the toy game)
