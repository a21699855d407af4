"""Run the intake, or add an API key.

python -m intake serve --inbox DIR [--release exports/latest] [--keys keys.json]
python -m intake add-key --keys keys.json --name "Ada Lovelace"
"""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Sequence
from pathlib import Path

from benchhub_format.errors import FormatError

from intake.app import IntakeSettings

# Bounds the request bodies held in memory at once (each up to --max-body-bytes).
MAX_CONCURRENT_REQUESTS = 64


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s %(message)s")
    if args.command == "add-key":
        return _add_key(args.keys, args.name)
    return _serve(args)


def _parser() -> argparse.ArgumentParser:
    defaults = IntakeSettings(inbox=Path("."))
    parser = argparse.ArgumentParser(prog="python -m intake", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)

    serve = sub.add_parser("serve", help="serve POST /v1/runs on HTTP")
    serve.add_argument("--inbox", type=Path, required=True, help="where accepted runs are written")
    serve.add_argument(
        "--release",
        "--registry",
        dest="release",
        help="release folder or URL whose index.json lists the accepted benchmark ids "
        "(default: accept any well-formed id)",
    )
    serve.add_argument("--keys", type=Path, help="API key hashes (see add-key); default: none")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8787)
    serve.add_argument(
        "--public-url",
        help="where clients reach this intake; a push answers with the run's page "
        "PUBLIC_URL/runs/<run_id>, served here (default: http://HOST:PORT)",
    )
    serve.add_argument(
        "--site-url",
        default=defaults.site_url,
        help="the public release site that run pages link into",
    )
    serve.add_argument("--max-body-bytes", type=int, default=defaults.max_body_bytes)
    serve.add_argument(
        "--per-minute",
        type=float,
        default=defaults.per_minute,
        help="pushes a minute per client address (anonymous pushes, bad keys)",
    )
    serve.add_argument("--burst", type=int, default=defaults.burst)
    serve.add_argument(
        "--key-per-minute",
        type=float,
        default=defaults.key_per_minute,
        help="pushes a minute per key",
    )
    serve.add_argument("--key-burst", type=int, default=defaults.key_burst)
    serve.add_argument(
        "--stale-temp-seconds",
        type=float,
        default=defaults.stale_temp_seconds,
        help="temp files older than this are left by a crashed writer and removed",
    )
    serve.add_argument(
        "--forwarded-allow-ips",
        help="trust X-Forwarded-For from these proxy addresses (default: trust no proxy)",
    )

    add_key = sub.add_parser("add-key", help="create an API key and print it once")
    add_key.add_argument("--keys", type=Path, required=True)
    add_key.add_argument("--name", required=True, help="who the key is for")
    return parser


def _serve(args: argparse.Namespace) -> int:
    import uvicorn

    from intake.app import create_app

    settings = IntakeSettings(
        inbox=args.inbox,
        release=args.release,
        keys=args.keys,
        public_url=args.public_url or f"http://{args.host}:{args.port}",
        site_url=args.site_url,
        max_body_bytes=args.max_body_bytes,
        per_minute=args.per_minute,
        burst=args.burst,
        key_per_minute=args.key_per_minute,
        key_burst=args.key_burst,
        stale_temp_seconds=args.stale_temp_seconds,
    )
    try:
        app = create_app(settings)
    except (OSError, ValueError, FormatError) as exc:
        print(f"intake: cannot start: {exc}", file=sys.stderr)
        return 2
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        # Without a trusted proxy, X-Forwarded-For would let any client pick its rate-limit key.
        proxy_headers=args.forwarded_allow_ips is not None,
        forwarded_allow_ips=args.forwarded_allow_ips,
        limit_concurrency=MAX_CONCURRENT_REQUESTS,
        server_header=False,
        log_config=None,  # keep the basicConfig above
        access_log=False,  # each push is logged once, with its outcome, by the app
    )
    return 0


def _add_key(path: Path, name: str) -> int:
    from intake.keys import add_key

    key_id, token = add_key(path, name)
    print(f"added {key_id} for {name!r} to {path}", file=sys.stderr)
    print("the key is shown only now; give it to its owner:", file=sys.stderr)
    print(token)
    return 0


if __name__ == "__main__":
    sys.exit(main())
