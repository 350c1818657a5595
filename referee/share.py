"""The address phones should open, and QR codes of it (SVG for pages, text for the terminal)."""

import io
import ipaddress
import socket
from urllib.parse import urlsplit, urlunsplit

import qrcode
import qrcode.image.svg


def lan_address() -> str | None:
    """This machine's address on the local network, or None when it has none.

    Connecting a UDP socket sends nothing: it only asks the routing table which local
    address would be used, which is the one other phones on the Wi-Fi can reach.
    """
    candidates = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))   # TEST-NET-1: documentation range, never contacted
            candidates.append(probe.getsockname()[0])
    except OSError:
        pass
    try:
        candidates += [info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)]
    except OSError:
        pass
    for address in candidates:
        ip = ipaddress.ip_address(address)
        if not ip.is_loopback and not ip.is_unspecified:
            return address
    return None


def is_local_only(host: str) -> bool:
    """True for names only this machine understands (localhost, 127.x, ::1)."""
    name = host.rsplit(":", 1)[0].strip("[]") if host.count(":") <= 1 or host.startswith("[") else host
    if name in ("localhost", ""):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def public_base(request_url: str, configured: str | None) -> str:
    """Base URL for join links: the configured one, else the request's with a LAN address
    in place of localhost so that other phones can reach it."""
    if configured:
        return configured.rstrip("/")
    parts = urlsplit(request_url)
    if is_local_only(parts.netloc):
        address = lan_address()
        if address:
            port = f":{parts.port}" if parts.port else ""
            return urlunsplit((parts.scheme, address + port, "", "", "")).rstrip("/")
    return urlunsplit((parts.scheme, parts.netloc, "", "", "")).rstrip("/")


def qr_svg(data: str) -> str:
    """A QR code as a standalone SVG document (no Pillow needed)."""
    image = qrcode.make(data, image_factory=qrcode.image.svg.SvgPathImage, border=2)
    return image.to_string(encoding="unicode")


def qr_text(data: str) -> str:
    """A QR code drawn with block characters, for the terminal."""
    code = qrcode.QRCode(border=1)
    code.add_data(data)
    out = io.StringIO()
    code.print_ascii(out=out, invert=True)
    return out.getvalue()
