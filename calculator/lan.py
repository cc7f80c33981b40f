"""The machine's address on the table's own Wi-Fi: what a phone on the same network types (or
scans) to reach ``make run``.

Found with the standard library alone. "Connecting" a UDP socket sends nothing: the kernel only
picks the route, and with it the address of the interface a packet to the internet would leave
by, which is the machine's address on its Wi-Fi (or cable). A machine with no network has none.

The settings import this module, so it imports nothing of Django or the app.
"""

from __future__ import annotations

import ipaddress
import socket

# Any address outside the local network does: nothing is sent to it.
ROUTE_PROBE = ("8.8.8.8", 80)


def usable(address: str) -> bool:
    """An IPv4 address another machine may reach this one by: not loopback (127.x), not the
    unspecified 0.0.0.0, not link-local (169.254.x, given when no DHCP answered)."""
    try:
        ip = ipaddress.IPv4Address(address)
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_unspecified or ip.is_link_local)


def lan_address() -> str | None:
    """The address of the interface the default route leaves by, or None (no network)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(ROUTE_PROBE)
        address = probe.getsockname()[0]
    except OSError:
        return None
    finally:
        probe.close()
    return address if usable(address) else None


def own_addresses() -> list[str]:
    """Every IPv4 address of this machine a phone may ask by: the routed one first, then the
    ones its host name resolves to (a second network card, a cable beside the Wi-Fi)."""
    found: list[str] = []
    routed = lan_address()
    if routed:
        found.append(routed)
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        infos = []
    for info in infos:
        address = str(info[4][0])
        if usable(address) and address not in found:
            found.append(address)
    return found


def lan_url(port: int | str, address: str | None = None) -> str | None:
    """``http://<address>:<port>/`` for a phone on the same network, or None without one."""
    address = address or lan_address()
    return f"http://{address}:{port}/" if address else None
