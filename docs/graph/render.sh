#!/usr/bin/env bash
# Renders docs/graph/example.png, the picture of docs/graph.md and the
# README: the checkout-monitor job of the bundled example as flinklint
# graph draws it, laid out by Graphviz (apt-get install graphviz). Run it
# again when the drawing changes, and look at the picture before
# committing it.
set -euo pipefail
cd "$(dirname "$0")/../.."
dot=$(mktemp)
trap 'rm -f "$dot"' EXIT
go run ./cmd/flinklint graph -format dot -job checkout-monitor testdata/example >"$dot"
dot -Tpng -Gdpi=80 "$dot" -o docs/graph/example.png
