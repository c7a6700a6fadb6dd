# Sourced by scripts/up.sh and .ci/run: the Node the project's tooling runs on, and an install that is skipped
# when node_modules already matches the lockfile.
#
# The tooling runs on the Node of the registry's `node` package, pinned in package.json's devDependencies
# (README "Node"): every dependency's engines accept it, where the machine's Node 20 is refused by some. Once
# installed it is node_modules/.bin/node, which npm scripts and npx find first on their PATH. The first
# install itself must already run on it (npm checks engines with the Node that runs it), so a machine
# without it gets the same package in .tools/ first.

step() { printf '\n[%s] %s\n' "$(date +%H:%M:%S)" "$*"; }

tooling_node_version() {
  node -p "require('./package.json').devDependencies?.node ?? ''"
}

use_tooling_node() {
  local want
  want="v$(tooling_node_version)"
  [ "$want" != "v" ] || { echo "package.json names no exact devDependencies.node version" >&2; return 1; }
  local dir
  for dir in "$PWD/node_modules/.bin" "$PWD/.tools/node_modules/.bin"; do
    if [ -x "$dir/node" ] && [ "$("$dir/node" -v)" = "$want" ]; then
      export PATH="$dir:$PATH"
      return 0
    fi
  done
  if [ "$(node -v)" = "$want" ]; then return 0; fi
  step "Installing Node ${want#v} for the tooling into .tools/ (npm package node; the machine has $(node -v))"
  npm install --prefix .tools --no-save --no-package-lock --no-audit --no-fund "node@${want#v}"
  export PATH="$PWD/.tools/node_modules/.bin:$PATH"
  [ "$(node -v)" = "$want" ] || { echo "Node ${want#v} did not install" >&2; return 1; }
}

# What an install depends on: the lockfile and the Node that ran it.
install_stamp() {
  { node -v; cat package-lock.json; } | sha256sum | cut -d' ' -f1
}

install_dependencies() {
  local stamp_file=node_modules/.install-stamp
  local stamp
  stamp="$(install_stamp)"
  if [ -f "$stamp_file" ] && [ "$(cat "$stamp_file")" = "$stamp" ]; then
    step "Dependencies: node_modules matches package-lock.json, npm ci skipped"
    return 0
  fi
  step "Installing dependencies (npm ci)"
  rm -f "$stamp_file"
  npm ci --no-audit --no-fund
  echo "$stamp" >"$stamp_file"
}
