"""Random legal games written as log text: demo data, round-trip tests, benchmarks."""
