"""The Import page's uploads: one copy per content, short safe names."""

from __future__ import annotations

import threading
from dataclasses import dataclass

import pytest

from dashboards.uploads import MAX_NAME, safe_name, unique_uploads


@dataclass
class Upload:
    name: str
    data: bytes

    def getvalue(self) -> bytes:
        return self.data


def test_the_same_content_is_taken_once_whatever_its_name():
    distinct, repeated = unique_uploads([Upload("a.txt", b"Chinese poker hand 1\n"), Upload("b.txt", b"other\n"),
                                         Upload("copy of a.txt", b"Chinese poker hand 1\n")])
    assert repeated == 1
    assert [(name, data) for _, name, data in distinct] == [("a.txt", b"Chinese poker hand 1\n"),
                                                            ("b.txt", b"other\n")]
    assert len({digest for digest, _, _ in distinct}) == 2


def test_long_and_hostile_names_become_short_plain_names():
    long_name = "ночь-" * 200 + ".hh"
    name = safe_name(long_name)
    assert len(name) == MAX_NAME and name.endswith(".hh") and len(name.encode()) < 255
    assert safe_name("..\\..\\Windows\\hands.txt") == "hands.txt"
    assert safe_name("/etc/passwd") == "passwd.txt"
    assert safe_name("") == "upload.txt"


# ////////////////////////////////////////////////////////////////////// the server's budget


def test_two_sessions_importing_at_once_share_one_budget():
    from dashboards.uploads import MB, UploadBudget

    budget = UploadBudget(200 * MB)
    first_holds, first_may_finish, second_tried = threading.Event(), threading.Event(), threading.Event()
    seen = {}

    def first_session():
        with budget.take(150 * MB) as held:
            seen["first"] = held.size
            first_holds.set()
            first_may_finish.wait(10)

    def second_session():
        first_holds.wait(10)
        seen["second while the first runs"] = budget.take(100 * MB)
        second_tried.set()
        first_may_finish.set()

    threads = [threading.Thread(target=first_session), threading.Thread(target=second_session)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    # 150 + 100 MB is over 200: the second is refused while the first holds its share
    assert seen == {"first": 150 * MB, "second while the first runs": None}
    assert budget.held_bytes == 0
    again = budget.take(100 * MB)
    assert again is not None and budget.held_bytes == 100 * MB
    again.release()
    again.release()         # given back once only
    assert budget.held_bytes == 0


def test_a_failed_import_gives_its_share_back():
    from dashboards.uploads import MB, UploadBudget

    budget = UploadBudget(100 * MB)
    with pytest.raises(OSError), budget.take(60 * MB):
        raise OSError("disk full")
    assert budget.held_bytes == 0 and budget.take(100 * MB) is not None
    assert budget.take(1) is None


def test_many_sessions_never_hold_more_than_the_budget():
    from dashboards.uploads import UploadBudget

    budget = UploadBudget(1000)
    over = []

    def session(seed: int):
        for k in range(300):
            held = budget.take((seed * 37 + k * 11) % 400 + 1)
            if held is not None:
                if budget.held_bytes > 1000:
                    over.append(budget.held_bytes)
                held.release()

    threads = [threading.Thread(target=session, args=(s,)) for s in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert over == [] and budget.held_bytes == 0


def test_the_server_has_one_budget_bounded_by_its_setting():
    from dashboards import uploads

    assert uploads.BUDGET.limit_bytes == uploads.MAX_SERVER_MB * uploads.MB
    assert uploads.MAX_IMPORT_MB <= uploads.MAX_SERVER_MB
