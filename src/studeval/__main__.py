"""``python -m studeval``: the same as the ``studeval`` command."""

import sys

from studeval.cli import main

sys.exit(main())
