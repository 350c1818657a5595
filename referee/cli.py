"""`referee serve`: start the app for the table, print the address and a QR code."""

import argparse
import os
import sys

from . import create_app, share


# Every phone keeps a connection open between polls; waitress's default of 100 would turn
# the 101st phone of a big classroom away.
CONNECTIONS = 500


def main(argv=None):
    parser = argparse.ArgumentParser(prog="referee", description="Referee for word games at the table.")
    commands = parser.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help="start the app on this network")
    serve.add_argument("--host", default=os.environ.get("REFEREE_HOST", "0.0.0.0"),
                       help="address to listen on (default: all interfaces)")
    serve.add_argument("--port", type=int, default=int(os.environ.get("REFEREE_PORT", "8000")))
    serve.add_argument("--threads", type=int, default=8)
    args = parser.parse_args(argv)
    if args.command == "serve":
        run(args.host, args.port, args.threads)


def run(host: str, port: int, threads: int):
    from waitress import serve

    app = create_app()
    url = address_for_phones(host, port, app.config.get("PUBLIC_URL"))
    print(f"\nReferee is running. Phones on this network open:\n\n    {url}\n")
    print(share.qr_text(url))
    print("Open a table from that page; each table shows its own QR code to join. Ctrl+C stops.\n")
    sys.stdout.flush()
    serve(app, host=host, port=port, threads=threads, ident="referee", connection_limit=CONNECTIONS)


def address_for_phones(host: str, port: int, configured: str | None) -> str:
    if configured:
        return configured.rstrip("/") + "/"
    if host in ("0.0.0.0", "::", ""):
        host = share.lan_address() or "localhost"
    return f"http://{host}:{port}/"


if __name__ == "__main__":
    main()
