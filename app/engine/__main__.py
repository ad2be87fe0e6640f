"""``python -m app.engine``: the one entry point. The command line is composed outside the
engine, in app/cli.py, so that the engine's modules never import the games or experiments."""

import sys

from app.cli import main

sys.exit(main())
