"""A sorted, block-compressed key/value file read through a memory map.

Layout of a ``.tbl`` file (written by :func:`write_table`):

    b"RFTB1\\n"                      magic
    block 0 .. block n-1             raw deflate (small 1 KB window: cheap to inflate), each
                                     holding "key\\tvalue\\n" lines, sorted by key
    index                            zlib-compressed JSON {"first": [...], "offsets": [...], "count", "meta"}
    8 bytes                          little-endian offset of the index

Only the small index (first key of each block) is held in memory. A lookup
bisects the index, inflates one block (about 1-4 KB) and finds the line in it,
so a lookup costs a few microseconds and the file never has to be read whole.
"""

from __future__ import annotations

import bisect
import json
import mmap
import struct
import zlib
from collections import OrderedDict

MAGIC = b"RFTB1\n"
FOOTER = struct.Struct("<Q")


def deflate(data: bytes, wbits: int) -> bytes:
    packer = zlib.compressobj(9, zlib.DEFLATED, wbits)
    return packer.compress(data) + packer.flush()


def write_table(path, items, *, block_size: int = 64, wbits: int = -10, meta: dict | None = None) -> int:
    """Write ``items`` (an iterable of (key, value) strings) sorted by key; return the byte size."""
    rows = sorted(items)
    first, offsets = [], []
    with open(path, "wb") as out:
        out.write(MAGIC)
        for start in range(0, len(rows), block_size):
            chunk = rows[start:start + block_size]
            first.append(chunk[0][0])
            offsets.append(out.tell())
            text = "".join(f"{key}\t{value}\n" for key, value in chunk)
            out.write(deflate(text.encode("utf-8"), wbits))
        offsets.append(out.tell())
        index = {"first": first, "offsets": offsets, "count": len(rows), "wbits": wbits,
                 "meta": meta or {}}
        out.write(zlib.compress(json.dumps(index, ensure_ascii=False).encode("utf-8"), 9))
        out.write(FOOTER.pack(offsets[-1]))
        return out.tell()


class Table:
    """Read-only view of a ``.tbl`` file; opened lazily on first lookup."""

    def __init__(self, path, *, cache_blocks: int = 64):
        self.path = path
        self._map = None
        self._first: list[str] = []
        self._offsets: list[int] = []
        self.count = 0
        self._wbits = 15
        self.meta: dict = {}
        self._cache: OrderedDict[int, str] = OrderedDict()
        self._cache_blocks = cache_blocks

    def _open(self) -> None:
        with open(self.path, "rb") as f:
            self._map = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
        if self._map[:len(MAGIC)] != MAGIC:
            raise ValueError(f"{self.path} is not a dictionary table")
        (where,) = FOOTER.unpack(self._map[-FOOTER.size:])
        index = json.loads(zlib.decompress(self._map[where:-FOOTER.size]))
        self._first, self._offsets = index["first"], index["offsets"]
        self.count, self.meta, self._wbits = index["count"], index["meta"], index.get("wbits", 15)

    def ensure_open(self) -> "Table":
        if self._map is None:
            self._open()
        return self

    def _block(self, number: int) -> str:
        """Block ``number`` inflated to text, starting with a newline (a small LRU cache)."""
        cached = self._cache.get(number)
        if cached is not None:
            self._cache.move_to_end(number)
            return cached
        raw = self._map[self._offsets[number]:self._offsets[number + 1]]
        text = "\n" + zlib.decompress(raw, self._wbits).decode("utf-8")
        self._cache[number] = text
        if len(self._cache) > self._cache_blocks:
            self._cache.popitem(last=False)
        return text

    def get(self, key: str, default: str | None = None) -> str | None:
        """The value stored for ``key``, or ``default``."""
        self.ensure_open()
        if "\n" in key or "\t" in key:
            return default
        number = bisect.bisect_right(self._first, key) - 1
        if number < 0:
            return default
        text = self._block(number)
        needle = "\n" + key + "\t"
        at = text.find(needle)
        if at < 0:
            return default
        start = at + len(needle)
        return text[start:text.index("\n", start)]

    def __contains__(self, key: str) -> bool:
        return self.get(key) is not None

    def items(self):
        """Every (key, value) in key order (for tests and tools, not for request paths)."""
        self.ensure_open()
        for number in range(len(self._first)):
            for line in self._block(number).split("\n")[1:-1]:
                key, _, value = line.partition("\t")
                yield key, value
