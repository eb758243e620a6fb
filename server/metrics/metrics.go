// Package metrics is what an operator reads of a running server
// (docs/operations.md): Prometheus series of the gRPC services, the world
// loops, the store and the replicas' leases, served on a private listener
// of their own, and net/http/pprof's profiles (Profiles), served on
// another only when asked. No series carries a world's id, a camp
// or a token: labels are methods, codes, reasons, rulesets and store
// operations, bounded sets.
//
// A nil *Metrics records nothing, so that the server runs without it.
package metrics

import (
	"net/http"
	"net/http/pprof"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Namespace prefixes the server's own series.
const Namespace = "grisonval"

// buckets are the latency buckets in seconds, from 10 µs to about 42 s
// (×4 each): a tick of the Castle takes tens of microseconds, a late-game
// Grisonval tick some milliseconds, a store commit up to seconds.
var buckets = prometheus.ExponentialBuckets(10e-6, 4, 12)

// Metrics holds the server's series and the registry that serves them.
type Metrics struct {
	reg *prometheus.Registry

	rpcStarted  *prometheus.CounterVec
	rpcHandled  *prometheus.CounterVec
	rpcSeconds  *prometheus.HistogramVec
	forwarded   *prometheus.CounterVec
	streams     *prometheus.GaugeVec
	orders      *prometheus.CounterVec
	messages    *prometheus.CounterVec
	tickSeconds *prometheus.HistogramVec
	tickLate    *prometheus.HistogramVec
	storeOps    *prometheus.HistogramVec
	leasesTaken prometheus.Counter
	leasesLost  prometheus.Counter
	prebuilt    prometheus.Counter
}

// New returns the series, registered with the Go runtime's and the
// process's own.
func New() *Metrics {
	m := &Metrics{reg: prometheus.NewRegistry()}
	m.rpcStarted = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "grpc_server_started_total",
		Help: "RPCs started on the server, by service, method and type."}, []string{"grpc_service", "grpc_method", "grpc_type"})
	m.rpcHandled = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "grpc_server_handled_total",
		Help: "RPCs completed on the server, by service, method, type and gRPC code."}, []string{"grpc_service", "grpc_method", "grpc_type", "grpc_code"})
	m.rpcSeconds = prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "grpc_server_handling_seconds", Buckets: buckets,
		Help: "Time from an RPC's start to its end on the server (a stream's whole life), by service, method and type."},
		[]string{"grpc_service", "grpc_method", "grpc_type"})
	m.forwarded = prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: Namespace, Name: "forwarded_calls_total",
		Help: "RPCs another replica forwarded to this one, the world's owner, by service, method, type and gRPC code; the replica that forwarded them counts them in grpc_server_*."},
		[]string{"grpc_service", "grpc_method", "grpc_type", "grpc_code"})
	m.streams = prometheus.NewGaugeVec(prometheus.GaugeOpts{Namespace: Namespace, Name: "streams",
		Help: "Streams open now, by kind (the streaming method)."}, []string{"kind"})
	m.orders = prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: Namespace, Name: "orders_total",
		Help: "Orders submitted, by result (accepted, refused) and reason (the ErrorReason code of a refusal, empty when accepted)."},
		[]string{"result", "reason"})
	m.messages = prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: Namespace, Name: "messages_total",
		Help: "Messages between camps submitted, by result (accepted, refused) and reason."}, []string{"result", "reason"})
	m.tickSeconds = prometheus.NewHistogramVec(prometheus.HistogramOpts{Namespace: Namespace, Name: "tick_duration_seconds", Buckets: buckets,
		Help: "Time to resolve and commit a world's day, by ruleset."}, []string{"ruleset"})
	m.tickLate = prometheus.NewHistogramVec(prometheus.HistogramOpts{Namespace: Namespace, Name: "tick_lateness_seconds", Buckets: buckets,
		Help: "How long after its deadline a day was committed, by ruleset (0 for a day resolved early, every camp having posted)."},
		[]string{"ruleset"})
	m.storeOps = prometheus.NewHistogramVec(prometheus.HistogramOpts{Namespace: Namespace, Name: "store_operation_seconds", Buckets: buckets,
		Help: "Latency of the store's operations, by store and operation, and whether they failed."}, []string{"store", "operation", "result"})
	m.leasesTaken = prometheus.NewCounter(prometheus.CounterOpts{Namespace: Namespace, Name: "leases_acquired_total",
		Help: "World leases this server acquired: worlds it took to run."})
	m.leasesLost = prometheus.NewCounter(prometheus.CounterOpts{Namespace: Namespace, Name: "leases_lost_total",
		Help: "World leases this server lost: worlds it stopped running because another took them or a renewal failed too long."})
	m.prebuilt = prometheus.NewCounter(prometheus.CounterOpts{Namespace: Namespace, Name: "views_prebuilt_total",
		Help: "Camp views and public frames built by the worlds' loops right after a day, for the callers that read them after the day before."})
	m.reg.MustRegister(m.prebuilt, m.rpcStarted, m.rpcHandled, m.rpcSeconds, m.forwarded, m.streams, m.orders, m.messages, m.tickSeconds, m.tickLate,
		m.storeOps, m.leasesTaken, m.leasesLost,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// Watch registers the gauges read from the server at each scrape: the
// worlds it runs now by ruleset, and the world leases it holds.
func (m *Metrics) Watch(worlds func() map[string]int, leases func() int) {
	if m == nil {
		return
	}
	desc := prometheus.NewDesc(Namespace+"_worlds_loaded", "Worlds this server runs now, by ruleset.", []string{"ruleset"}, nil)
	m.reg.MustRegister(collectorFunc{desc: desc, collect: func(ch chan<- prometheus.Metric) {
		for rs, n := range worlds() {
			ch <- prometheus.MustNewConstMetric(desc, prometheus.GaugeValue, float64(n), rs)
		}
	}}, prometheus.NewGaugeFunc(prometheus.GaugeOpts{Namespace: Namespace, Name: "leases_held",
		Help: "World leases this server holds now (Postgres replicas; 0 on SQLite)."}, func() float64 { return float64(leases()) }))
}

// collectorFunc is a collector of one series read at each scrape.
type collectorFunc struct {
	desc    *prometheus.Desc
	collect func(chan<- prometheus.Metric)
}

func (c collectorFunc) Describe(ch chan<- *prometheus.Desc) { ch <- c.desc }
func (c collectorFunc) Collect(ch chan<- prometheus.Metric) { c.collect(ch) }

// Tick records a world's day: how long it took to resolve and commit, and
// how long after its deadline it was committed (negative: early).
func (m *Metrics) Tick(ruleset string, took, late time.Duration) {
	if m == nil {
		return
	}
	m.tickSeconds.WithLabelValues(ruleset).Observe(took.Seconds())
	m.tickLate.WithLabelValues(ruleset).Observe(max(late, 0).Seconds())
}

// LeaseAcquired records a world taken by this server.
func (m *Metrics) LeaseAcquired() {
	if m == nil {
		return
	}
	m.leasesTaken.Inc()
}

// LeaseLost records a world's lease lost.
func (m *Metrics) LeaseLost() {
	if m == nil {
		return
	}
	m.leasesLost.Inc()
}

// ViewPrebuilt records a view (or frame) built by a world's loop after a
// day.
func (m *Metrics) ViewPrebuilt() {
	if m == nil {
		return
	}
	m.prebuilt.Inc()
}

// Handler serves /metrics.
func (m *Metrics) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{Registry: m.reg}))
	return mux
}

// Profiles serves net/http/pprof's /debug/pprof/ pages, which show the
// process's command line, memory and code: for a private listener only.
func Profiles() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	return mux
}
