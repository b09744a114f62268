from .cli import main

if __name__ == "__main__":  # (not again in the search's worker processes: ai.pool, spawn)
    raise SystemExit(main())
