"""table-app: a desktop card table for rummy-family games against computer opponents."""
__version__ = "0.2.0"
