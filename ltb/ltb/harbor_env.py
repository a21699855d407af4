"""A Harbor environment that runs each trial in a throwaway mount namespace on this host.

FOR THE ORACLE AND TRUSTED SCRIPTS ONLY. Commands run as the invoking user (root here), on the
host's kernel, network and processes; only the filesystem is private. Use Docker (Harbor's
default environment) for agents and models.

Use: ``harbor run -p DIR -a oracle -e ltb.harbor_env:NamespaceEnvironment``.

``start`` launches a holder process under ``unshare --mount``. It builds a fresh root (a tmpfs
with read-only binds of the host's top-level directories, plus per-trial private ``/app``,
``/tests``, ``/solution``, ``/logs``, ``/tmp`` and the Dockerfile's WORKDIR, bound from a state
folder), chroots into it and sleeps. Each ``exec`` joins that namespace with ``nsenter``, so
what the oracle writes to ``/app`` is what the verifier grades. ``stop`` kills the holder (the
namespace and its mounts vanish with it) and deletes the state folder. Nothing is built: the
task's Dockerfile may only hold FROM, WORKDIR, LABEL and ARG lines (and `RUN pip install` of
pinned distributions the host's Python already has at those versions: the trial then runs that
Python, its environment bound read-only even under /tmp), since anything that changes the image
(RUN, COPY, ENV, ...) cannot be honoured here. Uploads and downloads are plain copies
to and from the state folder.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.metadata
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import uuid
from dataclasses import dataclass, replace
from pathlib import Path, PurePosixPath

from harbor.environments.base import BaseEnvironment, ExecResult
from harbor.environments.capabilities import EnvironmentCapabilities
from harbor.models.task.config import NetworkMode

FIXED_PRIVATE_DIRS = ("app", "tests", "solution", "logs", "tmp")
LOG_SUBDIRS = ("agent", "verifier", "artifacts")
ALLOWED_DOCKERFILE_INSTRUCTIONS = {"FROM", "WORKDIR", "LABEL", "ARG"}
# Host variables passed to commands; everything else (API keys included) stays out.
PASSED_HOST_VARIABLES = ("PATH", "HOME", "LANG", "LC_ALL", "TZ", "TERM", "PYENV_ROOT")
REQUIRED_TOOLS = ("unshare", "nsenter", "chroot", "setpriv")
SETUP_TIMEOUT_SEC = 30

# Runs in the new mount namespace: $1 new root, $2 state folder, $3 private top-level names, then
# host folders inside those private names that the trial must still see (the host Python
# environment a pinned `RUN pip install` stands for, when it lives under /tmp).
# Host entries are bound read-only so a trial cannot change the host through them. "ready" is
# printed only once chrooted, since nsenter takes the holder's root as it is at that moment.
# The holder dies with its parent (pdeathsig), so a crashed Harbor leaves no namespace behind.
_HOLDER_SCRIPT = r"""
set -eu
root=$1 state=$2 private=$3
shift 3
mount -t tmpfs -o mode=755 ltb-namespace "$root"
for entry in /*; do
  name=${entry#/}
  case " $private proc sys dev " in *" $name "*) continue ;; esac
  if [ -L "$entry" ]; then
    ln -s "$(readlink "$entry")" "$root/$name"
  elif [ -d "$entry" ]; then
    mkdir "$root/$name"
    mount --rbind "$entry" "$root/$name"
    mount -o remount,bind,ro "$root/$name"
  fi
done
for name in proc sys dev; do
  mkdir "$root/$name"
  mount --rbind "/$name" "$root/$name"
done
for name in $private; do
  mkdir "$root/$name"
  mount --bind "$state/$name" "$root/$name"
done
for host in "$@"; do
  mkdir -p "$root$host"
  mount --rbind "$host" "$root$host"
  mount -o remount,bind,ro "$root$host"
done
exec chroot "$root" setpriv --pdeathsig KILL /bin/sh -c 'echo ready && exec sleep infinity'
"""
_EXEC_SCRIPT = 'cd "$1" && exec bash -c "$2"'


def _unprivileged() -> bool:
    return os.geteuid() != 0


@dataclass(frozen=True)
class DockerfilePlan:
    """What the namespace environment honours of a task's Dockerfile."""

    workdir: str = "/app"
    # A `RUN pip install` of pins this host's Python has: the trial runs that Python.
    uses_host_python: bool = False


def read_dockerfile(dockerfile: Path) -> DockerfilePlan:
    """The last WORKDIR of a Dockerfile (default ``/app``) and whether it installs pinned
    distributions the host's Python has; rejects what cannot be honoured."""
    plan = DockerfilePlan()
    for raw in dockerfile.read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        instruction, _, value = line.partition(" ")
        if instruction.upper() == "RUN" and _host_has_pinned_install(value):
            plan = replace(plan, uses_host_python=True)
            continue
        if instruction.upper() not in ALLOWED_DOCKERFILE_INSTRUCTIONS:
            raise ValueError(
                f"{dockerfile}: '{instruction}' changes the image, which the namespace "
                "environment cannot build; run this task with Docker (-e docker)"
            )
        if instruction.upper() == "WORKDIR":
            plan = replace(plan, workdir=value.strip())
    return plan


def _host_has_pinned_install(command: str) -> bool:
    """Whether `command` is `pip install` of pinned distributions (`lm-eval==0.4.13`) that the
    host's Python already has at exactly those versions: the image would then hold what the
    trial sees here, so the line needs no build."""
    words = command.split()
    if words[:2] != ["pip", "install"]:
        return False
    pins = [w for w in words[2:] if not w.startswith("-")]
    if not pins or any(
        w not in ("--no-cache-dir", "--quiet") for w in words[2:] if w.startswith("-")
    ):
        return False
    for pin in pins:
        name, sep, version = pin.partition("==")
        if not sep:
            return False
        try:
            if importlib.metadata.version(name) != version:
                return False
        except importlib.metadata.PackageNotFoundError:
            return False
    return True


class NamespaceEnvironment(BaseEnvironment):
    """Runs a trial in a private, throwaway filesystem namespace on the host.

    For the oracle and trusted scripts only: commands run as the invoking user on the host's
    kernel, network and processes, with a private /app, /tests, /solution, /logs and /tmp and a
    read-only view of everything else. Task ``user`` settings and resource limits are not
    applied. Needs util-linux (unshare, nsenter, setpriv), chroot, and either root or
    unprivileged user namespaces.
    """

    _state: Path | None = None
    _holder: asyncio.subprocess.Process | None = None
    _workdir = PurePosixPath("/app")
    _private_dirs: tuple[str, ...] = FIXED_PRIVATE_DIRS
    _uses_host_python = False

    @staticmethod
    def type() -> str:
        return "ltb-namespace"

    @property
    def capabilities(self) -> EnvironmentCapabilities:
        # `unshare --net` leaves only a loopback device, so no-network tasks can be honoured.
        return EnvironmentCapabilities(disable_internet=True)

    @classmethod
    def preflight(cls) -> None:
        missing = [tool for tool in REQUIRED_TOOLS if shutil.which(tool) is None]
        if missing:
            raise SystemExit(f"ltb namespace environment: {', '.join(missing)} not found on PATH")
        probe = subprocess.run(
            [*cls._unshare_argv(isolate_network=False), "true"], capture_output=True, text=True
        )
        if probe.returncode != 0:
            raise SystemExit(
                "ltb namespace environment: `unshare --mount` failed here "
                f"({probe.stderr.strip() or probe.returncode}); run as root or enable "
                "unprivileged user namespaces, or use Docker (-e docker)"
            )

    @staticmethod
    def _unshare_argv(isolate_network: bool) -> list[str]:
        argv = ["unshare", "--mount", "--propagation", "private"]
        if _unprivileged():
            argv.append("--map-root-user")
        if isolate_network:
            argv.append("--net")
        return argv

    def _isolate_network(self) -> bool:
        return self._network_policy.network_mode == NetworkMode.NO_NETWORK

    def _validate_definition(self) -> None:
        dockerfile = self.environment_dir / "Dockerfile"
        if not dockerfile.is_file():
            raise FileNotFoundError(f"{dockerfile} not found")
        plan = read_dockerfile(dockerfile)
        workdir = PurePosixPath(self.task_env_config.workdir or plan.workdir)
        if not workdir.is_absolute() or ".." in workdir.parts or len(workdir.parts) < 2:
            raise ValueError(f"WORKDIR {workdir} must be an absolute path below / without '..'")
        top = workdir.parts[1]
        if top not in FIXED_PRIVATE_DIRS and Path("/", top).exists():
            raise ValueError(
                f"WORKDIR {workdir} would hide the host's /{top}; use /app or a new top-level dir"
            )
        self._workdir = workdir
        self._private_dirs = tuple(dict.fromkeys((*FIXED_PRIVATE_DIRS, top)))
        self._uses_host_python = plan.uses_host_python

    def _host_python_binds(self) -> tuple[str, ...]:
        """The host Python environment, when the trial needs it and a private directory would
        hide it (a project venv under /tmp): bound read-only at the same path."""
        prefix = PurePosixPath(sys.prefix)
        if (
            self._uses_host_python
            and len(prefix.parts) > 2
            and prefix.parts[1] in self._private_dirs
        ):
            return (str(prefix),)
        return ()

    async def start(self, force_build: bool) -> None:
        state = Path(tempfile.mkdtemp(prefix="ltb-namespace-"))
        self._state = state
        for name in (*self._private_dirs, "root"):
            (state / name).mkdir(exist_ok=True)
        for name in LOG_SUBDIRS:
            (state / "logs" / name).mkdir()
        state.joinpath(*self._workdir.parts[1:]).mkdir(parents=True, exist_ok=True)
        holder = await asyncio.create_subprocess_exec(
            *self._unshare_argv(self._isolate_network()),
            "/bin/sh",
            "-c",
            _HOLDER_SCRIPT,
            "ltb-namespace",
            str(state / "root"),
            str(state),
            " ".join(self._private_dirs),
            *self._host_python_binds(),
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            start_new_session=True,
        )
        self._holder = holder
        assert holder.stdout is not None and holder.stderr is not None
        line = await asyncio.wait_for(holder.stdout.readline(), timeout=SETUP_TIMEOUT_SEC)
        if line.strip() != b"ready":
            error = (await holder.stderr.read()).decode(errors="replace").strip()
            raise RuntimeError(f"could not set up the trial's namespace: {error or 'no output'}")

    async def stop(self, delete: bool) -> None:
        if self._holder is not None:
            _kill_session(self._holder.pid)
            await self._holder.wait()
            self._holder = None
        if delete and self._state is not None:
            shutil.rmtree(self._state, ignore_errors=True)
            self._state = None

    def _state_dir(self) -> Path:
        if self._state is None:
            raise RuntimeError("the namespace environment is not started")
        return self._state

    def _host_path(self, env_path: str | PurePosixPath) -> Path:
        """Map a path inside the trial to its place in the state folder, refusing escapes."""
        path = PurePosixPath(env_path)
        if not path.is_absolute() or len(path.parts) < 2 or path.parts[1] not in self._private_dirs:
            raise ValueError(f"{path} is outside this trial's private directories")
        base = self._state_dir() / path.parts[1]
        host = base.joinpath(*path.parts[2:]).resolve()
        if not host.is_relative_to(base.resolve()):
            raise ValueError(f"{path} leaves this trial's private directories")
        return host

    async def upload_file(self, source_path: Path | str, target_path: str) -> None:
        target = self._host_path(target_path)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source_path, target)

    async def upload_dir(self, source_dir: Path | str, target_dir: str) -> None:
        shutil.copytree(source_dir, self._host_path(target_dir), dirs_exist_ok=True)

    async def download_file(self, source_path: str, target_path: Path | str) -> None:
        Path(target_path).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(self._host_path(source_path), target_path)

    async def download_dir(self, source_dir: str, target_dir: Path | str) -> None:
        shutil.copytree(self._host_path(source_dir), target_dir, dirs_exist_ok=True)

    async def exec(
        self,
        command: str,
        cwd: str | None = None,
        env: dict[str, str] | None = None,
        timeout_sec: int | None = None,
        user: str | int | None = None,
    ) -> ExecResult:
        state = self._state_dir()
        if self._holder is None:
            raise RuntimeError("the namespace environment is not started")
        variables = {name: os.environ[name] for name in PASSED_HOST_VARIABLES if name in os.environ}
        if self._uses_host_python:  # `python3` in the trial is the Python that has the pins
            host_bin = str(Path(sys.executable).parent)
            variables["PATH"] = os.pathsep.join([host_bin, variables.get("PATH", os.defpath)])
        variables.update(self._merge_env(env) or {})
        argv = ["nsenter", "--target", str(self._holder.pid), "--mount", "--root"]
        if self._isolate_network():
            argv.append("--net")
        if _unprivileged():
            argv.append("--user")
        argv += ["--", "/bin/sh", "-c", _EXEC_SCRIPT, "sh", cwd or str(self._workdir), command]
        out_path = state / f".exec-{uuid.uuid4().hex}"
        # Output goes to files, not pipes: a background child holding a pipe open would
        # otherwise keep us waiting after the command itself has finished.
        with open(f"{out_path}.out", "w+b") as out, open(f"{out_path}.err", "w+b") as err:
            process = await asyncio.create_subprocess_exec(
                *argv,
                stdin=asyncio.subprocess.DEVNULL,
                stdout=out,
                stderr=err,
                env=variables,
                start_new_session=True,
            )
            try:
                await asyncio.wait_for(process.wait(), timeout=timeout_sec or None)
            except TimeoutError as exc:
                raise RuntimeError(f"Command timed out after {timeout_sec} seconds") from exc
            finally:
                _kill_session(process.pid)  # leftovers included: nothing outlives its command
                await process.wait()
            out.seek(0)
            err.seek(0)
            stdout = out.read().decode(errors="replace")
            stderr = err.read().decode(errors="replace")
        Path(f"{out_path}.out").unlink()
        Path(f"{out_path}.err").unlink()
        return ExecResult(
            stdout=stdout or None, stderr=stderr or None, return_code=process.returncode or 0
        )


def _kill_session(pid: int) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(pid, signal.SIGKILL)
