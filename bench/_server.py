"""The app as `referee serve` runs it (waitress), plus a bare Flask route for comparison.

Used by the benchmarks: python bench/_server.py PORT DB_PATH [THREADS]
"""

import logging
import os
import sys

from waitress import serve

from referee import create_app
from referee.cli import CONNECTIONS


def main():
    port, db_path = int(sys.argv[1]), sys.argv[2]
    threads = int(sys.argv[3]) if len(sys.argv) > 3 else 8
    # A load generator opens many tables from one address: lift the per-device limits.
    app = create_app({"DATABASE_URL": f"sqlite:///{db_path}", "SECRET_KEY": "bench",
                      "INSTANCE_PATH": os.path.dirname(db_path), "TABLES_PER_HOUR": 10**9,
                      "WRONG_CODES_PER_10_MIN": 10**9})
    logging.getLogger("waitress.queue").setLevel(logging.ERROR)   # a busy queue is the point here

    @app.get("/bench/bare")
    def bare():
        """What the cheapest possible Flask answer costs on this server."""
        return "", 204

    serve(app, host="127.0.0.1", port=port, threads=threads, ident="referee", connection_limit=CONNECTIONS, _quiet=True)


if __name__ == "__main__":
    main()
