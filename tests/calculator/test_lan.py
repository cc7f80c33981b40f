"""The table's own Wi-Fi: the machine's address on its network is the one its default route
leaves by (a UDP socket "connected", nothing sent), never loopback; ``make run`` prints it with its
QR code (``manage.py lan_url``); debug allows it as a host, and with debug off the hosts are as
they were."""

from __future__ import annotations

import io
import runpy
import socket
from pathlib import Path
from typing import Any

import pytest
import segno
from django.core.management import call_command

from calculator import lan

SETTINGS = Path(__file__).resolve().parents[2] / "calculator" / "settings.py"
DEFAULT_HOSTS = ["localhost", "127.0.0.1", "[::1]", "testserver"]


class RoutedSocket:
    """A UDP socket whose "connect" picks ``address`` as the kernel would (or fails: no route)."""

    connected: list[tuple[str, int]] = []

    def __init__(self, address: str | None) -> None:
        self.address = address

    def connect(self, target: tuple[str, int]) -> None:
        if self.address is None:
            raise OSError("Network is unreachable")
        RoutedSocket.connected.append(target)

    def getsockname(self) -> tuple[str, int]:
        return (self.address or "0.0.0.0", 40000)

    def close(self) -> None:
        pass


def route_by(monkeypatch: pytest.MonkeyPatch, address: str | None, named: list[str] = ()) -> None:
    """The machine's routed address, and what its host name resolves to."""
    monkeypatch.setattr(lan.socket, "socket", lambda *args: RoutedSocket(address))
    infos = [(socket.AF_INET, 0, 0, "", (each, 0)) for each in named]
    monkeypatch.setattr(lan.socket, "getaddrinfo", lambda *args, **kwargs: infos)


def test_the_address_is_the_one_the_default_route_leaves_by(monkeypatch) -> None:
    route_by(monkeypatch, "192.168.1.23")
    assert lan.lan_address() == "192.168.1.23"
    # Connecting a UDP socket to an address outside the network: nothing is sent.
    assert RoutedSocket.connected[-1] == lan.ROUTE_PROBE
    assert lan.lan_url(8001) == "http://192.168.1.23:8001/"


@pytest.mark.parametrize("address", [None, "127.0.1.1", "0.0.0.0", "169.254.7.1"])
def test_no_network_no_address(monkeypatch, address: str | None) -> None:
    route_by(monkeypatch, address)
    assert lan.lan_address() is None
    assert lan.lan_url(8000) is None


def test_own_addresses_routed_first_then_the_host_names(monkeypatch) -> None:
    route_by(monkeypatch, "192.168.1.23", ["127.0.1.1", "10.0.0.5", "192.168.1.23"])
    assert lan.own_addresses() == ["192.168.1.23", "10.0.0.5"]


def settings_with(monkeypatch: pytest.MonkeyPatch, debug: str | None) -> dict[str, Any]:
    """The settings module run afresh with ``DJANGO_DEBUG`` as given, on a machine whose
    address on the network is 192.168.1.23."""
    monkeypatch.setattr(lan, "own_addresses", lambda: ["192.168.1.23"])
    monkeypatch.delenv("DJANGO_ALLOWED_HOSTS", raising=False)
    if debug is None:
        monkeypatch.delenv("DJANGO_DEBUG", raising=False)
    else:
        monkeypatch.setenv("DJANGO_DEBUG", debug)
    return runpy.run_path(str(SETTINGS))


def test_debug_allows_the_machines_own_address(monkeypatch) -> None:
    assert settings_with(monkeypatch, "1")["ALLOWED_HOSTS"] == [*DEFAULT_HOSTS, "192.168.1.23"]


@pytest.mark.parametrize("debug", [None, "0"])
def test_with_debug_off_the_hosts_are_as_they_were(monkeypatch, debug: str | None) -> None:
    assert settings_with(monkeypatch, debug)["ALLOWED_HOSTS"] == DEFAULT_HOSTS


def test_make_run_prints_the_address_and_its_qr_code(monkeypatch) -> None:
    route_by(monkeypatch, "192.168.1.23")
    out = io.StringIO()
    call_command("lan_url", port="8001", stdout=out)
    printed = out.getvalue()
    assert "Phones on the same Wi-Fi open: http://192.168.1.23:8001/" in printed
    drawn = io.StringIO()
    segno.make("http://192.168.1.23:8001/", error="m", micro=False).terminal(
        out=drawn, compact=True
    )
    assert drawn.getvalue() in printed
    assert "\n\n" not in printed.split("scan:", 1)[1].strip("\n")


def test_make_run_without_a_network_says_so(monkeypatch) -> None:
    route_by(monkeypatch, None)
    out = io.StringIO()
    call_command("lan_url", stdout=out)
    assert "No network address found" in out.getvalue()
    assert "http://" not in out.getvalue()


def test_make_run_prints_it_before_serving() -> None:
    makefile = (SETTINGS.parents[1] / "Makefile").read_text()
    run = makefile.split("\nrun:", 1)[1].split("\n\n", 1)[0]
    assert run.index("manage.py lan_url --port $(PORT)") < run.index("--bind 0.0.0.0")
