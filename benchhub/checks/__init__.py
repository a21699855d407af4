"""Data checks that gate releases: Great Expectations suites kept as JSON in `expectations/`.

- `suites`: reads the suite files (standard library only, so Dagster can declare one asset check
  per expectation without importing GX);
- `frames`: reads each checked table from the warehouse into a pandas frame, with the derived
  columns and run-time parameters some expectations compare against;
- `runner`: validates a frame against its suite with GX (imported lazily) and returns plain
  outcomes. Pure: DataFrames in, outcomes out.
"""
