"""A file or folder named on the command line that the user may not read is counted among the
files and named with its reason in the ingest's summary; the other paths are read all the same,
and the run exits 1 (docs/formats.md), rather than click refusing the whole command.

Permissions bind no root: run as root, the ingest runs as an unprivileged user of a user
namespace (``unshare -U --map-user=1000``), as a user would meet them."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

from tests.conftest import ROOT, SAMPLES


def _as_user(command: list[str]) -> list[str]:
    """``command`` as a user whom permissions bind: this one, or, as root, a mapped user."""
    if os.geteuid() != 0:
        return command
    unshare = shutil.which("unshare")
    if unshare is None:
        pytest.skip("run as root without `unshare`: permissions cannot be made to bind")
    probe = subprocess.run([unshare, "-U", "--map-user=1000", "--map-group=1000", "true"], capture_output=True)
    if probe.returncode != 0:
        pytest.skip(f"run as root, and user namespaces are not allowed here: {probe.stderr.decode().strip()}")
    return [unshare, "-U", "--map-user=1000", "--map-group=1000", *command]


def test_an_unreadable_file_and_folder_named_are_counted_and_the_others_read(tmp_path):
    logs = tmp_path / "logs"
    (logs / "locked").mkdir(parents=True)
    for path in (logs / "ok.txt", logs / "secret.txt", logs / "locked" / "in.txt"):
        shutil.copy(SAMPLES / "pokerstars-holdem.txt", path)
    hands = (SAMPLES / "pokerstars-holdem.txt").read_text(encoding="utf-8").count("PokerStars Hand #")
    (logs / "secret.txt").chmod(0)
    (logs / "locked").chmod(0)
    try:
        env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1"}
        run = subprocess.run(
            _as_user([sys.executable, "-m", "pipeline.cli", "ingest", "ok.txt", "secret.txt", "locked",
                      "-w", str(tmp_path / "wh"), "-j", "1", "-q"]),
            cwd=logs, env=env, capture_output=True, text=True, timeout=300)
    finally:
        (logs / "secret.txt").chmod(0o644)
        (logs / "locked").chmod(0o755)
    assert run.returncode == 1, run.stderr
    lines = run.stdout.splitlines()
    # ok.txt read: its hands stored; secret.txt and the folder locked counted, each named with its reason
    assert lines[0].startswith(f"3 files (0 unchanged, 2 unreadable), {hands} games stored, "), run.stdout
    assert "  could not read locked: Permission denied" in lines
    assert "  could not read secret.txt: Permission denied" in lines
