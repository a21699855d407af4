"""Graders copied into each generated task as tests/grade.py.

Each is a standalone script (standard library only, Python 3.8+) that reads tests/expected.json,
checks the agent's output and exits 0 when it is right. tests/test.sh turns that exit code into
the reward Harbor reads.
"""
