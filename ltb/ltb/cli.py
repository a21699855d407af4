"""The `ltb` command line: search the registry, show a benchmark or a model, pull, run, push.

Each subcommand lives in its own module with `add_arguments(parser)` and `run(args) -> int`.
Modules are imported only when their subcommand runs, so `ltb bench search` stays fast: the
search path imports the standard library only (no Dagster, Polars or datasets).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from benchhub_format.errors import FormatError

from ltb import __version__

# (group, command) -> (module, one-line help)
COMMANDS: dict[tuple[str, str], tuple[str, str]] = {
    ("bench", "search"): ("ltb.commands.search", "search benchmarks in a release"),
    ("bench", "info"): ("ltb.commands.info", "show one benchmark: facts, tier, scores, commands"),
    ("bench", "pull"): ("ltb.commands.pull", "turn a benchmark's dataset rows into Harbor tasks"),
    ("bench", "run"): ("ltb.commands.run", "run Harbor on pulled tasks and write the run summary"),
    ("bench", "push"): ("ltb.commands.push", "upload a run summary to an intake or inbox"),
    ("bench", "report"): ("ltb.commands.report", "report a score that disagrees with its source"),
    ("model", "search"): ("ltb.commands.model_search", "search models and agent systems"),
    ("model", "info"): ("ltb.commands.model_info", "show one model: identity, versions, scores"),
    ("registry", "verify"): ("ltb.commands.verify", "re-check a release's checksums and manifest"),
    ("registry", "diff"): ("ltb.commands.diff", "show what changed between two releases"),
}

GROUP_HELP = {
    "bench": "work with benchmarks",
    "model": "look up models and agent systems",
    "registry": "inspect releases",
}


def _command_module(group: str, command: str):
    module_name, _ = COMMANDS[(group, command)]
    return importlib.import_module(module_name)


def build_parser(argv: Sequence[str]) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="ltb", description="BenchHub registry command line")
    parser.add_argument("--version", action="version", version=f"ltb {__version__}")
    groups = parser.add_subparsers(dest="group", metavar="{bench,model,registry}")
    groups.required = True
    sub_by_group: dict[str, argparse._SubParsersAction] = {}
    for group, group_help in GROUP_HELP.items():
        group_parser = groups.add_parser(group, help=group_help)
        sub = group_parser.add_subparsers(dest="command")
        sub.required = True
        sub_by_group[group] = sub
    # Only the module of the command being run is imported; the others get a bare parser
    # so that `--help` still lists them.
    wanted = tuple(a for a in argv if not a.startswith("-"))[:2]
    for (group, command), (_, command_help) in COMMANDS.items():
        cmd_parser = sub_by_group[group].add_parser(command, help=command_help)
        if wanted == (group, command):
            _command_module(group, command).add_arguments(cmd_parser)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    args = build_parser(argv).parse_args(argv)
    try:
        return int(_command_module(args.group, args.command).run(args) or 0)
    except FormatError as exc:
        print(f"ltb: error: {exc}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("ltb: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # the reader went away (`ltb bench info x | head`): stop quietly, as other tools do
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141


if __name__ == "__main__":
    sys.exit(main())
