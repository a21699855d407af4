"""ltb: the BenchHub command line. Reads a static release; imports no Dagster or Polars."""

__version__ = "0.1.0"
