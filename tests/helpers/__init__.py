"""What the tests share, in one place (a test file imports from here, never from another
test file):

- ``tests.helpers.paths``: the checkout, ``../shared`` and the golden records;
- ``tests.helpers.deals``: contract-family deck orders and engines at a given deal;
- ``tests.helpers.players``: the seeded test player that ends deals (property tests,
  benchmarks, the golden playthroughs);
- ``tests.helpers.records``: game records written as the app writes them, a library of
  finished games, the CLI in this process;
- ``tests.helpers.table``: the card table headless, scripted seats and real mouse and key
  input;
- ``tests.helpers.text``: checks on user-visible text.
"""
