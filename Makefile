# Grisonval server. `make run` and `make test` are the two commands a newcomer
# needs; the other targets are the steps they are made of.

GO        ?= go
BIN       := $(CURDIR)/bin
PROTOC_GEN_GO_VERSION      := v1.36.12
PROTOC_GEN_GO_GRPC_VERSION := v1.6.2
PROTOC_GEN_GATEWAY_VERSION := v2.33.0
DEADCODE_VERSION           := v0.52.0
ADDR      ?= 127.0.0.1:7777
WEB       ?= 127.0.0.1:7780
HTTP      ?= 127.0.0.1:7781
METRICS   ?= 127.0.0.1:7790

.PHONY: run test fmt fmt-check vet deadcode unit race sequential bench fuzz crash-long sim proto proto-check tools test-deps postgres build

## run: build and start the server on the embedded store (./data) with a playable world, its web page (WEB), its JSON face (HTTP) and its private metrics and profiles (METRICS).
run:
	$(GO) run ./server/cmd/grisonvald -dev -stand-in -addr $(ADDR) -web $(WEB) -http $(HTTP) -metrics $(METRICS) -data data

## test: what CI runs (.ci/run): format, vet, dead code, generated code, every test (with the race detector where goroutines run) and the load tool's smoke run, the steps side by side (TEST_JOBS at once, their outputs kept whole).
TEST_JOBS ?= 4
test:
	@$(MAKE) --no-print-directory -j$(TEST_JOBS) --output-sync=target fmt-check vet deadcode proto-check race sequential load-smoke

build:
	$(GO) build ./...

fmt:
	gofmt -w $$(git ls-files '*.go' | grep -v '\.pb\.go$$')

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go' | grep -v '\.pb\.go$$')); \
	if [ -n "$$out" ]; then echo "not gofmt-clean (run make fmt):"; echo "$$out"; exit 1; fi

# LIKE_IMAGE are the image's build settings (deploy/build.sh,
# deploy.BuildCommand), which every build of `make test` but the race
# detector's uses: the tree is then compiled once for vet, the tests'
# binaries, the image's, the load tool and the tools (protobuf's compilers
# share its protobuf), and once with the race detector.
LIKE_IMAGE := CGO_ENABLED=0 GOFLAGS=-trimpath

vet:
	$(LIKE_IMAGE) $(GO) vet ./...

## deadcode: fail when a function nothing calls (not even a test) is left.
deadcode:
	GOBIN=$(BIN) $(LIKE_IMAGE) $(GO) install golang.org/x/tools/cmd/deadcode@$(DEADCODE_VERSION)
	@out=$$($(BIN)/deadcode -test ./...); if [ -n "$$out" ]; then echo "dead code:"; echo "$$out"; exit 1; fi

## test-deps: what the tests drive besides Go: tmux (the CLI's map is checked in a terminal), chromium (the web pages are checked in a browser), sqlite3 and PostgreSQL's client tools (the backups of docs/operations.md are taken and restored), node with npm's axe-core (the web pages' accessibility is checked in the browser) and gpt-tokenizer (what an agent reads is counted in o200k tokens, clients/internal/tokens).
test-deps:
	@command -v tmux >/dev/null || (apt-get update -qq && apt-get install -y -qq tmux >/dev/null)
	@command -v chromium >/dev/null || (apt-get update -qq && apt-get install -y -qq chromium >/dev/null)
	@command -v sqlite3 >/dev/null || (apt-get update -qq && apt-get install -y -qq sqlite3 >/dev/null)
	@command -v pg_restore >/dev/null || (apt-get update -qq && apt-get install -y -qq postgresql-client >/dev/null)
	@command -v npm >/dev/null || (apt-get update -qq && apt-get install -y -qq nodejs npm >/dev/null)
	@test -f clients/web/testdata/axe/node_modules/axe-core/axe.min.js || npm ci --prefix clients/web/testdata/axe --no-audit --no-fund --silent
	@test -d scripts/tokens/node_modules/gpt-tokenizer || npm ci --prefix scripts/tokens --no-audit --no-fund >/dev/null

## postgres: start the machine's PostgreSQL if it is not running (tests need it).
postgres:
	@scripts/ensure-postgres

unit:
	$(GO) test -count=1 ./...

# SEQUENTIAL are the packages whose code and tests never run two goroutines
# at once (the rules, engine/ and game/; the ratings; the texts): the race
# detector has nothing to watch there and runs their tests several times
# slower, so they run without it, on the compilation vet made
# (TestSequentialPackages, in deploy/, keeps the list honest).
SEQUENTIAL := ./engine/... ./game/... ./server/rating ./server/cmd/castle-sim ./lang/...
# The race detector instruments the project's code and its Go dependencies,
# not the SQLite library transpiled from C (modernc.org/sqlite/lib, no
# generic code in it; a cgo SQLite is never instrumented either):
# instrumented, it made the tests of the SQLite store 7 times slower.
RACE_FLAGS := -race -gcflags=modernc.org/sqlite/lib=-race=false

## race: every test but SEQUENTIAL's, with the race detector.
# SLOW are the packages whose tests take longest, listed first so that go
# test starts them first instead of leaving one to run alone at the end.
SLOW := ./server ./clients/web ./clients/llm ./server/cmd/internal/arena ./clients/agent ./server/cmd/grisonval-crash \
	./server/store/postgres ./server/cmd/grisonvald ./clients/bot
race: test-deps postgres
	$(GO) test $(RACE_FLAGS) -count=1 -timeout 15m $(SLOW) $(filter-out $(shell $(GO) list $(SLOW) $(SEQUENTIAL)),$(shell $(GO) list ./...))

## sequential: SEQUENTIAL's tests, without the race detector.
sequential:
	$(LIKE_IMAGE) $(GO) test -count=1 $(SEQUENTIAL)

## bench: the benchmarks; figures go to docs, never to assertions.
bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

## load-smoke: a bounded run of the load tool on both stores (a few seconds each) that fails on any error.
## load: the load table of docs/performance.md (minutes); LOAD_FLAGS adds flags, e.g. -server before=...,after=...
.PHONY: load-smoke load
load-smoke: postgres
	$(LIKE_IMAGE) $(GO) run ./server/cmd/grisonval-load -smoke -store sqlite
	$(LIKE_IMAGE) $(GO) run ./server/cmd/grisonval-load -smoke -store postgres
load: postgres
	$(GO) run ./server/cmd/grisonval-load -mode view,clients -store sqlite $(LOAD_FLAGS)
	$(GO) run ./server/cmd/grisonval-load -mode view,clients,worlds -store postgres $(LOAD_FLAGS)

## fuzz: fuzz order validation, the CLI's parser, the decoding of every RPC's request and the texts' checks for FUZZTIME each (the seed corpora run in every test run).
FUZZTIME ?= 30s
fuzz:
	$(GO) test -run '^$$' -fuzz FuzzValidate -fuzztime $(FUZZTIME) ./engine/grisonval/
	$(GO) test -run '^$$' -fuzz FuzzParseArgs -fuzztime $(FUZZTIME) ./clients/cli/
	$(GO) test -run '^$$' -fuzz FuzzRequestDecoding -fuzztime $(FUZZTIME) ./server/
	$(GO) test -run '^$$' -fuzz FuzzCheckText -fuzztime $(FUZZTIME) ./server/
	$(GO) test -run '^$$' -fuzz FuzzPrintable -fuzztime $(FUZZTIME) ./proto/grisonval/v1/

## crash-long: the long crash test: 50 SIGKILLs of a bot-played server on Postgres (docs/persistence.md).
crash-long: postgres
	GRISONVAL_CRASH_KILLS=50 $(GO) test -count=1 -timeout 30m -run 'TestCrash$$' -v ./server/cmd/grisonval-crash/

## failover-long, outage-long: 10 SIGKILLs of a world's owner among 3 replicas; the database cut for 20 s (docs/operations.md).
.PHONY: failover-long outage-long
failover-long: postgres
	GRISONVAL_FAILOVER_TRIALS=10 $(GO) test -count=1 -timeout 30m -run 'TestFailover$$' -v ./server/cmd/grisonval-crash/
outage-long: postgres
	GRISONVAL_OUTAGE=20s $(GO) test -count=1 -timeout 30m -run 'TestOutage$$' -v ./server/cmd/grisonval-crash/

## sim: bot-played seasons on the engine, the calibration table (docs/simulation.md).
sim:
	$(GO) run ./server/cmd/grisonval-sim -seeds 9

## castle-sim: bot-played Castle games, 2000 per number of cities, the balance table (docs/castle.md, "Balance").
CASTLE_MIX ?= prudent,aggressive,growth
.PHONY: castle-sim
castle-sim:
	$(GO) run ./server/cmd/castle-sim -games 2000 -cities 2-6 -mix $(CASTLE_MIX)

tools:
	@command -v protoc >/dev/null || (apt-get update -qq && apt-get install -y -qq protobuf-compiler >/dev/null)
	GOBIN=$(BIN) $(LIKE_IMAGE) $(GO) install google.golang.org/protobuf/cmd/protoc-gen-go@$(PROTOC_GEN_GO_VERSION)
	GOBIN=$(BIN) $(LIKE_IMAGE) $(GO) install google.golang.org/grpc/cmd/protoc-gen-go-grpc@$(PROTOC_GEN_GO_GRPC_VERSION)
	GOBIN=$(BIN) $(LIKE_IMAGE) $(GO) install github.com/grpc-ecosystem/grpc-gateway/v2/protoc-gen-grpc-gateway@$(PROTOC_GEN_GATEWAY_VERSION)

# protoc writes the Go code of proto/'s files into the folder $(1).
protoc = PATH=$(BIN):$$PATH protoc -I proto -I /usr/include \
		--go_out=$(1) --go_opt=module=github.com/grisonval/server \
		--go-grpc_out=$(1) --go-grpc_opt=module=github.com/grisonval/server \
		--grpc-gateway_out=$(1) --grpc-gateway_opt=module=github.com/grisonval/server,generate_unbound_methods=true \
		proto/grisonval/v1/*.proto

## proto: regenerate the committed Go code from proto/.
proto: tools
	$(call protoc,.)

## proto-check: fail when the generated code is out of date. It generates aside and compares, so that it runs beside the steps that compile the tree.
proto-check: tools
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && mkdir "$$tmp/got" "$$tmp/have" && \
	$(call protoc,$$tmp/got) && cp proto/grisonval/v1/*.pb.go proto/grisonval/v1/*.pb.gw.go "$$tmp/have/" && \
	diff -r "$$tmp/have" "$$tmp/got/proto/grisonval/v1" || (echo "generated code out of date: run make proto and commit"; exit 1)
