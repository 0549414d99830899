"""The Import page's uploads: one copy per content, short safe names."""

from __future__ import annotations

from dataclasses import dataclass

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
