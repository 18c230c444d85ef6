"""Build the compiled double-dummy search (``cardtable.solver._native``).

Everything else is configured in ``pyproject.toml``; this file only declares the C
extension. It is optional: without a C compiler the install still succeeds and the
solver falls back to its pure-Python search.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "cardtable.solver._native",
            ["src/cardtable/solver/_native.c"],
            extra_compile_args=["-O3"],
            optional=True,
        )
    ]
)
