#!/usr/bin/env bash
# Quick start, command 1: install exactly what the lockfile says (first run or after a pull), then
# bring the whole platform up with demo data. Java 17 (DynamoDB Local) must be on the machine.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v java >/dev/null 2>&1 || { echo "Java 17 is needed for DynamoDB Local: apt-get install -y openjdk-17-jre-headless"; exit 1; }
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
exec npm start -- "$@"
