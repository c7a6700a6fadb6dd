#!/usr/bin/env bash
# Quick start, command 1: the tooling's Node and the dependencies the lockfile names (each skipped when already
# there), then the whole platform with demo data. Java 17 (DynamoDB Local) must be on the machine.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v java >/dev/null 2>&1 || { echo "Java 17 is needed for DynamoDB Local: apt-get install -y openjdk-17-jre-headless"; exit 1; }
. scripts/tooling.sh
use_tooling_node
install_dependencies
# The install may have brought the tooling's Node into node_modules: use that one from here on.
use_tooling_node
step "Starting the platform on Node $(node -v) (web build, emulators, demo data)"
exec npm start -- "$@"
