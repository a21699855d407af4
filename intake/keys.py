"""API keys for the intake, stored only as SHA-256 hashes in a JSON file.

File shape: {key_id: {"sha256": hex, "name": who it belongs to, "created_at": iso time}}.
A key is "<key_id>.<secret>"; the id says which entry to compare against and becomes the run's
submitter. Plain SHA-256 is enough here (no slow KDF) because secrets are 256 random bits, not
passwords. Delete an entry from the file to revoke a key; the intake notices file changes.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import os
import secrets
from datetime import UTC, datetime
from pathlib import Path

from benchhub_format.inbox import atomic_write_bytes

log = logging.getLogger("intake")


class KeyStore:
    def __init__(self, path: Path | None) -> None:
        self.path = path
        self._signature: tuple[int, int, int] | None = None
        self._hashes: dict[str, str] = {}
        if path is not None:
            self._load_if_changed(path)  # a missing or broken file stops the intake at startup

    def authenticate(self, token: str) -> str | None:
        """Return the key id for a valid key, None for anything else."""
        if self.path is not None:
            try:
                self._load_if_changed(self.path)
            except FileNotFoundError:
                self._hashes, self._signature = {}, None  # file deleted: every key is revoked
            except (OSError, ValueError) as exc:
                log.error("cannot reload %s, keeping the previous keys: %s", self.path, exc)
        key_id, _, secret = token.partition(".")
        expected = self._hashes.get(key_id)
        if expected is None or not secret:
            return None
        return key_id if hmac.compare_digest(_hash(token), expected) else None

    def _load_if_changed(self, path: Path) -> None:
        stat = os.stat(path)
        signature = (stat.st_ino, stat.st_mtime_ns, stat.st_size)
        if signature != self._signature:
            self._hashes = {k: v["sha256"] for k, v in _load(path).items()}
            self._signature = signature


def add_key(path: Path, name: str) -> tuple[str, str]:
    """Create a key for `name`; returns (key_id, the secret key, which is never stored)."""
    keys = _load(path) if path.exists() else {}
    key_id = f"key_{secrets.token_hex(6)}"
    token = f"{key_id}.{secrets.token_urlsafe(32)}"
    keys[key_id] = {
        "sha256": _hash(token),
        "name": name,
        "created_at": datetime.now(UTC).isoformat(timespec="seconds"),
    }
    atomic_write_bytes(path, json.dumps(keys, indent=2, sort_keys=True).encode(), mode=0o600)
    return key_id, token


def _load(path: Path) -> dict[str, dict[str, str]]:
    keys = json.loads(Path(path).read_text(encoding="utf-8"))
    if not isinstance(keys, dict) or not all(
        isinstance(v, dict) and isinstance(v.get("sha256"), str) for v in keys.values()
    ):
        raise ValueError(f"{path}: expected {{key_id: {{'sha256': ..., 'name': ...}}}}")
    return keys


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()
