"""``network.text_frame`` (docs/server.md, *Speed*): the text frames the
server writes itself are the frames the websockets library would write,
at every length class of RFC 6455 (7, 16 and 64 bits)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from websockets.frames import Frame, Opcode

from barbu_dsl.server.network import text_frame

SIZES = st.sampled_from([0, 1, 125, 126, 127, 65535, 65536, 70000]) | st.integers(0, 70_000)


@given(SIZES, st.binary(min_size=1, max_size=1))
def test_a_frame_is_the_librarys_frame(size: int, byte: bytes) -> None:
    payload = byte * size
    assert text_frame(payload) == Frame(Opcode.TEXT, payload).serialize(mask=False, extensions=[])
