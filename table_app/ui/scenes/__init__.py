"""The app's scenes: the variant picker, the table, score sheets and results, the
replay library and settings."""
