"""A throwaway PostgreSQL server for the tests (and bench/store.py): initdb in a temporary folder,
a unix socket in that folder (no TCP port to collide with), fsync off, stopped and removed after.

initdb refuses to run as root, so as root the server runs as the `postgres` user that Debian's
package creates. Binaries are looked for in DECKHAND_PG_BIN, then /usr/lib/postgresql/*/bin, then
the PATH.
"""

from __future__ import annotations

import glob
import itertools
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

SKIP_ENV = "DECKHAND_SKIP_POSTGRES"
MISSING = (
    "skipped: PostgreSQL's server programs (initdb, pg_ctl) were not found, so the store tests on "
    "PostgreSQL cannot run here. Install them (Debian: apt-get install postgresql; `make test` does "
    "it where it can) or point DECKHAND_PG_BIN at their folder."
)


def find_binaries() -> Path | None:
    """The folder holding initdb and pg_ctl, or None."""
    candidates = [os.environ.get("DECKHAND_PG_BIN", "")]
    candidates += sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=_version, reverse=True)
    which = shutil.which("initdb")
    candidates.append(str(Path(which).parent) if which else "")
    for folder in candidates:
        if folder and (Path(folder) / "initdb").exists() and (Path(folder) / "pg_ctl").exists():
            return Path(folder)
    return None


def _version(folder: str) -> int:
    try:
        return int(Path(folder).parent.name)
    except ValueError:
        return 0


class PgServer:
    """One server for a test session; each test asks it for a fresh database."""

    def __init__(self, binaries: Path, *, fsync: bool = False) -> None:
        self.bin = binaries
        self.fsync = fsync
        self.root = Path(tempfile.mkdtemp(prefix="deckhand-pg-"))
        self.data = self.root / "data"
        self.port = 5432  # names the socket file in our own folder only
        self._names = itertools.count(1)
        self._as_postgres = os.geteuid() == 0

    def _run(self, *args: str) -> subprocess.CompletedProcess[str]:
        command = list(args)
        if self._as_postgres:
            command = ["runuser", "-u", "postgres", "--", *command]
        return subprocess.run(command, capture_output=True, text=True, check=False, cwd=self.root)

    def start(self) -> None:
        if self._as_postgres:
            shutil.chown(self.root, "postgres", "postgres")
        done = self._run(
            str(self.bin / "initdb"), "-D", str(self.data), "-U", "deckhand", "-A", "trust",
            "-E", "UTF8", "--no-sync",
        )  # fmt: skip
        if done.returncode != 0:
            raise RuntimeError(f"initdb failed: {done.stderr.strip() or done.stdout.strip()}")
        options = (
            f"-k {self.root} -p {self.port} -c listen_addresses='' -c fsync={'on' if self.fsync else 'off'} "
            f"-c synchronous_commit=on -c full_page_writes={'on' if self.fsync else 'off'} "
            "-c max_connections=200 -c shared_buffers=128MB"
        )
        done = self._run(
            str(self.bin / "pg_ctl"), "-D", str(self.data), "-l", str(self.root / "server.log"),
            "-o", options, "-w", "-t", "60", "start",
        )  # fmt: skip
        if done.returncode != 0:
            log = (self.root / "server.log").read_text(errors="replace")[-2000:]
            raise RuntimeError(f"PostgreSQL did not start: {done.stderr.strip()}\n{log}")

    def stop(self) -> None:
        if (self.data / "postmaster.pid").exists():
            self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.root, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://deckhand@/{database}?host={self.root}&port={self.port}"

    def new_database(self) -> str:
        """A fresh, empty database; its URL."""
        name = f"test_{os.getpid()}_{next(self._names)}"
        self.psql(f"CREATE DATABASE {name}")
        return self.url(name)

    def psql(self, sql: str, database: str = "postgres") -> str:
        psql = self.bin / "psql"
        done = subprocess.run(
            [str(psql if psql.exists() else "psql"), "-X", "-q", "-At", "-v", "ON_ERROR_STOP=1",
             "-h", str(self.root), "-p", str(self.port), "-U", "deckhand", "-d", database, "-c", sql],
            capture_output=True, text=True, check=False,
        )  # fmt: skip
        if done.returncode != 0:
            raise RuntimeError(f"psql {sql!r} failed: {done.stderr.strip()}")
        return done.stdout
