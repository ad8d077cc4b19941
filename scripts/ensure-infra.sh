#!/usr/bin/env bash
# Starts Postgres, Redis and NATS (JetStream) on loopback when they are not running, installing the Debian
# packages first if they are missing. Also installs Chromium for the browser tests. Idempotent.
set -euo pipefail

up() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
need_pkgs=()
command -v pg_ctlcluster >/dev/null || need_pkgs+=(postgresql)
command -v redis-server >/dev/null || need_pkgs+=(redis-server)
[ -x /usr/sbin/nats-server ] || command -v nats-server >/dev/null || need_pkgs+=(nats-server)
[ -x /usr/bin/chromium ] || need_pkgs+=(chromium)
if [ ${#need_pkgs[@]} -gt 0 ]; then
  echo "Installing ${need_pkgs[*]} ..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_pkgs[@]}" >/dev/null
fi

if ! up 5432; then
  echo "Starting Postgres ..."
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start
fi
if ! up 6379; then
  echo "Starting Redis ..."
  mkdir -p /var/lib/redis /var/log/redis
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log
fi
if ! up 4222; then
  echo "Starting NATS with JetStream ..."
  mkdir -p /var/lib/nats-server
  start-stop-daemon --start --oknodo --background --exec /usr/sbin/nats-server -- -a 127.0.0.1 -p 4222 -js -sd /var/lib/nats-server -l /var/log/nats-server.log
fi
for port in 5432 6379 4222; do
  for _ in $(seq 1 50); do up "$port" && break; sleep 0.2; done
  up "$port" || { echo "Port $port still down" >&2; exit 1; }
done
# Loopback trust auth for the postgres user (the project's default DATABASE_URL has no password).
if ! psql -h 127.0.0.1 -U postgres -d postgres -c 'SELECT 1' >/dev/null 2>&1; then
  hba=$(ls /etc/postgresql/*/main/pg_hba.conf | head -1)
  sed -i '1i host all all 127.0.0.1/32 trust\nhost all all ::1/128 trust' "$hba"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main reload
fi
echo "Postgres, Redis and NATS are up."
