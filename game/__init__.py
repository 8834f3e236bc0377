"""Breakaway Box: five tabletop games at one screen."""

__version__ = "1.0.0"
