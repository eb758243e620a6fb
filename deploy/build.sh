#!/bin/sh
# The image's build steps, run by deploy/Dockerfile and by the deploy tests:
# the server, the bot and the CLI, static, into the folder given (default
# ./out). Run from the repository root.
set -eu
out=${1:-out}
mkdir -p "$out"
export CGO_ENABLED=0
go build -trimpath -o "$out/grisonvald" ./server/cmd/grisonvald
go build -trimpath -o "$out/grisonval-bot" ./clients/bot/cmd/grisonval-bot
go build -trimpath -o "$out/grisonval" ./clients/cli
