#!/bin/sh
# Makes the cluster on the first start (the user, its password and database from the
# environment, as the official image does), then runs the server as PID 1 as `postgres`.
set -eu
user=${POSTGRES_USER:-postgres}
db=${POSTGRES_DB:-$user}
mkdir -p "$PGDATA" /run/postgresql
chown postgres:postgres "$PGDATA" /run/postgresql
chmod 700 "$PGDATA"
as_postgres() { setpriv --reuid=postgres --regid=postgres --init-groups "$@"; }
if [ ! -s "$PGDATA/PG_VERSION" ]; then
    pw=$(mktemp)
    printf '%s\n' "${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD}" >"$pw"
    chown postgres "$pw"
    as_postgres initdb -D "$PGDATA" -U "$user" --pwfile="$pw" \
        --auth-local=trust --auth-host=scram-sha-256 >/dev/null
    rm -f "$pw"
    echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
    if [ "$db" != postgres ]; then
        as_postgres pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start >/dev/null
        as_postgres psql -q -v ON_ERROR_STOP=1 -U "$user" -d postgres \
            -c "CREATE DATABASE \"$db\" OWNER \"$user\""
        as_postgres pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
    fi
fi
exec setpriv --reuid=postgres --regid=postgres --init-groups \
    postgres -D "$PGDATA" -c listen_addresses='*'
