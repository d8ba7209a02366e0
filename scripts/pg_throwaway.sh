#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for tests, from the machine's server binaries.
#
#   dir=$(mktemp -d /tmp/pg-throwaway.XXXXXX)
#   export TEST_DATABASE_URL=$(scripts/pg_throwaway.sh start "$dir")   # prints the URL only
#   ...
#   scripts/pg_throwaway.sh stop "$dir"                                  # stops and deletes
#
# The cluster listens on 127.0.0.1 only (a free port) with its socket in the given directory,
# trusts local connections (it is thrown away) and runs without fsync (speed; nothing to keep).
# initdb refuses to run as root, so as root the cluster runs as the `postgres` user.
# No binaries? `apt-get install -y postgresql` (or set PG_BIN to a directory holding initdb).
set -euo pipefail

usage() { echo "usage: $0 start|stop|url DIR" >&2; exit 2; }
[[ $# -eq 2 ]] || usage
action=$1
dir=$(realpath -m "$2")
db=gpu_assistant_test

find_bin() {
    if [[ -n "${PG_BIN:-}" && -x "$PG_BIN/initdb" ]]; then echo "$PG_BIN"; return; fi
    local found
    found=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
    if [[ -n "$found" && -x "$found/initdb" ]]; then echo "$found"; return; fi
    if command -v initdb >/dev/null 2>&1; then dirname "$(command -v initdb)"; return; fi
    echo "pg_throwaway: no PostgreSQL server binaries (initdb, pg_ctl); install them with" \
         "'apt-get install -y postgresql' or set PG_BIN" >&2
    exit 1
}

# Run a command as the cluster's owner.
as_owner() {
    if [[ $(id -u) -eq 0 ]]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

start() {
    local bin port
    bin=$(find_bin)
    if [[ $(id -u) -eq 0 ]] && ! id postgres >/dev/null 2>&1; then
        echo "pg_throwaway: running as root needs a 'postgres' user (initdb refuses root)" >&2
        exit 1
    fi
    mkdir -p "$dir"
    [[ -e "$dir/data" ]] && { echo "pg_throwaway: $dir already holds a cluster" >&2; exit 1; }
    mkdir -p "$dir/data" "$dir/socket"
    if [[ $(id -u) -eq 0 ]]; then chown -R postgres: "$dir"; fi
    chmod 700 "$dir/data"
    as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --no-locale \
        >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 1; }
    # A free port can be taken between the probe and the start: try a few.
    for _ in 1 2 3 4 5; do
        port=$(free_port)
        if as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 start -o \
            "-p $port -k $dir/socket -c listen_addresses=127.0.0.1 -c fsync=off \
             -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
            >/dev/null 2>&1; then
            echo "$port" >"$dir/port"
            as_owner "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres "$db"
            url="postgresql+asyncpg://postgres@127.0.0.1:$port/$db"
            echo "$url" >"$dir/url"
            echo "$url"
            return
        fi
    done
    echo "pg_throwaway: the server did not start; see $dir/server.log" >&2
    cat "$dir/server.log" >&2 || true
    exit 1
}

stop() {
    local bin
    bin=$(find_bin)
    if [[ -d "$dir/data" ]]; then
        as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$dir"
}

case "$action" in
    start) start ;;
    stop) stop ;;
    url) cat "$dir/url" ;;
    *) usage ;;
esac
