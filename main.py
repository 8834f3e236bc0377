"""Breakaway Box: start the app (see ``python main.py --help``)."""
import sys

if __name__ == "__main__":
    if not sys.argv[1:]:  # a double-click: the launcher kept from the last start, before the rest loads
        from game.quick_start import show_kept_launcher
        show_kept_launcher()
    from game.cli import main
    sys.exit(main())
