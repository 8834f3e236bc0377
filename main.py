"""Breakaway Box: start the app (see ``python main.py --help``)."""
import sys

from game.cli import main

if __name__ == "__main__":
    sys.exit(main())
