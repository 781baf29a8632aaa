"""Messages between the bot's process and a process of its own (the store's writer, a worker): each
a pickle behind its length, four bytes little-endian. No Discord and no store here."""

from __future__ import annotations

import asyncio
import os
import pickle
import struct
import sys
from typing import Any, BinaryIO

HEAD = struct.Struct("<I")


def child_env() -> dict[str, str]:
    """The environment for such a process: ours, and the import path we have, so that it imports
    what we import."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if isinstance(p, str) and p)
    return env


def frame(message: Any) -> bytes:
    """`message` as one frame (raises what pickle raises, before anything is written)."""
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    return HEAD.pack(len(data)) + data


def read(stream: BinaryIO) -> Any:
    """The next message on a blocking stream; EOFError when it ends (before or inside a frame)."""
    return pickle.loads(read_body(stream))


def read_body(stream: BinaryIO) -> bytes:
    """The next frame's body, not yet unpickled (EOFError only when the stream ends)."""
    head = stream.read(HEAD.size)
    if len(head) < HEAD.size:
        raise EOFError
    (size,) = HEAD.unpack(head)
    body = stream.read(size)
    if len(body) < size:
        raise EOFError
    return body


def send(stream: BinaryIO, message: Any) -> None:
    stream.write(frame(message))
    stream.flush()


async def receive(stream: asyncio.StreamReader) -> bytes:
    """The body of the next frame on the event loop's side, not yet unpickled (so that an answer
    that cannot be read is told apart from a pipe that ended: IncompleteReadError)."""
    (size,) = HEAD.unpack(await stream.readexactly(HEAD.size))
    return await stream.readexactly(size)
