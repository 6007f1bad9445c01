"""This machine's own addresses: how other devices reach a server listening on every network
(``--host 0.0.0.0`` or ``::``), and which requests come from this machine itself.

:func:`own_address` says whether a name is one of this machine's IP addresses (a loopback
address, or one a socket can be bound to here), so a phone's ``Host: 192.168.1.20:8000``
is served and the organiser's own browser counts as the host whichever address it uses.
:func:`lan_address` is the address the others should open: the one the system would send
from to another network (nothing is sent).
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket
from functools import lru_cache

__all__ = ["OWN_ADDRESSES", "WILDCARDS", "lan_address", "own_address"]

#: ``--host`` values that listen on every network.
WILDCARDS = ("0.0.0.0", "::")
#: In the served host names: any IP address of this machine (a server listening on every network).
OWN_ADDRESSES = "*"
#: TEST-NET-1 (RFC 5737): a route is looked up for it, no packet is ever sent there.
_ELSEWHERE = ("192.0.2.1", 9)


@lru_cache(maxsize=256)
def own_address(name: str) -> bool:
    """Whether ``name`` (an IPv4 or IPv6 address as text, without brackets) is an address of
    this machine: loopback, or one a socket can be bound to here. False for names and for
    anything else (``0.0.0.0``, multicast)."""
    try:
        ip = ipaddress.ip_address(name)
    except ValueError:
        return False
    if ip.is_loopback:
        return True
    if ip.is_unspecified or ip.is_multicast:
        return False
    family = socket.AF_INET6 if ip.version == 6 else socket.AF_INET
    try:
        with socket.socket(family, socket.SOCK_DGRAM) as probe:
            probe.bind((str(ip), 0))
    except OSError:
        return False
    return True


def lan_address() -> str | None:
    """This machine's IPv4 address on its network (what other devices open), or None
    without a route to another network."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(_ELSEWHERE)  # a UDP "connection" only picks the route: nothing is sent
        address = str(probe.getsockname()[0])
        if own_address(address) and not ipaddress.ip_address(address).is_loopback:
            return address
    return None
